import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedTodoTest } from '../../../testing/generation';
import { toTestCase, type TestCase } from '../../tests/api';
import { StepsOutOfDate } from './StepsOutOfDate';

// Seeded in the story's loader (the in-memory API answers Regenerate).
let test: TestCase | null = null;

const meta: Meta<typeof StepsOutOfDate> = {
  title: 'Generation/StepsOutOfDate',
  component: StepsOutOfDate,
  render: () => <Box sx={{ p: 3, maxWidth: 900 }}>{test && <StepsOutOfDate test={test} />}</Box>,
};
export default meta;

type Story = StoryObj<typeof StepsOutOfDate>;

/** The instructions changed after the steps were generated. */
export const InstructionsChanged: Story = {
  parameters: {
    app: {
      seed: () => {
        test = toTestCase(seedTodoTest('passed', undefined, { steps_out_of_date: true }).test);
      },
    },
  },
};
