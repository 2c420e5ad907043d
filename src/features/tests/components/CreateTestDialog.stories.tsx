import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedShopSuite } from '../../../testing/testCases';
import { CreateTestDialog } from './CreateTestDialog';

let suiteId = '';

const meta: Meta<typeof CreateTestDialog> = {
  title: 'Tests/CreateTestDialog',
  component: CreateTestDialog,
  args: { open: true, folders: ['checkout', 'checkout/cards', 'search'], initialFolder: 'checkout' },
  render: (args) => <CreateTestDialog {...args} suiteId={suiteId} onClose={() => undefined} />,
  parameters: { app: { seed: () => void (suiteId = seedShopSuite().suite.test_suite_id) } },
};
export default meta;

type Story = StoryObj<typeof CreateTestDialog>;

export const InAFolder: Story = {};
export const AtTheTopLevel: Story = { args: { initialFolder: '' } };
