import { SCHEDULE_MESSAGES } from '../../../contract/schedules';
import { describeCron, describeSchedule, isTimeZone, nextRuns, parseSchedule } from './cron';

describe('describeCron', () => {
  it.each([
    ['* * * * *', 'Every minute'],
    ['*/5 * * * *', 'Every 5 minutes'],
    ['0/15 * * * *', 'Every 15 minutes'],
    ['15 * * * *', 'Every hour at :15'],
    ['0 */2 * * *', 'Every 2 hours at :00'],
    ['0 9 * * *', 'Every day at 09:00'],
    ['30 7 * * *', 'Every day at 07:30'],
    ['0 9,17 * * *', 'Every day at 09:00 and 17:00'],
    ['0 9 * * 1-5', 'Every weekday at 09:00'],
    ['0 9 * * MON-FRI', 'Every weekday at 09:00'],
    ['0 9 * * 1', 'Every Monday at 09:00'],
    ['0 9 * * mon', 'Every Monday at 09:00'],
    ['30 8 * * 7', 'Every Sunday at 08:30'],
    ['0 9 * * 0,6', 'Every Saturday and Sunday at 09:00'],
    ['0 9 * * 1,3,5', 'Every Monday, Wednesday and Friday at 09:00'],
    ['0 9 1 * *', 'On the 1st of every month at 09:00'],
    ['0 6 2,23 * *', 'On the 2nd and 23rd of every month at 06:00'],
    ['0 0 1 1 *', 'On the 1st of January at 00:00'],
    // No sentence of its own: read field by field.
    ['5 4 1-7 * 1', 'At minute 5 past hour 4, on day 1–7 of the month, on Monday'],
    ['1-5 * * * *', 'At minute 1–5 of every hour'],
    ['0 9-17 * * *', 'At minute 0 past hour 9–17'],
    [
      '*/10 9-17 * * 1-5',
      'At minute */10 past hour 9–17, on Monday, Tuesday, Wednesday, Thursday and Friday',
    ],
  ])('%s → %s', (cron, words) => {
    expect(describeCron(cron)).toBe(words);
  });

  it('names the time zone after the words', () => {
    expect(describeSchedule('0 9 * * 1-5', 'Europe/Berlin')).toBe('Every weekday at 09:00 (Europe/Berlin)');
  });
});

describe('nextRuns', () => {
  it('keeps the wall-clock time across the change to summer time in Europe/Berlin', () => {
    // 29 March 2026: clocks go from 02:00 CET (UTC+1) to 03:00 CEST (UTC+2).
    const times = nextRuns('0 9 * * *', 'Europe/Berlin', new Date('2026-03-27T12:00:00Z'), 3);
    expect(times.map((time) => time.toISOString())).toEqual([
      '2026-03-28T08:00:00.000Z',
      '2026-03-29T07:00:00.000Z',
      '2026-03-30T07:00:00.000Z',
    ]);
  });

  it('keeps it across the change back to winter time too', () => {
    // 25 October 2026: clocks go from 03:00 CEST back to 02:00 CET.
    const times = nextRuns('0 9 * * *', 'Europe/Berlin', new Date('2026-10-24T12:00:00Z'), 2);
    expect(times.map((time) => time.toISOString())).toEqual([
      '2026-10-25T08:00:00.000Z',
      '2026-10-26T08:00:00.000Z',
    ]);
  });

  it('runs a time that the change to summer time skips at the first hour after it', () => {
    const [time] = nextRuns('30 2 * * *', 'Europe/Berlin', new Date('2026-03-28T12:00:00Z'), 1);
    // 02:30 does not exist on 29 March in Berlin: 03:30 CEST (01:30 UTC) is what runs.
    expect(time.toISOString()).toBe('2026-03-29T01:30:00.000Z');
  });

  it('counts from after the given time: a tick is never its own next time', () => {
    const from = new Date('2026-03-28T08:00:00.000Z');
    expect(nextRuns('* * * * *', 'UTC', from, 2).map((time) => time.toISOString())).toEqual([
      '2026-03-28T08:01:00.000Z',
      '2026-03-28T08:02:00.000Z',
    ]);
    const weekdays = nextRuns('0 9 * * 1-5', 'UTC', new Date('2026-03-27T09:00:00Z'), 2);
    // Friday 09:00 → Monday 09:00 and Tuesday 09:00.
    expect(weekdays.map((time) => time.toISOString())).toEqual([
      '2026-03-30T09:00:00.000Z',
      '2026-03-31T09:00:00.000Z',
    ]);
  });
});

describe('parseSchedule', () => {
  it('takes 5 fields, trimmed to single spaces, in UTC when no zone is given', () => {
    expect(parseSchedule('  0   9 * *  1-5 ')).toEqual({ ok: true, cron: '0 9 * * 1-5', timezone: 'UTC' });
    expect(parseSchedule('0 9 * * *', 'Europe/Berlin')).toEqual({
      ok: true,
      cron: '0 9 * * *',
      timezone: 'Europe/Berlin',
    });
  });

  it.each([['0 9 * *'], ['0 0 9 * * *'], [''], ['   '], ['*']])(
    'refuses "%s" with SPEC §5\'s sentence',
    (cron) => {
      expect(parseSchedule(cron, 'UTC')).toEqual({
        ok: false,
        field: 'cron',
        message: SCHEDULE_MESSAGES.cronFields,
      });
    },
  );

  it.each([
    ['61 * * * *', 'minute', '61'],
    ['0 24 * * *', 'hour', '24'],
    ['0 9 0 * *', 'day of the month', '0'],
    ['0 9 * 13 *', 'month', '13'],
    ['0 9 * * 8', 'weekday', '8'],
    ['*/0 * * * *', 'minute', '*/0'],
    ['0 9 * * mo', 'weekday', 'mo'],
    ['0 9;1 * * *', 'hour', '9;1'],
  ])('refuses "%s", naming the %s field', (cron, field, value) => {
    const parsed = parseSchedule(cron, 'UTC');
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.field).toBe('cron');
    expect(parsed.message).toMatch(
      new RegExp(`^The ${field} field "${value.replace(/[*/]/g, '\\$&')}" is not valid`),
    );
  });

  it('refuses a date that never comes', () => {
    expect(parseSchedule('0 0 31 2 *', 'UTC')).toMatchObject({ ok: false, field: 'cron' });
  });

  it('refuses a time zone that does not exist', () => {
    for (const zone of ['Mars/Olympus', 'Europe/Berlinn', 'not a zone', '../etc'])
      expect(parseSchedule('0 9 * * *', zone)).toEqual({
        ok: false,
        field: 'timezone',
        message: SCHEDULE_MESSAGES.timezoneInvalid,
      });
    expect(isTimeZone('America/Argentina/Buenos_Aires')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
  });
});
