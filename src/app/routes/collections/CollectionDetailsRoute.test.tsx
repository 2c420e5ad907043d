import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { captureDownloads } from '../../../testing/downloads';
import { apiError } from '../../../testing/msw/api';
import { server } from '../../../testing/msw/server';
import {
  findCollection,
  finishRunGroup,
  seedCollection,
  seedRunGroup,
} from '../../../testing/msw/collections';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { renderApp } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { deniedMessage } from '../../../../contract/permissions';

function shopWithTests(role: 'admin' | 'member' | 'viewer' = 'admin') {
  const { organization } = signInAsMemberOf('Acme', role);
  const suite = seedSuite(organization.org_id, 'Shop');
  const pay = seedTestCase(suite, { name: 'Pay by card', state: 'passed' });
  const refund = seedTestCase(suite, { name: 'Refund', state: 'passed' });
  const browse = seedTestCase(suite, { name: 'Browse', path: 'catalog', state: 'passed' });
  return { organization, suite, pay, refund, browse };
}

/** Group i (0 = oldest) of `count`, an hour apart. */
const hour = (i: number) => new Date(Date.UTC(2026, 0, 1, i)).toISOString();

const groupRows = async () =>
  within(await screen.findByRole('list', { name: 'Recent runs' })).getAllByRole('listitem');

describe('a test suite page', () => {
  it('offers a viewer neither Run all nor changing its tests, saying why (issue 27)', async () => {
    const { suite, pay } = shopWithTests('viewer');
    const collection = seedCollection(suite, 'Checkout', { linked_test_ids: [pay._id] });
    const { user } = renderApp(`/test-cases/collection/${collection._id}`);
    const runAll = await screen.findByRole('button', { name: 'Run all' });
    await waitFor(() => expect(runAll).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Add tests' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove Pay by card' })).toBeDisabled();
    await user.hover(runAll.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('runTests', 'viewer'));
  });

  it('lets a member run all and change its tests', async () => {
    const { suite, pay } = shopWithTests('member');
    const collection = seedCollection(suite, 'Checkout', { linked_test_ids: [pay._id] });
    renderApp(`/test-cases/collection/${collection._id}`);
    const runAll = await screen.findByRole('button', { name: 'Run all' });
    await waitFor(() => expect(runAll).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Add tests' })).toBeEnabled();
  });

  it('adds tests from the project tree and removes them', async () => {
    const { suite, pay, refund } = shopWithTests();
    const collection = seedCollection(suite, 'Checkout', { linked_test_ids: [pay._id] });
    const { user } = renderApp(`/test-cases/collection/${collection._id}`);

    expect(await screen.findByRole('heading', { name: 'Checkout' })).toBeInTheDocument();
    const linked = await screen.findByRole('list', { name: 'Linked tests' });
    expect(await within(linked).findByText('Pay by card')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add tests' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add tests' });
    expect(await within(dialog).findByLabelText(/Browse/)).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/Pay by card/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByLabelText(/Refund/));
    await user.click(within(dialog).getByRole('button', { name: 'Add test' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(linked).findByText('Refund')).toBeInTheDocument();
    expect(findCollection(collection._id)?.collection.linked_test_ids).toEqual([pay._id, refund._id]);

    await user.click(within(linked).getByRole('button', { name: 'Remove Pay by card' }));
    await waitFor(() => expect(within(linked).queryByText('Pay by card')).not.toBeInTheDocument());
    expect(findCollection(collection._id)?.collection.linked_test_ids).toEqual([refund._id]);
  });

  it('says where each run group came from: a person, the schedule or CI (issue 28)', async () => {
    const { suite, pay } = shopWithTests();
    const collection = seedCollection(suite, 'Checkout', { linked_test_ids: [pay._id] });
    seedRunGroup(collection, hour(1), ['passed'], 10, 'manual');
    seedRunGroup(collection, hour(2), ['passed'], 10, 'schedule');
    seedRunGroup(collection, hour(3), ['cancelled'], 10, 'ci');
    renderApp(`/test-cases/collection/${collection._id}`);
    const [ci, scheduled, manual] = await groupRows();
    expect(ci).toHaveTextContent('By CI');
    expect(scheduled).toHaveTextContent('By the schedule');
    expect(manual).toHaveTextContent('By a person');
  });

  it('shows the recent runs newest first with their counts, and opens a run on its runs page', async () => {
    const { suite, pay, refund } = shopWithTests();
    const collection = seedCollection(suite, 'Checkout', { linked_test_ids: [pay._id, refund._id] });
    seedRunGroup(collection, hour(1), ['passed', 'passed'], 10);
    const [failedRun] = seedRunGroup(collection, hour(2), ['failed', 'passed'], 30);
    const { user, router } = renderApp(`/test-cases/collection/${collection._id}`);

    const [newest, older] = await groupRows();
    expect(within(newest).getByText('1 failed')).toBeInTheDocument();
    expect(within(newest).getByText('1 passed')).toBeInTheDocument();
    expect(newest).toHaveTextContent('2 runs · longest 31 s');
    expect(within(older).getByText('2 passed')).toBeInTheDocument();

    await user.click(within(newest).getByRole('button', { expanded: false }));
    const runs = await within(newest).findByRole('list', { name: /^Runs of/ });
    expect(within(runs).getByText('Expected the cart to hold 1 item')).toBeInTheDocument();
    await user.click(within(runs).getAllByRole('button')[0]);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/test-cases/details/${failedRun.test_case_id}/runs`),
    );
  });

  it('loads 15 groups more at a time until the server has no older ones', async () => {
    const { suite, pay } = shopWithTests();
    const collection = seedCollection(suite, 'Checkout', { linked_test_ids: [pay._id] });
    for (let i = 0; i < 20; i += 1) seedRunGroup(collection, hour(i), ['passed']);
    const { user } = renderApp(`/test-cases/collection/${collection._id}`);

    await waitFor(async () => expect(await groupRows()).toHaveLength(15));
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await groupRows()).toHaveLength(20));
    // The next page is empty: that is the end.
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('No older runs')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(await groupRows()).toHaveLength(20);
  });

  it('runs all its tests: the new group comes first and follows the runs to passed', async () => {
    const { suite, pay, refund } = shopWithTests();
    const collection = seedCollection(suite, 'Checkout', { linked_test_ids: [pay._id, refund._id] });
    seedRunGroup(collection, hour(1), ['failed', 'failed']);
    const { user } = renderApp(`/test-cases/collection/${collection._id}`);

    const runAll = await screen.findByRole('button', { name: 'Run all' });
    // Run all waits until the project's environments are known.
    await waitFor(() => expect(runAll).toBeEnabled());
    await user.click(runAll);
    await waitFor(async () =>
      expect(within((await groupRows())[0]).getByText('2 pending')).toBeInTheDocument(),
    );
    const newest = collection.runs.at(-1)!.created_at;
    finishRunGroup(collection, newest, 'passed');
    // The page reads the collection again every 2 s while runs are going.
    await waitFor(
      async () => expect(within((await groupRows())[0]).getByText('2 passed')).toBeInTheDocument(),
      {
        timeout: 6000,
      },
    );
    expect(await groupRows()).toHaveLength(2);
  });

  it('cancels a group that still has runs going', async () => {
    const { suite, pay, refund } = shopWithTests();
    const collection = seedCollection(suite, 'Checkout', { linked_test_ids: [pay._id, refund._id] });
    seedRunGroup(collection, hour(3), ['running', 'pending']);
    const { user } = renderApp(`/test-cases/collection/${collection._id}`);

    const [group] = await groupRows();
    await user.click(within(group).getByRole('button', { name: 'Cancel run' }));
    await waitFor(async () =>
      expect(within((await groupRows())[0]).getByText('2 cancelled')).toBeInTheDocument(),
    );
    expect(collection.runs.map((run) => run.status)).toEqual(['cancelled', 'cancelled']);
    expect(
      within((await groupRows())[0]).queryByRole('button', { name: 'Cancel run' }),
    ).not.toBeInTheDocument();
  });
});

describe('the /collections/{suiteId}/{collectionId} link', () => {
  it("selects the collection's project and opens the page with the linked group expanded", async () => {
    const { organization } = shopWithTests();
    const other = seedSuite(organization.org_id, 'Warehouse');
    const stock = seedTestCase(other, { name: 'Count stock' });
    const collection = seedCollection(other, 'Nightly', { linked_test_ids: [stock._id] });
    for (let i = 0; i < 16; i += 1) seedRunGroup(collection, hour(i), ['passed']);
    const { router } = renderApp(
      `/collections/${other.test_suite_id}/${collection._id}?created_at=${hour(0)}`,
    );

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/test-cases/collection/${collection._id}`),
    );
    expect(await screen.findByRole('heading', { name: 'Nightly' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Project: Warehouse' })).toBeInTheDocument();
    // The oldest group is past the first page, yet shown, and open.
    await waitFor(async () => expect(await groupRows()).toHaveLength(16));
    const oldest = (await groupRows()).at(-1)!;
    expect(within(oldest).getByRole('button', { expanded: true })).toBeInTheDocument();
    expect(within(oldest).getByRole('list', { name: /^Runs of/ })).toHaveTextContent('Count stock');
  });

  it('exports the collection as a Playwright project zip, and says why when the server cannot', async () => {
    const { suite, pay } = shopWithTests();
    const collection = seedCollection(suite, 'Nightly: checkout', { linked_test_ids: [pay._id] });
    const blobs = captureDownloads();
    const requested: string[] = [];
    server.use(
      http.get('/api/test-suites/collection/:id/export.zip', ({ request }) => {
        requested.push(new URL(request.url).pathname);
        return requested.length === 1
          ? new HttpResponse(new Uint8Array([0x50, 0x4b, 0x05, 0x06]), {
              headers: { 'content-type': 'application/zip' },
            })
          : apiError(422, 'unprocessable', "None of this collection's tests has been generated yet.");
      }),
    );
    const { user } = renderApp(`/test-cases/collection/${collection._id}`);
    const button = await screen.findByRole('button', { name: 'Export as Playwright project' });
    await user.click(button);
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(requested).toEqual([`/api/test-suites/collection/${collection._id}/export.zip`]);
    expect(HTMLAnchorElement.prototype.click).toHaveBeenCalledTimes(1);

    await user.click(button);
    expect(
      await screen.findByText(
        "Failed to export the test suite. None of this collection's tests has been generated yet.",
      ),
    ).toBeInTheDocument();
    expect(blobs).toHaveLength(1);
    jest.restoreAllMocks();
  });
});
