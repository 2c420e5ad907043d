import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { RunStatus } from '../../../../contract/runs';
import { buildFailedRun, buildRun, seedRun } from '../../../testing/msw/runs';
import { seedShopSuite } from '../../../testing/testCases';
import { HealButton } from './HealButton';

let run = { id: '', testCaseId: '', status: 'failed' as RunStatus };

const meta: Meta<typeof HealButton> = {
  title: 'Healing/HealButton',
  component: HealButton,
  render: () => (
    <Box sx={{ p: 3 }}>
      <HealButton runId={run.id} testCaseId={run.testCaseId} runStatus={run.status} />
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof HealButton>;

/** A failed run: Heal starts a healing, then shows its progress. */
export const FailedRun: Story = {
  parameters: {
    app: {
      seed: () => {
        const test = seedShopSuite().tests[0];
        const failed = seedRun(test, buildFailedRun(test, 2, 'The "Pay" button was not found'));
        run = { id: failed._id, testCaseId: test._id, status: failed.status };
      },
    },
  },
};

/** A run that passed: disabled, with a tooltip saying why. */
export const PassedRun: Story = {
  parameters: {
    app: {
      seed: () => {
        const test = seedShopSuite().tests[0];
        const passed = seedRun(test, buildRun(test));
        run = { id: passed._id, testCaseId: test._id, status: passed.status };
      },
    },
  },
};
