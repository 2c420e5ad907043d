import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ciRunGroup } from '../../../testing/msw/sharing';
import { CiRunList } from './CiRunList';

const meta: Meta<typeof CiRunList> = {
  title: 'Integrations/CiRunList',
  component: CiRunList,
};
export default meta;

type Story = StoryObj<typeof CiRunList>;

export const Groups: Story = {
  args: {
    groups: [
      ciRunGroup({
        collection_id: 'collection-1',
        created_at: '2026-03-02T09:00:00.000Z',
        counts: { pending: 0, running: 2, passed: 3, failed: 0, cancelled: 0, error: 0, flaky: 0 },
        finished_at: null,
      }),
      ciRunGroup({
        collection_id: 'collection-2',
        collection_name: 'Nightly',
        counts: { pending: 0, running: 0, passed: 12, failed: 1, cancelled: 0, error: 1, flaky: 0 },
      }),
    ],
  },
};
