import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { buildStep, seedTodoTest } from '../../../testing/generation';
import { toTestCase, type TestCase } from '../../tests/api';
import { StepsPanel } from './StepsPanel';

// Seeded in the story's loader (the in-memory API answers the screenshots and traces it asks for).
let test: TestCase | null = null;
const seed =
  (...args: Parameters<typeof seedTodoTest>) =>
  () => {
    test = toTestCase(seedTodoTest(...args).test);
  };

const meta: Meta<typeof StepsPanel> = {
  title: 'Generation/StepsPanel',
  component: StepsPanel,
  render: (args) => (
    <Box sx={{ p: 3, maxWidth: 1100 }}>{test && <StepsPanel test={test} generating={args.generating} />}</Box>
  ),
  args: { generating: false },
};
export default meta;

type Story = StoryObj<typeof StepsPanel>;

/** Open a step: planner, coder with its code, verifier, failed attempts, screenshots (click the page before the step), trace. */
export const Generated: Story = { parameters: { app: { seed: seed('passed') } } };
export const WhileGenerating: Story = {
  args: { generating: true },
  parameters: { app: { seed: seed('running') } },
};
export const FailedStep: Story = {
  parameters: {
    app: {
      seed: seed('failed', [
        buildStep(0, { step_description: 'Open https://todo.example/' }),
        buildStep(1, {
          step_description: 'Click "Save"',
          execution_succeded: false,
          verification: { passed: false, message: 'No button is named "Save"' },
          unsuccessful_code_attempts: [
            {
              attempted_code: "await page.getByRole('button', { name: 'Save' }).click();",
              language: 'typescript',
              execution_succeeded: false,
              user_visible_error: { message: 'No button is named "Save"', error_type: 'element_not_found' },
              action: null,
            },
          ],
        }),
      ]),
    },
  },
};
export const NoStepsYet: Story = { parameters: { app: { seed: seed('created', []) } } };
