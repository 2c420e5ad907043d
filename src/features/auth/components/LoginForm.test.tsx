import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { seedUser } from '../../../testing/msw/db';
import { identityError } from '../../../testing/msw/identity';
import { allowConsoleErrors } from '../../../testing/consoleGuard';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { selectAuthStatus } from '../selectors';
import { LoginForm } from './LoginForm';

async function submit(email: string, password: string) {
  const view = renderWithStore(<LoginForm />);
  if (email) await view.user.type(screen.getByLabelText('Email'), email);
  if (password) await view.user.type(screen.getByLabelText('Password'), password);
  await view.user.click(screen.getByRole('button', { name: 'Sign in' }));
  return view;
}

describe('LoginForm', () => {
  it('asks for an e-mail and a password before calling the provider', async () => {
    let called = false;
    server.use(http.post('/idp/auth/v1/token', () => ((called = true), HttpResponse.json({}))));
    await submit('', '');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(called).toBe(false);
  });

  it('rejects an address that is not an e-mail', async () => {
    await submit('not-an-email', 'whatever1');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('says the credentials are invalid when the password is wrong', async () => {
    seedUser({ email: 'ada@example.com' });
    await submit('ada@example.com', 'wrong-password');
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  });

  it('says the e-mail is not verified yet', async () => {
    const user = seedUser({ email: 'new@example.com', confirmed: false });
    await submit('new@example.com', user.password);
    expect(await screen.findByText('Please verify your email address before signing in')).toBeInTheDocument();
  });

  it('says there were too many attempts when the provider rate-limits', async () => {
    server.use(
      http.post('/idp/auth/v1/token', () =>
        identityError(429, 'over_request_rate_limit', 'Request rate limit reached'),
      ),
    );
    await submit('ada@example.com', 'whatever1');
    expect(
      await screen.findByText('Too many attempts. Please wait a moment and try again'),
    ).toBeInTheDocument();
  });

  it('says the network failed when the provider cannot be reached', async () => {
    allowConsoleErrors(/Failed to fetch/); // supabase-js logs the failed fetch itself
    server.use(http.post('/idp/auth/v1/token', () => HttpResponse.error()));
    await submit('ada@example.com', 'whatever1');
    expect(
      await screen.findByText('Network error - Please check your connection and try again'),
    ).toBeInTheDocument();
  });

  it('signs the person in with the right credentials', async () => {
    const user = seedUser({ email: 'ada@example.com' });
    const { store } = await submit('ada@example.com', user.password);
    await waitFor(() => expect(selectAuthStatus(store.getState())).toBe('signedIn'));
    expect(store.getState().auth.user?.email).toBe('ada@example.com');
  });

  it('shows a signing-in state while the request runs', async () => {
    let release: () => void = () => undefined;
    server.use(
      http.post('/idp/auth/v1/token', async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return identityError(400, 'invalid_credentials', 'Invalid login credentials');
      }),
    );
    await submit('ada@example.com', 'whatever1');
    expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeDisabled();
    release();
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeEnabled();
  });
});
