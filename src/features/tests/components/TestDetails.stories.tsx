import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { deniedMessage } from '../../../../contract/permissions';
import { signInAsMemberOf } from '../../../testing/session';
import { seedShopSuite } from '../../../testing/testCases';
import { TestDetails } from './TestDetails';

let testId = '';

const meta: Meta<typeof TestDetails> = {
  title: 'Tests/TestDetails',
  component: TestDetails,
  render: (args) => (
    <Box sx={{ p: 3, maxWidth: 1100 }}>
      <TestDetails id={testId} locked={args.locked} />
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof TestDetails>;

export const InAFolder: Story = {
  parameters: { app: { seed: () => void (testId = seedShopSuite().tests[0]._id) } },
};
/** A viewer's page (issue 27): read-only, every editing control off with the reason. */
export const ReadOnlyForAViewer: Story = {
  args: { locked: deniedMessage('writeTests', 'viewer') },
  parameters: { app: { seed: () => void (testId = seedShopSuite().tests[0]._id) } },
};
/** Instructions typed before a reload come back as a draft, with a note and a Discard button. */
export const DraftRestored: Story = {
  parameters: {
    app: {
      seed: () => {
        const test = seedShopSuite().tests[0];
        testId = test._id;
        window.localStorage.setItem(
          `plainwright:instructions-draft:${test.org_id}:${test._id}`,
          JSON.stringify({
            text: '<p>Add two mugs, then pay by card.</p>',
            savedAt: '2026-02-01T09:30:00.000Z',
          }),
        );
      },
    },
  },
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
