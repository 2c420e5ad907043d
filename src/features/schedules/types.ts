export type {
  Schedule,
  ScheduleBody,
  SchedulePreview,
  ScheduleTick,
  TestScheduleResult,
} from '../../../contract/schedules';
export { SCHEDULE_LIMITS, SCHEDULE_MESSAGES } from '../../../contract/schedules';

/** How a person picks when a schedule runs; each preset is a cron underneath. */
export type SchedulePreset = 'hourly' | 'daily' | 'weekly' | 'custom';
export const SCHEDULE_PRESETS: readonly { value: SchedulePreset; label: string }[] = [
  { value: 'hourly', label: 'Hourly' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'custom', label: 'Custom cron' },
];

/** Cron's weekday numbers (0 is Sunday), listed from Monday as a calendar reads. */
export const WEEKDAYS: readonly { value: number; short: string; long: string }[] = [
  { value: 1, short: 'Mon', long: 'Monday' },
  { value: 2, short: 'Tue', long: 'Tuesday' },
  { value: 3, short: 'Wed', long: 'Wednesday' },
  { value: 4, short: 'Thu', long: 'Thursday' },
  { value: 5, short: 'Fri', long: 'Friday' },
  { value: 6, short: 'Sat', long: 'Saturday' },
  { value: 0, short: 'Sun', long: 'Sunday' },
];

/** What the editor's form holds; `cronOf` turns it into the 5 fields that are stored. */
export interface ScheduleFormValues {
  preset: SchedulePreset;
  /** Hourly: the minute past each hour. */
  minute: number;
  /** Daily and weekly: "HH:MM". */
  time: string;
  /** Weekly: cron weekday numbers. */
  weekdays: number[];
  /** Custom: 5 fields as typed. */
  cron: string;
  timezone: string;
}
