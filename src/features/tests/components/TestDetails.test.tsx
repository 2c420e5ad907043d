import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { apiError } from '../../../testing/msw/api';
import { db, seedFolder, seedSuite, seedTestCase } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { deniedMessage } from '../../../../contract/permissions';

function seedTest(
  overrides: Parameters<typeof seedTestCase>[1] = {},
  role: 'admin' | 'member' | 'viewer' = 'admin',
) {
  const { organization } = signInAsMemberOf('Acme', role);
  const suite = seedSuite(organization.org_id, 'Shop');
  seedFolder(suite.test_suite_id, 'search');
  const test = seedTestCase(suite, {
    name: 'Pay by card',
    path: 'checkout/cards',
    website: 'https://shop.example/cart',
    description: '<p>Add a mug and pay by card.</p>',
    parameters: { user: 'ada' },
    ...overrides,
  });
  return { suite, test };
}

function renderDetails(id: string) {
  return renderApp(`/test-cases/details/${id}`);
}

// The first render loads the page's lazy chunks (generation included): more than findBy's 1 s when cold.
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const section = (name: string) => screen.getByRole('region', { name });
/** The top bar's breadcrumbs (pages keep none of their own: one trail per screen). */
const topBarTrail = () => {
  const trails = screen.getAllByRole('navigation', { name: 'Breadcrumb' });
  expect(trails).toHaveLength(1);
  expect(trails[0].closest('main')).toBeNull();
  return trails[0];
};
const stored = (id: string) => db.testCases.find(({ _id }) => _id === id)!;
const instructions = async () =>
  within(await screen.findByRole('region', { name: 'Instructions' })).findByRole('textbox', {
    name: 'Instructions',
  });

/** The instruction drafts kept in this browser's localStorage. */
function storedDrafts(): string[] {
  const keys = Array.from({ length: window.localStorage.length }, (_, index) =>
    window.localStorage.key(index)!,
  );
  return keys
    .filter((key) => key.includes('instructions-draft'))
    .map((key) => window.localStorage.getItem(key)!);
}

/** The header's link to the test's runs page. */
const runsLink = (id: string) =>
  screen
    .getAllByRole('link', { name: 'Runs' })
    .find((link) => link.getAttribute('href') === `/test-cases/details/${id}/runs`)!;

/** Whether closing the tab now would make the browser ask. */
function unloadIsPrevented(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  fireEvent(window, event);
  return event.defaultPrevented;
}

describe('TestDetails', () => {
  it('shows the test: breadcrumbs of its folders, website, instructions, variables and steps', async () => {
    const { test } = seedTest();
    renderDetails(test._id);
    expect(await heading('Pay by card')).toBeInTheDocument();
    const trail = topBarTrail();
    expect(within(trail).getByRole('link', { name: 'Tests' })).toHaveAttribute('href', '/test-cases');
    expect(within(trail).getByRole('link', { name: 'checkout' })).toHaveAttribute(
      'href',
      '/test-cases?folder=checkout',
    );
    expect(within(trail).getByRole('link', { name: 'cards' })).toHaveAttribute(
      'href',
      '/test-cases?folder=checkout%2Fcards',
    );
    expect(within(trail).getByText('Pay by card')).toHaveAttribute('aria-current', 'page');
    expect(within(section('Website')).getByRole('link', { name: /shop\.example\/cart/ })).toHaveAttribute(
      'href',
      'https://shop.example/cart',
    );
    expect(
      await within(section('Instructions')).findByRole('textbox', { name: 'Instructions' }),
    ).toHaveTextContent('Add a mug and pay by card.');
    expect(within(section('Variables')).getByRole('cell', { name: 'ada' })).toBeInTheDocument();
    expect(within(section('Steps')).getByText('No steps yet')).toBeInTheDocument();
    expect(screen.getByText('Created')).toBeInTheDocument();
  });

  it('shows a viewer the test read-only: every editing control off, saying why (issue 27: writeTests)', async () => {
    const { test } = seedTest({}, 'viewer');
    const { user } = renderDetails(test._id);
    expect(await heading('Pay by card')).toBeInTheDocument();
    const reason = deniedMessage('writeTests', 'viewer');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename test' })).toBeDisabled());
    expect(screen.getByText(reason)).toBeInTheDocument();
    for (const name of ['Move', 'Duplicate', 'Delete', 'Change URL'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    expect(within(section('Variables')).getByRole('button', { name: 'Edit user' })).toBeDisabled();
    expect(within(section('Variables')).getByRole('button', { name: 'Delete user' })).toBeDisabled();
    expect(screen.queryByRole('form', { name: 'Add variable' })).not.toBeInTheDocument();
    expect(await instructions()).toHaveAttribute('contenteditable', 'false');
    const setup = section('Setup');
    expect(within(setup).getByRole('combobox', { name: 'Setup module' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(setup).getByRole('combobox', { name: 'Browser state' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.click(screen.getByRole('button', { name: /Browser settings/ }));
    expect(await screen.findByRole('spinbutton', { name: 'Viewport width' })).toBeDisabled();
    await user.hover(screen.getByRole('button', { name: 'Delete' }).parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
  });

  it('lets a member edit the test', async () => {
    const { test } = seedTest({}, 'member');
    renderDetails(test._id);
    expect(await heading('Pay by card')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Rename test' })).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Change URL' })).toBeEnabled();
    expect(screen.getByRole('form', { name: 'Add variable' })).toBeInTheDocument();
    expect(within(section('Setup')).getByRole('combobox', { name: 'Setup module' })).not.toHaveAttribute(
      'aria-disabled',
    );
  });

  it("says the test doesn't exist for an unknown id", async () => {
    signInAsMemberOf();
    renderDetails('no-such-test');
    expect(await screen.findByText("This test case doesn't exist")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to tests' })).toHaveAttribute('href', '/test-cases');
  });

  it('renames the test in place, checking the name', async () => {
    const { test } = seedTest();
    const { user } = renderDetails(test._id);
    await user.click(await screen.findByRole('button', { name: 'Rename test' }));
    const field = screen.getByRole('textbox', { name: 'Test name' });
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Test name is required')).toBeInTheDocument();
    await user.type(field, 'Pay with a card{Enter}');
    expect(await heading('Pay with a card')).toBeInTheDocument();
    expect(await screen.findByText('Test case updated')).toBeInTheDocument();
    expect(stored(test._id).name).toBe('Pay with a card');
  });

  it('changes the website after checking the URL', async () => {
    const { test } = seedTest();
    const { user } = renderDetails(test._id);
    await user.click(await screen.findByRole('button', { name: 'Change URL' }));
    const field = within(section('Website')).getByRole('textbox', { name: 'Website URL' });
    await user.clear(field);
    await user.type(field, 'shop dot example{Enter}');
    expect(await within(section('Website')).findByText('Please enter a valid URL')).toBeInTheDocument();
    expect(stored(test._id).website).toBe('https://shop.example/cart');
    await user.clear(field);
    await user.type(field, 'https://staging.shop.example{Enter}');
    expect(
      await within(section('Website')).findByRole('link', { name: /staging\.shop\.example/ }),
    ).toBeInTheDocument();
    expect(stored(test._id).website).toBe('https://staging.shop.example');
  });

  it('edits the instructions and saves them, or discards the change', async () => {
    const { test } = seedTest({ description: '' });
    const { user } = renderDetails(test._id);
    const editor = await within(await screen.findByRole('region', { name: 'Instructions' })).findByRole(
      'textbox',
      {
        name: 'Instructions',
      },
    );
    const save = screen.getByRole('button', { name: 'Save instructions' });
    expect(save).toBeDisabled();
    await user.click(editor);
    await user.paste('Open the cart.');
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(editor).toHaveTextContent(''));
    expect(save).toBeDisabled();

    await user.click(editor);
    await user.paste('Open the cart and pay.');
    await user.click(save);
    expect(await screen.findByText('Instructions saved')).toBeInTheDocument();
    expect(stored(test._id).description).toBe('<p>Open the cart and pay.</p>');
    await waitFor(() => expect(save).toBeDisabled());
  });

  it('refuses an edit over a change made meanwhile and shows the current test', async () => {
    const { test } = seedTest();
    const { user } = renderDetails(test._id);
    await user.click(await screen.findByRole('button', { name: 'Rename test' }));
    // Someone else renames it while the field is open.
    Object.assign(stored(test._id), {
      name: 'Renamed elsewhere',
      last_modified_at: '2026-03-01T00:00:00.000Z',
    });
    const field = screen.getByRole('textbox', { name: 'Test name' });
    await user.clear(field);
    await user.type(field, 'Mine{Enter}');
    expect(
      await screen.findByText('Someone changed this test case after you opened it. Reload it and try again.'),
    ).toBeInTheDocument();
    expect(stored(test._id).name).toBe('Renamed elsewhere');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await heading('Renamed elsewhere')).toBeInTheDocument();
  });

  it('says Failed to update test case when the server fails', async () => {
    server.use(http.patch('/api/test-case/:id/edit', () => apiError(500, 'internal', 'boom')));
    const { test } = seedTest();
    const { user } = renderDetails(test._id);
    await user.click(await screen.findByRole('button', { name: 'Change URL' }));
    const field = within(section('Website')).getByRole('textbox', { name: 'Website URL' });
    await user.clear(field);
    await user.type(field, 'https://other.example{Enter}');
    expect(await screen.findByText('Failed to update test case')).toBeInTheDocument();
  });

  it('duplicates the test and opens the copy', async () => {
    const { test } = seedTest();
    const { user, router } = renderDetails(test._id);
    await user.click(await screen.findByRole('button', { name: 'Duplicate' }));
    expect(await heading('Pay by card (copy)')).toBeInTheDocument();
    const copy = db.testCases.find(({ name }) => name === 'Pay by card (copy)')!;
    expect(router.state.location.pathname).toBe(`/test-cases/details/${copy._id}`);
    expect(copy.path).toBe('checkout/cards');
  });

  it('deletes the test after confirmation and goes back to its folder in the list', async () => {
    const { test } = seedTest();
    const { user, router } = renderDetails(test._id);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete test?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Test case deleted')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/test-cases'));
    expect(router.state.location.search).toBe('?folder=checkout%2Fcards');
    expect(db.testCases).toHaveLength(0);
  });

  it('says Failed to delete test case and stays when deleting fails', async () => {
    server.use(http.delete('/api/test-case/:id', () => apiError(500, 'internal', 'boom')));
    const { test } = seedTest();
    const { user, router } = renderDetails(test._id);
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete test?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Failed to delete test case')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/test-cases/details/${test._id}`);
  });

  it('moves the test to another folder; the breadcrumbs follow', async () => {
    const { test } = seedTest();
    const { user } = renderDetails(test._id);
    await user.click(await screen.findByRole('button', { name: 'Move' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move test' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Folder' }));
    await user.click(await screen.findByRole('option', { name: 'search' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const trail = topBarTrail();
    expect(await within(trail).findByRole('link', { name: 'search' })).toBeInTheDocument();
    expect(within(trail).queryByRole('link', { name: 'checkout' })).not.toBeInTheDocument();
    expect(stored(test._id).path).toBe('search');
  });

  it('lists generated steps once they exist', async () => {
    const { test } = seedTest({
      state: 'completed',
      test_generation_steps: [
        { action_name: 'Click "Add to cart"', step_description: 'Adds the mug', execution_succeded: true },
        { action_name: `Type ${'x'.repeat(120)}`, step_description: 'Long one', execution_succeded: false },
      ],
    });
    renderDetails(test._id);
    const steps = await screen.findByRole('list', { name: 'Steps' });
    const items = within(steps).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('1. Click "Add to cart"');
    // SPEC §3: cut to 100 characters with an ellipsis (contract/generation.ts truncateActionName).
    expect(items[1]).toHaveTextContent(`2. Type ${'x'.repeat(95)}...`);
    expect(screen.getByText('Passed')).toBeInTheDocument();
  });

  describe('unsaved instructions', () => {
    it('asks before an in-app link leaves unsaved instructions: Stay keeps them, Leave goes', async () => {
      const { test } = seedTest({ description: '' });
      const { user, router } = renderDetails(test._id);
      const editor = await instructions();
      await user.click(editor);
      await user.paste('Open the cart.');

      await user.click(runsLink(test._id));
      const dialog = await screen.findByRole('dialog', { name: 'Leave without saving?' });
      await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(router.state.location.pathname).toBe(`/test-cases/details/${test._id}`);
      expect(editor).toHaveTextContent('Open the cart.');

      await user.click(runsLink(test._id));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Leave without saving?' })).getByRole('button', {
          name: 'Leave',
        }),
      );
      await waitFor(() =>
        expect(router.state.location.pathname).toBe(`/test-cases/details/${test._id}/runs`),
      );
    });

    it('leaves an untouched or saved page without asking; only unsaved text holds the tab open', async () => {
      const { test } = seedTest({ description: '' });
      const { user, router } = renderDetails(test._id);
      const editor = await instructions();
      expect(unloadIsPrevented()).toBe(false);

      await user.click(editor);
      await user.paste('Open the cart.');
      expect(unloadIsPrevented()).toBe(true);
      await user.click(screen.getByRole('button', { name: 'Save instructions' }));
      expect(await screen.findByText('Instructions saved')).toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Save instructions' })).toBeDisabled());
      expect(unloadIsPrevented()).toBe(false);

      await user.click(runsLink(test._id));
      await waitFor(() =>
        expect(router.state.location.pathname).toBe(`/test-cases/details/${test._id}/runs`),
      );
      expect(screen.queryByRole('dialog', { name: 'Leave without saving?' })).not.toBeInTheDocument();
    });

    it('keeps a draft through a reload and restores it with a note; Discard brings back the saved text', async () => {
      const { test } = seedTest();
      const first = renderDetails(test._id);
      await first.user.click(await instructions());
      await first.user.keyboard('{Control>}a{/Control}');
      await first.user.paste('Add two mugs.');
      await waitFor(() => expect(storedDrafts()).toHaveLength(1));
      first.unmount();

      const { user } = renderDetails(test._id);
      const editor = await instructions();
      expect(await screen.findByText('Unsaved draft restored')).toBeInTheDocument();
      await waitFor(() => expect(editor).toHaveTextContent('Add two mugs.'));
      expect(screen.getByRole('button', { name: 'Save instructions' })).toBeEnabled();

      await user.click(screen.getByRole('button', { name: 'Discard' }));
      await waitFor(() => expect(editor).toHaveTextContent('Add a mug and pay by card.'));
      expect(screen.queryByText('Unsaved draft restored')).not.toBeInTheDocument();
      expect(storedDrafts()).toEqual([]);
      expect(stored(test._id).description).toBe('<p>Add a mug and pay by card.</p>');
    });

    it('clears a restored draft once it is saved, and keeps none for a test only looked at', async () => {
      const { test } = seedTest();
      const first = renderDetails(test._id);
      await instructions();
      expect(storedDrafts()).toEqual([]);
      await first.user.click(await instructions());
      await first.user.keyboard('{Control>}a{/Control}');
      await first.user.paste('Add two mugs.');
      await waitFor(() => expect(storedDrafts()).toHaveLength(1));
      first.unmount();

      const { user } = renderDetails(test._id);
      expect(await screen.findByText('Unsaved draft restored')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Save instructions' }));
      expect(await screen.findByText('Instructions saved')).toBeInTheDocument();
      expect(stored(test._id).description).toBe('<p>Add two mugs.</p>');
      expect(storedDrafts()).toEqual([]);
      await waitFor(() => expect(screen.queryByText('Unsaved draft restored')).not.toBeInTheDocument());
    });
  });
});
