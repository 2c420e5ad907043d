import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedUser } from '../../../testing/msw/db';
import { AuthCard } from './AuthCard';
import { RegisterForm } from './RegisterForm';

// ada@example.com is taken, so registering with it shows the e-mail-exists text.
const meta: Meta<typeof RegisterForm> = {
  title: 'Auth/RegisterForm',
  component: RegisterForm,
  parameters: { app: { seed: () => seedUser({ email: 'ada@example.com' }) } },
  render: () => (
    <AuthCard title="Create your account">
      <RegisterForm />
    </AuthCard>
  ),
};
export default meta;

export const Default: StoryObj<typeof RegisterForm> = {};
