import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { JobQueue } from '../src/jobs/queue';
import { abandonAfterMs, type LeaseConfig } from '../src/tracking/control';
import { registerTrackedWorker, type TrackedWorker } from '../src/tracking/worker';
import { CREATE_TABLE, FAKE_QUEUE, fakeJobs, FakeJobs, fakeKind, type FakeRow, memoryBus } from './fakeKind';
import { freshPostgres, startTestServer, testDatabaseUrl, type TestServer } from './helpers';

// The tracked-job lifecycle (DESIGN §6) once, on a fake kind (./fakeKind.ts): a tiny table and fake
// work through the real Lease, worker loop and pg-boss; on Postgres, a worker process SIGKILLed too. Each real kind (generation, runs, healing) plugs into the same
// three pieces; its own suite keeps what is its own and one smoke in a real browser.

jest.setTimeout(120_000);

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
/** On Postgres: the test server's database, which a worker process apart from it shares. */
let postgres: { url: string; drop: () => Promise<void> } | null = null;
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
  postgres = testDatabaseUrl ? await freshPostgres() : null;
  server = await startTestServer({
    roles: ['api'],
    ...(postgres ? { target: { kind: 'postgres' as const, url: postgres.url, poolSize: 5 } } : {}),
  });
  await server.database.sql.executeSql(CREATE_TABLE);
  await server.queue.ensureQueue(FAKE_QUEUE);
});
afterEach(async () => {
  for (const worker of [...started]) await worker.stop();
  await server.database.sql.executeSql('DELETE FROM fake_jobs');
  await server.queue.boss.purgeQueue(FAKE_QUEUE);
});
afterAll(async () => {
  await server?.close();
  await postgres?.drop();
});

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

/** Starts server/test/fakeWorker.ts, a worker process of the fake kind on the test's database. */
async function spawnFakeWorker(url: string): Promise<ChildProcess> {
  // One process (no tsx CLI in between), so the signal reaches the worker itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/test/fakeWorker.ts', url], {
    cwd: path.resolve(__dirname, '../..'),
    env: { ...process.env, NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  await waitUntil(
    async () => output.includes('Worker ready'),
    `the worker process to start (${output})`,
    60_000,
  );
  return child;
}

// A worker process apart from the test needs a database both share: this runs in CI's pass on the
// machine's Postgres (TEST_DATABASE_URL). On PGlite, 'runs again on the next worker to start' covers a
// process that died.
if (testDatabaseUrl) {
  describe('a tracked job whose worker process is killed (SIGKILL)', () => {
    it('is left running with a stale heartbeat, then taken back by a live worker, which passes it on its second attempt', async () => {
      const fake = setUp();
      const child = await spawnFakeWorker(postgres!.url);
      try {
        const id = await fake.create('wait');
        const running = await waitForStatus(fake, id, 'running');
        expect(running.worker).toMatch(new RegExp(`:${child.pid}$`));
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGKILL');
        await exited;
        // No process is left to notice: the job still reads as running, its heartbeat going stale.
        expect(await fake.row(id)).toMatchObject({ status: 'running', attempts: 1 });
        fake.scripts.set(id, 'pass');
        await startWorker(fake);
        expect(await waitForStatus(fake, id, 'passed')).toMatchObject({ attempts: 2 });
      } finally {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
    });
  });
}
