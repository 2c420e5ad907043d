import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { db } from '../../../testing/msw/db';
import { identityError } from '../../../testing/msw/identity';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { passwordRecoveryStarted } from '../slice';

// Change Password (user menu) and the recovery link's set-new-password page share this form.

async function fillNewPassword(user: ReturnType<typeof renderApp>['user'], password: string) {
  await user.type(await screen.findByLabelText('New password'), password);
  await user.type(screen.getByLabelText('Confirm password'), password);
}

describe('the change-password form', () => {
  it('asks for the current password before changing it', async () => {
    const { person } = signInAsMemberOf();
    const { user, router } = renderApp('/auth/set-new-password');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    await fillNewPassword(user, 'brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Current password is required')).toBeInTheDocument();
    expect(db.users.find(({ id }) => id === person.id)?.password).toBe('correct-horse');

    await user.type(screen.getByLabelText('Current password'), 'correct-horse');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Your password has been updated')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(db.users.find(({ id }) => id === person.id)?.password).toBe('brand-new-secret');
  });

  it('says so when the current password is wrong, and keeps the old one', async () => {
    const { person } = signInAsMemberOf();
    const { user } = renderApp('/auth/set-new-password');
    await user.type(await screen.findByLabelText('Current password'), 'not-my-password');
    await fillNewPassword(user, 'brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current password is not correct');
    expect(db.users.find(({ id }) => id === person.id)?.password).toBe('correct-horse');
  });

  it("shows the locale's text when the provider finds the new password too weak", async () => {
    server.use(
      http.put('/idp/auth/v1/user', () =>
        identityError(422, 'weak_password', 'Password is known to be weak and easy to guess', {
          weak_password: { reasons: ['pwned'] },
        }),
      ),
    );
    signInAsMemberOf();
    const { user } = renderApp('/auth/set-new-password');
    await user.type(await screen.findByLabelText('Current password'), 'correct-horse');
    await fillNewPassword(user, 'password');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This password is too weak. Please choose a stronger one',
    );
  });

  it('sets a new password without the current one after a recovery link', async () => {
    const { person } = signInAsMemberOf();
    const { user, store } = renderApp('/auth/set-new-password');
    await screen.findByLabelText('New password');
    act(() => {
      store.dispatch(passwordRecoveryStarted({ user: null }));
    });
    expect(await screen.findByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    await fillNewPassword(user, 'remembered-at-last');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Your password has been updated')).toBeInTheDocument();
    expect(db.users.find(({ id }) => id === person.id)?.password).toBe('remembered-at-last');
  });
});
