import { act, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { apiError } from '../testing/msw/api';
import { seedOrganization, seedUser } from '../testing/msw/db';
import { server } from '../testing/msw/server';
import { renderApp } from '../testing/renderWithStore';
import { signInAs } from '../testing/session';

const HEADLINE = 'What do you want to test today?';

function signedInMember() {
  const user = seedUser({ email: 'ada@example.com' });
  seedOrganization('Acme', [{ user }]);
  signInAs(user);
  return user;
}

describe('route guards', () => {
  it('sends a signed-out person from a dashboard page to the auth start', async () => {
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome to Plainwright' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('sends a signed-in person away from the sign-in page to the dashboard', async () => {
    signedInMember();
    const { router } = renderApp('/auth/login');
    expect(await screen.findByRole('heading', { name: HEADLINE })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends a signed-in person without an organization to the no-organization page', async () => {
    signInAs(seedUser());
    const { router } = renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'You are not part of any organization' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/no-organization');
  });

  it('lets a person with no organization create one and continue to the dashboard', async () => {
    signInAs(seedUser());
    const { user, router } = renderApp('/dashboard');
    await user.type(await screen.findByLabelText('Organization name'), 'Initech');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByRole('heading', { name: HEADLINE })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows an error with a retry when the organizations cannot be loaded', async () => {
    signedInMember();
    let failing = true;
    server.use(
      http.get('/api/auth/get-user-organizations', () =>
        failing ? apiError(500, 'internal', 'boom') : undefined,
      ),
    );
    const { user } = renderApp('/dashboard');
    expect(await screen.findByText('Failed to load user organizations')).toBeInTheDocument();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    // The dashboard's heading is rendered again once its data arrives: ask for the one shown now.
    await waitFor(() => expect(screen.getByRole('heading', { name: HEADLINE })).toBeInTheDocument());
  });

  it('needs a session for the set-new-password page', async () => {
    const { router } = renderApp('/auth/set-new-password');
    expect(await screen.findByRole('heading', { name: 'Welcome to Plainwright' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows the settings page to a signed-in member inside the dashboard layout', async () => {
    signedInMember();
    renderApp('/auth/settings');
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('returns a person to the page they asked for after signing in', async () => {
    const person = seedUser({ email: 'grace@example.com' });
    seedOrganization('Acme', [{ user: person }]);
    const { user, router } = renderApp('/modules');
    await user.click(await screen.findByRole('link', { name: 'Sign in with email' }));
    await user.type(await screen.findByLabelText('Email'), 'grace@example.com');
    await user.type(screen.getByLabelText('Password'), person.password);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/modules'));
  });
});

describe('redirects', () => {
  beforeEach(() => {
    signedInMember();
  });

  it.each([
    ['/', '/dashboard', ''],
    ['/common', '/common/styles', ''],
    ['/test/abc123', '/test-cases/details/abc123', ''],
    ['/0123456789abcdef01234567', '/test-cases/details/0123456789abcdef01234567', ''],
    [
      '/collections/suite-1/col-9?created_at=2026-01-02T03%3A04%3A05Z',
      '/test-cases/collection/col-9',
      '?created_at=2026-01-02T03%3A04%3A05Z',
    ],
  ])('redirects %s to %s', async (from, pathname, search) => {
    const { router } = renderApp(from);
    await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
    expect(router.state.location.search).toBe(search);
  });
});

describe('not-found page', () => {
  it('shows the 404 page in the default layout for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('404')).toBeInTheDocument();
    expect(screen.getByText(/moved, deleted, or the URL may have been mistyped/)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('treats a single segment that is not a test id as an unknown page', async () => {
    renderApp('/definitely-not-a-test');
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
  });

  it('hides Back when there is no history and goes home with Go home', async () => {
    signedInMember();
    const { user, router } = renderApp('/no/such/page');
    await screen.findByRole('heading', { name: 'Page Not Found' });
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows Back when there is history and goes one step back', async () => {
    signedInMember();
    const { user, router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: HEADLINE });
    await act(() => router.navigate('/no/such/page'));
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
