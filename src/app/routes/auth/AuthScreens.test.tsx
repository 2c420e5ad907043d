import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { db, seedUser } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/renderWithStore';
import { signInAs, signInAsMemberOf } from '../../../testing/session';
import { readCallbackError } from './AuthCallbackRoute';

describe('the auth start', () => {
  it('offers sign-in, registration and both social providers', async () => {
    renderApp('/auth');
    await screen.findByRole('heading', { name: 'Welcome to Plainwright' });
    expect(screen.getByRole('link', { name: 'Sign in with email' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/auth/register');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Continue with Microsoft' })).toBeEnabled();
    expect(document.title).toBe('Welcome · Plainwright');
  });

  it('offers only the social sign-ins the identity provider has turned on', async () => {
    db.oauthProviders = ['azure'];
    renderApp('/auth');
    expect(await screen.findByRole('button', { name: 'Continue with Microsoft' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
  });

  it('offers no social sign-in when none is configured', async () => {
    db.oauthProviders = [];
    let asked = false;
    server.events.on('response:mocked', ({ request }) => {
      if (request.url.endsWith('/idp/auth/v1/settings')) asked = true;
    });
    const { store } = renderApp('/auth');
    await screen.findByRole('heading', { name: 'Welcome to Plainwright' });
    await waitFor(() => expect(asked).toBe(true));
    // The answer is in the store (and rendered) before the buttons are looked for.
    await waitFor(() =>
      expect(
        Object.values(store.getState().api.queries).find(
          (query) => query?.endpointName === 'getOAuthProviders',
        )?.status,
      ).toBe('fulfilled'),
    );
    expect(screen.getByRole('link', { name: 'Sign in with email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Continue with/ })).not.toBeInTheDocument();
    server.events.removeAllListeners('response:mocked');
  });
});

describe('forgot password', () => {
  it('sends the reset link with the set-new-password page as the redirect', async () => {
    let redirectTo: string | null = null;
    server.use(
      http.post('/idp/auth/v1/recover', ({ request }) => {
        redirectTo = new URL(request.url).searchParams.get('redirect_to');
        return undefined;
      }),
    );
    const { user } = renderApp('/auth/forgot-password');
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for ada@example.com');
    expect(redirectTo).toBe('http://localhost/auth/set-new-password');
  });
});

describe('set new password', () => {
  it('changes the password, says so and returns to the dashboard', async () => {
    const { person } = signInAsMemberOf();
    const { user, router } = renderApp('/auth/set-new-password');
    await user.type(await screen.findByLabelText('Current password'), 'correct-horse');
    await user.type(screen.getByLabelText('New password'), 'brand-new-secret');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-secret');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Your password has been updated')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(db.users.find(({ id }) => id === person.id)?.password).toBe('brand-new-secret');
  });

  it('needs the confirmation to match', async () => {
    signInAsMemberOf();
    const { user } = renderApp('/auth/set-new-password');
    await user.type(await screen.findByLabelText('New password'), 'brand-new-secret');
    await user.type(screen.getByLabelText('Confirm password'), 'something-else');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('Passwords must match')).toBeInTheDocument();
  });
});

describe('verify email', () => {
  it('names the address the confirmation went to', async () => {
    db.autoconfirm = false;
    const { user } = renderApp('/auth/register');
    await user.type(await screen.findByLabelText('First name'), 'Grace');
    await user.type(screen.getByLabelText('Last name'), 'Hopper');
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), 'compilers-4-all');
    await user.type(screen.getByLabelText('Confirm password'), 'compilers-4-all');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
  });
});

describe('the social sign-in callback', () => {
  it('goes to the dashboard once the session exists', async () => {
    signInAsMemberOf();
    const { router } = renderApp('/auth/callback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it("shows the provider's error with a way back to sign-in", async () => {
    renderApp('/auth/callback?error=access_denied&error_description=The+user+denied+access');
    expect(await screen.findByText('The user denied access')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth/login');
  });

  it('reads errors from the query or from the fragment', () => {
    expect(readCallbackError('?error_description=Denied', '')).toBe('Denied');
    expect(readCallbackError('', '#error=server_error&error_description=Provider+down')).toBe(
      'Provider down',
    );
    expect(readCallbackError('', '#access_token=abc')).toBeNull();
  });
});

describe('no organization', () => {
  it('lets the person log out instead', async () => {
    signInAs(seedUser({ email: 'solo@example.com' }));
    const { user, router } = renderApp('/auth/no-organization');
    expect(await screen.findByText('Signed in as solo@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('sends a person who has an organization on to the dashboard', async () => {
    signInAsMemberOf();
    const { router } = renderApp('/auth/no-organization');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
