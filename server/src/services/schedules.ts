import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import {
  environments,
  schedules,
  scheduleTicks,
  testCases,
  testCollectionTests,
  testRuns,
} from '../db/schema';
import { AppError, ValidationError } from '../errors';
import { describeSchedule, nextRuns, parseSchedule } from '../lib/cron';
import { isUuid } from '../lib/validate';
import { COLLECTION_MESSAGES } from '../../../contract/collections';
import {
  SCHEDULE_LIMITS as LIMITS,
  SCHEDULE_MESSAGES as MESSAGES,
  type Schedule,
  type ScheduleBody,
  type SchedulePreview,
  type ScheduleTick,
  type TestScheduleResult,
  type TickOutcome,
} from '../../../contract/schedules';
import { RUNNING_STATES } from '../../../contract/states';
import { type Actor } from './actor';
import { prepareReplay, type RunService } from './runs';
import { type TestCaseService } from './testCases';
import { type QueuePort } from '../tracking/queue';

export const SCHEDULE_TICK_QUEUE = 'schedule-tick';

/** How often a worker makes sure every schedule has its next tick queued (a lost job, a restart). */
export const RECONCILE_EVERY_MS = 30_000;

/** How long a schedule's past ticks are kept (the page shows the newest 10). */
const KEEP_TICKS_DAYS = 30;

/** A tick row's first words, replaced by the outcome: they stay only when the worker died in between. */
const INTERRUPTED = 'The worker handling this tick stopped before it could start the runs.';

/** One tick of one schedule. The cron and zone name the schedule as it was when the tick was queued. */
export interface ScheduleTickJob {
  scheduleId: string;
  cron: string;
  timezone: string;
  /** ISO time the cron named. */
  tickAt: string;
}

/** What a handled tick did; null when there was nothing to do (gone, changed, or handled already). */
export interface TickResult {
  outcome: TickOutcome;
  message: string | null;
  groupCreatedAt: Date | null;
  runId: string | null;
}

/** The queue's send that answers null for a job id already queued (so any process may send a tick). */
export type TickSender = Pick<QueuePort, 'sendOnce'>;

type ScheduleRow = typeof schedules.$inferSelect;
type TickRow = typeof scheduleTicks.$inferSelect;

/**
 * Schedules (issue 12): a collection (each tick is a run-all, one group) or a single test (each tick
 * one run) on a 5-field cron in a time zone. Each tick is a pg-boss job with a deterministic id, so
 * any number of processes sending it make one job; the schedule_ticks primary key makes a job that
 * ran twice start one group.
 */
export class ScheduleService {
  constructor(
    private readonly _db: Db,
    private readonly _queue: TickSender | null,
    private readonly _testCases: TestCaseService,
    private readonly _runs: RunService,
    private readonly _log: (line: string) => void = (line) => console.info(line),
  ) {}

  // ── Asked for by people ───────────────────────────────────────────────────────────────────────

  /** GET /schedules/preview: the words and next times of what a person is typing (400 with the sentence). */
  preview(cron: string | undefined, timezone: string | undefined): SchedulePreview {
    const parsed = checked(cron ?? '', timezone, { cron: 'cron', timezone: 'timezone' });
    return {
      description: describeSchedule(parsed.cron, parsed.timezone),
      next_runs: nextRuns(parsed.cron, parsed.timezone, new Date(), LIMITS.nextRuns).map(iso),
    };
  }

  /** GET /test-case/{id}/schedule. */
  async getForTest(actor: Actor, testCaseId: string | undefined): Promise<TestScheduleResult> {
    const test = await this._requireTest(actor, testCaseId);
    const [row] = await this._db.select().from(schedules).where(eq(schedules.testCaseId, test.id));
    return { schedule: row ? await this._details(row) : null };
  }

  /** PUT /test-case/{id}/schedule: sets or replaces the test's schedule; its next tick is queued at once. */
  async setForTest(
    actor: Actor,
    testCaseId: string | undefined,
    body: ScheduleBody | null,
  ): Promise<TestScheduleResult> {
    const test = await this._requireTest(actor, testCaseId);
    const parsed = checked(body?.cron ?? '', body?.timezone, { cron: 'cron', timezone: 'timezone' });
    const environmentId = await this._environment(test.testSuiteId, body?.environment_id, 'environment_id');
    const row = await this._save({ testCaseId: test.id }, test.testSuiteId, actor, {
      ...parsed,
      environmentId,
    });
    return { schedule: await this._details(row) };
  }

  /** DELETE /test-case/{id}/schedule: its queued tick finds nothing and ends. */
  async deleteForTest(actor: Actor, testCaseId: string | undefined): Promise<void> {
    const test = await this._requireTest(actor, testCaseId);
    await this._db.delete(schedules).where(eq(schedules.testCaseId, test.id));
  }

  /**
   * A collection's PUT: `schedule` null or blank clears it; a cron sets it (in `timezone`, else the
   * zone it had, else UTC); a zone alone moves an existing schedule. The caller has checked access.
   * Checked before anything is written: call `checkCollectionSchedule` first, then this.
   */
  async saveForCollection(
    collection: { id: string; testSuiteId: string },
    actor: Actor,
    change: CollectionScheduleChange,
  ): Promise<void> {
    if (change.kind === 'none') return;
    if (change.kind === 'clear') {
      await this._db.delete(schedules).where(eq(schedules.collectionId, collection.id));
      return;
    }
    await this._save({ collectionId: collection.id }, collection.testSuiteId, actor, change.schedule);
  }

  /**
   * What a collection's PUT asks of its schedule, checked (400 with SPEC §5's sentence); nothing is
   * written. `cron` undefined keeps the cron; `timezone` undefined keeps the zone; `environmentId`
   * undefined keeps the environment (issue 33), null clears it.
   */
  async checkCollectionSchedule(
    collection: { id: string; testSuiteId: string },
    cron: string | null | undefined,
    timezone: string | undefined,
    environmentId?: string | null,
  ): Promise<CollectionScheduleChange> {
    if (cron === undefined && timezone === undefined && environmentId === undefined) return { kind: 'none' };
    const [current] = await this._db
      .select()
      .from(schedules)
      .where(eq(schedules.collectionId, collection.id));
    const text = cron === undefined ? (current?.cron ?? null) : cron;
    const zone = timezone ?? current?.timezone;
    if (!text?.trim()) {
      // An environment for no schedule at all is said, not dropped (clearing it is fine).
      if (environmentId?.trim() && cron === undefined)
        throw new ValidationError('Set a schedule before choosing the environment it runs on', {
          fields: { schedule_environment_id: 'no_schedule' },
        });
      // A zone alone with no schedule to move: still checked, so a typo is said, then nothing to do.
      if (timezone !== undefined && timezone.trim() && cron === undefined)
        checked('* * * * *', timezone, { cron: 'schedule', timezone: 'schedule_timezone' });
      return cron === undefined ? { kind: 'none' } : { kind: 'clear' };
    }
    const schedule = checked(text, zone, { cron: 'schedule', timezone: 'schedule_timezone' });
    return {
      kind: 'set',
      schedule: {
        ...schedule,
        environmentId:
          environmentId === undefined
            ? (current?.environmentId ?? null)
            : await this._environment(collection.testSuiteId, environmentId, 'schedule_environment_id'),
      },
    };
  }

  /** The schedules of these collections, with their words, next times and recent ticks. */
  async forCollections(collectionIds: string[]): Promise<Map<string, Schedule>> {
    const result = new Map<string, Schedule>();
    if (collectionIds.length === 0) return result;
    const rows = await this._db
      .select()
      .from(schedules)
      .where(inArray(schedules.collectionId, collectionIds));
    const ticks = await this._recentTicks(rows.map((row) => row.id));
    const names = await this._environmentNames(rows);
    const now = new Date();
    for (const row of rows)
      if (row.collectionId) result.set(row.collectionId, toWire(row, ticks.get(row.id) ?? [], now, names));
    return result;
  }

  // ── Worker ────────────────────────────────────────────────────────────────────────────────────

  /**
   * One tick: nothing when the schedule is gone or changed since the tick was queued; otherwise the
   * tick is recorded once (a second handling of the same tick stops here), the collection's group or
   * the test's run starts — unless the previous one still runs — and the following tick is queued.
   */
  async handleTick(job: ScheduleTickJob): Promise<TickResult | null> {
    const [schedule] = await this._db.select().from(schedules).where(eq(schedules.id, job.scheduleId));
    if (!schedule || schedule.cron !== job.cron || schedule.timezone !== job.timezone) return null;
    const tickAt = new Date(job.tickAt);
    if (Number.isNaN(tickAt.getTime())) return null;
    const [taken] = await this._db
      .insert(scheduleTicks)
      .values({ scheduleId: schedule.id, tickAt, outcome: 'failed', message: INTERRUPTED })
      .onConflictDoNothing()
      .returning({ scheduleId: scheduleTicks.scheduleId });
    // Handled already (a job run twice, or its retry): only make sure the following tick is queued.
    if (!taken) {
      await this._queueNext(schedule, tickAt);
      return null;
    }

    let result: TickResult;
    try {
      result = schedule.collectionId
        ? await this._tickCollection(schedule, schedule.collectionId)
        : await this._tickTest(schedule, schedule.testCaseId!);
    } catch (error) {
      const reason = error instanceof AppError ? error.message : 'the server could not start the runs';
      result = failed(`The scheduled run could not start: ${reason}`);
      if (!(error instanceof AppError)) console.error(`[schedules] tick of ${schedule.id} failed`, error);
    }
    await this._db
      .update(scheduleTicks)
      .set({
        outcome: result.outcome,
        message: result.message,
        groupCreatedAt: result.groupCreatedAt,
        runId: result.runId,
      })
      .where(and(eq(scheduleTicks.scheduleId, schedule.id), eq(scheduleTicks.tickAt, tickAt)));
    // After the runs started, so they start as soon as they can; a crash before this is covered by
    // the job's retry (the branch above) and by the reconciler.
    await this._queueNext(schedule, tickAt);
    await this._db
      .delete(scheduleTicks)
      .where(
        and(
          eq(scheduleTicks.scheduleId, schedule.id),
          sql`${scheduleTicks.tickAt} < now() - make_interval(days => ${KEEP_TICKS_DAYS})`,
        ),
      );
    if (result.outcome !== 'started')
      this._log(
        `[schedules] ${whose(schedule)} tick ${tickAt.toISOString()} ${result.outcome}: ${result.message}`,
      );
    return result;
  }

  /**
   * Queues every schedule's next tick (one job per tick id, however many processes do this): on
   * worker start and every RECONCILE_EVERY_MS, so a lost job or a restart never loses a schedule.
   */
  async reconcile(now = new Date()): Promise<number> {
    const rows = await this._db.select().from(schedules).orderBy(asc(schedules.id));
    let queued = 0;
    for (const row of rows) {
      // One schedule that cannot be queued (a zone this Node no longer knows) stops no other.
      try {
        const [next] = nextRuns(row.cron, row.timezone, now, 1);
        if (await this._send(row, next)) queued++;
      } catch (error) {
        console.error(`[schedules] the next tick of ${whose(row)} could not be queued`, error);
      }
    }
    return queued;
  }

  // ── Internals ─────────────────────────────────────────────────────────────────────────────────

  private async _tickCollection(schedule: ScheduleRow, collectionId: string): Promise<TickResult> {
    const running = await this._db.execute(sql`
      SELECT newest.at AS created_at
      FROM (SELECT max(created_at) AS at FROM test_runs WHERE collection_id = ${collectionId}) AS newest
      WHERE EXISTS (SELECT 1 FROM test_runs r WHERE r.collection_id = ${collectionId}
                    AND r.created_at = newest.at AND r.status IN (${sql.join(
                      RUNNING_STATES.map((state) => sql`${state}`),
                      sql`, `,
                    )}))`);
    const [busy] = (running as unknown as { rows: { created_at: string | Date }[] }).rows;
    if (busy)
      return skipped(
        `The previous group (started ${inZone(new Date(busy.created_at), schedule.timezone)}) was still running, so this tick was skipped.`,
      );
    const tests = await this._db
      .select({ test: testCases })
      .from(testCollectionTests)
      .innerJoin(testCases, eq(testCases.id, testCollectionTests.testCaseId))
      .where(eq(testCollectionTests.collectionId, collectionId))
      .orderBy(asc(testCases.name), asc(testCases.id));
    if (tests.length === 0) return failed(COLLECTION_MESSAGES.noTests);
    const group = await this._runs.createGroup(
      schedule.createdBy ? { id: schedule.createdBy } : null,
      tests.map(({ test }) => test),
      // Issue 33: on the schedule's environment (a deleted one left null: the tests' own websites).
      { collectionId, trigger: 'schedule', environmentId: schedule.environmentId },
    );
    return { outcome: 'started', message: null, groupCreatedAt: group.createdAt, runId: null };
  }

  private async _tickTest(schedule: ScheduleRow, testCaseId: string): Promise<TickResult> {
    const [test] = await this._db.select().from(testCases).where(eq(testCases.id, testCaseId));
    if (!test) return failed('The test no longer exists.');
    const [newest] = await this._db
      .select({ status: testRuns.status, createdAt: testRuns.createdAt })
      .from(testRuns)
      .where(eq(testRuns.testCaseId, testCaseId))
      // NULLS LAST as test_runs_test_case_idx has it: the newest run read along the index, not sorted out of all.
      .orderBy(sql`${testRuns.createdAt} DESC NULLS LAST`, sql`${testRuns.id} DESC NULLS LAST`)
      .limit(1);
    if (newest && (RUNNING_STATES as readonly string[]).includes(newest.status))
      return skipped(
        `The previous run (started ${inZone(newest.createdAt, schedule.timezone)}) was still running, so this tick was skipped.`,
      );
    const prepared = prepareReplay(test, null);
    if ('reason' in prepared) return failed(prepared.reason);
    const group = await this._runs.createGroup(
      schedule.createdBy ? { id: schedule.createdBy } : null,
      [test],
      { collectionId: null, trigger: 'schedule', environmentId: schedule.environmentId },
    );
    return { outcome: 'started', message: null, groupCreatedAt: null, runId: group.runIds[0] ?? null };
  }

  /** Inserts or replaces the schedule of a collection or a test, then queues its next tick. */
  private async _save(
    owner: { collectionId: string } | { testCaseId: string },
    testSuiteId: string,
    actor: Actor,
    parsed: { cron: string; timezone: string; environmentId: string | null },
  ): Promise<ScheduleRow> {
    const now = new Date();
    const target = 'collectionId' in owner ? schedules.collectionId : schedules.testCaseId;
    const { cron, timezone, environmentId } = parsed;
    const [row] = await this._db
      .insert(schedules)
      .values({ ...owner, testSuiteId, cron, timezone, environmentId, createdBy: actor.id })
      .onConflictDoUpdate({ target, set: { cron, timezone, environmentId, lastModifiedAt: now } })
      .returning();
    const [next] = nextRuns(row.cron, row.timezone, now, 1);
    // NOTE: if this send fails, the workers' reconciler queues it within RECONCILE_EVERY_MS.
    await this._send(row, next).catch((error) => console.error('[schedules] queueing a tick failed', error));
    return row;
  }

  /** The tick after `tickAt` (idempotent: its id is the same whoever sends it). */
  private async _queueNext(schedule: ScheduleRow, tickAt: Date): Promise<void> {
    const [next] = nextRuns(schedule.cron, schedule.timezone, tickAt, 1);
    await this._send(schedule, next);
  }

  private async _send(schedule: ScheduleRow, tickAt: Date): Promise<boolean> {
    if (!this._queue) return false;
    const data: ScheduleTickJob = {
      scheduleId: schedule.id,
      cron: schedule.cron,
      timezone: schedule.timezone,
      tickAt: tickAt.toISOString(),
    };
    const id = await this._queue.sendOnce(SCHEDULE_TICK_QUEUE, data, {
      id: tickJobId(data),
      startAfter: tickAt,
      // A handler that threw (a dropped connection) tries again; the tick row keeps it to once.
      retryLimit: 3,
      retryDelay: 2,
      expireInSeconds: 300,
    });
    return id !== null;
  }

  private async _details(row: ScheduleRow): Promise<Schedule> {
    const ticks = await this._recentTicks([row.id]);
    return toWire(row, ticks.get(row.id) ?? [], new Date(), await this._environmentNames([row]));
  }

  /**
   * The environment a schedule asks for (issue 33): null for none, else one of the project's; another
   * project's or organization's is a 400 naming `field`, like an unknown one.
   */
  private async _environment(
    testSuiteId: string,
    environmentId: string | null | undefined,
    field: string,
  ): Promise<string | null> {
    const id = environmentId?.trim().toLowerCase() ?? '';
    if (!id) return null;
    const [row] = isUuid(id)
      ? await this._db
          .select({ id: environments.id })
          .from(environments)
          .where(and(eq(environments.id, id), eq(environments.testSuiteId, testSuiteId)))
      : [];
    if (!row) throw new ValidationError(MESSAGES.environmentUnknown, { fields: { [field]: 'unknown' } });
    return row.id;
  }

  /** The names of the schedules' environments, by id. */
  private async _environmentNames(rows: ScheduleRow[]): Promise<Map<string, string>> {
    const ids = [...new Set(rows.flatMap((row) => (row.environmentId ? [row.environmentId] : [])))];
    if (ids.length === 0) return new Map();
    const found = await this._db
      .select({ id: environments.id, name: environments.name })
      .from(environments)
      .where(inArray(environments.id, ids));
    return new Map(found.map((row) => [row.id, row.name]));
  }

  /** Each schedule's newest ticks (at most SCHEDULE_LIMITS.recentTicks), newest first. */
  private async _recentTicks(scheduleIds: string[]): Promise<Map<string, TickRow[]>> {
    const result = new Map<string, TickRow[]>();
    if (scheduleIds.length === 0) return result;
    // One index range per schedule (primary key schedule_id, tick_at), however long its history.
    for (const scheduleId of scheduleIds) {
      const rows = await this._db
        .select()
        .from(scheduleTicks)
        .where(eq(scheduleTicks.scheduleId, scheduleId))
        .orderBy(desc(scheduleTicks.tickAt))
        .limit(LIMITS.recentTicks);
      result.set(scheduleId, rows);
    }
    return result;
  }

  private async _requireTest(actor: Actor, testCaseId: string | undefined) {
    const id = testCaseId?.trim().toLowerCase() ?? '';
    if (!id) throw new ValidationError(MESSAGES.testIdRequired, { fields: { id: 'required' } });
    const { row } = await this._testCases.requireTest(actor, id, 'Test case not found');
    return row;
  }
}

export type CollectionScheduleChange =
  | { kind: 'none' }
  | { kind: 'clear' }
  | { kind: 'set'; schedule: { cron: string; timezone: string; environmentId: string | null } };

/**
 * A tick's job id: a UUID made from sha256 of the schedule, its cron and zone and the tick's time,
 * so every process that sends this tick names the same job (pg-boss keeps the first, ignores the rest).
 */
export function tickJobId(job: ScheduleTickJob): string {
  const hash = crypto
    .createHash('sha256')
    .update(`${job.scheduleId}\n${job.cron}\n${job.timezone}\n${job.tickAt}`)
    .digest();
  // RFC 9562 version 8 (custom) with the RFC variant bits.
  hash[6] = (hash[6] & 0x0f) | 0x80;
  hash[8] = (hash[8] & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Checked cron and zone, or a 400 with the sentence and the field it is about. */
function checked(
  cron: string,
  timezone: string | null | undefined,
  fields: { cron: string; timezone: string },
): { cron: string; timezone: string } {
  const parsed = parseSchedule(cron, timezone);
  if (!parsed.ok)
    throw new ValidationError(parsed.message, { fields: { [fields[parsed.field]]: 'invalid' } });
  return { cron: parsed.cron, timezone: parsed.timezone };
}

function toWire(
  row: ScheduleRow,
  ticks: TickRow[],
  now: Date,
  environmentNames: Map<string, string>,
): Schedule {
  return {
    _id: row.id,
    cron: row.cron,
    timezone: row.timezone,
    description: describeSchedule(row.cron, row.timezone),
    next_runs: nextRuns(row.cron, row.timezone, now, LIMITS.nextRuns).map(iso),
    recent_ticks: ticks.map((tick): ScheduleTick => ({
      tick_at: iso(tick.tickAt),
      handled_at: iso(tick.handledAt),
      outcome: tick.outcome as TickOutcome,
      message: tick.message,
      group_created_at: tick.groupCreatedAt ? iso(tick.groupCreatedAt) : null,
      run_id: tick.runId,
    })),
    environment_id: row.environmentId,
    environment_name: row.environmentId ? (environmentNames.get(row.environmentId) ?? null) : null,
    created_at: iso(row.createdAt),
    last_modified_at: iso(row.lastModifiedAt),
  };
}

function skipped(message: string): TickResult {
  return { outcome: 'skipped', message, groupCreatedAt: null, runId: null };
}

function failed(message: string): TickResult {
  return { outcome: 'failed', message, groupCreatedAt: null, runId: null };
}

function whose(schedule: ScheduleRow): string {
  return schedule.collectionId ? `collection ${schedule.collectionId}` : `test ${schedule.testCaseId}`;
}

/** "28 Mar 2026, 09:00 Europe/Berlin": a time as the schedule's people read it. */
function inZone(date: Date, timezone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', {
    timeZone: timezone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
  return `${text} ${timezone}`;
}

function iso(date: Date): string {
  return date.toISOString();
}
