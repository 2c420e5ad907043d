import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { seedTestSchedule } from '../../../testing/msw/schedules';
import { seedShopSuite } from '../../../testing/testCases';
import { TestSchedule } from './TestSchedule';

let testId = '';

const meta: Meta<typeof TestSchedule> = {
  title: 'Schedules/TestSchedule',
  component: TestSchedule,
  render: () => (
    <Box sx={{ p: 3, maxWidth: 720 }}>
      <TestSchedule test={{ id: testId }} />
    </Box>
  ),
};
export default meta;

type Story = StoryObj<typeof TestSchedule>;

export const NotScheduled: Story = {
  parameters: { app: { seed: () => void (testId = seedShopSuite().tests[0]._id) } },
};
export const WeekdayMornings: Story = {
  parameters: {
    app: {
      seed: () => {
        const test = seedShopSuite().tests[0];
        testId = test._id;
        seedTestSchedule(test, '0 9 * * 1-5', 'Europe/Berlin', [
          {
            tick_at: '2026-01-05T08:00:00.000Z',
            handled_at: '2026-01-05T08:00:01.000Z',
            outcome: 'started',
            message: null,
            group_created_at: null,
            run_id: 'run-1',
          },
        ]);
      },
    },
  },
};
