import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { signInAsMemberOf } from '../../../testing/session';
import { StepScreenshot } from './StepScreenshot';

// Screenshots come from the in-memory API (drawn as SVG), so a signed-in session is seeded.
const meta: Meta<typeof StepScreenshot> = {
  title: 'Generation/StepScreenshot',
  component: StepScreenshot,
  decorators: [(Story) => <Box sx={{ p: 3, maxWidth: 720 }}>{Story()}</Box>],
  parameters: { app: { seed: () => void signInAsMemberOf('Acme') } },
  args: {
    stepNumber: 2,
    beforeId: 'shot-1',
    afterId: 'shot-2',
    viewport: { width: 1280, height: 720 },
    canPick: true,
    onPick: async () => true,
  },
};
export default meta;

type Story = StoryObj<typeof StepScreenshot>;

/** Switch to 'Before the step' and click where the step should have acted. */
export const BeforeAndAfter: Story = {};
export const FirstStep: Story = { args: { stepNumber: 1, beforeId: null, canPick: false } };
export const WhileGenerating: Story = { args: { canPick: false } };
export const NoScreenshot: Story = { args: { beforeId: null, afterId: null } };
