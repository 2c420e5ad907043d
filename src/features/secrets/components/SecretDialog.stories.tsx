import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { MASKED_VALUE } from '../../../../contract/sharedParameters';
import { SecretDialog } from './SecretDialog';

const tests = [
  { id: 't1', name: 'Pay by card', path: 'checkout/cards' },
  { id: 't2', name: 'Apply a coupon', path: 'checkout' },
  { id: 't3', name: 'Home page loads', path: '' },
];

const meta: Meta<typeof SecretDialog> = {
  title: 'Secrets/SecretDialog',
  component: SecretDialog,
  args: { open: true, tests, onSubmit: async () => true, onClose: () => undefined },
};
export default meta;

type Story = StoryObj<typeof SecretDialog>;

export const Create: Story = {};
/** Editing: the stored value is never shown; a blank value keeps it. */
export const Edit: Story = {
  args: {
    secret: {
      _id: 's1',
      key: 'SHOP_PASSWORD',
      value: MASKED_VALUE,
      test_suite_id: 'suite',
      linked_test_ids: ['t1', 't2'],
      allowed_hosts: ['shop.example'],
      created_at: '2026-02-01T09:30:00.000Z',
      updated_at: '2026-02-01T09:30:00.000Z',
    },
  },
};
