import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { RunSettingsDialog } from './RunSettingsDialog';

const meta: Meta<typeof RunSettingsDialog> = {
  title: 'Runs/RunSettingsDialog',
  component: RunSettingsDialog,
  args: {
    open: true,
    test: { website: 'https://todo.example/', parameters: { item: 'Buy milk', user: 'ada' } },
    onRun: async () => null,
    onClose: () => undefined,
  },
};
export default meta;

type Story = StoryObj<typeof RunSettingsDialog>;

export const WithVariables: Story = {};
export const NoVariables: Story = {
  args: { test: { website: 'https://todo.example/', parameters: {} } },
};
