import Stack from '@mui/material/Stack';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { StatusChip } from './StatusChip';

const meta: Meta<typeof StatusChip> = {
  title: 'Tests/StatusChip',
  component: StatusChip,
  args: { state: 'passed', latestRunStatus: null },
};
export default meta;

type Story = StoryObj<typeof StatusChip>;

export const Passed: Story = {};
export const RunFailedAfterGeneration: Story = { args: { state: 'completed', latestRunStatus: 'failed' } };
export const AllStatuses: Story = {
  render: () => (
    <Stack direction="row" spacing={1} sx={{ p: 3 }}>
      <StatusChip state="created" latestRunStatus={null} />
      <StatusChip state="running" latestRunStatus={null} />
      <StatusChip state="passed" latestRunStatus={null} />
      <StatusChip state="failed" latestRunStatus={null} />
      <StatusChip state="executor_not_available" latestRunStatus={null} />
      <StatusChip state="unknown" latestRunStatus={null} />
    </Stack>
  ),
};
