import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import { apiError } from '../../../testing/msw/api';
import { db, seedSuite } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { SuiteSelector } from './SuiteSelector';

function Harness({ organizationId, initial = null }: { organizationId: string; initial?: string | null }) {
  const [selected, setSelected] = useState<string | null>(initial);
  return <SuiteSelector organizationId={organizationId} selectedSuiteId={selected} onSelect={setSelected} />;
}

async function openCreateDialog() {
  const { organization } = signInAsMemberOf();
  seedSuite(organization.org_id, 'Checkout');
  const view = renderWithStore(<Harness organizationId={organization.org_id} />);
  await view.user.click(await screen.findByRole('button', { name: /Project:/ }));
  await view.user.click(screen.getByRole('menuitem', { name: 'Create project' }));
  const dialog = await screen.findByRole('dialog', { name: 'Create project' });
  return { ...view, dialog, organization };
}

describe('SuiteSelector', () => {
  it("lists the organization's suites under a 'Create project' item", async () => {
    const { organization } = signInAsMemberOf();
    seedSuite(organization.org_id, 'Checkout');
    seedSuite(organization.org_id, 'Search');
    const { user } = renderWithStore(<Harness organizationId={organization.org_id} />);
    await user.click(await screen.findByRole('button', { name: 'Project: Select project' }));
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Create project', 'Checkout', 'Search']);
  });

  it('ellipsizes a long suite name in the button and the menu, with the full name on hover', async () => {
    const { organization } = signInAsMemberOf();
    const longName = 's'.repeat(200);
    const suite = seedSuite(organization.org_id, longName);
    const { user } = renderWithStore(
      <Harness organizationId={organization.org_id} initial={suite.test_suite_id} />,
    );
    const button = await screen.findByRole('button', { name: `Project: ${longName}` });
    const label = within(button).getByText(longName);
    expect(label).toHaveAttribute('title', longName);
    expect(label).toHaveStyle({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
    await user.click(button);
    const item = within(screen.getByRole('menuitem', { name: longName })).getByText(longName);
    expect(item).toHaveAttribute('title', longName);
    expect(item).toHaveStyle({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
  });

  it('selects a suite from the menu', async () => {
    const { organization } = signInAsMemberOf();
    seedSuite(organization.org_id, 'Checkout');
    const { user } = renderWithStore(<Harness organizationId={organization.org_id} />);
    await user.click(await screen.findByRole('button', { name: /Project:/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Checkout' }));
    expect(await screen.findByRole('button', { name: 'Project: Checkout' })).toBeInTheDocument();
  });

  it('offers a retry when the suites cannot be loaded', async () => {
    const { organization } = signInAsMemberOf();
    let failing = true;
    server.use(
      http.get('/api/organizations/:orgId/test-suites', () =>
        failing ? apiError(500, 'internal', 'boom') : undefined,
      ),
    );
    seedSuite(organization.org_id, 'Checkout');
    const { user } = renderWithStore(<Harness organizationId={organization.org_id} />);
    await user.click(await screen.findByRole('button', { name: 'Project: No projects' }));
    const retry = await screen.findByRole('menuitem', { name: /Failed to fetch test suites/ });
    failing = false;
    await user.click(retry);
    expect(await screen.findByRole('menuitem', { name: 'Checkout' })).toBeInTheDocument();
  });
});

describe('the create-suite dialog', () => {
  it('keeps Create disabled while the name is blank', async () => {
    const { dialog, user } = await openCreateDialog();
    const create = within(dialog).getByRole('button', { name: 'Create' });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name'), '   ');
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Name'), 'Smoke');
    expect(create).toBeEnabled();
  });

  it('creates the suite on Enter, selects it and says so', async () => {
    const { dialog, user, organization } = await openCreateDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'Smoke tests{Enter}');
    expect(await screen.findByText('Project created')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.suites.map(({ name, org_id }) => [name, org_id])).toContainEqual([
      'Smoke tests',
      organization.org_id,
    ]);
    expect(await screen.findByRole('button', { name: 'Project: Smoke tests' })).toBeInTheDocument();
  });

  it('shows a creating state and stays disabled while the request runs', async () => {
    let release: () => void = () => undefined;
    server.use(
      http.post('/api/test-suites', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.json({ test_suite_id: 'suite-new' }, { status: 201 });
      }),
    );
    const { dialog, user } = await openCreateDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'Slow{Enter}');
    expect(await within(dialog).findByRole('button', { name: 'Creating…' })).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('keeps the dialog open and says so when creation fails', async () => {
    server.use(http.post('/api/test-suites', () => apiError(500, 'internal', 'boom')));
    const { dialog, user } = await openCreateDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'Broken{Enter}');
    expect(await screen.findByText('Failed to create test suite. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create project' })).toBeInTheDocument();
  });

  it('closes with Cancel without creating anything', async () => {
    const { dialog, user } = await openCreateDialog();
    await user.type(within(dialog).getByLabelText('Name'), 'Never');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(db.suites.map(({ name }) => name)).not.toContain('Never');
  });
});
