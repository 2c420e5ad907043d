import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useGetTestCaseQuery } from '../../tests/api';
import { seedTodoTest } from '../../../testing/generation';
import { buildFailedRun, seedRun, seedRuns } from '../../../testing/msw/runs';
import { RunPanel } from './RunPanel';

let testId = '';

function Panel() {
  const { data: test } = useGetTestCaseQuery(testId);
  return test ? <RunPanel test={test} /> : null;
}

const meta: Meta<typeof RunPanel> = {
  title: 'Runs/RunPanel',
  component: RunPanel,
  render: () => (
    <Box sx={{ p: 3, maxWidth: 900 }}>
      <Panel />
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof RunPanel>;

export const LatestRunFailed: Story = {
  parameters: {
    app: {
      seed: () => {
        const { test } = seedTodoTest('passed');
        testId = test._id;
        seedRuns(test, 3);
        seedRun(
          test,
          buildFailedRun(
            test,
            3,
            'Expected the page to show "Buy milk" within 2.5 s, but it was not visible.',
            {
              created_at: new Date(Date.UTC(2026, 0, 2, 11)).toISOString(),
            },
          ),
        );
      },
    },
  },
};

export const NeverRun: Story = {
  parameters: { app: { seed: () => void (testId = seedTodoTest('passed').test._id) } },
};

export const StillGenerating: Story = {
  parameters: { app: { seed: () => void (testId = seedTodoTest('running').test._id) } },
};
