import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedUser } from '../../../testing/msw/db';
import { signInAs } from '../../../testing/session';
import { AuthStartRoute } from './AuthStartRoute';

// The /auth screens as a signed-out (or organization-less) person meets them.
const meta: Meta<typeof AuthStartRoute> = {
  title: 'Screens/Auth',
  component: AuthStartRoute,
  parameters: { app: { fullApp: true, route: '/auth' } },
};
export default meta;

type Story = StoryObj<typeof AuthStartRoute>;

export const Start: Story = {};
export const Login: Story = { parameters: { app: { fullApp: true, route: '/auth/login' } } };
export const Register: Story = { parameters: { app: { fullApp: true, route: '/auth/register' } } };
export const ForgotPassword: Story = {
  parameters: { app: { fullApp: true, route: '/auth/forgot-password' } },
};
export const NoOrganization: Story = {
  parameters: {
    app: { fullApp: true, route: '/dashboard', seed: () => signInAs(seedUser({ email: 'ada@example.com' })) },
  },
};
