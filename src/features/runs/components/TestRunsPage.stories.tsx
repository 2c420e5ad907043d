import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedTodoTest } from '../../../testing/generation';
import { buildFailedRun, buildRun, buildRunStep, seedRun, seedRuns } from '../../../testing/msw/runs';
import { TestRunsPage } from './TestRunsPage';

let testId = '';
const minute = (n: number) => new Date(Date.UTC(2026, 0, 2, 10, n)).toISOString();

const meta: Meta<typeof TestRunsPage> = {
  title: 'Runs/TestRunsPage',
  component: TestRunsPage,
  render: () => (
    <Box sx={{ p: 3, maxWidth: 1280 }}>
      <TestRunsPage testId={testId} />
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof TestRunsPage>;

/** Passing runs, then the site changed: the newest run failed at step 2. */
export const AfterTheSiteChanged: Story = {
  parameters: {
    app: {
      seed: () => {
        const { test } = seedTodoTest('passed', undefined, { parameters: { item: 'Buy milk' } });
        testId = test._id;
        seedRuns(test, 6);
        seedRun(
          test,
          buildFailedRun(
            test,
            1,
            'the "What needs to be done?" field was not found on the page within 2.5 s.',
            {
              created_at: minute(30),
            },
          ),
        );
      },
    },
  },
};

export const Running: Story = {
  parameters: {
    app: {
      seed: () => {
        const { test } = seedTodoTest('passed');
        testId = test._id;
        seedRuns(test, 2);
        seedRun(
          test,
          buildRun(test, { status: 'running', steps: [buildRunStep(0)], created_at: minute(20) }),
        );
      },
    },
  },
};

export const ManyRuns: Story = {
  parameters: {
    app: {
      seed: () => {
        const { test } = seedTodoTest('passed');
        testId = test._id;
        seedRuns(test, 45);
      },
    },
  },
};

export const NoRunsYet: Story = {
  parameters: { app: { seed: () => void (testId = seedTodoTest('passed').test._id) } },
};
