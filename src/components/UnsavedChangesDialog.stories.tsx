import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { UnsavedChangesDialog } from './UnsavedChangesDialog';

const meta: Meta<typeof UnsavedChangesDialog> = {
  title: 'Shared/UnsavedChangesDialog',
  component: UnsavedChangesDialog,
  args: {
    open: true,
    description:
      'Your changes to the instructions are not saved yet. They are kept as a draft in this browser.',
    onStay: () => undefined,
    onLeave: () => undefined,
  },
};
export default meta;

type Story = StoryObj<typeof UnsavedChangesDialog>;

export const Open: Story = {};
