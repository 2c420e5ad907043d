import { array, mixed, number, object, string } from 'yup';
import { hasFiveFields, isTimeZone } from './cron';
import { messages } from './messages';
import type { SchedulePreset } from './types';

const onlyFor =
  (...presets: SchedulePreset[]) =>
  (preset: SchedulePreset) =>
    presets.includes(preset);

/** The schedule editor's form: only the fields of the chosen preset are checked. */
export const scheduleSchema = object({
  preset: mixed<SchedulePreset>().oneOf(['hourly', 'daily', 'weekly', 'custom']).required(),
  minute: number().when('preset', {
    is: onlyFor('hourly'),
    then: (field) =>
      field
        .typeError(messages.minuteInvalid)
        .required(messages.minuteInvalid)
        .integer(messages.minuteInvalid)
        .min(0, messages.minuteInvalid)
        .max(59, messages.minuteInvalid),
  }),
  time: string().when('preset', {
    is: onlyFor('daily', 'weekly'),
    then: (field) =>
      field.required(messages.timeInvalid).matches(/^([01]\d|2[0-3]):[0-5]\d$/, messages.timeInvalid),
  }),
  weekdays: array(number().required()).when('preset', {
    is: onlyFor('weekly'),
    then: (field) => field.min(1, messages.weekdaysRequired),
  }),
  cron: string().when('preset', {
    is: onlyFor('custom'),
    then: (field) =>
      field
        .required(messages.cronFields)
        .max(200, messages.cronFields)
        .test('five-fields', messages.cronFields, (value) => hasFiveFields(value ?? '')),
  }),
  timezone: string()
    .required(messages.timezoneInvalid)
    .test('zone', messages.timezoneInvalid, (value) => isTimeZone(value ?? '')),
});
