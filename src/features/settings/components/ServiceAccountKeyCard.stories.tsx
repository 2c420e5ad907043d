import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { buildOrganization } from '../../../testing/factories';
import { signInAsMemberOf } from '../../../testing/session';
import { ServiceAccountKeyCard } from './ServiceAccountKeyCard';

const meta: Meta<typeof ServiceAccountKeyCard> = {
  title: 'Settings/ServiceAccountKeyCard',
  component: ServiceAccountKeyCard,
  parameters: { app: { seed: () => signInAsMemberOf('Acme') } },
  render: (args) => (
    <Box sx={{ p: 3, maxWidth: 800 }}>
      <ServiceAccountKeyCard {...args} />
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof ServiceAccountKeyCard>;

export const Admin: Story = { args: { organization: buildOrganization({ id: 'org-2' }) } };
export const Member: Story = {
  args: { organization: buildOrganization({ serviceAccountKey: null, role: 'member' }) },
};
