import { SCHEDULE_MESSAGES } from '../../../contract/schedules';

// What the schedule screens say; SPEC §5 names the cron sentence.
export const messages = {
  ...SCHEDULE_MESSAGES,
  timeInvalid: 'Enter a time such as 09:00',
  minuteInvalid: 'Choose a minute from 0 to 59',
  weekdaysRequired: 'Choose at least one day',
  saved: 'Schedule saved',
  removed: 'Schedule removed',
  previewFailed: 'The next run times could not be worked out. Check the cron expression.',
  notScheduled: 'Not scheduled',
} as const;
