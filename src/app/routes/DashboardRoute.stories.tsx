import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { sampleDashboard, seedDashboard } from '../../testing/msw/dashboard';
import { seedSuite } from '../../testing/msw/db';
import { signInAsMemberOf } from '../../testing/session';
import { DashboardRoute } from './DashboardRoute';

const meta: Meta<typeof DashboardRoute> = { title: 'Routes/DashboardRoute', component: DashboardRoute };
export default meta;

type Story = StoryObj<typeof DashboardRoute>;

export const BusySuite: Story = {
  parameters: {
    app: {
      fullApp: true,
      route: '/dashboard',
      seed: () => {
        const { organization } = signInAsMemberOf();
        const suite = seedSuite(organization.org_id, 'Shop');
        seedDashboard(suite.test_suite_id, sampleDashboard());
      },
    },
  },
};

export const NewSuite: Story = {
  parameters: {
    app: {
      fullApp: true,
      route: '/dashboard',
      seed: () => {
        const { organization } = signInAsMemberOf();
        seedSuite(organization.org_id, 'Shop');
      },
    },
  },
};

export const NoSuiteYet: Story = {
  parameters: { app: { fullApp: true, route: '/dashboard', seed: () => signInAsMemberOf() } },
};
