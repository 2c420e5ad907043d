import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import {
  buildBugReport,
  buildHealing,
  keptStep,
  notRunStep,
  retargetedStep,
  seedHealing,
} from '../../../testing/msw/healing';
import { buildFailedRun, seedRun } from '../../../testing/msw/runs';
import { seedShopSuite } from '../../../testing/testCases';
import type { TestHealing } from '../types';
import { HealingPanel } from './HealingPanel';

let testCaseId = '';

/** A failed run of "Pay by card" and one healing of it. */
function seedHealingOf(healing: (...args: Parameters<typeof buildHealing>) => TestHealing) {
  return () => {
    const test = seedShopSuite().tests[0];
    testCaseId = test._id;
    const run = seedRun(test, buildFailedRun(test, 4, 'The "Email" field was not found'));
    seedHealing(test, healing(test, run));
  };
}

const meta: Meta<typeof HealingPanel> = {
  title: 'Healing/HealingPanel',
  component: HealingPanel,
  render: () => (
    <Box sx={{ p: 3, maxWidth: 1100 }}>
      <HealingPanel testCaseId={testCaseId} aspectRatio={1280 / 720} />
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof HealingPanel>;

/** A proposal: one re-targeted step side by side, the rest collapsed, every check kept; Accept / Reject. */
export const Proposal: Story = {
  parameters: { app: { seed: seedHealingOf((test, run) => buildHealing(test, run)) } },
};

/** A check failed on the page's content: a bug report, nothing to accept. */
export const UnchangedBugReport: Story = {
  parameters: { app: { seed: seedHealingOf((test, run) => buildBugReport(test, run)) } },
};

/** Healing: live progress, five of eight steps replayed, one re-targeted (the story's healing stays running). */
export const InProgress: Story = {
  parameters: {
    app: {
      seed: seedHealingOf((test, run) =>
        buildHealing(test, run, {
          status: 'running',
          message: null,
          steps: [
            ...[0, 1, 2, 3].map((index) => keptStep(index)),
            retargetedStep(4),
            ...[5, 6, 7].map((index) => notRunStep(index)),
          ],
        }),
      ),
    },
  },
};

/** The test passed again on a retry with no change: nothing proposed. */
export const Flaky: Story = {
  parameters: {
    app: {
      seed: seedHealingOf((test, run) =>
        buildHealing(test, run, {
          status: 'flaky',
          message: 'The test passed again on a retry with no change: nothing to heal.',
        }),
      ),
    },
  },
};
