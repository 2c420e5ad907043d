import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedSharedParameter } from '../../../testing/msw/db';
import { seedShopSuite } from '../../../testing/testCases';
import { SecretsPage } from './SecretsPage';
import { permissionsOf } from '../../../app/hooks';

let suiteId = '';

const meta: Meta<typeof SecretsPage> = {
  title: 'Secrets/SecretsPage',
  component: SecretsPage,
  render: () => (
    <Box sx={{ p: 3, maxWidth: 1100 }}>
      <SecretsPage suiteId={suiteId} permissions={permissionsOf({ role: 'admin', expert: false })} />
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof SecretsPage>;

export const WithSecrets: Story = {
  parameters: {
    app: {
      seed: () => {
        const { suite, tests } = seedShopSuite();
        suiteId = suite.test_suite_id;
        const password = seedSharedParameter(suiteId, 'SHOP_PASSWORD', 'hunter2');
        seedSharedParameter(suiteId, 'API_TOKEN', 'tok-123');
        tests[0].shared_parameter_ids = [password._id];
        tests[1].shared_parameter_ids = [password._id];
      },
    },
  },
};
export const Empty: Story = {
  parameters: { app: { seed: () => void (suiteId = seedShopSuite().suite.test_suite_id) } },
};
/** The list cannot be read (here: a project the person is not in). */
export const FetchFailed: Story = {
  parameters: {
    app: {
      seed: () => {
        seedShopSuite();
        suiteId = 'no-such-suite';
      },
    },
  },
};
