import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { db } from '../../../testing/msw/db';
import { identityError } from '../../../testing/msw/identity';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';

// The profile dialog of the user menu: first and last name, as the provider keeps them.

async function openProfile() {
  const member = signInAsMemberOf('Acme');
  const view = renderApp('/dashboard');
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
