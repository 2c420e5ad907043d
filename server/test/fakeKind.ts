import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { type Db } from '../src/db/client';
import { type BusEvent, type EventBus, isRunEvent } from '../src/realtime/bus';
import { type LeaseConfig, type TrackedJobControl } from '../src/tracking/control';
import { Lease, type LeaseClaim } from '../src/tracking/lease';
import { type QueuePort } from '../src/tracking/queue';
import { type Attempt, type TrackedKind } from '../src/tracking/worker';

// The fake tracked-job kind of server/test/tracking.test.ts (and of the worker process it kills,
// server/test/fakeWorker.ts): a tiny table and fake work through the real Lease and worker loop.

export const FAKE_QUEUE = 'fake-tracked';
export const MAX_ATTEMPTS = 2;
// A job taken back waits for its retry as `retrying` (generation's shown state; runs use pending).
export const UNDER_WAY = ['pending', 'retrying', 'waiting_for_executor', 'running'];

export const fakeJobs = pgTable('fake_jobs', {
  id: uuid('id').primaryKey().defaultRandom(),
  status: text('status').notNull().default('pending'),
  message: text('message'),
  jobId: uuid('job_id'),
  claimId: uuid('claim_id'),
  attempts: integer('attempts').notNull().default(0),
  worker: text('worker'),
  heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
  startedAt: timestamp('started_at', { withTimezone: true }),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  steps: jsonb('steps').$type<unknown[]>().notNull().default([]),
  lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
});
export type FakeRow = typeof fakeJobs.$inferSelect;

export const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS fake_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  status text NOT NULL DEFAULT 'pending',
  message text,
  job_id uuid,
  claim_id uuid,
  attempts integer NOT NULL DEFAULT 0,
  worker text,
  heartbeat_at timestamptz,
  started_at timestamptz,
  finished_at timestamptz,
  steps jsonb NOT NULL DEFAULT '[]',
  last_modified_at timestamptz NOT NULL DEFAULT now()
)`;

export interface FakeJob {
  id: string;
  jobId: string;
}

/**
 * What the fake work does, by job id: `pass` returns at once, `throw` throws, `wait` runs until it is
 * told to stop (then settles), `hang` never settles (a Playwright call whose browser went away).
 * `deadline` runs a `wait` under a short time limit.
 */
export type Script = 'pass' | 'throw' | 'wait' | 'hang' | 'deadline';
const DEADLINE_MS = 300;

/** An in-process bus: a person's cancel is told to the worker loop as each kind's ended event is. */
export function memoryBus(): EventBus & { published: BusEvent[] } {
  const listeners = new Set<(event: BusEvent) => void>();
  const published: BusEvent[] = [];
  return {
    published,
    async publish(event) {
      published.push(event);
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    publishJobQueued: async () => undefined,
    onJobQueued: () => () => undefined,
    close: async () => undefined,
  };
}

/** The fake kind's service: its person-facing half is `create` and `cancel`, the rest is the Lease. */
export class FakeJobs {
  readonly lease: Lease<FakeRow>;
  readonly scripts = new Map<string, Script>();
  /** The script of a job this process did not create (a worker process apart from the test's). */
  defaultScript: Script = 'pass';

  constructor(
    private readonly _db: Db,
    queue: QueuePort,
    private readonly _bus: EventBus,
    readonly config: LeaseConfig,
  ) {
    this.lease = new Lease<FakeRow>(_db, queue, {
      table: fakeJobs,
      queue: FAKE_QUEUE,
      underWay: UNDER_WAY,
      retryState: 'retrying',
      maxAttempts: MAX_ATTEMPTS,
      job: (id, jobId): FakeJob => ({ id, jobId }),
      expireInSeconds: () => 60,
      staleMs: () => config.staleMs,
      stoppedResponding: 'The fake worker stopped responding',
      endedValues: (why) => ({
        status: 'failed',
        message: `Stopped because ${why}.`,
        finishedAt: sql`now()`,
      }),
      changed: async () => undefined,
      ended: (row) => this._publishEnded(row.id, row.status),
    });
  }

  async create(script: Script): Promise<string> {
    const jobId = crypto.randomUUID();
    const [row] = await this._db.insert(fakeJobs).values({ jobId }).returning();
    this.scripts.set(row.id, script);
    await this.lease.send(row.id, jobId);
    return row.id;
  }

  /** A person's cancel: the row ends, the bus tells the worker at once. */
  async cancel(id: string): Promise<void> {
    await this._db
      .update(fakeJobs)
      .set({ status: 'cancelled', finishedAt: sql`now()` })
      .where(and(eq(fakeJobs.id, id), inArray(fakeJobs.status, UNDER_WAY)));
    await this._publishEnded(id, 'cancelled');
  }

  async claim(job: FakeJob): Promise<LeaseClaim | null> {
    return (await this.lease.claim(job.id, job.jobId))?.claim ?? null;
  }

  heartbeat(claim: LeaseClaim): Promise<boolean> {
    return this.lease.heartbeat(claim);
  }

  sweep(options: { assumeDead: boolean }): Promise<number> {
    return this.lease.sweep(options);
  }

  async finish(claim: LeaseClaim, status: string, message: string | null = null): Promise<void> {
    const row = await this.lease.update(claim, { status, message, finishedAt: sql`now()` });
    if (row) await this._publishEnded(row.id, status);
  }

  async row(id: string): Promise<FakeRow> {
    const [row] = await this._db.select().from(fakeJobs).where(eq(fakeJobs.id, id));
    return row;
  }

  private async _publishEnded(id: string, status: string): Promise<void> {
    await this._bus.publish({ runId: id, testId: id, type: 'run_ended', status });
  }
}

/** The fake kind plugged into the worker loop: its work follows its script; the loop does the rest. */
export function fakeKind(fake: FakeJobs): TrackedKind<FakeJob, LeaseClaim, null> {
  return {
    label: '[fake]',
    queue: FAKE_QUEUE,
    config: fake.config,
    service: fake,
    endedKey: (event) => (isRunEvent(event) && event.type === 'run_ended' ? event.runId : null),
    key: (job) => job.id,
    async execute(claim, control: TrackedJobControl<LeaseClaim>): Promise<Attempt<null> | null> {
      if (!(await fake.lease.transition(claim, { status: 'running', startedAt: sql`now()` }))) return null;
      const script = fake.scripts.get(claim.id) ?? fake.defaultScript;
      if (script === 'deadline') control.startDeadline(DEADLINE_MS);
      try {
        if (script === 'throw') throw new Error('The fake work broke');
        if (script === 'wait' || script === 'deadline')
          await control.guard(new Promise<void>((resolve) => control.onAbort(resolve)));
        if (script === 'hang') await control.guard(new Promise<never>(() => undefined));
        return { work: null, failure: null };
      } catch (failure) {
        return { work: null, failure };
      }
    },
    endings: {
      released: async (claim) => {
        await fake.lease.release(claim);
        throw new Error('The worker shut down; the job starts again elsewhere');
      },
      stopped: async () => undefined,
      timed_out: (claim) => fake.finish(claim, 'timed_out'),
      failed: (claim, _work, failure) =>
        fake.finish(claim, 'failed', failure instanceof Error ? failure.message : String(failure)),
      done: (claim) => fake.finish(claim, 'passed'),
    },
  };
}
