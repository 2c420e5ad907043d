import type { Meta, StoryObj } from '@storybook/react-webpack5';
import type { GenerationState } from '../../../../contract/states';
import { seedTodoTest, todoSteps } from '../../../testing/generation';
import { TestCaseDetailsRoute } from './TestCaseDetailsRoute';

// A test's whole page inside the app, with generation: the in-memory API and live socket answer it.
const ID = 'test-todo';
const page = (state: GenerationState, steps = todoSteps(), finalMessage: string | null = null) => ({
  app: {
    fullApp: true,
    route: `/test-cases/details/${ID}`,
    seed: () => void seedTodoTest(state, steps, { _id: ID, final_message: finalMessage }),
  },
});

const meta: Meta<typeof TestCaseDetailsRoute> = {
  title: 'Pages/TestCaseDetails',
  component: TestCaseDetailsRoute,
};
export default meta;

type Story = StoryObj<typeof TestCaseDetailsRoute>;

export const Generated: Story = { parameters: page('passed', todoSteps(), 'Generated 4 steps.') };
export const Generating: Story = { parameters: page('running', todoSteps().slice(0, 2)) };
export const Queued: Story = { parameters: page('pending', []) };
export const Failed: Story = {
  parameters: page('failed', todoSteps().slice(0, 3), 'Step 4 failed: the text "Buy milk" is not visible.'),
};
export const NeverGenerated: Story = { parameters: page('created', []) };
