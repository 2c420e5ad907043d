import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { GenerationProgress } from './GenerationProgress';

const meta: Meta<typeof GenerationProgress> = {
  title: 'Generation/GenerationProgress',
  component: GenerationProgress,
  decorators: [(Story) => <Box sx={{ p: 3, maxWidth: 800 }}>{Story()}</Box>],
  args: {
    instructions: '<p>Add a todo called "Buy milk". Mark it done. Verify "Buy milk" is crossed out.</p>',
    planLength: null,
    stepsDone: 2,
    state: 'running',
    monitoring: 'open',
  },
};
export default meta;

type Story = StoryObj<typeof GenerationProgress>;

export const Running: Story = {};
export const RunningWithPlan: Story = { args: { planLength: 6 } };
export const Queued: Story = { args: { state: 'pending', stepsDone: 0, monitoring: 'connecting' } };
export const StartingABrowser: Story = { args: { state: 'waiting_for_executor', stepsDone: 0 } };
export const Reconnecting: Story = { args: { monitoring: 'reconnecting' } };
export const Polling: Story = { args: { monitoring: 'polling', stepsDone: 3 } };
