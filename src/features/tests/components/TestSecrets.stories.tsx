import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedSharedParameter, seedTestCase, type DbTestCase } from '../../../testing/msw/db';
import { seedShopSuite } from '../../../testing/testCases';
import { toTestCase } from '../types';
import { TestSecrets } from './TestSecrets';

let dto: DbTestCase | null = null;

const meta: Meta<typeof TestSecrets> = {
  title: 'Tests/TestSecrets',
  component: TestSecrets,
  args: { onSave: async () => null },
  render: (args) => (
    <Box sx={{ p: 3, maxWidth: 480 }}>{dto && <TestSecrets {...args} test={toTestCase(dto)} />}</Box>
  ),
};
export default meta;

type Story = StoryObj<typeof TestSecrets>;

export const UsesTwo: Story = {
  parameters: {
    app: {
      seed: () => {
        const { suite } = seedShopSuite();
        const ids = ['SHOP_PASSWORD', 'API_TOKEN', 'SMTP_PASSWORD'].map(
          (key) => seedSharedParameter(suite.test_suite_id, key)._id,
        );
        dto = seedTestCase(suite, { name: 'Pay by card', shared_parameter_ids: ids.slice(0, 2) });
      },
    },
  },
};
export const UsesNone: Story = {
  parameters: {
    app: {
      seed: () => {
        const { suite } = seedShopSuite();
        seedSharedParameter(suite.test_suite_id, 'SHOP_PASSWORD');
        dto = seedTestCase(suite, { name: 'Pay by card' });
      },
    },
  },
};
export const NoSecretsInTheProject: Story = {
  parameters: {
    app: { seed: () => void (dto = seedTestCase(seedShopSuite().suite, { name: 'Pay by card' })) },
  },
};
