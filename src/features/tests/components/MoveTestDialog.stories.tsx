import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedShopSuite } from '../../../testing/testCases';
import { MoveTestDialog } from './MoveTestDialog';

let suiteId = '';
let test = { id: '', name: '', path: '' };

const meta: Meta<typeof MoveTestDialog> = {
  title: 'Tests/MoveTestDialog',
  component: MoveTestDialog,
  render: () => <MoveTestDialog test={test} suiteId={suiteId} onClose={() => undefined} />,
  parameters: {
    app: {
      seed: () => {
        const seeded = seedShopSuite();
        suiteId = seeded.suite.test_suite_id;
        const [first] = seeded.tests;
        test = { id: first._id, name: first.name, path: first.path };
      },
    },
  },
};
export default meta;

type Story = StoryObj<typeof MoveTestDialog>;

export const FoldersFromTheTree: Story = {};
