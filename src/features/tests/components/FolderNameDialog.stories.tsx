import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { FolderNameDialog } from './FolderNameDialog';

const meta: Meta<typeof FolderNameDialog> = {
  title: 'Tests/FolderNameDialog',
  component: FolderNameDialog,
  args: {
    open: true,
    title: 'New folder',
    submitLabel: 'Create',
    pendingLabel: 'Creating…',
    onSubmit: async (name: string) => (name === 'taken' ? 'A folder named "taken" already exists' : null),
    onClose: () => undefined,
  },
};
export default meta;

type Story = StoryObj<typeof FolderNameDialog>;

export const NewFolder: Story = {};
export const NewFolderInside: Story = { args: { parentPath: 'checkout/cards' } };
export const Rename: Story = {
  args: { title: 'Rename folder', submitLabel: 'Rename', pendingLabel: 'Renaming…', initialName: 'cards' },
};
