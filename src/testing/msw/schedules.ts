import { http, HttpResponse } from 'msw';
import {
  SCHEDULE_LIMITS,
  SCHEDULE_MESSAGES,
  type Schedule,
  type ScheduleTick,
} from '../../../contract/schedules';
import { apiError } from './api';
import { db, newId, type DbTestCase } from './db';
import { scheduleEnvironment } from './environments';
import { userFromRequest } from './identity';

// The schedule calls of contract/schedules.ts on the in-memory db. The cron reading here is a small
// stand-in for the server's: numbers, lists, ranges and steps; words for the editor's presets only.
const API = '/api';

/** "Now" for every preview, so tests can name the next times. */
export const PREVIEW_NOW = Date.UTC(2026, 0, 5, 8, 30);

const FIELD_RANGES: [number, number][] = [
  [0, 59],
  [0, 23],
  [1, 31],
  [1, 12],
  [0, 7],
];

function fieldValues(field: string, [min, max]: [number, number]): Set<number> | null {
  const values = new Set<number>();
  for (const part of field.split(',')) {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) return null;
    const from = match[1] === '*' ? min : Number(match[2]);
    const to = match[1] === '*' ? max : match[3] !== undefined ? Number(match[3]) : from;
    const step = match[4] !== undefined ? Number(match[4]) : 1;
    if (from < min || to > max || from > to || step < 1) return null;
    for (let value = from; value <= to; value += step) values.add(max === 7 ? value % 7 : value);
  }
  return values;
}

/** The cron's five sets, or null when it is not 5 valid fields. */
export function parseCron(cron: string): Set<number>[] | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const sets = fields.map((field, index) => fieldValues(field, FIELD_RANGES[index]));
  return sets.every((set): set is Set<number> => set !== null) ? sets : null;
}

export function isZone(zone: string) {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone.length > 0;
  } catch {
    // A RangeError means it is no zone.
    return false;
  }
}

const formats = new Map<string, Intl.DateTimeFormat>();
const formatIn = (timeZone: string) => {
  let format = formats.get(timeZone);
  if (!format)
    formats.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        minute: 'numeric',
        hour: 'numeric',
        day: 'numeric',
        month: 'numeric',
        weekday: 'short',
      })),
    );
  return format;
};

function partsIn(time: number, timeZone: string) {
  const parts = formatIn(timeZone).formatToParts(new Date(time));
  const get = (type: string) => parts.find((part) => part.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(get('weekday'));
  return [Number(get('minute')), Number(get('hour')), Number(get('day')), Number(get('month')), weekday];
}

/** The next `count` minutes after `from` whose wall time in the zone matches the cron. */
export function nextRuns(
  cron: string,
  timeZone: string,
  from = PREVIEW_NOW,
  count = SCHEDULE_LIMITS.nextRuns,
) {
  const sets = parseCron(cron);
  if (!sets) return [];
  const runs: string[] = [];
  let time = Math.floor(from / 60_000) * 60_000 + 60_000;
  for (let step = 0; step < 60 * 24 * 40 && runs.length < count; step += 1, time += 60_000) {
    const parts = partsIn(time, timeZone);
    if (parts.every((value, index) => sets[index].has(value))) runs.push(new Date(time).toISOString());
  }
  return runs;
}

const pad = (value: string) => value.padStart(2, '0');
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function describeCron(cron: string, timeZone: string) {
  const [minute, hour, day, month, weekday] = cron.trim().split(/\s+/);
  const numeric = (value: string) => /^\d+$/.test(value);
  const zone = ` (${timeZone})`;
  if (day === '*' && month === '*' && numeric(minute)) {
    if (hour === '*' && weekday === '*') return `Every hour at minute ${minute}${zone}`;
    if (numeric(hour)) {
      const at = `${pad(hour)}:${pad(minute)}`;
      if (weekday === '*') return `Every day at ${at}${zone}`;
      if (weekday === '1-5' || weekday === '1,2,3,4,5') return `Every weekday at ${at}${zone}`;
      if (/^\d(,\d)*$/.test(weekday))
        return `Every ${weekday
          .split(',')
          .map((d) => DAYS[Number(d) % 7])
          .join(', ')} at ${at}${zone}`;
    }
  }
  return `At cron ${cron}${zone}`;
}

/** 400 with the sentence the server would give, or null when the schedule can be saved. */
export function scheduleProblem(cron: string, timeZone: string) {
  if (!parseCron(cron)) return apiError(400, 'validation_failed', SCHEDULE_MESSAGES.cronFields);
  if (!isZone(timeZone)) return apiError(400, 'validation_failed', SCHEDULE_MESSAGES.timezoneInvalid);
  return null;
}

export function scheduleJson(
  cron: string,
  timeZone: string,
  ticks: ScheduleTick[] = [],
  id = `schedule-${cron}`,
  environment: Pick<Schedule, 'environment_id' | 'environment_name'> = {
    environment_id: null,
    environment_name: null,
  },
): Schedule {
  const at = new Date(PREVIEW_NOW).toISOString();
  return {
    _id: id,
    cron,
    timezone: timeZone,
    description: describeCron(cron, timeZone),
    next_runs: nextRuns(cron, timeZone),
    recent_ticks: ticks,
    ...environment,
    created_at: at,
    last_modified_at: at,
  };
}

// NOTE: kept on the test object, so resetDb() (a new testCases array) forgets them too.
const testSchedules = new WeakMap<DbTestCase, Schedule>();

export function seedTestSchedule(
  test: DbTestCase,
  cron: string,
  timeZone = 'UTC',
  ticks: ScheduleTick[] = [],
  environment?: Pick<Schedule, 'environment_id' | 'environment_name'>,
) {
  const schedule = scheduleJson(cron, timeZone, ticks, newId('schedule'), environment);
  testSchedules.set(test, schedule);
  return schedule;
}

export const testScheduleOf = (test: DbTestCase) => testSchedules.get(test) ?? null;

const unauthorized = () => apiError(401, 'unauthorized', 'Missing or invalid access token');

function memberTest(request: Request, id: string) {
  const user = userFromRequest(request);
  if (!user) return { error: unauthorized() };
  const test = db.testCases.find((t) => t._id === id);
  const suite = test && db.suites.find((s) => s.test_suite_id === test.test_suite_id);
  const member =
    suite &&
    db.memberships.some((m) => m.org_id === suite.org_id && m.user_id === user.id && m.status === 'active');
  if (!test || !member) return { error: apiError(404, 'not_found', 'Test case not found') };
  return { test };
}

export const scheduleHandlers = [
  http.get(`${API}/schedules/preview`, ({ request }) => {
    if (!userFromRequest(request)) return unauthorized();
    const url = new URL(request.url);
    const cron = url.searchParams.get('cron') ?? '';
    const timeZone = url.searchParams.get('timezone') || 'UTC';
    const problem = scheduleProblem(cron, timeZone);
    if (problem) return problem;
    return HttpResponse.json({
      description: describeCron(cron, timeZone),
      next_runs: nextRuns(cron, timeZone),
    });
  }),

  http.get(`${API}/test-case/:id/schedule`, ({ request, params }) => {
    const found = memberTest(request, String(params.id));
    if ('error' in found) return found.error;
    return HttpResponse.json({ schedule: testScheduleOf(found.test) });
  }),

  http.put(`${API}/test-case/:id/schedule`, async ({ request, params }) => {
    const found = memberTest(request, String(params.id));
    if ('error' in found) return found.error;
    const body = (await request.json()) as {
      cron?: string;
      timezone?: string;
      environment_id?: string | null;
    };
    const cron = (body.cron ?? '').trim();
    const timeZone = body.timezone || 'UTC';
    const problem = scheduleProblem(cron, timeZone);
    if (problem) return problem;
    const suite = db.suites.find((s) => s.test_suite_id === found.test.test_suite_id);
    const environment = scheduleEnvironment(suite, body.environment_id, 'environment_id');
    if (environment instanceof Response) return environment;
    const previous = testScheduleOf(found.test);
    return HttpResponse.json(
      seedTestSchedule(found.test, cron, timeZone, previous?.recent_ticks ?? [], environment),
    );
  }),

  http.delete(`${API}/test-case/:id/schedule`, ({ request, params }) => {
    const found = memberTest(request, String(params.id));
    if ('error' in found) return found.error;
    testSchedules.delete(found.test);
    return HttpResponse.json({ success: true });
  }),
];
