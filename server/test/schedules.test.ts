import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { COLLECTION_MESSAGES, type Collection } from '../../contract/collections';
import {
  SCHEDULE_MESSAGES as MESSAGES,
  type SchedulePreview,
  type TestScheduleResult,
} from '../../contract/schedules';
import { schedules, scheduleTicks, testRuns } from '../src/db/schema';
import { nextRuns } from '../src/lib/cron';
import { type Action } from '../src/runner';
import { SCHEDULE_TICK_QUEUE, type ScheduleTickJob, tickJobId } from '../src/services/schedules';
import { api, freePort, freshPostgres, testDatabaseUrl, tokenFor } from './helpers';
import {
  createTest,
  FAST_GENERATION_ENV,
  setUpGeneration,
  waitUntil,
  type GenerationContext,
} from './generationFixtures';
import { createGeneratedTest } from './runFixtures';

jest.setTimeout(180_000);

type ErrorBody = { error: { code: string; message: string } };

let sites: FixtureSites;
beforeAll(async () => {
  sites = await serveFixtureSites();
});
afterAll(async () => sites?.close());

const todoActions = (text: string): Action[] => [
  { kind: 'goto', url: sites.url('todo') },
  { kind: 'fill', target: { locator: { by: 'placeholder', text: 'What needs to be done?' } }, value: text },
  { kind: 'press', key: 'Enter', target: { locator: { by: 'placeholder', text: 'What needs to be done?' } } },
];

function call<T>(ctx: GenerationContext, method: string, urlPath: string, body?: unknown, token = ctx.token) {
  return api<T>(ctx.server, method, urlPath, { token, body });
}

async function createCollection(ctx: GenerationContext, name: string, testIds: string[]) {
  const response = await call<Collection>(ctx, 'POST', '/test-suites/collection', {
    name,
    test_suite_id: ctx.suiteId,
    linked_test_ids: testIds,
  });
  expect(response.status).toBe(201);
  return response.body;
}

async function scheduleRow(ctx: GenerationContext, where: { collectionId?: string; testCaseId?: string }) {
  const [row] = await ctx.server.database.db
    .select()
    .from(schedules)
    .where(
      where.collectionId
        ? eq(schedules.collectionId, where.collectionId)
        : eq(schedules.testCaseId, where.testCaseId!),
    );
  return row ?? null;
}

/** The job of the schedule's tick at `tickAt`, as a worker would get it. */
function tickJob(row: { id: string; cron: string; timezone: string }, tickAt: Date): ScheduleTickJob {
  return { scheduleId: row.id, cron: row.cron, timezone: row.timezone, tickAt: tickAt.toISOString() };
}

/** The distinct run groups (created_at) of a collection. */
async function groupsOf(ctx: GenerationContext, collectionId: string): Promise<string[]> {
  const rows = await ctx.server.database.db
    .select({ createdAt: testRuns.createdAt })
    .from(testRuns)
    .where(eq(testRuns.collectionId, collectionId));
  return [...new Set(rows.map((row) => row.createdAt.toISOString()))];
}

describe('schedules (API only: ticks are handled by the test, runs stay queued)', () => {
  let ctx: GenerationContext;
  let other: { token: string };
  let runnable: string;
  let logged: string[];

  beforeAll(async () => {
    ctx = await setUpGeneration({ sites, roles: ['api'] });
    runnable = await createGeneratedTest(ctx, 'Runnable', sites.url('todo'), todoActions('a'));
    other = await tokenFor(ctx.server, { email: 'outsider@elsewhere.example' });
    await api(ctx.server, 'POST', '/organizations', { token: other.token, body: { name: 'Elsewhere' } });
  });
  afterAll(async () => ctx?.close());
  beforeEach(() => {
    logged = [];
    jest.spyOn(console, 'info').mockImplementation((line: string) => void logged.push(line));
  });
  afterEach(() => jest.restoreAllMocks());

  it('refuses a cron that is not 5 valid fields, or an unknown time zone, with a sentence', async () => {
    const collection = await createCollection(ctx, 'Validation', [runnable]);
    const put = (body: unknown) =>
      call<ErrorBody>(ctx, 'PUT', `/test-suites/collection/${collection._id}`, body);
    const cases: [unknown, string | RegExp][] = [
      [{ schedule: '0 9 * *' }, MESSAGES.cronFields],
      [{ schedule: '0 0 9 * * *' }, MESSAGES.cronFields],
      [{ schedule: '61 9 * * *' }, /^The minute field "61" is not valid/],
      [{ schedule: '0 9 * * 9' }, /^The weekday field "9" is not valid/],
      [{ schedule: '0 9 * * *', schedule_timezone: 'Mars/Olympus' }, MESSAGES.timezoneInvalid],
    ];
    for (const [body, message] of cases) {
      const response = await put(body);
      expect(response.status).toBe(400);
      expect(response.body.error.message).toMatch(message);
    }
    // Nothing was saved by the refused calls.
    expect(await scheduleRow(ctx, { collectionId: collection._id })).toBeNull();

    const forTest = await call<ErrorBody>(ctx, 'PUT', `/test-case/${runnable}/schedule`, { cron: '* * *' });
    expect([forTest.status, forTest.body.error.message]).toEqual([400, MESSAGES.cronFields]);
    const zone = await call<ErrorBody>(ctx, 'PUT', `/test-case/${runnable}/schedule`, {
      cron: '0 9 * * *',
      timezone: 'Europe/Nowhere',
    });
    expect([zone.status, zone.body.error.message]).toEqual([400, MESSAGES.timezoneInvalid]);
  });

  it('previews a cron in words with its next three times, for anyone signed in', async () => {
    const preview = await call<SchedulePreview>(
      ctx,
      'GET',
      '/schedules/preview?cron=0%209%20*%20*%201-5&timezone=Europe/Berlin',
    );
    expect(preview.status).toBe(200);
    expect(preview.body.description).toBe('Every weekday at 09:00 (Europe/Berlin)');
    expect(preview.body.next_runs).toEqual(
      nextRuns('0 9 * * 1-5', 'Europe/Berlin', new Date(), 3).map((time) => time.toISOString()),
    );
    const outsider = await call<SchedulePreview>(
      ctx,
      'GET',
      '/schedules/preview?cron=15%20*%20*%20*%20*',
      undefined,
      other.token,
    );
    expect(outsider.body).toMatchObject({ description: 'Every hour at :15 (UTC)' });

    const bad = await call<ErrorBody>(ctx, 'GET', '/schedules/preview?cron=0%209%20*%20*');
    expect([bad.status, bad.body.error.message]).toEqual([400, MESSAGES.cronFields]);
    const badZone = await call<ErrorBody>(
      ctx,
      'GET',
      '/schedules/preview?cron=0%209%20*%20*%20*&timezone=Nope',
    );
    expect([badZone.status, badZone.body.error.message]).toEqual([400, MESSAGES.timezoneInvalid]);
    const anonymous = await api(ctx.server, 'GET', '/schedules/preview?cron=0%209%20*%20*%20*');
    expect(anonymous.status).toBe(401);
  });

  it("shows a collection's schedule, queues its next tick at once, and clears it", async () => {
    const collection = await createCollection(ctx, 'Shown', [runnable]);
    const saved = await call<Collection>(ctx, 'PUT', `/test-suites/collection/${collection._id}`, {
      schedule: ' 0  9 * * 1-5 ',
      schedule_timezone: 'Europe/Berlin',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ schedule: '0 9 * * 1-5', schedule_timezone: 'Europe/Berlin' });

    const read = await call<Collection>(ctx, 'GET', `/test-suites/collection/${collection._id}`);
    const details = read.body.schedule_details!;
    expect(details).toMatchObject({
      cron: '0 9 * * 1-5',
      timezone: 'Europe/Berlin',
      description: 'Every weekday at 09:00 (Europe/Berlin)',
      recent_ticks: [],
    });
    const expected = nextRuns('0 9 * * 1-5', 'Europe/Berlin', new Date(), 3).map((time) =>
      time.toISOString(),
    );
    expect(details.next_runs).toEqual(expected);
    const listed = await call<Collection[]>(ctx, 'GET', `/test-suites/collections/${ctx.suiteId}`);
    expect(listed.body.find((item) => item._id === collection._id)?.schedule_details?.description).toBe(
      'Every weekday at 09:00 (Europe/Berlin)',
    );

    // The next tick is one pg-boss job with the tick's own id, to start at the tick's time.
    const row = (await scheduleRow(ctx, { collectionId: collection._id }))!;
    const job = tickJob(row, new Date(expected[0]));
    const queued = await ctx.server.queue.boss.getJobById(SCHEDULE_TICK_QUEUE, tickJobId(job));
    expect(queued?.data).toEqual(job);
    expect(queued?.startAfter.toISOString()).toBe(expected[0]);
    // Sending it again (another process, the reconciler) makes no second job.
    expect(await ctx.server.queue.sendOnce(SCHEDULE_TICK_QUEUE, job, { id: tickJobId(job) })).toBeNull();
    expect(await ctx.server.services.schedules.reconcile()).toBe(0);

    // A zone alone moves the schedule; null clears it.
    const moved = await call<Collection>(ctx, 'PUT', `/test-suites/collection/${collection._id}`, {
      schedule_timezone: 'America/New_York',
    });
    expect(moved.body).toMatchObject({ schedule: '0 9 * * 1-5', schedule_timezone: 'America/New_York' });
    const cleared = await call<Collection>(ctx, 'PUT', `/test-suites/collection/${collection._id}`, {
      schedule: null,
    });
    expect(cleared.body).toMatchObject({ schedule: null, schedule_timezone: null, schedule_details: null });
    expect(await scheduleRow(ctx, { collectionId: collection._id })).toBeNull();
  });

  it('queues a lost tick again when reconciling (a restart or a lost job never loses a schedule)', async () => {
    const collection = await createCollection(ctx, 'Reconciled', [runnable]);
    await call(ctx, 'PUT', `/test-suites/collection/${collection._id}`, { schedule: '0 3 * * *' });
    const row = (await scheduleRow(ctx, { collectionId: collection._id }))!;
    const job = tickJob(row, nextRuns(row.cron, row.timezone, new Date(), 1)[0]);
    await ctx.server.queue.boss.deleteJob(SCHEDULE_TICK_QUEUE, tickJobId(job));
    expect(await ctx.server.queue.boss.getJobById(SCHEDULE_TICK_QUEUE, tickJobId(job))).toBeNull();
    expect(await ctx.server.services.schedules.reconcile()).toBeGreaterThanOrEqual(1);
    expect((await ctx.server.queue.boss.getJobById(SCHEDULE_TICK_QUEUE, tickJobId(job)))?.data).toEqual(job);
  });

  it('starts one group for a tick handled twice at once, and skips the next tick while it runs', async () => {
    const collection = await createCollection(ctx, 'Twice', [runnable]);
    await call(ctx, 'PUT', `/test-suites/collection/${collection._id}`, { schedule: '* * * * *' });
    const row = (await scheduleRow(ctx, { collectionId: collection._id }))!;
    const { schedules: service } = ctx.server.services;
    const first = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 120_000);
    const results = await Promise.all([
      service.handleTick(tickJob(row, first)),
      service.handleTick(tickJob(row, first)),
    ]);
    expect(results.filter((result) => result !== null)).toHaveLength(1);
    const started = results.find((result) => result !== null)!;
    expect(started.outcome).toBe('started');
    const groups = await groupsOf(ctx, collection._id);
    expect(groups).toEqual([started.groupCreatedAt!.toISOString()]);
    const runs = await ctx.server.database.db
      .select({ trigger: testRuns.trigger, status: testRuns.status })
      .from(testRuns)
      .where(eq(testRuns.collectionId, collection._id));
    expect(runs).toEqual([{ trigger: 'schedule', status: 'pending' }]);
    // The tick after it was queued by the handler.
    const following = tickJob(row, new Date(first.getTime() + 60_000));
    expect(await ctx.server.queue.boss.getJobById(SCHEDULE_TICK_QUEUE, tickJobId(following))).not.toBeNull();

    // The group is still pending (no worker here): the next tick is skipped, recorded and logged.
    const second = await service.handleTick(following);
    expect(second).toMatchObject({ outcome: 'skipped', groupCreatedAt: null });
    expect(second!.message).toMatch(
      /^The previous group \(started .+ UTC\) was still running, so this tick was skipped\.$/,
    );
    expect(await groupsOf(ctx, collection._id)).toHaveLength(1);
    expect(
      logged.some((line) => line.includes(`collection ${collection._id}`) && line.includes('skipped')),
    ).toBe(true);
    const read = await call<Collection>(ctx, 'GET', `/test-suites/collection/${collection._id}`);
    // The group says the schedule started it (issue 28).
    expect(read.body.linked_runs.map((group) => group.trigger)).toEqual(['schedule']);
    expect(read.body.schedule_details!.recent_ticks).toEqual([
      expect.objectContaining({ tick_at: following.tickAt, outcome: 'skipped', message: second!.message }),
      expect.objectContaining({
        tick_at: first.toISOString(),
        outcome: 'started',
        message: null,
        group_created_at: groups[0],
      }),
    ]);

    // Once the group has ended, the next tick starts a new one.
    await ctx.server.database.db
      .update(testRuns)
      .set({ status: 'passed' })
      .where(eq(testRuns.collectionId, collection._id));
    const third = await service.handleTick(tickJob(row, new Date(first.getTime() + 120_000)));
    expect(third).toMatchObject({ outcome: 'started' });
    expect(await groupsOf(ctx, collection._id)).toHaveLength(2);
  });

  it('does nothing for a tick queued before the cron changed, and fails a tick with no tests to run', async () => {
    const collection = await createCollection(ctx, 'Empty', []);
    await call(ctx, 'PUT', `/test-suites/collection/${collection._id}`, { schedule: '*/5 * * * *' });
    const before = (await scheduleRow(ctx, { collectionId: collection._id }))!;
    await call(ctx, 'PUT', `/test-suites/collection/${collection._id}`, { schedule: '*/10 * * * *' });
    const after = (await scheduleRow(ctx, { collectionId: collection._id }))!;
    expect(after.id).toBe(before.id);
    const tickAt = new Date(Math.floor(Date.now() / 600_000) * 600_000);
    const { schedules: service } = ctx.server.services;
    expect(await service.handleTick(tickJob(before, tickAt))).toBeNull();

    const result = await service.handleTick(tickJob(after, tickAt));
    expect(result).toMatchObject({ outcome: 'failed', message: COLLECTION_MESSAGES.noTests });
    const [tick] = await ctx.server.database.db
      .select()
      .from(scheduleTicks)
      .where(and(eq(scheduleTicks.scheduleId, after.id), eq(scheduleTicks.tickAt, tickAt)));
    expect(tick).toMatchObject({ outcome: 'failed', message: COLLECTION_MESSAGES.noTests });
  });

  it('removes the schedule with its collection or test; their queued ticks end with nothing done', async () => {
    const testId = await createGeneratedTest(ctx, 'Deleted later', sites.url('todo'), todoActions('d'));
    const collection = await createCollection(ctx, 'Deleted', [testId]);
    await call(ctx, 'PUT', `/test-suites/collection/${collection._id}`, { schedule: '0 * * * *' });
    await call(ctx, 'PUT', `/test-case/${testId}/schedule`, { cron: '30 * * * *' });
    const ofCollection = (await scheduleRow(ctx, { collectionId: collection._id }))!;
    const ofTest = (await scheduleRow(ctx, { testCaseId: testId }))!;

    expect((await call(ctx, 'DELETE', `/test-suites/collection/${collection._id}`)).status).toBe(204);
    expect(await scheduleRow(ctx, { collectionId: collection._id })).toBeNull();
    expect((await call(ctx, 'DELETE', `/test-case/${testId}`)).status).toBe(204);
    expect(await scheduleRow(ctx, { testCaseId: testId })).toBeNull();

    const { schedules: service } = ctx.server.services;
    const at = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    expect(await service.handleTick(tickJob(ofCollection, at))).toBeNull();
    expect(await service.handleTick(tickJob(ofTest, new Date(at.getTime() + 1_800_000)))).toBeNull();
  });

  it("schedules a single test: a tick starts one run; the test's schedule can be read and removed", async () => {
    const testId = await createGeneratedTest(ctx, 'Single', sites.url('todo'), todoActions('s'));
    const empty = await call<TestScheduleResult>(ctx, 'GET', `/test-case/${testId}/schedule`);
    expect(empty.body).toEqual({ schedule: null });
    const saved = await call<TestScheduleResult>(ctx, 'PUT', `/test-case/${testId}/schedule`, {
      cron: '15 * * * *',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.schedule).toMatchObject({
      cron: '15 * * * *',
      timezone: 'UTC',
      description: 'Every hour at :15 (UTC)',
    });
    const row = (await scheduleRow(ctx, { testCaseId: testId }))!;
    const tickAt = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 15 * 60_000);
    const result = await ctx.server.services.schedules.handleTick(tickJob(row, tickAt));
    expect(result).toMatchObject({ outcome: 'started', groupCreatedAt: null });
    const runs = await ctx.server.database.db
      .select({ id: testRuns.id, trigger: testRuns.trigger, collectionId: testRuns.collectionId })
      .from(testRuns)
      .where(eq(testRuns.testCaseId, testId));
    expect(runs).toEqual([{ id: result!.runId, trigger: 'schedule', collectionId: null }]);

    const read = await call<TestScheduleResult>(ctx, 'GET', `/test-case/${testId}/schedule`);
    expect(read.body.schedule!.recent_ticks).toEqual([
      expect.objectContaining({ tick_at: tickAt.toISOString(), outcome: 'started', run_id: result!.runId }),
    ]);
    expect((await call(ctx, 'DELETE', `/test-case/${testId}/schedule`)).status).toBe(204);
    expect((await call<TestScheduleResult>(ctx, 'GET', `/test-case/${testId}/schedule`)).body).toEqual({
      schedule: null,
    });
  });

  it('fails the tick of a test that has not been generated, saying why', async () => {
    const created = await createTest(
      ctx,
      { name: 'Never generated', website: sites.url('todo'), description: 'x' },
      false,
    );
    await call(ctx, 'PUT', `/test-case/${created._id}/schedule`, { cron: '0 0 * * *' });
    const row = (await scheduleRow(ctx, { testCaseId: created._id }))!;
    const result = await ctx.server.services.schedules.handleTick(
      tickJob(row, new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000)),
    );
    expect(result?.outcome).toBe('failed');
    expect(result?.message).toMatch(/\.$/);
    const runs = await ctx.server.database.db
      .select()
      .from(testRuns)
      .where(eq(testRuns.testCaseId, created._id));
    expect(runs).toEqual([]);
  });

  it("answers 404 for another organization's collection or test, and 400 without an id", async () => {
    const collection = await createCollection(ctx, 'Private', [runnable]);
    const theirs = (method: string, urlPath: string, body?: unknown) =>
      call<ErrorBody>(ctx, method, urlPath, body, other.token);
    expect(
      (await theirs('PUT', `/test-suites/collection/${collection._id}`, { schedule: '0 9 * * *' })).status,
    ).toBe(404);
    expect((await theirs('GET', `/test-case/${runnable}/schedule`)).status).toBe(404);
    expect((await theirs('PUT', `/test-case/${runnable}/schedule`, { cron: '0 9 * * *' })).status).toBe(404);
    expect((await theirs('DELETE', `/test-case/${runnable}/schedule`)).status).toBe(404);
    expect((await theirs('GET', '/test-case/not-a-uuid/schedule')).status).toBe(404);
    expect(await scheduleRow(ctx, { collectionId: collection._id })).toBeNull();
    expect(await scheduleRow(ctx, { testCaseId: runnable })).toBeNull();
    const blank = await call<ErrorBody>(ctx, 'GET', '/test-case/%20/schedule');
    expect([blank.status, blank.body.error.message]).toEqual([400, MESSAGES.testIdRequired]);
  });
});

// Several worker processes need a database they share: Postgres (TEST_DATABASE_URL) only.
if (testDatabaseUrl) {
  describe('two worker processes and an every-minute schedule', () => {
    it('start exactly one group at the next minute', async () => {
      const database = await freshPostgres();
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-schedules-'));
      const target = { kind: 'postgres' as const, url: database.url, poolSize: 5 };
      const env = { ARTIFACTS_DIR: path.join(dataDir, 'artifacts'), PORT: String(await freePort()) };
      const ctx = await setUpGeneration({
        sites,
        roles: ['api'],
        target,
        env,
        dataDir: path.join(dataDir, 'api'),
      });
      const workers: ChildProcess[] = [];
      try {
        // Not generated: each group is one not_runnable run, made at once, with no browser needed.
        const created = await createTest(
          ctx,
          { name: 'Scheduled', website: sites.url('todo'), description: 'x' },
          false,
        );
        workers.push(await spawnWorker(database.url, dataDir, 'first'));
        workers.push(await spawnWorker(database.url, dataDir, 'second'));
        const collection = await createCollection(ctx, 'Every minute', [created._id]);
        await call(ctx, 'PUT', `/test-suites/collection/${collection._id}`, { schedule: '* * * * *' });
        const row = (await scheduleRow(ctx, { collectionId: collection._id }))!;
        const [tickAt] = nextRuns('* * * * *', 'UTC', new Date(), 1);

        const [tick] = await waitUntil(
          async () => {
            const rows = await ctx.server.database.db
              .select()
              .from(scheduleTicks)
              .where(and(eq(scheduleTicks.scheduleId, row.id), eq(scheduleTicks.tickAt, tickAt)));
            return rows.length > 0 && rows[0].outcome !== 'failed' ? rows : null;
          },
          'the tick to be handled',
          75_000,
        );
        expect(tick.outcome).toBe('started');
        // Both workers had the tick's job to take; a moment more lets a second handling show.
        await new Promise((resolve) => setTimeout(resolve, 3000));
        const groups = await groupsOf(ctx, collection._id);
        expect(groups).toEqual([tick.groupCreatedAt!.toISOString()]);
        const ticks = await ctx.server.database.db
          .select()
          .from(scheduleTicks)
          .where(eq(scheduleTicks.scheduleId, row.id));
        expect(ticks.filter((one) => one.tickAt.getTime() <= tickAt.getTime())).toHaveLength(1);
      } finally {
        for (const worker of workers) await stopProcess(worker);
        await ctx.close();
        await database.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    });
  });
}

async function spawnWorker(databaseUrl: string, dataDir: string, name: string): Promise<ChildProcess> {
  // One process (no tsx CLI in between), so a signal reaches the worker itself.
  const worker = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', 'worker'], {
    cwd: path.resolve(__dirname, '../..'),
    env: {
      ...process.env,
      ...FAST_GENERATION_ENV,
      NODE_OPTIONS: '',
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dataDir, name),
      ARTIFACTS_DIR: path.join(dataDir, 'artifacts'),
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  worker.stdout!.on('data', (chunk) => (output += chunk));
  worker.stderr!.on('data', (chunk) => (output += chunk));
  await waitUntil(async () => output.includes('Worker ready'), `${name} to start (${output})`, 60_000);
  return worker;
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
