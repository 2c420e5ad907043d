import { act, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import type { RouteObject } from 'react-router';
import { paths } from '../../../config/paths';
import { apiError } from '../../../testing/msw/api';
import { db, seedSuite, seedTestCase } from '../../../testing/msw/db';
import { seedBrowserState, seedModule } from '../../../testing/msw/modules';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { appRoutes } from '../../AppRoutes';
import { ModulesRoute } from './ModulesRoute';

// Issue 28 item 8: browser states were made only through the API, so a test's "Browser state" field
// offered only "None". The Modules page makes, lists, refreshes and deletes them; viewers only see them.

// NOTE: as in ModulesRoute.test.tsx, the route table's placeholder is replaced by the screen.
function withModulesScreen(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    if (route.path === paths.modules.path) return { ...route, element: <ModulesRoute /> } as RouteObject;
    if (route.children) return { ...route, children: withModulesScreen(route.children) } as RouteObject;
    return route;
  });
}

const renderModules = () =>
  renderWithStore(null, { route: paths.modules.getHref(), routes: withModulesScreen(appRoutes) });

function shop(role: 'admin' | 'member' | 'viewer' = 'admin') {
  const { organization } = signInAsMemberOf('Acme', role);
  const suite = seedSuite(organization.org_id, 'Shop');
  const login = seedTestCase(suite, { name: 'Sign in' });
  const module = seedModule(suite, 'Sign in as admin', { test_case_id: login._id });
  return { suite, module };
}

const states = () => screen.findByRole('list', { name: 'Browser states' });
const stateNames = async () =>
  within(await states())
    .getAllByRole('listitem')
    .map((item) => item.firstElementChild?.firstElementChild?.textContent);

describe('browser states on the Modules page', () => {
  it('creates a state for a module, refusing a missing name, a taken name and no module', async () => {
    const { suite } = shop();
    seedModule(suite, 'Accept cookies', { module_type: 'python_script', defining_py_script: 'x' });
    const { user } = renderModules();

    expect(await screen.findByText('No browser states yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'New browser state' }));
    const dialog = await screen.findByRole('dialog', { name: 'New browser state' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Browser state data is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose the module whose runs save this state')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'Signed in as admin');
    await user.click(within(dialog).getByRole('combobox', { name: 'Saved by module' }));
    await user.click(await screen.findByRole('option', { name: 'Sign in as admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText(/Browser state created/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await stateNames()).toEqual(['Signed in as admin']);
    expect(
      within(await states()).getByText(/Saved by "Sign in as admin" · not saved yet/),
    ).toBeInTheDocument();

    // The second one: the name is taken, and only the module that saves no state is offered.
    await user.click(screen.getByRole('button', { name: 'New browser state' }));
    const again = await screen.findByRole('dialog', { name: 'New browser state' });
    await user.type(within(again).getByLabelText('Name'), 'signed in as ADMIN');
    await user.click(within(again).getByRole('combobox', { name: 'Saved by module' }));
    expect(screen.queryByRole('option', { name: 'Sign in as admin' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('option', { name: 'Accept cookies' }));
    await user.click(within(again).getByRole('button', { name: 'Create' }));
    expect(
      await within(again).findByText('A browser state with this name already exists in this project'),
    ).toBeInTheDocument();
  });

  it("lists the project's states with the module that saves them, and when", async () => {
    const { suite, module } = shop();
    seedBrowserState(suite, 'Signed in as admin', {
      module_id: module.module_id,
      updated_at: '2026-03-04T10:00:00.000Z',
    });
    seedBrowserState(suite, 'Another', { module_id: 'gone', updated_at: null });
    renderModules();

    expect(await stateNames()).toEqual(['Another', 'Signed in as admin']);
    const list = await states();
    expect(within(list).getByText(/Saved by "Sign in as admin" · updated /)).toBeInTheDocument();
    expect(within(list).getByText(/Its module was deleted · not saved yet/)).toBeInTheDocument();
  });

  it('says when the states cannot be loaded, and loads them on Retry', async () => {
    const { suite, module } = shop();
    seedBrowserState(suite, 'Signed in as admin', { module_id: module.module_id });
    server.use(
      http.get('/api/browser-states/:suiteId', () => apiError(500, 'internal', 'boom'), { once: true }),
    );
    const { user } = renderModules();
    expect(await screen.findByText('Failed to fetch browser states')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /retry/i }));
    expect(await stateNames()).toEqual(['Signed in as admin']);
  });

  it('refreshes a state: what was saved is forgotten until the next green run', async () => {
    const { suite, module } = shop('member');
    seedBrowserState(suite, 'Signed in as admin', {
      module_id: module.module_id,
      updated_at: '2026-03-04T10:00:00.000Z',
    });
    const { user } = renderModules();

    const list = await states();
    expect(within(list).getByText(/updated /)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Refresh browser state Signed in as admin' }));
    expect(await screen.findByText(/Browser state refreshed/)).toBeInTheDocument();
    expect(await within(list).findByText(/not saved yet/)).toBeInTheDocument();
  });

  it('deletes a state after confirming, keeps it when cancelled, and toasts when the call fails', async () => {
    const { suite, module } = shop();
    const state = seedBrowserState(suite, 'Signed in as admin', { module_id: module.module_id });
    const test = seedTestCase(suite, { name: 'Checkout', browser_state_id: state.id });
    seedBrowserState(suite, 'Kept', { module_id: 'other' });
    const { user } = renderModules();

    await user.click(
      within(await states()).getByRole('button', { name: 'Delete browser state Signed in as admin' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Delete browser state?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await stateNames()).toEqual(['Kept', 'Signed in as admin']);

    server.use(
      http.delete(
        '/api/test-suites/:suiteId/browser-states/:stateId',
        () => apiError(500, 'internal', 'boom'),
        {
          once: true,
        },
      ),
    );
    const remove = async () => {
      await user.click(screen.getByRole('button', { name: 'Delete browser state Signed in as admin' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Delete browser state?' })).getByRole('button', {
          name: 'Delete',
        }),
      );
    };
    await remove();
    expect(await screen.findByText('Failed to delete browser state. Please try again.')).toBeInTheDocument();
    expect(await stateNames()).toEqual(['Kept', 'Signed in as admin']);

    await remove();
    expect(await screen.findByText('Browser state deleted')).toBeInTheDocument();
    await waitFor(async () => expect(await stateNames()).toEqual(['Kept']));
    expect(db.testCases.find(({ _id }) => _id === test._id)?.browser_state_id).toBeNull();
  });

  it('shows viewers the states but not the means to make, refresh or delete them', async () => {
    const { suite, module } = shop('viewer');
    seedBrowserState(suite, 'Signed in as admin', { module_id: module.module_id });
    renderModules();

    expect(await stateNames()).toEqual(['Signed in as admin']);
    expect(screen.getByRole('button', { name: 'New browser state' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Refresh browser state Signed in as admin' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete browser state Signed in as admin' })).toBeDisabled();
  });

  it("offers a state made here in a test's Browser state field", async () => {
    const { suite } = shop();
    const checkout = seedTestCase(suite, { name: 'Checkout', website: 'https://shop.example' });
    const { user, router } = renderModules();

    await user.click(await screen.findByRole('button', { name: 'New browser state' }));
    const dialog = await screen.findByRole('dialog', { name: 'New browser state' });
    await user.type(within(dialog).getByLabelText('Name'), 'Signed in as admin');
    await user.click(within(dialog).getByRole('combobox', { name: 'Saved by module' }));
    await user.click(await screen.findByRole('option', { name: 'Sign in as admin' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await stateNames()).toEqual(['Signed in as admin']);

    await act(() => router.navigate(paths.testCaseDetails.getHref(checkout._id)));
    await user.click(await screen.findByRole('combobox', { name: 'Browser state' }, { timeout: 10_000 }));
    expect(await screen.findByRole('option', { name: /Signed in as admin/ })).toBeInTheDocument();
  });
});
