import type { ScheduleFormValues, SchedulePreset } from './types';

// The editor's presets are crons; these read a stored cron back into a preset (or custom) and
// build one from the form. The server is the judge of a cron's meaning (its preview says it in words).

export const DEFAULT_TIME = '09:00';

/** Five fields separated by spaces; the server checks what each field may hold. */
export const hasFiveFields = (cron: string) => cron.trim().split(/\s+/).filter(Boolean).length === 5;

const pad = (value: number) => String(value).padStart(2, '0');

const number = (field: string, max: number): number | null =>
  /^\d{1,2}$/.test(field) && Number(field) <= max ? Number(field) : null;

/** "1-5", "1,3,5", "0" or "7" (Sunday again) into sorted day numbers; null when it is more than a list. */
function weekdayList(field: string): number[] | null {
  const days = new Set<number>();
  for (const part of field.split(',')) {
    const range = /^([0-7])(?:-([0-7]))?$/.exec(part);
    if (!range) return null;
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (to < from) return null;
    for (let day = from; day <= to; day += 1) days.add(day % 7);
  }
  return [...days].sort((a, b) => a - b);
}

/** The browser's own IANA zone, or UTC when it has none. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Every IANA zone the browser knows (with UTC, which some list apart). */
export function timeZones(): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [browserTimeZone()];
  return zones.includes('UTC') ? zones : ['UTC', ...zones];
}

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return zone.length > 0;
  } catch {
    // A RangeError is the expected answer for a name that is not a zone.
    return false;
  }
}

/** The form's values for a stored schedule: its preset when it reads as one, else custom. */
export function formValuesOf(cron: string | null, timezone: string | null): ScheduleFormValues {
  const values: ScheduleFormValues = {
    preset: 'daily',
    minute: 0,
    time: DEFAULT_TIME,
    weekdays: [1, 2, 3, 4, 5],
    cron: cron?.trim() ?? '',
    timezone: timezone || browserTimeZone(),
  };
  if (!cron) return values;
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return { ...values, preset: 'custom' };
  const [minuteField, hourField, dayField, monthField, weekdayField] = fields;
  const minute = number(minuteField, 59);
  const hour = number(hourField, 23);
  const everyDay = dayField === '*' && monthField === '*';
  if (minute === null || !everyDay) return { ...values, preset: 'custom' };
  if (hourField === '*' && weekdayField === '*') return { ...values, preset: 'hourly', minute };
  if (hour === null) return { ...values, preset: 'custom' };
  const time = `${pad(hour)}:${pad(minute)}`;
  if (weekdayField === '*') return { ...values, preset: 'daily', time };
  const weekdays = weekdayList(weekdayField);
  return weekdays ? { ...values, preset: 'weekly', time, weekdays } : { ...values, preset: 'custom' };
}

/** The 5 fields the form's values stand for. */
export function cronOf(values: Pick<ScheduleFormValues, 'preset' | 'minute' | 'time' | 'weekdays' | 'cron'>) {
  const [hour, minute] = values.time.split(':').map(Number);
  const presets: Record<SchedulePreset, () => string> = {
    hourly: () => `${values.minute} * * * *`,
    daily: () => `${minute} ${hour} * * *`,
    weekly: () => `${minute} ${hour} * * ${[...values.weekdays].sort((a, b) => a - b).join(',')}`,
    custom: () => values.cron.trim().split(/\s+/).join(' '),
  };
  return presets[values.preset]();
}
