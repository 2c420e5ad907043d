import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedUser } from '../../../testing/msw/db';
import { AuthCard } from './AuthCard';
import { LoginForm } from './LoginForm';
import { SocialSignInButtons } from './SocialSignInButtons';

// Sign in as ada@example.com / correct-horse; any other password shows the invalid-credentials text.
const meta: Meta<typeof LoginForm> = {
  title: 'Auth/LoginForm',
  component: LoginForm,
  parameters: { app: { seed: () => seedUser({ email: 'ada@example.com' }) } },
  render: () => (
    <AuthCard title="Sign in">
      <LoginForm />
      <SocialSignInButtons />
    </AuthCard>
  ),
};
export default meta;

export const Default: StoryObj<typeof LoginForm> = {};
