import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { delivery, seedAlerts } from '../../../testing/msw/alerts';
import { seedCollection } from '../../../testing/msw/collections';
import { seedShopSuite } from '../../../testing/testCases';
import { AlertsCard } from './AlertsCard';
import { permissionsOf } from '../../../app/hooks';

let collectionId = '';

const meta: Meta<typeof AlertsCard> = {
  title: 'Alerts/AlertsCard',
  component: AlertsCard,
  render: () => (
    <Box sx={{ p: 3, maxWidth: 880 }}>
      <AlertsCard collectionId={collectionId} permissions={permissionsOf({ role: 'admin', expert: false })} />
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof AlertsCard>;

export const NoAlertsYet: Story = {
  parameters: {
    app: { seed: () => void (collectionId = seedCollection(seedShopSuite().suite, 'Checkout')._id) },
  },
};
export const WithDeliveries: Story = {
  parameters: {
    app: {
      seed: () => {
        const collection = seedCollection(seedShopSuite().suite, 'Checkout');
        collectionId = collection._id;
        seedAlerts(collection, {
          alert_on: 'both',
          retry_on_failure: true,
          emails: ['team@example.com'],
          webhooks: ['https://hooks.slack.com/services/T000/B000/XXXX'],
          signing_secret: 'whsec_example',
          deliveries: [
            delivery({
              channel: 'webhook',
              target: 'https://hooks.slack.com/services/T000/B000/XXXX',
              status: 'failed',
              attempts: 4,
              last_error: 'The webhook answered 500 Internal Server Error',
            }),
            delivery({ event: 'recovery', status: 'delivered' }),
            delivery({ status: 'pending', delivered_at: null }),
          ],
        });
      },
    },
  },
};
