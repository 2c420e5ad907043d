import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { signInAsMemberOf } from '../../../testing/session';
import { ScheduleEditor } from './ScheduleEditor';

const meta: Meta<typeof ScheduleEditor> = {
  title: 'Schedules/ScheduleEditor',
  component: ScheduleEditor,
  decorators: [
    (Story) => (
      <Box sx={{ p: 3, maxWidth: 720 }}>
        <Story />
      </Box>
    ),
  ],
  args: { onSave: async () => true, onRemove: () => undefined },
  // The preview asks the in-memory backend, as a signed-in person.
  parameters: { app: { seed: () => void signInAsMemberOf() } },
};
export default meta;

type Story = StoryObj<typeof ScheduleEditor>;

export const NewSchedule: Story = { args: { cron: null, timezone: null } };
export const WeekdayMornings: Story = { args: { cron: '0 9 * * 1-5', timezone: 'Europe/Berlin' } };
export const Hourly: Story = { args: { cron: '15 * * * *', timezone: 'UTC' } };
export const CustomCron: Story = { args: { cron: '*/30 8-18 * * 1-5', timezone: 'America/New_York' } };
/** At 375 px the presets wrap and the fields stack, one per line. */
export const Narrow: Story = {
  args: { cron: '0 9 * * 1-5', timezone: 'Europe/Berlin' },
  decorators: [
    (Story) => (
      <Box sx={{ width: 375 - 48 }}>
        <Story />
      </Box>
    ),
  ],
};
