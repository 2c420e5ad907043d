import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { addMembership, seedUser } from '../../../testing/msw/db';
import { signInAsMemberOf } from '../../../testing/session';
import { TeamCard } from './TeamCard';

let organizationId = '';
let currentUserId = '';

function seedTeam() {
  const { person, organization } = signInAsMemberOf('Acme');
  organizationId = organization.org_id;
  currentUserId = person.id;
  addMembership(organization.org_id, seedUser({ email: 'grace@example.com' }), 'member');
  addMembership(organization.org_id, { id: 'invited-1', email: 'linus@example.com' }, 'member', 'invited');
}

const meta: Meta<typeof TeamCard> = {
  title: 'Settings/TeamCard',
  component: TeamCard,
  parameters: { app: { seed: seedTeam } },
  render: (args) => (
    <Box sx={{ p: 3, maxWidth: 800 }}>
      <TeamCard {...args} organizationId={organizationId} currentUserId={currentUserId} />
    </Box>
  ),
  args: { canManage: true },
};
export default meta;

type Story = StoryObj<typeof TeamCard>;

export const Admin: Story = {};
export const Member: Story = { args: { canManage: false } };
