import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedTodoTest } from '../../../testing/generation';
import { buildFailedRun, buildRun, buildRunStep, seedRun, type DbRun } from '../../../testing/msw/runs';
import { RunDetail } from './RunDetail';

let run: DbRun | null = null;

const meta: Meta<typeof RunDetail> = {
  title: 'Runs/RunDetail',
  component: RunDetail,
  render: () => (
    <Box sx={{ p: 3, maxWidth: 900 }}>
      {run && <RunDetail run={run} viewport={{ width: 1280, height: 720 }} />}
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof RunDetail>;

export const Failed: Story = {
  parameters: {
    app: {
      seed: () => {
        const { test } = seedTodoTest('passed');
        run = seedRun(
          test,
          buildFailedRun(
            test,
            2,
            'the "Add" button was not found on the page within 2.5 s. The page (Todo, /) shows these buttons: "Create".',
          ),
        );
      },
    },
  },
};

export const Passed: Story = {
  parameters: {
    app: {
      seed: () => {
        const { test } = seedTodoTest('passed');
        run = seedRun(
          test,
          buildRun(test, {
            settings: {
              parameter_overrides: { item: 'Buy eggs' },
              website_url_override: 'http://localhost:3000/',
            },
          }),
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
        run = seedRun(test, buildRun(test, { status: 'running', steps: [buildRunStep(0), buildRunStep(1)] }));
      },
    },
  },
};

export const Cancelled: Story = {
  parameters: {
    app: {
      seed: () => {
        const { test } = seedTodoTest('passed');
        run = seedRun(
          test,
          buildRun(test, {
            status: 'cancelled',
            steps: [buildRunStep(0)],
            error_message: 'The run was cancelled by ada@example.com.',
            artifacts: [],
            log: null,
          }),
        );
      },
    },
  },
};
