import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ConfirmDialog } from './ConfirmDialog';

const meta: Meta<typeof ConfirmDialog> = {
  title: 'Shared/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Delete test suite?',
    description: 'Checkout and everything in it will be deleted. This cannot be undone.',
    confirmLabel: 'Delete',
    destructive: true,
    onConfirm: () => undefined,
    onClose: () => undefined,
  },
};
export default meta;

type Story = StoryObj<typeof ConfirmDialog>;

export const Destructive: Story = {};
export const Pending: Story = { args: { pending: true, pendingLabel: 'Deleting…' } };
export const Neutral: Story = {
  args: { destructive: false, title: 'Leave this page?', confirmLabel: 'Leave' },
};
