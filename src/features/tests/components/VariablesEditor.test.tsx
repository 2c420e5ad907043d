import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { apiError } from '../../../testing/msw/api';
import { db, seedSharedParameter, seedSuite, seedTestCase } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { useGetTestCaseQuery } from '../api';
import { VariablesEditor } from './VariablesEditor';

function FromServer({ id }: { id: string }) {
  const { data } = useGetTestCaseQuery(id);
  return data ? <VariablesEditor testId={id} variables={data.parameters} /> : null;
}

function renderVariables(
  parameters: Record<string, string> = { user: 'ada', password_hint: 'pets' },
  credentials: Record<string, string> = {},
) {
  const { organization } = signInAsMemberOf();
  const suite = seedSuite(organization.org_id, 'Shop');
  seedSharedParameter(suite.test_suite_id, 'API_TOKEN');
  const test = seedTestCase(suite, { parameters, credentials });
  const view = renderWithStore(<FromServer id={test._id} />);
  return { ...view, test, stored: () => db.testCases.find(({ _id }) => _id === test._id)! };
}

async function add(user: ReturnType<typeof renderWithStore>['user'], name: string, value: string) {
  const form = screen.getByRole('form', { name: 'Add variable' });
  await user.clear(within(form).getByLabelText('Variable name'));
  await user.type(within(form).getByLabelText('Variable name'), name);
  await user.clear(within(form).getByLabelText('Value'));
  if (value) await user.type(within(form).getByLabelText('Value'), value);
  await user.click(within(form).getByRole('button', { name: 'Add variable' }));
  return form;
}

describe('VariablesEditor', () => {
  it('lists the variables by name', async () => {
    renderVariables();
    const table = await screen.findByRole('table', { name: 'Variables' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['password_hintpets', 'userada']);
  });

  it('shows credentials when the test has no parameters (SPEC §3)', async () => {
    renderVariables({}, { legacy_user: 'grace' });
    expect(await screen.findByRole('cell', { name: 'legacy_user' })).toBeInTheDocument();
  });

  it('adds a variable', async () => {
    const { user, stored } = renderVariables();
    await screen.findByRole('table', { name: 'Variables' });
    const form = await add(user, 'coupon', 'SAVE10');
    expect(await screen.findByRole('cell', { name: 'coupon' })).toBeInTheDocument();
    expect(stored().parameters).toEqual({ user: 'ada', password_hint: 'pets', coupon: 'SAVE10' });
    await waitFor(() => expect(within(form).getByLabelText('Variable name')).toHaveValue(''));
  });

  it('checks the name before sending it', async () => {
    const { user, stored } = renderVariables();
    await screen.findByRole('table', { name: 'Variables' });
    const form = await add(user, 'my var', 'x');
    expect(
      await within(form).findByText('Variable names may contain only letters, numbers or underscores'),
    ).toBeInTheDocument();
    expect(Object.keys(stored().parameters)).not.toContain('my var');
  });

  it("shows the server's words when the name is taken by a variable or a secret", async () => {
    const { user } = renderVariables();
    await screen.findByRole('table', { name: 'Variables' });
    let form = await add(user, 'user', 'grace');
    expect(await within(form).findByText('Variable already exists')).toBeInTheDocument();
    form = await add(user, 'API_TOKEN', 'abc');
    expect(await within(form).findByText('A secret already exists with same name')).toBeInTheDocument();
  });

  it('changes a value', async () => {
    const { user, stored } = renderVariables();
    await user.click(await screen.findByRole('button', { name: 'Edit user' }));
    const field = screen.getByRole('textbox', { name: 'Value of user' });
    expect(field).toHaveValue('ada');
    await user.clear(field);
    await user.type(field, 'grace{Enter}');
    expect(await screen.findByRole('cell', { name: 'grace' })).toBeInTheDocument();
    expect(stored().parameters.user).toBe('grace');
  });

  it('shows Variable not found when the variable went away meanwhile', async () => {
    const { user, stored } = renderVariables();
    await user.click(await screen.findByRole('button', { name: 'Edit user' }));
    delete stored().parameters.user;
    await user.type(screen.getByRole('textbox', { name: 'Value of user' }), '!{Enter}');
    expect(await screen.findByText('Variable not found')).toBeInTheDocument();
  });

  it('deletes a variable after confirmation', async () => {
    const { user, stored } = renderVariables();
    await user.click(await screen.findByRole('button', { name: 'Delete user' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete variable?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('Variable deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'user' })).not.toBeInTheDocument());
    expect(stored().parameters).toEqual({ password_hint: 'pets' });
  });

  it('says so when adding fails on the server', async () => {
    server.use(http.post('/api/test-case/:id/variables', () => apiError(500, 'internal', 'boom')));
    const { user } = renderVariables();
    await screen.findByRole('table', { name: 'Variables' });
    await add(user, 'coupon', 'x');
    expect(await screen.findByText('Failed to add variable. Please try again.')).toBeInTheDocument();
  });

  it('invites a first variable when there are none', async () => {
    renderVariables({});
    expect(await screen.findByText(/No variables yet/)).toBeInTheDocument();
  });
});
