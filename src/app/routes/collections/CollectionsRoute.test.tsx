import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { apiError } from '../../../testing/msw/api';
import { findCollection, seedCollection, seedRunGroup } from '../../../testing/msw/collections';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { deniedMessage, type MemberRole } from '../../../../contract/permissions';

function shop(role: MemberRole = 'admin') {
  const { organization } = signInAsMemberOf('Acme', role);
  return seedSuite(organization.org_id, 'Shop');
}

const list = () => screen.findByRole('list', { name: 'Test suites' });
const rowNames = async () =>
  within(await list())
    .getAllByRole('listitem')
    .map((row) => within(row).getAllByRole('link')[0].textContent);

describe('the test suites list', () => {
  it('shows a viewer the test suites but no way to create, rename or delete one, saying why (issue 27)', async () => {
    const suite = shop('viewer');
    seedCollection(suite, 'Checkout');
    const { user } = renderApp('/test-cases/collections');
    await waitFor(async () => expect(await rowNames()).toEqual(['Checkout']));
    const create = screen.getByRole('button', { name: 'Create test suite' });
    expect(create).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Rename Checkout' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Checkout' })).toBeDisabled();
    await user.hover(create.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('writeCollections', 'viewer'));
  });

  it('lets a member create, rename and delete test suites', async () => {
    const suite = shop('member');
    seedCollection(suite, 'Checkout');
    renderApp('/test-cases/collections');
    await waitFor(async () => expect(await rowNames()).toEqual(['Checkout']));
    expect(screen.getByRole('button', { name: 'Create test suite' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Rename Checkout' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Delete Checkout' })).toBeEnabled();
  });

  it('lists the collections by name with their test counts and last run', async () => {
    const suite = shop();
    const tests = [seedTestCase(suite, { name: 'Pay' }), seedTestCase(suite, { name: 'Refund' })];
    seedCollection(suite, 'Search');
    const checkout = seedCollection(suite, 'checkout', { linked_test_ids: tests.map((t) => t._id) });
    seedCollection(suite, 'Login', { linked_test_ids: [tests[0]._id] });
    seedRunGroup(checkout, '2026-01-02T10:00:00.000Z', ['passed', 'failed']);
    renderApp('/test-cases/collections');

    await waitFor(async () => expect(await rowNames()).toEqual(['checkout', 'Login', 'Search']));
    const [first, second, third] = within(await list()).getAllByRole('listitem');
    expect(first).toHaveTextContent('2 tests');
    expect(within(first).getByText('1 passed')).toBeInTheDocument();
    expect(within(first).getByText('1 failed')).toBeInTheDocument();
    expect(second).toHaveTextContent('1 test');
    expect(third).toHaveTextContent('Never run');
  });

  it('invites to create the first one, refusing a taken or too long name', async () => {
    const suite = shop();
    const { user } = renderApp('/test-cases/collections');
    expect(await screen.findByText('No test suites yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create test suite' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create test suite' });
    const field = within(dialog).getByLabelText('Name');
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await user.click(field);
    await user.paste('x'.repeat(201));
    expect(create).toBeDisabled();
    await user.clear(field);

    seedCollection(suite, 'Smoke');
    await user.type(field, 'smoke{Enter}');
    expect(
      await within(dialog).findByText('A test collection with this name already exists in this project'),
    ).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'Nightly{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(async () => expect(await rowNames()).toEqual(['Nightly', 'Smoke']));
  });

  it('renames a collection and keeps the list sorted', async () => {
    const suite = shop();
    seedCollection(suite, 'Checkout');
    const login = seedCollection(suite, 'Login');
    const { user } = renderApp('/test-cases/collections');
    await user.click(await screen.findByRole('button', { name: 'Rename Login' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename test suite' });
    const field = within(dialog).getByLabelText('Name');
    expect(field).toHaveValue('Login');
    await user.clear(field);
    await user.type(field, 'Accounts{Enter}');
    await waitFor(async () => expect(await rowNames()).toEqual(['Accounts', 'Checkout']));
    expect(findCollection(login._id)?.collection.name).toBe('Accounts');
  });

  it('deletes after confirming, and puts the row back with a toast when the server refuses', async () => {
    const suite = shop();
    for (const name of ['Checkout', 'Login', 'Search']) seedCollection(suite, name);
    const { user } = renderApp('/test-cases/collections');

    server.use(http.delete('/api/test-suites/collection/:id', () => apiError(500, 'internal', 'boom')));
    await user.click(await screen.findByRole('button', { name: 'Delete Login' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete test suite?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Failed to delete test collection. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(async () => expect(await rowNames()).toEqual(['Checkout', 'Login', 'Search']));

    server.resetHandlers();
    await user.click(screen.getByRole('button', { name: 'Delete Search' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete test suite?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(async () => expect(await rowNames()).toEqual(['Checkout', 'Login']));
  });
});
