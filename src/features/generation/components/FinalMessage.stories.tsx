import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { FinalMessage } from './FinalMessage';

const meta: Meta<typeof FinalMessage> = {
  title: 'Generation/FinalMessage',
  component: FinalMessage,
  decorators: [(Story) => <Box sx={{ p: 3, maxWidth: 800 }}>{Story()}</Box>],
};
export default meta;

type Story = StoryObj<typeof FinalMessage>;

export const Failed: Story = {
  args: { state: 'failed', message: 'Step 3 failed: no element is labelled "Save".' },
};
export const NotRunnable: Story = {
  args: { state: 'not_runnable', message: 'Step 2 was not understood: "Frobnicate the cart".' },
};
export const Error: Story = {
  args: { state: 'error', message: 'The worker stopped; no retries were left.' },
};
export const Cancelled: Story = {
  args: {
    state: 'cancelled',
    message: 'Generation cancelled. The steps of the previous generation were restored.',
  },
};
export const Completed: Story = {
  args: { state: 'completed', message: 'Marked as completed with 3 steps.' },
};
