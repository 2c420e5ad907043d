import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedShare } from '../../../testing/msw/sharing';
import { seedShopSuite } from '../../../testing/testCases';
import { ShareDialog } from './ShareDialog';
import { permissionsOf } from '../../../app/hooks';

let testCaseId = '';

const meta: Meta<typeof ShareDialog> = {
  title: 'Sharing/ShareDialog',
  component: ShareDialog,
  render: () => (
    <Box sx={{ p: 3 }}>
      <ShareDialog
        open
        testCaseId={testCaseId}
        testName="Pay by card"
        permissions={permissionsOf({ role: 'admin', expert: false })}
        onClose={() => undefined}
      />
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof ShareDialog>;

/** Not shared yet: a link name suggested from the test's name. */
export const NotShared: Story = {
  parameters: { app: { seed: () => void (testCaseId = seedShopSuite().tests[0]._id) } },
};

/** Shared publicly: the link and the README badge to copy, and Stop sharing. */
export const SharedPublicly: Story = {
  parameters: {
    app: {
      seed: () => {
        const test = seedShopSuite().tests[0];
        testCaseId = test._id;
        seedShare(test, { slug: 'pay-by-card', visibility: 'public' });
      },
    },
  },
};

export const SharedPrivately: Story = {
  parameters: {
    app: {
      seed: () => {
        const test = seedShopSuite().tests[0];
        testCaseId = test._id;
        seedShare(test, { slug: 'pay-by-card', visibility: 'private' });
      },
    },
  },
};
