import { screen, waitFor, within } from '@testing-library/react';
import { deniedMessage } from '../../../../contract/permissions';
import {
  collectionWatcherCount,
  findCollection,
  publishCollectionRunsChanged,
  seedCollection,
  seedRunGroup,
} from '../../../testing/msw/collections';
import { server } from '../../../testing/msw/server';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { seedEnvironment, storedEnvironments } from '../../../testing/msw/environments';
import { renderApp } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { LIVE_POLL_MS } from './CollectionDetails';

function checkoutRunning(role: 'admin' | 'member' | 'viewer') {
  const { organization } = signInAsMemberOf('Acme', role);
  const suite = seedSuite(organization.org_id, 'Shop');
  const pay = seedTestCase(suite, { name: 'Pay by card' });
  const refund = seedTestCase(suite, { name: 'Refund' });
  const collection = seedCollection(suite, 'Checkout', { linked_test_ids: [pay._id, refund._id] });
  seedRunGroup(collection, '2026-01-05T09:00:00.000Z', ['running', 'pending']);
  return collection;
}

// NOTE: the first page of a run loads the lazy route and the session: more than findBy's 1 s.
const openGroup = async () => {
  const list = await screen.findByRole('list', { name: 'Recent runs' }, { timeout: 8000 });
  const [group] = within(list).getAllByRole('listitem', { name: /^Run of/ });
  return group;
};

describe("a test suite page's running group", () => {
  it('offers a viewer no Cancel run, saying why (issue 27: runTests)', async () => {
    const collection = checkoutRunning('viewer');
    const { user } = renderApp(`/test-cases/collection/${collection._id}`);

    const cancel = within(await openGroup()).getByRole('button', { name: 'Cancel run' });
    await waitFor(() => expect(cancel).toBeDisabled());
    await user.hover(cancel.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('runTests', 'viewer'));
    expect(findCollection(collection._id)?.collection.runs.map((run) => run.status)).toEqual([
      'running',
      'pending',
    ]);
  });

  it('lets a member cancel it', async () => {
    const collection = checkoutRunning('member');
    const { user } = renderApp(`/test-cases/collection/${collection._id}`);

    const cancel = within(await openGroup()).getByRole('button', { name: 'Cancel run' });
    await waitFor(() => expect(cancel).toBeEnabled());
    await user.click(cancel);
    await waitFor(() =>
      expect(findCollection(collection._id)?.collection.runs.map((run) => run.status)).toEqual([
        'cancelled',
        'cancelled',
      ]),
    );
  });
});

describe("a test suite page's groups, live (issue 31)", () => {
  afterEach(() => server.events.removeAllListeners());

  it('follows the running group from the socket, without polling while the socket is on', async () => {
    const collection = checkoutRunning('member');
    let reads = 0;
    server.events.on('request:start', ({ request }) => {
      const path = new URL(request.url).pathname;
      if (request.method === 'GET' && path === `/api/test-suites/collection/${collection._id}`) reads++;
    });
    renderApp(`/test-cases/collection/${collection._id}`);
    const group = await openGroup();
    expect(within(group).getByText('1 running')).toBeInTheDocument();
    await waitFor(() => expect(collectionWatcherCount(collection._id)).toBe(1));

    // The runs end on the server, unannounced: the page reads nothing (it polled every LIVE_POLL_MS
    // before, while a group ran).
    for (const run of collection.runs) Object.assign(run, { status: 'passed', execution_time_in_secs: 9 });
    const before = reads;
    await new Promise((resolve) => setTimeout(resolve, LIVE_POLL_MS + 1000));
    expect(reads).toBe(before);
    expect(within(group).getByText('1 running')).toBeInTheDocument();

    publishCollectionRunsChanged(collection, '2026-01-05T09:00:00.000Z');
    expect(await within(group).findByText('2 passed')).toBeInTheDocument();
    expect(within(group).queryByText('1 running')).not.toBeInTheDocument();
  });
});

describe("a test suite page's Run all, with environments (issue 33)", () => {
  it('asks which environment, the default preselected, and runs there', async () => {
    const { organization } = signInAsMemberOf('Acme', 'member');
    const suite = seedSuite(organization.org_id, 'Shop');
    const pay = seedTestCase(suite, { name: 'Pay by card' });
    seedEnvironment(suite, { name: 'Staging', base_url: 'https://staging.shop.test' });
    const production = seedEnvironment(suite, { name: 'Production', base_url: 'https://shop.test' });
    production.is_default = true;
    storedEnvironments(suite)[0]!.is_default = false;
    const collection = seedCollection(suite, 'Checkout', { linked_test_ids: [pay._id] });
    const { user } = renderApp(`/test-cases/collection/${collection._id}`);

    const runAll = await screen.findByRole('button', { name: 'Run all' }, { timeout: 8000 });
    // Clicked before the environments are known, it would run without asking: it waits for them.
    await waitFor(() => expect(runAll).toBeEnabled());
    await user.click(runAll);
    const dialog = await screen.findByRole('dialog', { name: 'Run all tests' });
    expect(within(dialog).getByRole('combobox', { name: 'Environment' })).toHaveTextContent(
      'Production (default)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(collection.run_all_environments).toEqual([production._id]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The tests' own websites stay a choice.
    await user.click(screen.getByRole('button', { name: 'Run all' }));
    const again = await screen.findByRole('dialog', { name: 'Run all tests' });
    await user.click(within(again).getByRole('combobox', { name: 'Environment' }));
    await user.click(await screen.findByRole('option', { name: "The tests' own websites" }));
    await user.click(within(again).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(collection.run_all_environments).toEqual([production._id, null]));
  });
});
