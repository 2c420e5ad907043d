import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ErrorState } from './ErrorState';

const meta: Meta<typeof ErrorState> = {
  title: 'Shared/ErrorState',
  component: ErrorState,
  parameters: { layout: 'padded' },
  args: { message: 'Failed to load team members', onRetry: () => undefined },
};
export default meta;

type Story = StoryObj<typeof ErrorState>;

export const WithRetry: Story = {};
export const Retrying: Story = { args: { retrying: true } };
export const WithoutRetry: Story = { args: { onRetry: undefined } };
