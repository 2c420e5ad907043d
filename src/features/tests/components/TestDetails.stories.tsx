import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { signInAsMemberOf } from '../../../testing/session';
import { seedShopSuite } from '../../../testing/testCases';
import { TestDetails } from './TestDetails';

let testId = '';

const meta: Meta<typeof TestDetails> = {
  title: 'Tests/TestDetails',
  component: TestDetails,
  render: () => (
    <Box sx={{ p: 3, maxWidth: 1100 }}>
      <TestDetails id={testId} />
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof TestDetails>;

export const InAFolder: Story = {
  parameters: { app: { seed: () => void (testId = seedShopSuite().tests[0]._id) } },
};
export const NotFound: Story = {
  parameters: {
    app: {
      seed: () => {
        signInAsMemberOf('Acme');
        testId = 'no-such-test';
      },
    },
  },
};
