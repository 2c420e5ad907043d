import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { runHistory } from '../chartData';
import type { TestRun } from '../types';
import { LazyRunHistoryChart } from './LazyRunHistoryChart';

const runs = Array.from(
  { length: 16 },
  (_, i) =>
    ({
      _id: `run-${i}`,
      created_at: new Date(Date.UTC(2026, 0, 2, 10, 60 - i)).toISOString(),
      status: i % 5 === 2 ? 'failed' : i === 7 ? 'cancelled' : 'passed',
      execution_time_in_secs: 2 + ((i * 7) % 5) / 2,
    }) as TestRun,
);

// Four runs started within one minute: still four bars.
const sameMinute = ['passed', 'failed', 'passed', 'error'].map(
  (status, i) =>
    ({
      _id: `burst-${i}`,
      created_at: new Date(Date.UTC(2026, 0, 2, 10, 5, 50 - i * 10)).toISOString(),
      status,
      execution_time_in_secs: 3 + i,
    }) as TestRun,
);

const meta: Meta<{ runs: TestRun[] }> = {
  title: 'Runs/RunHistoryChart',
  args: { runs },
  render: (args) => (
    <Box sx={{ p: 3, maxWidth: 900 }}>
      <LazyRunHistoryChart history={runHistory(args.runs)} />
    </Box>
  ),
};
export default meta;

export const LastRuns: StoryObj<{ runs: TestRun[] }> = {};

export const SameMinute: StoryObj<{ runs: TestRun[] }> = { args: { runs: sameMinute } };
