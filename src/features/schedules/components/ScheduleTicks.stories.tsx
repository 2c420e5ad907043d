import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ScheduleTicks } from './ScheduleTicks';

const meta: Meta<typeof ScheduleTicks> = {
  title: 'Schedules/ScheduleTicks',
  component: ScheduleTicks,
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, maxWidth: 720 }}>
        <Story />
      </Box>
    ),
  ],
  args: {
    hrefOf: (tick) =>
      tick.group_created_at ? `/test-cases/collection/c-1?created_at=${tick.group_created_at}` : null,
  },
};
export default meta;

type Story = StoryObj<typeof ScheduleTicks>;

const tick = (day: number, outcome: 'started' | 'skipped' | 'failed', message: string | null = null) => {
  const at = new Date(Date.UTC(2026, 0, day, 8)).toISOString();
  return {
    tick_at: at,
    handled_at: at,
    outcome,
    message,
    group_created_at: outcome === 'started' ? at : null,
    run_id: null,
  };
};

export const Recent: Story = {
  args: {
    ticks: [
      tick(5, 'started'),
      tick(4, 'skipped', 'The previous group (08:00) was still running'),
      tick(3, 'failed', 'This test collection has no linked tests to run'),
      tick(2, 'started'),
    ],
  },
};
export const NotRunYet: Story = { args: { ticks: [] } };
