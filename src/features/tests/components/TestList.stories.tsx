import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedSuite } from '../../../testing/msw/db';
import { signInAsMemberOf } from '../../../testing/session';
import { seedShopSuite } from '../../../testing/testCases';
import { TestList } from './TestList';
import { permissionsOf } from '../../../app/hooks';

let suiteId = '';

const meta: Meta<typeof TestList> = {
  title: 'Tests/TestList',
  component: TestList,
  render: () => (
    <Box sx={{ p: 3 }}>
      <TestList suiteId={suiteId} permissions={permissionsOf({ role: 'admin', expert: false })} />
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof TestList>;

export const WithFolders: Story = {
  parameters: { app: { seed: () => void (suiteId = seedShopSuite().suite.test_suite_id) } },
};
export const TenThousandTests: Story = {
  parameters: { app: { seed: () => void (suiteId = seedShopSuite('large').suite.test_suite_id) } },
};
export const Empty: Story = {
  parameters: {
    app: {
      seed: () => {
        const { organization } = signInAsMemberOf('Acme');
        suiteId = seedSuite(organization.org_id, 'Empty').test_suite_id;
      },
    },
  },
};
