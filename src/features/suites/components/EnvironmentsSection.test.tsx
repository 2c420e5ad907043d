import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { apiError } from '../../../testing/msw/api';
import { seedSuite } from '../../../testing/msw/db';
import { seedEnvironment, storedEnvironments } from '../../../testing/msw/environments';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { deniedMessage, type MemberRole } from '../../../../contract/permissions';
import { permissionsOf } from '../../../app/hooks';
import { EnvironmentsSection } from './EnvironmentsSection';

function shop(role: MemberRole = 'admin') {
  const { organization } = signInAsMemberOf('Acme', role);
  return seedSuite(organization.org_id, 'Shop');
}

const renderSection = (suiteId: string, role: MemberRole = 'admin') =>
  renderWithStore(
    <EnvironmentsSection suiteId={suiteId} permissions={permissionsOf({ role, expert: false })} />,
  );

const items = async () =>
  within(await screen.findByRole('list', { name: 'Environments' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('the environments section', () => {
  it('lists the environments with the default marked, and says when there are none', async () => {
    const suite = shop();
    seedEnvironment(suite, {
      name: 'Staging',
      base_url: 'https://staging.shop.example',
      secrets: { token: 't' },
    });
    seedEnvironment(suite, {
      name: 'Preview',
      base_url: 'https://preview.shop.example',
      variables: { a: '1' },
    });
    renderSection(suite.test_suite_id);
    expect(await items()).toEqual([
      'Previewhttps://preview.shop.example · 1 variables · 0 secrets',
      'StagingDefaulthttps://staging.shop.example · 0 variables · 1 secrets',
    ]);
  });

  it('shows an empty state for a project without environments', async () => {
    const suite = shop();
    renderSection(suite.test_suite_id);
    expect(await screen.findByText('No environments yet')).toBeInTheDocument();
  });

  it('shows an error with a retry when the list cannot be loaded', async () => {
    const suite = shop();
    server.use(
      http.get('/api/test-suites/:suiteId/environments', () => apiError(500, 'internal_error', 'Boom')),
    );
    renderSection(suite.test_suite_id);
    expect(await screen.findByText('Failed to fetch environments. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });

  it('adds an environment, refusing a URL that is not http(s) with the same sentence as the server', async () => {
    const suite = shop();
    const { user } = renderSection(suite.test_suite_id);
    await user.click(await screen.findByRole('button', { name: 'Add environment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add environment' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Staging');
    await user.type(within(dialog).getByRole('textbox', { name: 'Base URL' }), 'ftp://files.example');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('The base URL must be an http:// or https:// address'),
    ).toBeInTheDocument();
    expect(storedEnvironments(suite)).toEqual([]);

    await user.clear(within(dialog).getByRole('textbox', { name: 'Base URL' }));
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Base URL' }),
      'https://staging.shop.example',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Variables' }), 'item=Milk');
    await user.type(within(dialog).getByRole('textbox', { name: 'Secrets' }), 'token=s3cret');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await items()).toEqual(['StagingDefaulthttps://staging.shop.example · 1 variables · 1 secrets']);
    expect(storedEnvironments(suite)).toMatchObject([
      { name: 'Staging', variables: { item: 'Milk' }, secrets: { token: 's3cret' }, is_default: true },
    ]);
    expect(document.body.textContent).not.toContain('s3cret');
  });

  it("says the server's duplicate-name sentence under the name", async () => {
    const suite = shop();
    seedEnvironment(suite, { name: 'Staging', base_url: 'https://staging.shop.example' });
    const { user } = renderSection(suite.test_suite_id);
    await user.click(await screen.findByRole('button', { name: 'Add environment' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add environment' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Staging');
    await user.type(within(dialog).getByRole('textbox', { name: 'Base URL' }), 'https://other.example');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(
      await within(dialog).findByText('An environment with this name already exists in this project'),
    ).toBeInTheDocument();
  });

  it('edits an environment: a stored secret struck off is removed, the others kept', async () => {
    const suite = shop();
    seedEnvironment(suite, {
      name: 'Staging',
      base_url: 'https://staging.shop.example',
      secrets: { token: 'one', old: 'two' },
    });
    const { user } = renderSection(suite.test_suite_id);
    await user.click(await screen.findByRole('button', { name: 'Edit Staging' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit environment' });
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Staging');
    expect(dialog.textContent).not.toContain('one');
    const chip = within(dialog).getByRole('button', { name: 'Secret old' });
    await user.click(within(chip).getByTestId('CancelIcon'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Variables' }), 'region=eu');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(storedEnvironments(suite)).toMatchObject([
      { variables: { region: 'eu' }, secrets: { token: 'one' } },
    ]);
    expect(Object.keys(storedEnvironments(suite)[0].secrets)).toEqual(['token']);
  });

  it('deletes an environment only once the person confirms', async () => {
    const suite = shop();
    seedEnvironment(suite, { name: 'Staging', base_url: 'https://staging.shop.example' });
    seedEnvironment(suite, { name: 'Preview', base_url: 'https://preview.shop.example' });
    const { user } = renderSection(suite.test_suite_id);
    await user.click(await screen.findByRole('button', { name: 'Delete Staging' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete environment?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(storedEnvironments(suite)).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Delete Staging' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete environment?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() => expect(storedEnvironments(suite).map((env) => env.name)).toEqual(['Preview']));
    await waitFor(async () =>
      expect(await items()).toEqual(['PreviewDefaulthttps://preview.shop.example · 0 variables · 0 secrets']),
    );
  });

  it("shows a member the environments but locks changes, with the admins' reason", async () => {
    const suite = shop('member');
    seedEnvironment(suite, { name: 'Staging', base_url: 'https://staging.shop.example' });
    const { user } = renderSection(suite.test_suite_id, 'member');
    const edit = await screen.findByRole('button', { name: 'Edit Staging' });
    expect(edit).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Delete Staging' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add environment' })).toBeDisabled();
    await user.hover(edit.closest('span') as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('manageSecrets', 'member'));
  });
});
