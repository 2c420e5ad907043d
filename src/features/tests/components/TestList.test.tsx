import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { stubViewportSize } from '../../../testing/layout';
import { apiError } from '../../../testing/msw/api';
import { db, seedFolder, seedSuite, seedTestCase } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { expandedFoldersKey } from '../sagas';
import { TestList } from './TestList';
import { deniedMessage, type MemberRole } from '../../../../contract/permissions';
import { permissionsOf } from '../../../app/hooks';

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = stubViewportSize(800);
});
afterEach(() => restoreViewport());

function seedShop() {
  const { organization } = signInAsMemberOf();
  const suite = seedSuite(organization.org_id, 'Shop');
  seedFolder(suite.test_suite_id, 'checkout/cards');
  seedFolder(suite.test_suite_id, 'search');
  const pay = seedTestCase(suite, { name: 'Pay by card', path: 'checkout/cards' });
  const coupon = seedTestCase(suite, { name: 'Apply a coupon', path: 'checkout' });
  const smoke = seedTestCase(suite, {
    name: 'Smoke test',
    state: 'passed',
    latest_run_status: 'failed',
    latest_run_time: '2026-02-01T09:00:00.000Z',
  });
  return { suite, suiteId: suite.test_suite_id, pay, coupon, smoke };
}

function renderList(suiteId: string, revealFolder: string | null = null, role: MemberRole = 'admin') {
  return renderWithStore(
    <TestList
      suiteId={suiteId}
      revealFolder={revealFolder}
      permissions={permissionsOf({ role, expert: false })}
    />,
    { route: '/test-cases' },
  );
}

const tree = () => screen.findByRole('tree', { name: 'Tests' });
const item = (name: string) =>
  within(screen.getByRole('tree', { name: 'Tests' })).queryByRole('treeitem', { name });
const findItem = async (name: string) => within(await tree()).findByRole('treeitem', { name });
const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

async function openMenu(user: ReturnType<typeof renderList>['user'], rowName: string, action: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${rowName}` }));
  await user.click(await screen.findByRole('menuitem', { name: action }));
}

describe('TestList', () => {
  it('lets a viewer browse and open tests but not create, move or delete them, saying why (issue 27)', async () => {
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId, null, 'viewer');
    await findItem('Smoke test');
    const newTest = screen.getByRole('button', { name: 'New test' });
    expect(newTest).toBeDisabled();
    expect(screen.getByRole('button', { name: 'New folder' })).toBeDisabled();
    await user.hover(newTest.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('writeTests', 'viewer'));

    await user.click(screen.getByRole('button', { name: 'Actions for Smoke test' }));
    expect(await screen.findByRole('menuitem', { name: 'Open' })).not.toHaveAttribute('aria-disabled');
    for (const name of ['Move to folder…', 'Duplicate', 'Delete'])
      expect(screen.getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'true');
  });

  it('lets a member create and delete tests', async () => {
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId, null, 'member');
    await findItem('Smoke test');
    expect(screen.getByRole('button', { name: 'New test' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Actions for Smoke test' }));
    expect(await screen.findByRole('menuitem', { name: 'Delete' })).not.toHaveAttribute('aria-disabled');
  });

  it('shows the suite as a tree: folders first, each test with its status', async () => {
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    const checkout = await findItem('checkout');
    expect(checkout).toHaveAttribute('aria-expanded', 'false');
    expect(checkout).toHaveAttribute('aria-level', '1');
    expect(within(checkout).getByText('2 tests')).toBeInTheDocument();
    expect(item('Apply a coupon')).not.toBeInTheDocument();
    const smoke = item('Smoke test')!;
    // Generation passed, so the latest run shows.
    expect(within(smoke).getByText('Failed')).toBeInTheDocument();
    expect(screen.getByText('3 tests, 3 folders')).toBeInTheDocument();

    await user.click(checkout);
    expect(await findItem('Apply a coupon')).toHaveAttribute('aria-level', '2');
    await user.click(await findItem('cards'));
    expect(await findItem('Pay by card')).toHaveAttribute('aria-level', '3');
    const names = within(await tree())
      .getAllByRole('treeitem')
      .map((row) => document.getElementById(row.getAttribute('aria-labelledby')!)?.textContent);
    expect(names).toEqual(['checkout', 'cards', 'Pay by card', 'Apply a coupon', 'search', 'Smoke test']);
  });

  it('remembers open folders per suite', async () => {
    const { suiteId } = seedShop();
    const first = renderList(suiteId);
    await first.user.click(await findItem('checkout'));
    await findItem('Apply a coupon');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(expandedFoldersKey(suiteId))!)).toEqual(['checkout']),
    );
    first.unmount();

    renderList(suiteId);
    expect(await findItem('Apply a coupon')).toBeInTheDocument();
    expect(item('checkout')).toHaveAttribute('aria-expanded', 'true');
  });

  it('searches by name, keeping the folders of the matches, and says when nothing matches', async () => {
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    await findItem('checkout');
    const search = screen.getByRole('searchbox', { name: 'Search tests' });
    await user.type(search, 'CARD');
    expect(await findItem('Pay by card')).toBeInTheDocument();
    expect(item('checkout')).toHaveAttribute('aria-expanded', 'true');
    expect(item('cards')).toBeInTheDocument();
    expect(item('Apply a coupon')).not.toBeInTheDocument();
    expect(item('Smoke test')).not.toBeInTheDocument();
    expect(item('search')).not.toBeInTheDocument();
    expect(screen.getByText('1 of 3 tests')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'zebra');
    expect(await screen.findByText('No tests match “zebra”')).toBeInTheDocument();
    // The field's own clear button; the empty state offers another.
    await user.click(screen.getAllByRole('button', { name: 'Clear search' })[0]);
    expect(await findItem('Smoke test')).toBeInTheDocument();
    expect(search).toHaveValue('');
  });

  it('creates a folder once its name is valid', async () => {
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    await findItem('checkout');
    await user.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await user.type(within(dialog).getByLabelText('Folder name'), 'my folder!');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText('Folder names may contain only letters, numbers or underscores'),
    ).toBeInTheDocument();
    expect(db.folders.map(({ path }) => path)).not.toContain('my folder!');

    await user.clear(within(dialog).getByLabelText('Folder name'));
    await user.type(within(dialog).getByLabelText('Folder name'), 'accounts{Enter}');
    expect(await screen.findByText('Folder created')).toBeInTheDocument();
    await dialogClosed();
    expect(await findItem('accounts')).toBeInTheDocument();
    expect(db.folders.map(({ path }) => path)).toContain('accounts');
  });

  it('creates a folder inside another and opens the parent to show it', async () => {
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    await openMenu(user, 'checkout', 'New folder inside');
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    expect(dialog).toHaveTextContent('Inside checkout');
    await user.type(within(dialog).getByLabelText('Folder name'), 'wallets{Enter}');
    await dialogClosed();
    expect(await findItem('wallets')).toHaveAttribute('aria-level', '2');
    expect(db.folders.map(({ path }) => path)).toContain('checkout/wallets');
  });

  it("shows the server's words when the folder exists already", async () => {
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    await findItem('checkout');
    await user.click(screen.getByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'New folder' });
    await user.type(within(dialog).getByLabelText('Folder name'), 'search{Enter}');
    expect(await within(dialog).findByText('A folder named "search" already exists')).toBeInTheDocument();
  });

  it('renames a folder, moving its tests and keeping it open', async () => {
    const { suiteId, coupon } = seedShop();
    const { user } = renderList(suiteId);
    await user.click(await findItem('checkout'));
    await openMenu(user, 'checkout', 'Rename');
    const dialog = await screen.findByRole('dialog', { name: 'Rename folder' });
    const name = within(dialog).getByLabelText('Folder name');
    expect(name).toHaveValue('checkout');
    await user.clear(name);
    await user.type(name, 'payments{Enter}');
    expect(await screen.findByText('Folder renamed')).toBeInTheDocument();
    expect(await findItem('payments')).toHaveAttribute('aria-expanded', 'true');
    expect(item('checkout')).not.toBeInTheDocument();
    expect(await findItem('Apply a coupon')).toBeInTheDocument();
    expect(db.testCases.find(({ _id }) => _id === coupon._id)?.path).toBe('payments');
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem(expandedFoldersKey(suiteId))!)).toEqual(['payments']),
    );
  });

  it('keeps the rename dialog open with the reason when the name is taken', async () => {
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    await openMenu(user, 'search', 'Rename');
    const dialog = await screen.findByRole('dialog', { name: 'Rename folder' });
    await user.clear(within(dialog).getByLabelText('Folder name'));
    await user.type(within(dialog).getByLabelText('Folder name'), 'checkout{Enter}');
    expect(
      await within(dialog).findByText('A folder named "checkout" already exists; choose another name'),
    ).toBeInTheDocument();
    expect(db.folders.map(({ path }) => path)).toContain('search');
  });

  it('says Failed to rename test case when the server fails', async () => {
    server.use(
      http.put('/api/test-cases/:suiteId/update-test-paths', () => apiError(500, 'internal', 'boom')),
    );
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    await openMenu(user, 'search', 'Rename');
    const dialog = await screen.findByRole('dialog', { name: 'Rename folder' });
    await user.type(within(dialog).getByLabelText('Folder name'), '_v2{Enter}');
    // A toast, and the same words in the dialog, which stays open to try again.
    await waitFor(() => expect(screen.getAllByText('Failed to rename test case')).toHaveLength(2));
    expect(within(dialog).getByText('Failed to rename test case')).toBeInTheDocument();
  });

  it('deletes a folder and everything in it, only after confirmation', async () => {
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    await openMenu(user, 'checkout', 'Delete');
    let dialog = await screen.findByRole('dialog', { name: 'Delete folder?' });
    expect(dialog).toHaveTextContent('checkout, its folders and the 2 tests in it will be deleted.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
    expect(db.testCases).toHaveLength(3);

    await openMenu(user, 'checkout', 'Delete');
    dialog = await screen.findByRole('dialog', { name: 'Delete folder?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Folder deleted')).toBeInTheDocument();
    await waitFor(() => expect(item('checkout')).not.toBeInTheDocument());
    expect(db.testCases.map(({ name }) => name)).toEqual(['Smoke test']);
    expect(db.folders.map(({ path }) => path)).toEqual(['search']);
  });

  it('checks the new test form, then creates the test in the chosen folder, opens it and generates it', async () => {
    const { suiteId } = seedShop();
    const { user, router } = renderList(suiteId);
    await findItem('checkout');
    await user.click(screen.getByRole('button', { name: 'New test' }));
    const dialog = await screen.findByRole('dialog', { name: 'New test' });
    await user.click(within(dialog).getByRole('button', { name: 'Create and generate' }));
    expect(await within(dialog).findByText('Test name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Website URL is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Name/), 'Sign up');
    await user.type(within(dialog).getByLabelText(/^Website URL/), 'javascript:alert(1)');
    await user.click(within(dialog).getByRole('button', { name: 'Create and generate' }));
    expect(await within(dialog).findByText('Please enter a valid URL')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText(/^Website URL/));
    await user.type(within(dialog).getByLabelText(/^Website URL/), 'https://shop.example/signup');

    await user.click(within(dialog).getByRole('combobox', { name: 'Folder' }));
    await user.click(await screen.findByRole('option', { name: 'checkout/cards' }));
    await user.click(await within(dialog).findByRole('textbox', { name: 'Instructions' }));
    await user.paste('Fill in the form and submit it.');
    await user.click(within(dialog).getByRole('button', { name: 'Create and generate' }));

    expect(await screen.findByText('Test case created')).toBeInTheDocument();
    await dialogClosed();
    const created = db.testCases.find(({ name }) => name === 'Sign up');
    expect(created).toMatchObject({
      website: 'https://shop.example/signup',
      path: 'checkout/cards',
      description: '<p>Fill in the form and submit it.</p>',
      state: 'pending',
    });
    expect(created?.generation_requested_at).not.toBeNull();
    // The new test opens, generating: no "Created" row is left behind.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/test-cases/details/${created?._id}`));
  });

  it('creates a test without generating it when asked, and asks for instructions to generate', async () => {
    const { suiteId } = seedShop();
    const { user, router } = renderList(suiteId);
    await findItem('checkout');
    await user.click(screen.getByRole('button', { name: 'New test' }));
    const dialog = await screen.findByRole('dialog', { name: 'New test' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'Later');
    await user.type(within(dialog).getByLabelText(/^Website URL/), 'https://shop.example/later');
    await within(dialog).findByRole('textbox', { name: 'Instructions' });
    await user.click(within(dialog).getByRole('button', { name: 'Create and generate' }));
    expect(
      await within(dialog).findByText(
        'Write the instructions to generate the steps, or create the test without generating.',
      ),
    ).toBeInTheDocument();
    expect(db.testCases.find(({ name }) => name === 'Later')).toBeUndefined();

    await user.click(within(dialog).getByRole('button', { name: 'Create without generating' }));
    await dialogClosed();
    expect(db.testCases.find(({ name }) => name === 'Later')).toMatchObject({
      state: 'created',
      generation_requested_at: null,
    });
    // It stays in view in the list, where the person chose to stay.
    expect(await findItem('Later')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/test-cases');
  });

  it('starts a new test in the folder whose menu was used', async () => {
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    await openMenu(user, 'search', 'New test here');
    const dialog = await screen.findByRole('dialog', { name: 'New test' });
    expect(within(dialog).getByRole('combobox', { name: 'Folder' })).toHaveTextContent('search');
  });

  it("shows the server's reason next to the field it is about", async () => {
    server.use(
      http.post('/api/test-cases/', () =>
        Response.json(
          {
            error: {
              code: 'validation_failed',
              message: 'Test names must be at most 200 characters',
              details: { fields: { 'test_cases.0.name': 'too long' } },
            },
          },
          { status: 400 },
        ),
      ),
    );
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    await findItem('checkout');
    await user.click(screen.getByRole('button', { name: 'New test' }));
    const dialog = await screen.findByRole('dialog', { name: 'New test' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'A name');
    await user.type(within(dialog).getByLabelText(/^Website URL/), 'https://shop.example');
    await user.click(within(dialog).getByRole('button', { name: 'Create without generating' }));
    expect(await within(dialog).findByText('Test names must be at most 200 characters')).toBeInTheDocument();
  });

  it('moves a test to another folder', async () => {
    const { suiteId, smoke } = seedShop();
    const { user } = renderList(suiteId);
    await openMenu(user, 'Smoke test', 'Move to folder…');
    const dialog = await screen.findByRole('dialog', { name: 'Move test' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Folder' }));
    await user.click(await screen.findByRole('option', { name: 'search' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Test case moved')).toBeInTheDocument();
    await dialogClosed();
    expect(db.testCases.find(({ _id }) => _id === smoke._id)?.path).toBe('search');
    expect(item('search')).toHaveAttribute('aria-expanded', 'true');
    expect(await findItem('Smoke test')).toHaveAttribute('aria-level', '2');
  });

  it('puts a test back where it was when the move fails', async () => {
    server.use(http.patch('/api/test-case/:id/edit', () => apiError(500, 'internal', 'boom')));
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    await openMenu(user, 'Smoke test', 'Move to folder…');
    const dialog = await screen.findByRole('dialog', { name: 'Move test' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Folder' }));
    await user.click(await screen.findByRole('option', { name: 'search' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('Failed to move test case. Please try again.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
    expect(item('Smoke test')).toHaveAttribute('aria-level', '1');
    expect(item('search')).toHaveAttribute('aria-expanded', 'false');
  });

  it('duplicates a test into the same folder', async () => {
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    await openMenu(user, 'Smoke test', 'Duplicate');
    expect(await screen.findByText('Test case duplicated')).toBeInTheDocument();
    expect(await findItem('Smoke test (copy)')).toHaveAttribute('aria-level', '1');
    expect(db.testCases.map(({ name }) => name)).toContain('Smoke test (copy)');
  });

  it('deletes a test only after confirmation', async () => {
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    await openMenu(user, 'Smoke test', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete test?' });
    expect(db.testCases).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Test case deleted')).toBeInTheDocument();
    await waitFor(() => expect(item('Smoke test')).not.toBeInTheDocument());
    expect(db.testCases.map(({ name }) => name)).not.toContain('Smoke test');
  });

  it('keeps a long unbroken name inside the delete dialog, wrapping it anywhere', async () => {
    const { suite } = seedShop();
    const longName = 'n'.repeat(200);
    seedTestCase(suite, { name: longName });
    const { user } = renderList(suite.test_suite_id);
    expect(await findItem(longName)).toBeInTheDocument();
    await openMenu(user, longName, 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete test?' });
    const description = within(dialog).getByText(longName).closest('.MuiDialogContentText-root');
    expect(description).toHaveStyle({ overflowWrap: 'anywhere' });
  });

  it('says Failed to delete test case and keeps the row when deleting fails', async () => {
    server.use(http.delete('/api/test-case/:id', () => apiError(500, 'internal', 'boom')));
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    await openMenu(user, 'Smoke test', 'Delete');
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete test?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Failed to delete test case')).toBeInTheDocument();
    expect(await findItem('Smoke test')).toBeInTheDocument();
  });

  it('opens a test from its row', async () => {
    const { suiteId, smoke } = seedShop();
    const { user, router } = renderList(suiteId);
    await user.click(within(await findItem('Smoke test')).getByText('Failed'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/test-cases/details/${smoke._id}`));
  });

  it('opens and scrolls to the folder a breadcrumb asked for', async () => {
    const { suiteId } = seedShop();
    renderList(suiteId, 'checkout/cards');
    expect(await findItem('Pay by card')).toBeInTheDocument();
    expect(item('cards')).toHaveAttribute('aria-selected', 'true');
  });

  it('shows an empty state for a suite without tests', async () => {
    const { organization } = signInAsMemberOf();
    const suite = seedSuite(organization.org_id, 'Empty');
    const { user } = renderList(suite.test_suite_id);
    expect(await screen.findByText('No tests yet')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New test' })[1]);
    expect(await screen.findByRole('dialog', { name: 'New test' })).toBeInTheDocument();
  });

  it('says Failed to fetch test cases and recovers with Retry', async () => {
    let failing = true;
    server.use(
      http.get('/api/test-suites/:id/tree', () => (failing ? apiError(500, 'internal', 'boom') : undefined)),
    );
    const { suiteId } = seedShop();
    const { user } = renderList(suiteId);
    // A toast, and the list's own error with a way to try again.
    await waitFor(() => expect(screen.getAllByText('Failed to fetch test cases')).toHaveLength(2));
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await findItem('checkout')).toBeInTheDocument();
  });
});
