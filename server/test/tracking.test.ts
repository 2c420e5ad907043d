import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { type Db } from '../src/db/client';
import { JobQueue } from '../src/jobs/queue';
import { type BusEvent, type EventBus, isRunEvent } from '../src/realtime/bus';
import { abandonAfterMs, type LeaseConfig, type TrackedJobControl } from '../src/tracking/control';
import { Lease, type LeaseClaim } from '../src/tracking/lease';
import { type QueuePort } from '../src/tracking/queue';
import {
  type Attempt,
  registerTrackedWorker,
  type TrackedKind,
  type TrackedWorker,
} from '../src/tracking/worker';
import { startTestServer, type TestServer } from './helpers';

// The tracked-job lifecycle (DESIGN §6) once, on a fake kind: a tiny table and fake work through the
// real Lease, worker loop and pg-boss. Each real kind (generation, runs, healing) plugs into the same
// three pieces; its own suite keeps what is its own and one smoke in a real browser.

jest.setTimeout(120_000);

const FAKE_QUEUE = 'fake-tracked';
const MAX_ATTEMPTS = 2;
// A job taken back waits for its retry as `retrying` (generation's shown state; runs use pending).
const UNDER_WAY = ['pending', 'retrying', 'waiting_for_executor', 'running'];

const fakeJobs = pgTable('fake_jobs', {
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
type FakeRow = typeof fakeJobs.$inferSelect;

const CREATE_TABLE = `CREATE TABLE IF NOT EXISTS fake_jobs (
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

interface FakeJob {
  id: string;
  jobId: string;
}

/**
 * What the fake work does, by job id: `pass` returns at once, `throw` throws, `wait` runs until it is
 * told to stop (then settles), `hang` never settles (a Playwright call whose browser went away).
 * `deadline` runs a `wait` under a short time limit.
 */
type Script = 'pass' | 'throw' | 'wait' | 'hang' | 'deadline';
const DEADLINE_MS = 300;

/** An in-process bus: a person's cancel is told to the worker loop as each kind's ended event is. */
function memoryBus(): EventBus & { published: BusEvent[] } {
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
class FakeJobs {
  readonly lease: Lease<FakeRow>;
  readonly scripts = new Map<string, Script>();

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
function fakeKind(fake: FakeJobs): TrackedKind<FakeJob, LeaseClaim, null> {
  return {
    label: '[fake]',
    queue: FAKE_QUEUE,
    config: fake.config,
    service: fake,
    endedKey: (event) => (isRunEvent(event) && event.type === 'run_ended' ? event.runId : null),
    key: (job) => job.id,
    async execute(claim, control: TrackedJobControl<LeaseClaim>): Promise<Attempt<null> | null> {
      if (!(await fake.lease.transition(claim, { status: 'running', startedAt: sql`now()` }))) return null;
      const script = fake.scripts.get(claim.id) ?? 'pass';
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

async function waitUntil(probe: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** A worker process of the fake kind: its own queue (pg-boss connection) and worker loop. */
interface FakeWorker {
  worker: TrackedWorker;
  stop(): Promise<void>;
}

let server: TestServer;
let bus: ReturnType<typeof memoryBus>;
const started: FakeWorker[] = [];

function setUp(config: Partial<LeaseConfig> = {}): FakeJobs {
  bus = memoryBus();
  const leaseConfig: LeaseConfig = { heartbeatMs: 200, staleMs: 2_000, stepTimeoutMs: 100, ...config };
  return new FakeJobs(server.database.db, server.queue, bus, leaseConfig);
}

async function startWorker(
  fake: FakeJobs,
  options: { concurrency?: number; singleProcess?: boolean } = {},
): Promise<FakeWorker> {
  const queue = await JobQueue.start(server.database, { pollingIntervalSeconds: 0.5, supervise: false });
  const worker = await registerTrackedWorker(queue, bus, fakeKind(fake), options.concurrency ?? 1, {
    singleProcess: options.singleProcess ?? false,
  });
  const handle = {
    worker,
    async stop() {
      started.splice(started.indexOf(handle), 1);
      worker.release();
      await worker.close();
      await queue.stop();
    },
  };
  started.push(handle);
  return handle;
}

/** What a worker does when it takes a job, before it dies: the queue job is active, the row claimed. */
async function takeAndAbandon(fake: FakeJobs, id: string): Promise<void> {
  const { jobId } = await fake.row(id);
  await waitUntil(async () => (await server.queue.boss.fetch(FAKE_QUEUE))[0]?.id === jobId, 'the job');
  expect(await fake.claim({ id, jobId: jobId! })).not.toBeNull();
  // Its last heartbeat was long ago.
  await server.database.db
    .update(fakeJobs)
    .set({ heartbeatAt: sql`now() - interval '1 hour'` })
    .where(eq(fakeJobs.id, id));
}

async function waitForStatus(
  fake: FakeJobs,
  id: string,
  status: string,
  timeoutMs?: number,
): Promise<FakeRow> {
  await waitUntil(async () => (await fake.row(id)).status === status, `the job to be ${status}`, timeoutMs);
  return fake.row(id);
}

beforeAll(async () => {
  // The API role only: no worker of a real kind takes anything; each test starts the fake kind's.
  server = await startTestServer({ roles: ['api'] });
  await server.database.sql.executeSql(CREATE_TABLE);
  await server.queue.ensureQueue(FAKE_QUEUE);
});
afterEach(async () => {
  for (const worker of [...started]) await worker.stop();
  await server.database.sql.executeSql('DELETE FROM fake_jobs');
  await server.queue.boss.purgeQueue(FAKE_QUEUE);
});
afterAll(async () => server?.close());

describe('a tracked job', () => {
  it('ends through the table of endings: done passes, a throw fails with its reason', async () => {
    const fake = setUp();
    await startWorker(fake);
    const passes = await fake.create('pass');
    const throws = await fake.create('throw');
    expect(await waitForStatus(fake, passes, 'passed')).toMatchObject({ attempts: 1, message: null });
    expect(await waitForStatus(fake, throws, 'failed')).toMatchObject({
      attempts: 1,
      message: 'The fake work broke',
    });
  });

  it('whose worker died is swept back to wait for its retry, counted; dying again ends it, saying why', async () => {
    const fake = setUp();
    const id = await fake.create('pass');
    await takeAndAbandon(fake, id);
    expect(await fake.sweep({ assumeDead: false })).toBe(1);
    expect(await fake.row(id)).toMatchObject({
      status: 'retrying',
      attempts: 1,
      claimId: null,
      worker: null,
    });
    // The queue retries the same job after its delay; the second worker dies too.
    await takeAndAbandon(fake, id);
    expect(await fake.sweep({ assumeDead: false })).toBe(1);
    expect(await fake.row(id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      message: 'Stopped because its worker stopped responding.',
    });
    expect(bus.published).toContainEqual(expect.objectContaining({ runId: id, type: 'run_ended' }));
  });

  it('whose worker died is taken back once when two sweeps find it, and a live one is left alone', async () => {
    const fake = setUp();
    const dead = await fake.create('pass');
    await takeAndAbandon(fake, dead);
    const repaired = await Promise.all([
      fake.sweep({ assumeDead: false }),
      fake.sweep({ assumeDead: false }),
    ]);
    expect(repaired.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await fake.row(dead)).toMatchObject({ status: 'retrying', attempts: 1 });
    // Failed once in the queue (which retries it): the job keeps its second attempt.
    const job = await server.queue.boss.getJobById(FAKE_QUEUE, (await fake.row(dead)).jobId!);
    expect(job?.state).toBe('retry');

    const live = await fake.create('pass');
    const { jobId } = await fake.row(live);
    await waitUntil(async () => {
      const fetched = await server.queue.boss.fetch(FAKE_QUEUE);
      return fetched.some((found) => found.id === jobId);
    }, 'the live job');
    expect(await fake.claim({ id: live, jobId: jobId! })).not.toBeNull();
    expect(await fake.sweep({ assumeDead: false })).toBe(0);
    expect((await fake.row(live)).status).toBe('waiting_for_executor');
  });

  it('whose worker died runs again on the next worker to start (its first sweep), and passes', async () => {
    const fake = setUp();
    const id = await fake.create('pass');
    await takeAndAbandon(fake, id);
    // One process on PGlite: what ran before it started ran in a process that died.
    await startWorker(fake, { singleProcess: true });
    expect(await waitForStatus(fake, id, 'passed')).toMatchObject({ attempts: 2 });
  });

  it('whose queue job ended before it was claimed is sent again', async () => {
    const fake = setUp();
    const id = await fake.create('pass');
    await server.queue.cancel(FAKE_QUEUE, (await fake.row(id)).jobId!);
    // Sent again only once it has waited long enough for the send that follows its commit.
    expect(await fake.sweep({ assumeDead: false })).toBe(0);
    await server.database.db
      .update(fakeJobs)
      .set({ lastModifiedAt: sql`now() - interval '1 hour'` })
      .where(eq(fakeJobs.id, id));
    const before = (await fake.row(id)).jobId;
    expect(await fake.sweep({ assumeDead: false })).toBe(1);
    expect((await fake.row(id)).jobId).not.toBe(before);
    await startWorker(fake);
    expect(await waitForStatus(fake, id, 'passed')).toMatchObject({ attempts: 1 });
  });

  it('whose queue job ended while it ran goes back for its retry and is sent again', async () => {
    const fake = setUp();
    const id = await fake.create('pass');
    await takeAndAbandon(fake, id);
    const before = (await fake.row(id)).jobId;
    await server.queue.cancel(FAKE_QUEUE, before!);
    expect(await fake.sweep({ assumeDead: false })).toBe(1);
    const swept = await fake.row(id);
    expect(swept).toMatchObject({ status: 'retrying', attempts: 1, claimId: null });
    expect(swept.jobId).not.toBe(before);
    await startWorker(fake);
    expect(await waitForStatus(fake, id, 'passed')).toMatchObject({ attempts: 2 });
  });

  it('is handed back to the queue when its worker shuts down, without counting an attempt, and passes on the next', async () => {
    const fake = setUp();
    const first = await startWorker(fake);
    const id = await fake.create('wait');
    await waitForStatus(fake, id, 'running');
    fake.scripts.set(id, 'pass');
    await first.stop();
    expect(await waitForStatus(fake, id, 'retrying')).toMatchObject({ attempts: 0, claimId: null });
    await startWorker(fake);
    expect(await waitForStatus(fake, id, 'passed')).toMatchObject({ attempts: 1 });
  });

  it('ends timed out at its deadline', async () => {
    const fake = setUp();
    await startWorker(fake);
    const id = await fake.create('deadline');
    expect(await waitForStatus(fake, id, 'timed_out')).toMatchObject({ attempts: 1 });
  });

  it('abandons work that never settles once the grace after a stop is over; the worker takes the next job', async () => {
    const fake = setUp();
    await startWorker(fake, { concurrency: 1 });
    const hangs = await fake.create('hang');
    await waitForStatus(fake, hangs, 'running');
    const stoppedAt = Date.now();
    const next = await fake.create('pass');
    await fake.cancel(hangs);
    const bound = abandonAfterMs(fake.config);
    await waitForStatus(fake, next, 'passed', bound + 30_000);
    // Not before the grace every kind gives a stopped browser call.
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(bound);
    expect((await fake.row(hangs)).status).toBe('cancelled');
  });

  it("is stopped by a person's cancel at once, not at its next heartbeat, and frees its worker", async () => {
    // Heartbeats far apart: a job that waited for its next beat would hold its worker for long.
    const fake = setUp({ heartbeatMs: 60_000, staleMs: 120_000 });
    await startWorker(fake, { concurrency: 1 });
    const slow = await fake.create('wait');
    await waitForStatus(fake, slow, 'running');
    const next = await fake.create('pass');
    await fake.cancel(slow);
    await waitForStatus(fake, next, 'passed', 10_000);
    expect((await fake.row(slow)).status).toBe('cancelled');
  });
});
