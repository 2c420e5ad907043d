import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedSuite } from '../../testing/msw/db';
import { signInAsMemberOf } from '../../testing/session';
import { DashboardLayout } from './DashboardLayout';

function seedWorkspace() {
  const { organization } = signInAsMemberOf('Acme');
  seedSuite(organization.org_id, 'Checkout');
  seedSuite(organization.org_id, 'Search');
}

// The whole app behind the guards, signed in as ada@example.com, admin of Acme.
const meta: Meta<typeof DashboardLayout> = {
  title: 'Shell/DashboardLayout',
  component: DashboardLayout,
  parameters: { app: { fullApp: true, seed: seedWorkspace } },
};
export default meta;

type Story = StoryObj<typeof DashboardLayout>;

export const Dashboard: Story = {
  parameters: { app: { fullApp: true, seed: seedWorkspace, route: '/dashboard' } },
};
export const Settings: Story = {
  parameters: { app: { fullApp: true, seed: seedWorkspace, route: '/auth/settings' } },
};
export const ProjectSettings: Story = {
  parameters: { app: { fullApp: true, seed: seedWorkspace, route: '/auth/settings/projects' } },
};
export const DesignSystem: Story = {
  parameters: { app: { fullApp: true, seed: seedWorkspace, route: '/common/styles' } },
};
