import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { apiError } from '../../../testing/msw/api';
import { db, seedSharedParameter, seedSuite, seedTestCase } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { deniedMessage, type MemberRole } from '../../../../contract/permissions';
import { permissionsOf } from '../../../app/hooks';
import { SecretsPage } from './SecretsPage';

function shop(role: MemberRole = 'admin') {
  const { organization } = signInAsMemberOf('Acme', role);
  return seedSuite(organization.org_id, 'Shop');
}

const renderSecrets = (suiteId: string, role: MemberRole = 'admin') =>
  renderWithStore(<SecretsPage suiteId={suiteId} permissions={permissionsOf({ role, expert: false })} />);

const table = () => screen.findByRole('table', { name: 'Secrets' });
const rows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);
const rowTexts = async () =>
  (await rows()).map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(0, 3)
      .map((cell) => cell.textContent),
  );
const stored = (key: string) => db.sharedParameters.find((p) => p.key === key);

describe('the secrets page', () => {
  it("shows a member the secrets but locks creating, editing and deleting, with the admins' reason (issue 27)", async () => {
    const suite = shop('member');
    seedSharedParameter(suite.test_suite_id, 'API_TOKEN', 'tok-123');
    const { user } = renderSecrets(suite.test_suite_id, 'member');
    const [row] = await rows();
    const edit = within(row).getByRole('button', { name: 'Edit API_TOKEN' });
    expect(edit).toBeDisabled();
    expect(within(row).getByRole('button', { name: 'Delete API_TOKEN' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create secret' })).toBeDisabled();
    await user.hover(edit.closest('span') as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('manageSecrets', 'member'));
  });

  it('lets an admin create, edit and delete secrets', async () => {
    const suite = shop('admin');
    seedSharedParameter(suite.test_suite_id, 'API_TOKEN', 'tok-123');
    renderSecrets(suite.test_suite_id, 'admin');
    const [row] = await rows();
    expect(within(row).getByRole('button', { name: 'Edit API_TOKEN' })).toBeEnabled();
    expect(within(row).getByRole('button', { name: 'Delete API_TOKEN' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Create secret' })).toBeEnabled();
  });

  it('lists secrets by name with masked values and links to the tests that use them', async () => {
    const suite = shop();
    const token = seedSharedParameter(suite.test_suite_id, 'API_TOKEN', 'tok-123');
    seedSharedParameter(suite.test_suite_id, 'admin_password', 'hunter2');
    const login = seedTestCase(suite, { name: 'Log in', shared_parameter_ids: [token._id] });
    seedTestCase(suite, { name: 'Checkout', shared_parameter_ids: [token._id] });
    renderSecrets(suite.test_suite_id);

    await waitFor(async () =>
      expect(await rowTexts()).toEqual([
        ['admin_password', '********', 'No tests'],
        ['API_TOKEN', '********', 'Log in, Checkout'],
      ]),
    );
    expect(document.body).not.toHaveTextContent(/hunter2|tok-123/);
    const [, tokenRow] = await rows();
    expect(within(tokenRow).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      `/test-cases/details/${login._id}`,
    );
  });

  it("keeps the actions column's hidden header one pixel wide, so a phone never scrolls sideways (issue 28)", async () => {
    const suite = shop();
    seedSharedParameter(suite.test_suite_id, 'API_TOKEN', 'tok-123');
    renderSecrets(suite.test_suite_id);
    const header = within(await table()).getByText('Actions');
    // In sx a bare 1 is 100%: the header was as wide as the window, past the right edge at 375 px.
    expect(header).toHaveStyle({ position: 'absolute', width: '1px', height: '1px', margin: '-1px' });
  });

  it('searches by name and says when nothing matches', async () => {
    const suite = shop();
    for (const key of ['API_TOKEN', 'admin_password', 'SMTP_PASSWORD'])
      seedSharedParameter(suite.test_suite_id, key);
    const { user } = renderSecrets(suite.test_suite_id);
    await user.type(await screen.findByLabelText('Search by name'), 'password');
    await waitFor(async () =>
      expect((await rowTexts()).map(([key]) => key)).toEqual(['admin_password', 'SMTP_PASSWORD']),
    );
    await user.type(screen.getByLabelText('Search by name'), 'xyz');
    expect(await screen.findByText('No secret matches')).toBeInTheDocument();
  });

  it('invites to create the first one, checks the form, and never shows the value again', async () => {
    const suite = shop();
    const test = seedTestCase(suite, { name: 'Log in', parameters: { user_name: 'ada' } });
    const { user } = renderSecrets(suite.test_suite_id);
    expect(await screen.findByText('No secrets yet')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create secret' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create secret' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findAllByText('Parameter data is required')).toHaveLength(2);

    await user.type(within(dialog).getByLabelText('Name'), 'bad name');
    await user.type(within(dialog).getByLabelText('Value'), 'hunter2');
    expect(
      await within(dialog).findByText('Secret names may contain only letters, numbers or underscores'),
    ).toBeInTheDocument();

    // The server's refusal (a variable of a test has this name) shows under the name.
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'user_name');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('A secret already exists with same name')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'admin_password');
    await user.click(within(dialog).getByRole('combobox', { name: 'Linked tests' }));
    await user.click(await screen.findByRole('option', { name: 'Log in' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Secret created')).toBeInTheDocument();
    await waitFor(async () => expect(await rowTexts()).toEqual([['admin_password', '********', 'Log in']]));
    expect(stored('admin_password')?.value).toBe('hunter2');
    expect(db.testCases.find((t) => t._id === test._id)?.shared_parameter_ids).toEqual([
      stored('admin_password')?._id,
    ]);
    expect(document.body).not.toHaveTextContent('hunter2');
  });

  it('edits a secret: a blank value keeps the current one, a new value replaces it', async () => {
    const suite = shop();
    seedSharedParameter(suite.test_suite_id, 'API_TOKEN', 'old-token');
    const { user } = renderSecrets(suite.test_suite_id);

    await user.click(await screen.findByRole('button', { name: 'Edit API_TOKEN' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit secret' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('API_TOKEN');
    expect(within(dialog).getByLabelText('New value')).toHaveValue('');
    expect(within(dialog).getByText('Leave blank to keep the current value')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'SHOP_TOKEN');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await rowTexts()).map(([key]) => key)).toEqual(['SHOP_TOKEN']));
    expect(stored('SHOP_TOKEN')?.value).toBe('old-token');

    await user.click(screen.getByRole('button', { name: 'Edit SHOP_TOKEN' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit secret' });
    await user.type(within(dialog).getByLabelText('New value'), 'new-token');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(stored('SHOP_TOKEN')?.value).toBe('new-token'));
    expect(await screen.findByText('Secret updated')).toBeInTheDocument();
  });

  it('names the hosts a secret may be typed into, refusing what is not a host', async () => {
    const suite = shop();
    seedSharedParameter(suite.test_suite_id, 'API_TOKEN', 'token');
    const { user } = renderSecrets(suite.test_suite_id);

    await user.click(await screen.findByRole('button', { name: 'Edit API_TOKEN' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit secret' });
    expect(within(dialog).getByText(/None: the hosts of this project's tests' websites/)).toBeInTheDocument();
    const hosts = within(dialog).getByRole('combobox', { name: 'Allowed hosts' });
    await user.type(hosts, 'not a host{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await within(dialog).findByText('Write each host as shop.example, 127.0.0.1:4100 or *.shop.example'),
    ).toBeInTheDocument();
    expect(stored('API_TOKEN')?.allowed_hosts ?? []).toEqual([]);

    await user.click(
      within(dialog)
        .getByRole('button', { name: /not a host/ })
        .querySelector('svg')!,
    );
    await user.type(hosts, 'Shop.Example{Enter}127.0.0.1:4100{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(stored('API_TOKEN')?.allowed_hosts).toEqual(['shop.example', '127.0.0.1:4100']),
    );

    await user.click(await screen.findByRole('button', { name: 'Edit API_TOKEN' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit secret' });
    expect(within(dialog).getByRole('button', { name: 'shop.example' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '127.0.0.1:4100' })).toBeInTheDocument();
  });

  it('deletes only after confirming', async () => {
    const suite = shop();
    seedSharedParameter(suite.test_suite_id, 'API_TOKEN');
    seedSharedParameter(suite.test_suite_id, 'OLD_TOKEN');
    const { user } = renderSecrets(suite.test_suite_id);

    await user.click(await screen.findByRole('button', { name: 'Delete OLD_TOKEN' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stored('OLD_TOKEN')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Delete OLD_TOKEN' }));
    confirm = await screen.findByRole('dialog', { name: 'Delete secret?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(async () => expect((await rowTexts()).map(([key]) => key)).toEqual(['API_TOKEN']));
    expect(stored('OLD_TOKEN')).toBeUndefined();
  });

  it('says what failed and leaves the secrets as they were', async () => {
    const suite = shop();
    seedSharedParameter(suite.test_suite_id, 'API_TOKEN', 'tok');
    const { user } = renderSecrets(suite.test_suite_id);
    await table();
    const boom = () => apiError(500, 'internal', 'boom');
    server.use(
      http.post('/api/test-suites/:id/shared-parameters', boom),
      http.put('/api/test-suites/:id/shared-parameters/:paramId', boom),
      http.delete('/api/test-suites/:id/shared-parameters/:paramId', boom),
    );

    await user.click(screen.getByRole('button', { name: 'Create secret' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create secret' });
    await user.type(within(dialog).getByLabelText('Name'), 'OTHER');
    await user.type(within(dialog).getByLabelText('Value'), 'v');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await screen.findByText('Failed to create shared parameter. Please try again.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Name')).toHaveValue('OTHER');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Edit API_TOKEN' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit secret' });
    await user.type(within(dialog).getByLabelText('New value'), 'lost');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Failed to update shared parameter. Please try again.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete API_TOKEN' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete secret?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(
      await screen.findByText('Failed to delete shared parameter. Please try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await rowTexts()).toEqual([['API_TOKEN', '********', 'No tests']]);
    expect(db.sharedParameters.map((p) => [p.key, p.value])).toEqual([['API_TOKEN', 'tok']]);
  });

  it('says when the secrets cannot be fetched, and retries', async () => {
    const suite = shop();
    seedSharedParameter(suite.test_suite_id, 'API_TOKEN');
    server.use(
      http.get('/api/test-suites/:id/shared-parameters', () => apiError(500, 'internal', 'boom'), {
        once: true,
      }),
    );
    const { user } = renderSecrets(suite.test_suite_id);
    expect(
      await screen.findAllByText('Failed to fetch shared parameter. Please try again.'),
    ).not.toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect((await rowTexts()).map(([key]) => key)).toEqual(['API_TOKEN']));
  });
});
