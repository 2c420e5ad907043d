import { screen, waitFor } from '@testing-library/react';
import { addMembership, seedOrganization, seedUser } from '../../../testing/msw/db';
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
});
