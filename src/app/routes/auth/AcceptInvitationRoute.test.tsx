import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { addMembership, db, seedOrganization, seedSuite, seedUser } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/renderWithStore';
import { signInAs } from '../../../testing/session';

function invitedTo(name: string, email: string) {
  const organization = seedOrganization(name);
  addMembership(organization.org_id, { id: 'invited-user', email }, 'member', 'invited');
  return organization;
}

describe('accepting an invitation', () => {
  it('joins the organization on purpose, makes it current and says so', async () => {
    const organization = invitedTo('Globex', 'dora@example.com');
    signInAs(seedUser({ email: 'dora@example.com' }));
    const { user, router, store } = renderApp(`/invitations/accept?token=invitation-${organization.org_id}`);

    expect(await screen.findByRole('heading', { name: 'Join an organization' })).toBeInTheDocument();
    expect(screen.getByText('dora@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));

    expect(await screen.findByText('You joined Globex')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(store.getState().organizations.currentOrganizationId).toBe(organization.org_id);
  });

  it("shows the server's sentence when the invitation was sent to someone else, and joins nothing", async () => {
    const organization = invitedTo('Globex', 'dora@example.com');
    signInAs(seedUser({ email: 'mallory@example.com' }));
    const { user, store } = renderApp(`/invitations/accept?token=invitation-${organization.org_id}`);

    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This invitation was sent to another e-mail address: sign in with that address to accept it',
    );
    expect(store.getState().organizations.currentOrganizationId).not.toBe(organization.org_id);
    expect(screen.getByRole('button', { name: 'Accept invitation' })).toBeEnabled();
  });

  it('asks a signed-out person to sign in first, and comes back to the link', async () => {
    const organization = invitedTo('Globex', 'dora@example.com');
    const { router } = renderApp(`/invitations/accept?token=invitation-${organization.org_id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/invitations/accept', search: `?token=invitation-${organization.org_id}` },
    });
  });

  it('says a link without its token is incomplete', async () => {
    signInAs(seedUser({ email: 'dora@example.com' }));
    renderApp('/invitations/accept');
    expect(
      await screen.findByText('This invitation link is incomplete: open the link from the e-mail again.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept invitation' })).not.toBeInTheDocument();
  });

  it('keeps the invitation through sign-up and confirmation, and lands the new teammate in the organization with its project', async () => {
    const organization = invitedTo('Globex', 'dora@example.com');
    seedSuite(organization.org_id, 'Checkout');
    db.autoconfirm = false;
    let redirectTo: string | null = null;
    server.use(
      http.post('/idp/auth/v1/signup', ({ request }) => {
        redirectTo = new URL(request.url).searchParams.get('redirect_to');
        return undefined;
      }),
    );
    const invitation = `/invitations/accept?token=invitation-${organization.org_id}`;

    // The link, signed out: the welcome says it is an invitation, and sign-up keeps it.
    const first = renderApp(invitation);
    expect(await screen.findByText(/You were invited to join a team on Plainwright/)).toBeInTheDocument();
    await first.user.click(screen.getByRole('link', { name: 'Create an account' }));
    await first.user.type(await screen.findByLabelText('First name'), 'Dora');
    expect(screen.getByText(/You were invited to join a team on Plainwright/)).toBeInTheDocument();
    await first.user.type(screen.getByLabelText('Last name'), 'Explorer');
    await first.user.type(screen.getByLabelText('Email'), 'dora@example.com');
    await first.user.type(screen.getByLabelText('Password'), 'backpack-and-map');
    await first.user.type(screen.getByLabelText('Confirm password'), 'backpack-and-map');
    await first.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(redirectTo).toBe(`http://localhost/auth/callback?next=${encodeURIComponent(invitation)}`);
    first.unmount();

    // The confirmation link opens the app again, signed in, at its redirect_to.
    const dora = db.users.find(({ email }) => email === 'dora@example.com')!;
    dora.confirmed = true;
    signInAs(dora);
    const confirmed = new URL(redirectTo!);
    const { user, router } = renderApp(`${confirmed.pathname}${confirmed.search}`);
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(invitation),
    );
    expect(screen.queryByText('You are not part of any organization')).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));

    expect(await screen.findByText('You joined Globex')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('button', { name: 'Project: Checkout' })).toBeInTheDocument();
  });

  it('never follows a callback to another site', async () => {
    signInAs(seedUser({ email: 'dora@example.com' }));
    const { router } = renderApp('/auth/callback?next=%2F%2Fevil.example%2Fphish');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/auth/callback'));
    expect(router.state.location.pathname).not.toContain('evil');
  });
});
