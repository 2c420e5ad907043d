import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { apiError } from '../../../testing/msw/api';
import { db, seedSuite } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { deniedMessage, type MemberRole } from '../../../../contract/permissions';
import { permissionsOf } from '../../../app/hooks';
import { ProjectSettings } from './ProjectSettings';

function renderProjects(
  suiteNames: string[] = ['Checkout', 'Search'],
  selected = 0,
  role: MemberRole = 'admin',
) {
  const { organization } = signInAsMemberOf('Acme', role);
  const suites = suiteNames.map((name) => seedSuite(organization.org_id, name));
  const view = renderWithStore(
    <ProjectSettings
      organizationId={organization.org_id}
      selectedSuiteId={suites[selected]?.test_suite_id ?? null}
      permissions={permissionsOf({ role, expert: false })}
    />,
  );
  return { ...view, organization, suites };
}

const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

describe('ProjectSettings', () => {
  it('lets a member create projects but not rename or delete them, saying why (issue 27)', async () => {
    const { user } = renderProjects(['Checkout'], 0, 'member');
    const rename = await screen.findByRole('button', { name: 'Rename Checkout' });
    expect(rename).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Checkout' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create project' })).toBeEnabled();
    await user.hover(rename.closest('span') as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('renameProject', 'member'));
  });

  it('offers a viewer no way to create a project', async () => {
    renderProjects(['Checkout'], 0, 'viewer');
    await screen.findByRole('list', { name: 'Projects' });
    expect(screen.getByRole('button', { name: 'Create project' })).toBeDisabled();
  });

  it('lists the suites and marks the current one', async () => {
    renderProjects();
    const list = await screen.findByRole('list', { name: 'Projects' });
    const current = within(list).getByText('Checkout').closest('li') as HTMLElement;
    expect(within(current).getByText('Current')).toBeInTheDocument();
    expect(within(list).getByText('Search')).toBeInTheDocument();
  });

  it('creates a suite and says so', async () => {
    const { user } = renderProjects();
    await user.click(await screen.findByRole('button', { name: 'Create project' }));
    await user.type(within(await screen.findByRole('dialog')).getByLabelText('Name'), 'Billing{Enter}');
    expect(await screen.findByText('Project created')).toBeInTheDocument();
    await dialogClosed();
    expect(
      await within(screen.getByRole('list', { name: 'Projects' })).findByText('Billing'),
    ).toBeInTheDocument();
  });

  it('renames a suite and says so', async () => {
    const { user, suites } = renderProjects();
    await user.click(await screen.findByRole('button', { name: 'Rename Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename project' });
    const name = within(dialog).getByLabelText('Name');
    expect(name).toHaveValue('Search');
    await user.clear(name);
    await user.type(name, 'Site search{Enter}');
    expect(await screen.findByText('Project renamed')).toBeInTheDocument();
    await dialogClosed();
    expect(await screen.findByText('Site search')).toBeInTheDocument();
    expect(db.suites.find(({ test_suite_id }) => test_suite_id === suites[1].test_suite_id)?.name).toBe(
      'Site search',
    );
  });

  it("shows the server's reason when a rename fails", async () => {
    server.use(
      http.put('/api/test-suites/:id/rename', () => apiError(404, 'not_found', 'Test suite not found')),
    );
    const { user } = renderProjects();
    await user.click(await screen.findByRole('button', { name: 'Rename Search' }));
    const name = within(await screen.findByRole('dialog')).getByLabelText('Name');
    await user.type(name, ' 2{Enter}');
    expect(await screen.findByText('Test suite not found')).toBeInTheDocument();
  });

  it('deletes a suite only after confirmation', async () => {
    const { user } = renderProjects();
    await user.click(await screen.findByRole('button', { name: 'Delete Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete project?' });
    expect(within(dialog).getByText('Search')).toBeInTheDocument();
    expect(db.suites).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Project deleted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Delete Search' })).not.toBeInTheDocument(),
    );
    expect(db.suites.map(({ name }) => name)).toEqual(['Checkout']);
  });

  it('keeps the suite when deletion is cancelled', async () => {
    const { user } = renderProjects();
    await user.click(await screen.findByRole('button', { name: 'Delete Search' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await dialogClosed();
    expect(db.suites).toHaveLength(2);
  });

  it('says when deleting fails', async () => {
    server.use(http.delete('/api/test-suites/:id', () => apiError(500, 'internal', 'boom')));
    const { user } = renderProjects();
    await user.click(await screen.findByRole('button', { name: 'Delete Search' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete test suite. Please try again.')).toBeInTheDocument();
    await dialogClosed();
    expect(screen.getByRole('button', { name: 'Delete Search' })).toBeInTheDocument();
  });

  it('shows an empty state with a way to create the first suite', async () => {
    renderProjects([]);
    expect(await screen.findByText('No projects yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create project' })).toBeInTheDocument();
  });

  it('shows an error with a retry that recovers', async () => {
    let failing = true;
    server.use(
      http.get('/api/organizations/:orgId/test-suites', () =>
        failing ? apiError(500, 'internal', 'boom') : undefined,
      ),
    );
    const { user } = renderProjects();
    expect(await screen.findByText('Failed to fetch test suites')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Projects' })).toBeInTheDocument();
  });
});
