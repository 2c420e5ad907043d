import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { CollectionRun, CollectionRunGroup, RunCounts } from '../types';
import { RunGroupList } from './RunGroupList';

const zero: RunCounts = { pending: 0, running: 0, passed: 0, failed: 0, cancelled: 0, error: 0, flaky: 0 };

function group(createdAt: string, statuses: CollectionRun['status'][]): CollectionRunGroup {
  const runs = statuses.map((status, index) => ({
    _id: `${createdAt}-${index}`,
    test_case_id: `test-${index}`,
    test_name: ['Pay by card', 'Refund an order', 'Browse the catalog'][index % 3],
    browser: 'chromium',
    status,
    execution_time_in_secs: status === 'running' || status === 'pending' ? null : 14 + index * 7,
    failing_step_index: status === 'failed' ? 2 : null,
    error_message: status === 'failed' ? 'The "Pay" button was not found' : null,
    created_at: createdAt,
    finished_at: null,
  }));
  const counts = { ...zero };
  for (const run of runs) if (run.status in counts) counts[run.status as keyof RunCounts] += 1;
  const durations = runs.flatMap((run) =>
    run.execution_time_in_secs === null ? [] : [run.execution_time_in_secs],
  );
  return {
    created_at: createdAt,
    trigger: 'manual',
    counts,
    total: runs.length,
    longest_duration_in_secs: durations.length ? Math.max(...durations) : null,
    runs,
  };
}

const meta: Meta<typeof RunGroupList> = {
  title: 'Collections/RunGroupList',
  component: RunGroupList,
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, maxWidth: 960 }}>
        <Story />
      </Box>
    ),
  ],
  args: {
    onCancel: () => undefined,
    onOpenRun: () => undefined,
    groups: [
      group('2026-01-03T09:00:00.000Z', ['running', 'pending', 'passed']),
      group('2026-01-02T09:00:00.000Z', ['passed', 'failed', 'flaky']),
      group('2026-01-01T09:00:00.000Z', ['passed', 'passed', 'cancelled']),
    ],
  },
};
export default meta;

type Story = StoryObj<typeof RunGroupList>;

export const Groups: Story = {};
export const LinkedGroupOpen: Story = { args: { initiallyExpanded: '2026-01-02T09:00:00.000Z' } };
