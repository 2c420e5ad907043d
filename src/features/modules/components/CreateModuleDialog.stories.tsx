import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedShopSuite } from '../../../testing/testCases';
import { CreateModuleDialog } from './CreateModuleDialog';

let suiteId = '';

const meta: Meta<typeof CreateModuleDialog> = {
  title: 'Modules/CreateModuleDialog',
  component: CreateModuleDialog,
  render: (args) => <CreateModuleDialog {...args} suiteId={suiteId} />,
  args: { open: true, takenNames: ['Sign in as admin'], onClose: () => undefined },
  parameters: { app: { seed: () => void (suiteId = seedShopSuite().suite.test_suite_id) } },
};
export default meta;

type Story = StoryObj<typeof CreateModuleDialog>;

export const Open: Story = {};
