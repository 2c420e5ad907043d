import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { type TestRun } from '../../contract/runs';
import { artifacts, testRuns } from '../src/db/schema';
import { runKind } from '../src/jobs/run';
import { type BusEvent } from '../src/realtime/bus';
import { type Action, type BrowserPool } from '../src/runner';
import { RUN_QUEUE } from '../src/services/runs';
import { api, freePort, freshPostgres, testDatabaseUrl, type StartOptions } from './helpers';
import {
  FAST_GENERATION_ENV,
  setUpGeneration,
  waitUntil,
  type GenerationContext,
} from './generationFixtures';
import { createGeneratedTest, describeRun, getRun, isRunning, startRun, waitForRun } from './runFixtures';

jest.setTimeout(180_000);

let sites: FixtureSites;
beforeAll(async () => {
  sites = await serveFixtureSites();
});
afterAll(async () => sites?.close());

const todoActions = (text: string): Action[] => [
  { kind: 'goto', url: sites.url('todo') },
  { kind: 'fill', target: { locator: { by: 'placeholder', text: 'What needs to be done?' } }, value: text },
  { kind: 'press', key: 'Enter', target: { locator: { by: 'placeholder', text: 'What needs to be done?' } } },
  { kind: 'expect', assert: { type: 'visible', target: { locator: { by: 'text', text: '1 item left' } } } },
];

async function jobOf(ctx: GenerationContext, runId: string): Promise<string> {
  const [row] = await ctx.server.database.db
    .select({ job: testRuns.jobId })
    .from(testRuns)
    .where(eq(testRuns.id, runId));
  return row.job!;
}

/** What a worker does when it takes a run, before it dies: the job is active, the run claimed. */
async function takeAndAbandon(ctx: GenerationContext, runId: string): Promise<void> {
  const jobId = await jobOf(ctx, runId);
  await waitUntil(async () => {
    const [job] = await ctx.server.queue.boss.fetch(RUN_QUEUE);
    return job?.id === jobId;
  }, 'the run job to be fetchable');
  expect(await ctx.server.services.runs.claim({ runId, jobId })).not.toBeNull();
  // Its last heartbeat was long ago.
  await ctx.server.database.db
    .update(testRuns)
    .set({ heartbeatAt: sql`now() - interval '1 hour'` })
    .where(eq(testRuns.id, runId));
}

// The lifecycle every kind shares (two sweeps at once, a live job left alone, the next worker's first
// sweep, release on shutdown, abandonment, fast cancel) is tested once, on a fake kind, in
// server/test/tracking.test.ts. What is a run's own stays here: its message and the test's
// latest_run_status when its retries are spent, a release that drops the attempt's steps and files,
// the event its cancel publishes, and what makes a run not runnable. A SIGKILLed worker process is the
// fake kind's too (tracking.test.ts, on Postgres).
describe('runs whose worker died', () => {
  it('are retried once, then end not_runnable with the reason', async () => {
    // An API-only server: no worker takes the run unless the test does.
    const ctx = await setUpGeneration({ sites, roles: ['api'] });
    try {
      const testId = await createGeneratedTest(ctx, 'Dies', sites.url('todo'), todoActions('Dies'));
      const run = await startRun(ctx, testId);
      await takeAndAbandon(ctx, run._id);
      expect(await ctx.server.services.runs.sweep({ assumeDead: false })).toBe(1);
      expect(await getRun(ctx, run._id)).toMatchObject({ status: 'pending', attempts: 1 });
      // pg-boss retries the same job after its delay; the second worker dies too.
      await takeAndAbandon(ctx, run._id);
      expect(await ctx.server.services.runs.sweep({ assumeDead: false })).toBe(1);
      const ended = await getRun(ctx, run._id);
      expect(ended).toMatchObject({
        status: 'not_runnable',
        attempts: 2,
        error_message:
          'The run stopped because its worker stopped responding, and it had already been retried once. Run it again.',
      });
      expect(
        (
          await api<{ latest_run_status: string }>(ctx.server, 'GET', `/test-case/${testId}`, {
            token: ctx.token,
          })
        ).body.latest_run_status,
      ).toBe('not_runnable');
    } finally {
      await ctx.close();
    }
  });

  it('are handed back to the queue when their worker shuts down, and pass after a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-run-shutdown-'));
    const postgres = testDatabaseUrl ? await freshPostgres() : null;
    const env = { PORT: String(await freePort()) };
    const same: StartOptions = postgres
      ? { dataDir, env, target: { kind: 'postgres', url: postgres.url, poolSize: 5 } }
      : { dataDir, env };
    try {
      const first = await setUpGeneration({ ...same, sites });
      const testId = await createGeneratedTest(first, 'Interrupted', sites.url('todo'), [
        { kind: 'goto', url: sites.url('todo') },
        { kind: 'wait', ms: 3000 },
        ...todoActions('After the restart').slice(1),
      ]);
      const run = await startRun(first, testId);
      await waitUntil(async () => (await getRun(first, run._id)).status === 'running', 'the run to run');
      await first.server.close();
      const peek = await setUpGeneration({ ...same, sites, roles: ['api'] });
      try {
        peek.token = first.token;
        expect(await getRun(peek, run._id)).toMatchObject({ status: 'pending', attempts: 0, steps: [] });
      } finally {
        await peek.server.close();
      }

      const second = await setUpGeneration({ ...same, sites });
      try {
        second.token = first.token;
        const ended = await waitForRun(second, run._id);
        expect({ status: ended.status, run: describeRun(ended) }).toMatchObject({ status: 'passed' });
        expect(ended.attempts).toBe(1);
        // The interrupted attempt's files went; only this attempt's remain.
        expect(ended.artifacts.map((artifact) => artifact.name)).toEqual([
          'trace.zip',
          'run.log',
          ...[0, 1, 2, 3, 4].map((index) => `step-${index}.jpg`),
        ]);
        const [{ files }] = await second.server.database.db
          .select({ files: sql<number>`count(*)::int` })
          .from(artifacts)
          .where(eq(artifacts.runId, run._id));
        expect(files).toBe(7);
      } finally {
        await second.server.close();
      }
    } finally {
      await postgres?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('runs that cannot run', () => {
  it('end not_runnable, saying why, when no browser can be had or a value is missing', async () => {
    const ctx = await setUpGeneration({
      sites,
      env: { BROWSER_WS_ENDPOINT: 'ws://127.0.0.1:9/nothing-here' },
    });
    try {
      const testId = await createGeneratedTest(ctx, 'No browser', sites.url('todo'), todoActions('x'));
      const run = await waitForRun(ctx, (await startRun(ctx, testId))._id);
      expect(run.status).toBe('not_runnable');
      expect(run.error_message).toContain(
        'No browser could be started for this run: Could not connect to the browser server at ws://127.0.0.1:9/nothing-here',
      );
      expect(run.artifacts.map((artifact) => artifact.name)).toEqual(['run.log']);
    } finally {
      await ctx.close();
    }
  });

  it('end not_runnable at the step that names a value the test does not have', async () => {
    const ctx = await setUpGeneration({ sites });
    try {
      const actions = todoActions('{{task}}');
      const testId = await createGeneratedTest(ctx, 'Missing value', sites.url('todo'), actions);
      const run = await waitForRun(ctx, (await startRun(ctx, testId))._id);
      expect(run.status).toBe('not_runnable');
      expect(run.failing_step_index).toBe(1);
      expect(run.error_message).toMatch(
        /^Step 2, ".*", cannot run: \{\{task\}\} is not a variable or secret of this test/,
      );
    } finally {
      await ctx.close();
    }
  });

  it('fail at the step in progress when the run takes longer than RUN_TIMEOUT_MS', async () => {
    const ctx = await setUpGeneration({ sites, env: { RUN_TIMEOUT_MS: '2000' } });
    try {
      const testId = await createGeneratedTest(ctx, 'Slow', sites.url('todo'), [
        { kind: 'goto', url: sites.url('todo') },
        { kind: 'wait', ms: 10_000 },
      ]);
      const run = await waitForRun(ctx, (await startRun(ctx, testId))._id);
      expect(run.status).toBe('failed');
      expect(run.failing_step_index).toBe(1);
      expect(run.error_message).toBe('The run took longer than 2 s and was stopped at step 2, "Wait 10 s".');
      expect(run.steps[1]).toMatchObject({ success: false, error: { error_type: 'timeout' } });
      expect(run.execution_time_in_secs).toBeLessThan(5);
    } finally {
      await ctx.close();
    }
  });
});

/** A page that counts how often it is opened: a run executed twice opens it twice. */
async function countingSite(): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0;
  const server = http.createServer((request, response) => {
    if (request.url?.startsWith('/page')) hits++;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(
      "<!doctype html><title>Count</title><button onclick=\"document.querySelector('p').textContent='Done'\">Go</button><p>Waiting</p>",
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/page`,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

const countingActions = (url: string): Action[] => [
  { kind: 'goto', url },
  { kind: 'click', target: { locator: { by: 'role', role: 'button', name: 'Go', exact: true } } },
  {
    kind: 'expect',
    assert: { type: 'text', target: { locator: { by: 'css', selector: 'p' } }, value: 'Done' },
  },
];

const RELAXED = { GENERATION_HEARTBEAT_MS: '1000', GENERATION_STALE_MS: '60000' };

/** A `worker` process on a Postgres database, resolved once it says it is ready. */
async function spawnWorker(
  databaseUrl: string,
  dataDir: string,
  name: string,
  env: Record<string, string>,
): Promise<ChildProcess> {
  // One process (no tsx CLI in between), so a signal reaches the worker itself.
  const worker = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts', 'worker'], {
    cwd: path.resolve(__dirname, '../..'),
    env: {
      ...process.env,
      ...FAST_GENERATION_ENV,
      ...env,
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

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

async function queueRuns(ctx: GenerationContext, testId: string, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await startRun(ctx, testId))._id);
  return ids;
}

async function allEnded(ctx: GenerationContext, ids: string[]): Promise<TestRun[]> {
  // One query per look (not one call per run): the API's database is the workers' too.
  await waitUntil(
    async () => {
      const rows = await ctx.server.database.db
        .select({ status: testRuns.status })
        .from(testRuns)
        .where(inArray(testRuns.id, ids));
      return rows.length === ids.length && rows.every((row) => !isRunning(row.status));
    },
    'every run to end',
    150_000,
  );
  return Promise.all(ids.map((id) => getRun(ctx, id)));
}

describe('parallel runs', () => {
  // Several worker processes need a real Postgres (TEST_DATABASE_URL); PGlite serves one process,
  // so there the contexts of one worker share the runs.
  it('share 20 runs between workers and their contexts, none run twice', async () => {
    const counter = await countingSite();
    const database = testDatabaseUrl ? await freshPostgres() : null;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-run-workers-'));
    const ctx = await setUpGeneration({
      sites,
      ...(database
        ? { roles: ['api'] as const, target: { kind: 'postgres' as const, url: database.url, poolSize: 5 } }
        : {}),
      // A generous stale time: this is about sharing, not about dead workers (a busy machine is slow).
      env: { ...RELAXED, ARTIFACTS_DIR: path.join(dataDir, 'artifacts'), WORKER_CONCURRENCY: '3' },
    });
    const workers: ChildProcess[] = [];
    try {
      const testId = await createGeneratedTest(ctx, 'Counted', counter.url, countingActions(counter.url));
      if (database) {
        for (let i = 0; i < 2; i++) {
          workers.push(
            await spawnWorker(database.url, dataDir, `worker-${i}`, { ...RELAXED, WORKER_CONCURRENCY: '2' }),
          );
        }
      }
      const ids = await queueRuns(ctx, testId, 20);
      const runs = await allEnded(ctx, ids);
      expect(runs.map((run) => run.status)).toEqual(Array(20).fill('passed'));
      expect(runs.map((run) => run.attempts)).toEqual(Array(20).fill(1));
      expect(counter.hits()).toBe(20);
      // Several at a time: some runs overlapped.
      const spans = runs.map((run) => [Date.parse(run.started_at!), Date.parse(run.finished_at!)]);
      expect(spans.some(([start], i) => spans.some(([s, e], j) => i !== j && s <= start && start < e))).toBe(
        true,
      );
      const rows = await ctx.server.database.db.select({ worker: testRuns.worker }).from(testRuns);
      // Each process took a share.
      expect(new Set(rows.map((row) => row.worker)).size).toBe(database ? 2 : 1);
      // The API process serves the workers' screenshots from the shared folder.
      const image = await api<{ url: string }>(
        ctx.server,
        'GET',
        `/images/${runs[0].steps[0].screenshot_id}`,
        {
          token: ctx.token,
        },
      );
      expect((await fetch(`${ctx.server.url}${image.body.url}`)).status).toBe(200);
    } finally {
      for (const worker of workers) await stopProcess(worker, 'SIGTERM');
      await ctx.server.close();
      await database?.drop();
      await counter.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("a person's cancel", () => {
  it("publishes the event the run's worker hears, so it stops at once", async () => {
    const ctx = await setUpGeneration({ sites, roles: ['api'] });
    const kind = runKind(ctx.server.services, {} as BrowserPool);
    const heard: BusEvent[] = [];
    const unsubscribe = ctx.server.services.events.subscribe((event) => heard.push(event));
    try {
      const testId = await createGeneratedTest(ctx, 'Cancelled', sites.url('todo'), todoActions('Cancelled'));
      const run = await startRun(ctx, testId);
      expect(heard.some((event) => kind.endedKey(event) === run._id)).toBe(false);
      const cancelled = await api(ctx.server, 'DELETE', `/test-run/${run._id}`, { token: ctx.token });
      expect(cancelled.status).toBe(200);
      await waitUntil(
        async () => heard.some((event) => kind.endedKey(event) === run._id),
        'the event that stops its worker',
        10_000,
      );
    } finally {
      unsubscribe();
      await ctx.close();
    }
  });
});
