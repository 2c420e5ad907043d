import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedTodoTest, todoSteps } from '../../../testing/generation';
import { toTestCase, type TestCase } from '../../tests/api';
import { toGenerationStep } from '../types';
import { BrowserView } from './BrowserView';

// Seeded in the story's loader (the in-memory API answers the screenshots it asks for).
let test: TestCase | null = null;
const seed = () => {
  const steps = todoSteps();
  steps[1].action = { kind: 'fill', box: { x: 320, y: 180, width: 640, height: 72 } };
  test = toTestCase(seedTodoTest('passed', steps).test);
};

const meta: Meta<typeof BrowserView> = {
  title: 'Generation/BrowserView',
  component: BrowserView,
  render: (args) => (
    <Box sx={{ p: 3, maxWidth: 720 }}>
      {test && (
        <BrowserView
          test={test}
          steps={test.testGenerationSteps.map(toGenerationStep)}
          index={args.index}
          generating={false}
          onSelect={() => undefined}
        />
      )}
    </Box>
  ),
  args: { index: 1 },
  parameters: { app: { seed } },
};
export default meta;

type Story = StoryObj<typeof BrowserView>;

/** Click the page for the lightbox; 'Before the step' shows the outlined field. */
export const SelectedStep: Story = {};
export const NothingSelected: Story = { args: { index: null } };
