import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedCollection } from '../../../testing/msw/collections';
import { seedSuite } from '../../../testing/msw/db';
import { ciRunGroup, seedCiRuns } from '../../../testing/msw/sharing';
import { signInAsMemberOf } from '../../../testing/session';
import { IntegrationsPage } from './IntegrationsPage';

let suiteId = '';

const meta: Meta<typeof IntegrationsPage> = {
  title: 'Integrations/IntegrationsPage',
  component: IntegrationsPage,
  render: () => (
    <Box sx={{ p: 3, maxWidth: 960 }}>
      <IntegrationsPage suiteId={suiteId} />
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof IntegrationsPage>;

function shop() {
  const { organization } = signInAsMemberOf('Acme');
  const suite = seedSuite(organization.org_id, 'Shop');
  suiteId = suite.test_suite_id;
  return suite;
}

export const WithCiRuns: Story = {
  parameters: {
    app: {
      seed: () => {
        const suite = shop();
        const checkout = seedCollection(suite, 'Checkout');
        seedCollection(suite, 'Nightly');
        seedCiRuns(suite, [
          ciRunGroup({
            collection_id: checkout._id,
            created_at: '2026-03-02T09:00:00.000Z',
            counts: { pending: 1, running: 1, passed: 3, failed: 0, cancelled: 0, error: 0, flaky: 0 },
            finished_at: null,
          }),
          ciRunGroup({
            collection_id: checkout._id,
            counts: { pending: 0, running: 0, passed: 4, failed: 1, cancelled: 0, error: 0, flaky: 0 },
          }),
        ]);
      },
    },
  },
};

export const NoRunsYet: Story = {
  parameters: { app: { seed: () => void seedCollection(shop(), 'Checkout') } },
};

export const NoTestSuites: Story = { parameters: { app: { seed: () => void shop() } } };
