import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { t } from '../../../config/locale';
import { allowConsoleErrors } from '../../../testing/consoleGuard';
import { db } from '../../../testing/msw/db';
import { identityError } from '../../../testing/msw/identity';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';

// The profile dialog of the user menu: first and last name, as the provider keeps them.

async function openProfile(meanwhile?: (personId: string) => void) {
  const member = signInAsMemberOf('Acme');
  const view = renderApp('/dashboard');
  meanwhile?.(member.person.id);
  await view.user.click(await screen.findByRole('button', { name: 'Account menu' }));
  await view.user.click(await screen.findByRole('menuitem', { name: 'Profile' }));
  const dialog = await screen.findByRole('dialog', { name: 'Your profile' });
  return { ...view, ...member, dialog };
}

describe('the profile dialog', () => {
  it("changes the person's name, and the menu's initials follow", async () => {
    const { user, dialog, person } = await openProfile();
    const first = within(dialog).getByLabelText('First name');
    const last = within(dialog).getByLabelText('Last name');
    expect(first).toHaveValue('Ada');
    expect(last).toHaveValue('Lovelace');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(first);
    await user.type(first, '  Grace ');
    await user.clear(last);
    await user.type(last, 'Hopper{Enter}');
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your profile' })).not.toBeInTheDocument(),
    );
    const stored = db.users.find(({ id }) => id === person.id)!;
    expect([stored.firstName, stored.lastName]).toEqual(['Grace', 'Hopper']);
    expect(
      await within(screen.getByRole('button', { name: 'Account menu' })).findByText('GH'),
    ).toBeInTheDocument();
  });

  it('shows the name the identity provider has now, not the older copy the session keeps', async () => {
    const { dialog } = await openProfile((id) => {
      db.users.find((person) => person.id === id)!.firstName = 'Augusta';
    });
    expect(await within(dialog).findByDisplayValue('Augusta')).toBeInTheDocument();
  });

  it("says the person's profile could not be loaded, with why, and keeps the session's copy (SPEC §8)", async () => {
    server.use(http.get('/idp/auth/v1/user', () => identityError(500, 'unexpected_failure', 'boom')));
    const { dialog } = await openProfile();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Failed to load current user: Server error - Please try again later',
    );
    expect(within(dialog).getByLabelText('First name')).toHaveValue('Ada');
  });

  it('says so when the identity provider cannot be reached at all', async () => {
    allowConsoleErrors(/Failed to fetch/); // supabase-js logs the failed fetch itself
    server.use(http.get('/idp/auth/v1/user', () => HttpResponse.error()));
    const { dialog } = await openProfile();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `Failed to load current user: ${t.http.unreachable}`,
    );
  });

  it('asks for both names', async () => {
    const { user, dialog } = await openProfile();
    await user.clear(within(dialog).getByLabelText('First name'));
    await user.clear(within(dialog).getByLabelText('Last name'));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();
  });

  it('keeps what was typed and says why when the provider refuses', async () => {
    server.use(http.put('/idp/auth/v1/user', () => identityError(400, 'unexpected', 'no')));
    const { user, dialog, person } = await openProfile();
    const first = within(dialog).getByLabelText('First name');
    await user.clear(first);
    await user.type(first, 'Grace');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Profile update failed');
    expect(first).toHaveValue('Grace');
    expect(db.users.find(({ id }) => id === person.id)!.firstName).toBe('Ada');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Your profile' })).not.toBeInTheDocument(),
    );
  });
});
