import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { ORGANIZATION_MESSAGES } from '../../../../contract/organizations';
import { apiError } from '../../../testing/msw/api';
import { addMembership, db, seedUser } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { TeamCard } from './TeamCard';

function renderTeam({ canManage = true } = {}) {
  const { person, organization } = signInAsMemberOf();
  const view = renderWithStore(
    <TeamCard organizationId={organization.org_id} currentUserId={person.id} canManage={canManage} />,
  );
  return { ...view, person, organization };
}

async function invite(email: string) {
  const view = renderTeam();
  await screen.findByRole('list', { name: 'Team members' });
  if (email) await view.user.type(screen.getByLabelText('Invite by email'), email);
  await view.user.click(screen.getByRole('button', { name: 'Invite' }));
  return view;
}

describe('TeamCard', () => {
  it("lists the members and labels the signed-in person 'You'", async () => {
    const { organization } = renderTeam();
    addMembership(organization.org_id, seedUser({ email: 'grace@example.com' }), 'member');
    const list = await screen.findByRole('list', { name: 'Team members' });
    const you = within(list).getByText('ada@example.com').closest('li') as HTMLElement;
    expect(within(you).getByText('You')).toBeInTheDocument();
    expect(within(you).getByText('Admin')).toBeInTheDocument();
  });

  it('invites a person by e-mail and shows them as invited', async () => {
    await invite('new.person@example.com');
    expect(await screen.findByText('Invitation sent to new.person@example.com')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Team members' });
    const row = (await within(list).findByText('new.person@example.com')).closest('li') as HTMLElement;
    expect(within(row).getByText('Invited')).toBeInTheDocument();
    expect(within(row).getByText('User')).toBeInTheDocument();
    expect(screen.getByLabelText('Invite by email')).toHaveValue('');
  });

  it('asks for an e-mail before inviting', async () => {
    await invite('');
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
  });

  it('rejects an address that is not an e-mail', async () => {
    await invite('not-an-email');
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('says when the person is already part of the organization', async () => {
    await invite('ada@example.com');
    expect(await screen.findAllByText('This user is already part of your organization')).toHaveLength(2);
  });

  it('shows the generic failure text when the server fails', async () => {
    server.use(http.post('/api/organizations/:id/add-user/:email', () => apiError(500, 'internal', 'boom')));
    await invite('grace@example.com');
    expect(await screen.findByText('Failed to invite user. Please try again.')).toBeInTheDocument();
  });

  it('removes a member after confirmation', async () => {
    const { organization, user } = renderTeam();
    addMembership(organization.org_id, seedUser({ email: 'grace@example.com' }), 'member');
    await user.click(await screen.findByRole('button', { name: 'Remove grace@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove team member?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(
      await screen.findByText('grace@example.com was removed from the organization'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Team members' })).queryByText('grace@example.com'),
      ).not.toBeInTheDocument(),
    );
    expect(db.memberships.some(({ email }) => email === 'grace@example.com')).toBe(false);
  });

  it('keeps the member when removal is cancelled', async () => {
    const { organization, user } = renderTeam();
    addMembership(organization.org_id, seedUser({ email: 'grace@example.com' }), 'member');
    await user.click(await screen.findByRole('button', { name: 'Remove grace@example.com' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(db.memberships.some(({ email }) => email === 'grace@example.com')).toBe(true);
  });

  it('says when removing fails', async () => {
    server.use(
      http.put('/api/organizations/:id/remove-user/:userId', () => apiError(500, 'internal', 'boom')),
    );
    const { organization, user } = renderTeam();
    addMembership(organization.org_id, seedUser({ email: 'grace@example.com' }), 'member');
    await user.click(await screen.findByRole('button', { name: 'Remove grace@example.com' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Failed to remove user')).toBeInTheDocument();
  });

  it('offers no removal of yourself', async () => {
    renderTeam();
    await screen.findByRole('list', { name: 'Team members' });
    expect(screen.queryByRole('button', { name: 'Remove ada@example.com' })).not.toBeInTheDocument();
  });

  it('shows an empty state when the organization has nobody listed', async () => {
    server.use(http.get('/api/organizations/:id/users', () => Response.json([])));
    renderTeam();
    expect(await screen.findByText('No team members yet')).toBeInTheDocument();
  });

  it('shows an error with a retry that recovers', async () => {
    let failing = true;
    server.use(
      http.get('/api/organizations/:id/users', () =>
        failing ? apiError(500, 'internal', 'boom') : undefined,
      ),
    );
    const { user } = renderTeam();
    // Inline next to the retry, SPEC §8's 'Failed to <action>: <reason>'; the toast says the team's.
    expect(
      await screen.findByText('Failed to fetch organization users: Server error - Please try again later'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Failed to load team members')).toHaveLength(1));
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('list', { name: 'Team members' })).toBeInTheDocument();
  });

  it("lets an admin change a member's role and expert right; a viewer holds no expert right", async () => {
    const { organization, user } = renderTeam();
    addMembership(organization.org_id, seedUser({ email: 'grace@example.com' }), 'member');
    const row = async () =>
      (
        await within(await screen.findByRole('list', { name: 'Team members' })).findByText(
          'grace@example.com',
        )
      ).closest('li') as HTMLElement;
    await user.click(
      within(await row()).getByRole('checkbox', { name: 'Expert right of grace@example.com' }),
    );
    expect(await screen.findByText('The rights of grace@example.com were changed')).toBeInTheDocument();
    await waitFor(() =>
      expect(db.memberships.find(({ email }) => email === 'grace@example.com')?.expert).toBe(true),
    );

    await user.click(within(await row()).getByRole('combobox'));
    await user.click(await screen.findByRole('option', { name: 'Viewer' }));
    await waitFor(() =>
      expect(db.memberships.find(({ email }) => email === 'grace@example.com')).toMatchObject({
        role: 'viewer',
        expert: false,
      }),
    );
    await waitFor(async () =>
      expect(
        within(await row()).getByRole('checkbox', { name: 'Expert right of grace@example.com' }),
      ).toBeDisabled(),
    );
  });

  it("keeps the only admin's role, saying why", async () => {
    const { user } = renderTeam();
    const list = await screen.findByRole('list', { name: 'Team members' });
    const you = within(list).getByText('ada@example.com').closest('li') as HTMLElement;
    const role = within(you).getByRole('combobox');
    expect(role).toHaveAttribute('aria-disabled', 'true');
    await user.hover(role.closest('span') as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(ORGANIZATION_MESSAGES.lastAdmin);
  });

  it('hides invite and remove from members who are not admins', async () => {
    renderTeam({ canManage: false });
    await screen.findByRole('list', { name: 'Team members' });
    expect(screen.queryByLabelText('Invite by email')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
  });
});
