import cronParser from 'cron-parser';
import { SCHEDULE_LIMITS, SCHEDULE_MESSAGES } from '../../../contract/schedules';

// Schedules' cron (issue 12): SPEC §5's 5 fields (minute hour day month weekday) in an IANA time zone.
// cron-parser does the arithmetic (time zones and daylight saving through luxon); the words are ours.

export type ParsedSchedule =
  { ok: true; cron: string; timezone: string } | { ok: false; field: 'cron' | 'timezone'; message: string };

const FIELD_NAMES = ['minute', 'hour', 'day of the month', 'month', 'weekday'] as const;
const FIELD_RANGES = ['0–59', '0–23', '1–31', '1–12 or JAN–DEC', '0–7 or SUN–SAT (0 and 7 are Sunday)'];
const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const DAY_CODES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTH_CODES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** What a field may hold: numbers, names, and cron's * , - / (plus ? L W # that cron-parser knows). */
const FIELD_CHARACTERS = /^[0-9A-Za-z*?/,\-#]{1,60}$/;
/** An IANA zone name as people write it ("Europe/Berlin", "America/Argentina/Buenos_Aires", "UTC"). */
const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/** Whether the name is a time zone this Node knows (its ICU data: the IANA zones). */
export function isTimeZone(name: string): boolean {
  if (!ZONE_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks a schedule: exactly 5 fields (SPEC §5's message otherwise), each field a value cron
 * understands (a sentence naming the field otherwise), and a known time zone. The cron comes back
 * trimmed with single spaces; the zone defaults to UTC.
 */
export function parseSchedule(cron: string, timezone?: string | null): ParsedSchedule {
  const text = cron.trim();
  const fields = text.split(/\s+/);
  if (!text || fields.length !== 5 || text.length > SCHEDULE_LIMITS.cron)
    return { ok: false, field: 'cron', message: SCHEDULE_MESSAGES.cronFields };
  // Each field alone (the others '*'), so the sentence can say which one is wrong.
  for (let index = 0; index < 5; index++) {
    const field = fields[index];
    const alone = fields.map((value, other) => (other === index ? value : '*')).join(' ');
    if (!FIELD_CHARACTERS.test(field) || !parses(alone))
      return {
        ok: false,
        field: 'cron',
        message: `The ${FIELD_NAMES[index]} field "${field.slice(0, 60)}" is not valid: use numbers ${FIELD_RANGES[index]}, *, lists (1,15), ranges (1-5) or steps (*/15)`,
      };
  }
  const zone = timezone?.trim() || 'UTC';
  if (!isTimeZone(zone)) return { ok: false, field: 'timezone', message: SCHEDULE_MESSAGES.timezoneInvalid };
  const normalized = fields.join(' ');
  // Fields valid alone can still name a time that never comes ("0 0 31 2 *": 31 February).
  if (!parses(normalized, zone))
    return {
      ok: false,
      field: 'cron',
      message: 'This schedule never runs: the day of the month does not exist in the months it names',
    };
  return { ok: true, cron: normalized, timezone: zone };
}

function parses(cron: string, timezone = 'UTC'): boolean {
  try {
    cronParser.parseExpression(cron, { tz: timezone, currentDate: new Date() }).next();
    return true;
  } catch {
    return false;
  }
}

/** The `count` times after `from` (exclusive) at which a valid schedule runs. */
export function nextRuns(cron: string, timezone: string, from: Date, count: number): Date[] {
  // NOTE: cron-parser counts from the second after currentDate's whole second; a tick at exactly
  // `from` must not come back as its own next time, so start from `from` itself (exclusive).
  const interval = cronParser.parseExpression(cron, { tz: timezone, currentDate: from });
  const times: Date[] = [];
  while (times.length < count) {
    const next = interval.next().toDate();
    if (next.getTime() > from.getTime()) times.push(next);
  }
  return times;
}

/** The schedule in words, with its zone: "Every weekday at 09:00 (Europe/Berlin)". */
export function describeSchedule(cron: string, timezone: string): string {
  return `${describeCron(cron)} (${timezone})`;
}

/** The schedule's words without the zone. Common shapes get a sentence; the rest a field-by-field reading. */
export function describeCron(cron: string): string {
  const [minute, hour, day, month, weekday] = cron
    .trim()
    .split(/\s+/)
    .map((field) => field.toUpperCase());
  const m = number(minute);
  const everyDay = day === '*' || day === '?';
  const everyMonth = month === '*';
  const everyWeekday = weekday === '*' || weekday === '?';
  const calendarFree = everyDay && everyMonth && everyWeekday;

  if (calendarFree && hour === '*') {
    if (minute === '*') return 'Every minute';
    const step = stepOf(minute);
    if (step !== null) return step === 1 ? 'Every minute' : `Every ${step} minutes`;
    if (m !== null) return `Every hour at :${pad(m)}`;
  }
  if (m !== null && calendarFree) {
    const step = stepOf(hour);
    if (step !== null) return step === 1 ? `Every hour at :${pad(m)}` : `Every ${step} hours at :${pad(m)}`;
  }
  const hours = numberList(hour);
  if (m !== null && hours !== null) {
    const at = `at ${joinWords(hours.map((h) => `${pad(h)}:${pad(m)}`))}`;
    if (calendarFree) return `Every day ${at}`;
    if (everyDay && everyMonth) {
      const days = weekdays(weekday);
      if (days !== null) {
        const key = [...days].sort().join(',');
        if (key === '1,2,3,4,5') return `Every weekday ${at}`;
        if (key === '0,6') return `Every Saturday and Sunday ${at}`;
        return `Every ${joinWords(days.map((d) => DAY_NAMES[d]))} ${at}`;
      }
    }
    const dates = numberList(day);
    if (dates !== null && everyWeekday) {
      const which = dates.map(ordinal);
      if (everyMonth) return `On the ${joinWords(which)} of every month ${at}`;
      const months = monthList(month);
      if (months !== null) return `On the ${joinWords(which)} of ${joinWords(months)} ${at}`;
    }
  }
  return genericWords(minute, hour, day, month, weekday);
}

/** A field-by-field reading for shapes without a sentence of their own. */
function genericWords(minute: string, hour: string, day: string, month: string, weekday: string): string {
  const parts = [
    `${minute === '*' ? 'every minute' : `at minute ${readable(minute)}`} ${hour === '*' ? 'of every hour' : `past hour ${readable(hour)}`}`,
  ];
  if (day !== '*' && day !== '?') parts.push(`on day ${readable(day)} of the month`);
  if (month !== '*') {
    const months = monthList(month);
    parts.push(months ? `in ${joinWords(months)}` : `in month ${readable(month)}`);
  }
  if (weekday !== '*' && weekday !== '?') {
    const days = weekdays(weekday);
    parts.push(days ? `on ${joinWords(days.map((d) => DAY_NAMES[d]))}` : `on weekday ${readable(weekday)}`);
  }
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function readable(field: string): string {
  return field.replace(/,/g, ', ').replace(/-/g, '–');
}

function number(field: string): number | null {
  return /^\d{1,2}$/.test(field) ? Number(field) : null;
}

/** "*\/15" or "0/15" → 15; else null. */
function stepOf(field: string): number | null {
  const match = /^(?:\*|0)\/(\d{1,2})$/.exec(field);
  return match ? Number(match[1]) : null;
}

/** "9", "9,17" or "1-3" (small ranges) as numbers; else null. */
function numberList(field: string): number[] | null {
  const values: number[] = [];
  for (const part of field.split(',')) {
    const range = /^(\d{1,2})-(\d{1,2})$/.exec(part);
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      if (to < from || to - from > 6) return null;
      for (let value = from; value <= to; value++) values.push(value);
    } else if (/^\d{1,2}$/.test(part)) values.push(Number(part));
    else return null;
  }
  return [...new Set(values)].sort((a, b) => a - b);
}

/** A weekday field as days 0–6 (names and 7 for Sunday understood); null for steps and the like. */
function weekdays(field: string): number[] | null {
  const numeric = field.replace(/[A-Z]{3}/g, (code) => {
    const index = DAY_CODES.indexOf(code);
    return index < 0 ? code : String(index);
  });
  const days = numberList(numeric);
  if (days === null || days.some((d) => d > 7)) return null;
  // Sunday first in the sentence reads oddly: Monday to Sunday.
  return [...new Set(days.map((d) => d % 7))].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
}

function monthList(field: string): string[] | null {
  const numeric = field.replace(/[A-Z]{3}/g, (code) => {
    const index = MONTH_CODES.indexOf(code);
    return index < 0 ? code : String(index + 1);
  });
  const months = numberList(numeric);
  if (months === null || months.some((value) => value < 1 || value > 12)) return null;
  return months.map((value) => MONTH_NAMES[value - 1]);
}

function ordinal(value: number): string {
  const suffix =
    value % 100 >= 11 && value % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][value % 10] ?? 'th');
  return `${value}${suffix}`;
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** "a", "a and b", "a, b and c". */
function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}
