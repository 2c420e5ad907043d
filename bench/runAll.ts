// Run-all (issue 12): "A run-all of 100 linked tests with WORKER_CONCURRENCY=2: wall time ÷ (sum of
// single-run times ÷ 2) ≤ 1.15." 100 generated tests of a few steps on the fixture sites (todo,
// sign-in, shop search, booking validation), linked to one collection, on one server with two
// workers. First each test runs alone, one after another: the sum of those times is the work; then
// one run-all: its wall time, from the call to the last run's final status, against half that sum.
// On PGlite and on Postgres (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local default when
// reachable). BENCH_RUN_ALL_TESTS=10 makes a quick try.
//
// A control, on PGlite: the same run-all with ONE worker against the same tests run alone (wall ÷ sum).
// One run at a time never asks for more cores than a run alone does, so this ratio is what the run-all's
// own machinery costs (queueing, claiming, the group's writes); the two-worker ratio less this one is
// what two runs sharing this machine's cores cost (see ratio_floor_from_cpu).
//
// Times are read from the database, the same way for both sides: a run's created_at (set when it is
// asked for; a run-all's runs share the call's) to its finished_at (the final write, after its trace
// and log are stored). Running each test alone, rather than taking each run's execution_time_ms
// from a run-all with one worker, counts everything a run costs: the queue, the browser context,
// the screenshots, the trace and the writes; execution_time_ms covers the replay only and would
// charge all of the rest to the run-all.
import os from 'node:os';
import { inArray, sql } from 'drizzle-orm';
import { type Action } from '../server/src/runner';
import { testRuns } from '../server/src/db/schema';
import { isRunEvent } from '../server/src/realtime/bus';
import { FALLBACK_POLLING_SECONDS } from '../server/src/jobs/queue';
import { serveFixtureSites, type FixtureSites } from '../fixtures/sites/serve';
import { type CreatedRun } from '../contract/runs';
import { type Collection, type RunAllResult } from '../contract/collections';
import { RUNNING_STATES, type RunState } from '../contract/states';
import { api, startTestServer, tokenFor, type TestServer } from '../server/test/helpers';
import { type GenerationContext } from '../server/test/generationFixtures';
import { createGeneratedTest } from '../server/test/runFixtures';
import { processTreeCpuMs } from './cpu';
import { benchProject, type Database, freshPostgresDatabase, round } from './apiBench';
import { type Figure } from './spaBundle';

const BENCH = 'run-all';
/** Workers of the measured run-all (the WORKER_CONCURRENCY=2); the control has one. */
const CONCURRENCY = 2;
const DEFAULT_TESTS = 100;
const STEP_TIMEOUT_MS = 5000;
/** How often the bench looks at the database for its runs when no end was heard. */
const LOOK_MS = 1000;

/** The tests: a realistic mix of short tests on the fixture sites, each a little different. */
const KINDS: { name: string; site: string; actions: (url: string, n: number) => Action[] }[] = [
  {
    name: 'Add a todo',
    site: 'todo',
    actions: (url, n) => [
      { kind: 'goto', url },
      {
        kind: 'fill',
        target: { locator: { by: 'placeholder', text: 'What needs to be done?' } },
        value: `Errand ${n}`,
      },
      {
        kind: 'press',
        key: 'Enter',
        target: { locator: { by: 'placeholder', text: 'What needs to be done?' } },
      },
      {
        kind: 'expect',
        assert: { type: 'visible', target: { locator: { by: 'text', text: '1 item left' } } },
      },
    ],
  },
  {
    name: 'Sign in',
    site: 'login',
    actions: (url) => [
      { kind: 'goto', url },
      { kind: 'fill', target: { locator: { by: 'label', text: 'Email' } }, value: 'ada@example.com' },
      {
        kind: 'fill',
        target: { locator: { by: 'label', text: 'Password' } },
        value: 'correct-horse-battery',
      },
      { kind: 'click', target: { locator: { by: 'role', role: 'button', name: 'Sign in', exact: true } } },
      {
        kind: 'expect',
        assert: {
          type: 'text',
          target: { locator: { by: 'role', role: 'heading', name: 'Welcome, Ada Lovelace' } },
          value: 'Welcome, Ada Lovelace',
        },
      },
    ],
  },
  {
    name: 'Search the shop',
    site: 'shop',
    actions: (url) => [
      { kind: 'goto', url },
      {
        kind: 'fill',
        target: { locator: { by: 'role', role: 'searchbox', name: 'Search products', exact: true } },
        value: 'lamp',
      },
      {
        kind: 'press',
        key: 'Enter',
        target: { locator: { by: 'role', role: 'searchbox', name: 'Search products', exact: true } },
      },
      {
        kind: 'expect',
        assert: {
          type: 'count',
          target: { locator: { by: 'css', selector: '[data-testid^="product-"]' } },
          count: 2,
        },
      },
    ],
  },
  {
    name: 'Booking needs its fields',
    site: 'booking',
    actions: (url, n) => [
      { kind: 'goto', url },
      { kind: 'fill', target: { locator: { by: 'label', text: 'Full name' } }, value: `Traveller ${n}` },
      { kind: 'click', target: { locator: { by: 'role', role: 'button', name: 'Book trip', exact: true } } },
      {
        kind: 'expect',
        assert: { type: 'text', target: { locator: { by: 'role', role: 'alert' } }, value: 'Please fix' },
      },
    ],
  },
];

export async function measureRunAll(): Promise<Figure[]> {
  const tests = Number(process.env.BENCH_RUN_ALL_TESTS?.trim() || DEFAULT_TESTS);
  if (!Number.isInteger(tests) || tests < 1)
    throw new Error(
      `BENCH_RUN_ALL_TESTS must be a whole number of tests (got "${process.env.BENCH_RUN_ALL_TESTS}")`,
    );
  // The product's own polling (the suites poll faster): what an idle poller costs is part of the figure.
  const serverOptions = (workers: number) => ({
    env: {
      WORKER_CONCURRENCY: String(workers),
      STEP_TIMEOUT_MS: String(STEP_TIMEOUT_MS),
      AI_PROVIDER: 'rules',
    },
    pollingIntervalSeconds: FALLBACK_POLLING_SECONDS,
  });
  const sites = await serveFixtureSites();
  try {
    const figures = await measureOn(
      'pglite',
      await startTestServer({ ...serverOptions(CONCURRENCY), target: { kind: 'pglite', dataDir: null } }),
      sites,
      tests,
      CONCURRENCY,
    );
    figures.push(
      ...(await measureOn(
        'pglite_one_worker',
        await startTestServer({ ...serverOptions(1), target: { kind: 'pglite', dataDir: null } }),
        sites,
        tests,
        1,
      )),
    );
    const postgres = await freshPostgresDatabase(BENCH);
    if ('skipped' in postgres) {
      console.error(`[${BENCH}] Postgres skipped: ${postgres.skipped}`);
      return figures;
    }
    try {
      const server = await startTestServer({
        ...serverOptions(CONCURRENCY),
        target: { kind: 'postgres', url: postgres.url, poolSize: 10 },
      });
      figures.push(...(await measureOn('postgres', server, sites, tests, CONCURRENCY)));
    } finally {
      await postgres.drop();
    }
    return figures;
  } finally {
    await sites.close();
  }
}

async function measureOn(
  database: Database | 'pglite_one_worker',
  server: TestServer,
  sites: FixtureSites,
  count: number,
  workers: number,
): Promise<Figure[]> {
  try {
    const { token, userId } = await tokenFor(server, { email: 'bench@example.com' });
    const { orgId, suiteId } = await benchProject(server, token, 'Run-all');
    const ctx: GenerationContext = {
      server,
      sites,
      token,
      userId,
      orgId,
      suiteId,
      close: async () => undefined,
    };
    const testIds: string[] = [];
    for (let n = 0; n < count; n++) {
      const kind = KINDS[n % KINDS.length];
      testIds.push(
        await createGeneratedTest(
          ctx,
          `${kind.name} ${n + 1}`,
          sites.url(kind.site),
          kind.actions(sites.url(kind.site), n + 1),
        ),
      );
    }
    const collection = await api<Collection>(server, 'POST', '/test-suites/collection', {
      token,
      body: { name: 'Everything', test_suite_id: ctx.suiteId, linked_test_ids: testIds },
    });
    if (collection.status !== 201)
      throw new Error(`The collection was not made: ${collection.status} ${JSON.stringify(collection.body)}`);

    // Warm-up, not counted: the browser starts, and each kind of page is loaded once.
    for (const testId of testIds.slice(0, KINDS.length)) await runAlone(server, token, testId);

    // The work: each test alone, one after another.
    const singles: RunTimes[] = [];
    const singlesCpu = cpuMs();
    for (const testId of testIds) singles.push(await runAlone(server, token, testId));
    const singlesCpuMs = cpuSince(singlesCpu);

    // The run-all with the server's workers.
    const groupCpu = cpuMs();
    const started = performance.now();
    const group = await api<RunAllResult>(
      server,
      'POST',
      `/test-suites/collection/${collection.body._id}/run-all`,
      {
        token,
        body: {},
      },
    );
    if (group.status !== 201 || group.body.run_ids.length !== count)
      throw new Error(
        `The run-all did not start ${count} runs: ${group.status} ${JSON.stringify(group.body)}`,
      );
    const inGroup = await waitForRuns(server, group.body.run_ids);
    const observedMs = performance.now() - started;
    const groupCpuMs = cpuSince(groupCpu);
    const [load] = os.loadavg();

    const sum = singles.reduce((total, run) => total + run.totalMs, 0);
    // From the call (the group's created_at) to the last run's final write.
    const wall = Math.max(...inGroup.map((run) => run.totalMs));
    const busy = inGroup.reduce((total, run) => total + run.runningMs, 0);
    const cpuPerRun = (singlesCpuMs.server + singlesCpuMs.browser) / count;
    const cores = os.cpus().length;
    const metric = (name: string) => `${database}_${name}`;
    return [
      { bench: BENCH, metric: metric('tests'), value: count, unit: 'tests' },
      { bench: BENCH, metric: metric('single_sum'), value: round(sum), unit: 'ms' },
      {
        bench: BENCH,
        metric: metric('single_p50'),
        value: round(quantile(singles, 'totalMs', 0.5)),
        unit: 'ms',
      },
      {
        bench: BENCH,
        metric: metric('single_p99'),
        value: round(quantile(singles, 'totalMs', 0.99)),
        unit: 'ms',
      },
      { bench: BENCH, metric: metric('wall'), value: round(wall), unit: 'ms' },
      { bench: BENCH, metric: metric('wall_observed'), value: round(observedMs), unit: 'ms' },
      {
        bench: BENCH,
        metric: metric(workers === 1 ? 'wall_vs_single_sum' : 'wall_vs_half_single_sum'),
        value: Math.round((wall / (sum / workers)) * 1000) / 1000,
        unit: 'x',
        ...(workers === CONCURRENCY ? { target: '<= 1.15' } : {}),
      },
      {
        bench: BENCH,
        metric: metric('runs_per_s'),
        value: Math.round((count / wall) * 1e5) / 100,
        unit: 'runs/s',
      },
      // One run's own time (running to final), alone and beside another: what sharing the machine costs.
      {
        bench: BENCH,
        metric: metric('alone_run_p50'),
        value: round(quantile(singles, 'runningMs', 0.5)),
        unit: 'ms',
      },
      {
        bench: BENCH,
        metric: metric('run_all_run_p50'),
        value: round(quantile(inGroup, 'runningMs', 0.5)),
        unit: 'ms',
      },
      {
        bench: BENCH,
        metric: metric('run_all_run_p99'),
        value: round(quantile(inGroup, 'runningMs', 0.99)),
        unit: 'ms',
      },
      // The share of the wall time the two workers spent running a run (the rest: claiming, opening a context, waiting).
      {
        bench: BENCH,
        metric: metric('workers_busy'),
        value: Math.round((busy / (workers * wall)) * 1000) / 1000,
        unit: 'share',
      },
      ...(workers > 1
        ? [{ bench: BENCH, metric: metric('both_running'), value: bothRunning(inGroup, wall), unit: 'share' }]
        : []),
      // CPU per run, of this process (the server, its workers, PGlite) and of Chromium (a Postgres
      // server's own is not counted): two runs at once only take half the time when the machine has
      // two cores' worth of it to spare.
      ...(['server', 'browser'] as const).flatMap((side) => [
        {
          bench: BENCH,
          metric: metric(`alone_${side}_cpu_per_run`),
          value: round(singlesCpuMs[side] / count),
          unit: 'ms',
        },
        {
          bench: BENCH,
          metric: metric(`run_all_${side}_cpu_per_run`),
          value: round(groupCpuMs[side] / count),
          unit: 'ms',
        },
      ]),
      {
        bench: BENCH,
        metric: metric('run_all_cpu_use'),
        value: round((groupCpuMs.server + groupCpuMs.browser) / wall),
        unit: 'cores',
      },
      // The best ratio this machine's cores allow at the CPU a run takes alone, were nothing else running.
      {
        bench: BENCH,
        metric: metric('ratio_floor_from_cpu'),
        value: Math.round(Math.max(1, (cpuPerRun * count) / cores / (sum / workers)) * 1000) / 1000,
        unit: 'x',
      },
      { bench: BENCH, metric: metric('cores'), value: cores, unit: 'cores' },
      // The machine's 1-minute load average at the end of the run-all (other people's work counts too).
      { bench: BENCH, metric: metric('load_average'), value: round(load), unit: 'processes' },
    ];
  } finally {
    await server.close();
  }
}

interface RunTimes {
  status: string;
  /** created_at to finished_at: asked for to ended. */
  totalMs: number;
  /** created_at to started_at. */
  startedMs: number;
  /** started_at (running, its context open) to finished_at. */
  runningMs: number;
}

async function runAlone(server: TestServer, token: string, testId: string): Promise<RunTimes> {
  const run = await api<CreatedRun>(server, 'POST', `/test-run/${testId}`, { token, body: {} });
  if (run.status !== 201) throw new Error(`The run did not start: ${run.status} ${JSON.stringify(run.body)}`);
  const [times] = await waitForRuns(server, [run.body.runId]);
  return times;
}

/**
 * Waits until every run has ended, told by the event bus (a look at the database every second besides,
 * in case): the bench must not load the server it measures (polling for 100 runs every 50 ms took 6 %
 * of a core). The times are the database's, so when the bench hears of an end changes no figure. All
 * must pass, or the figures would time something else.
 */
async function waitForRuns(server: TestServer, ids: string[]): Promise<RunTimes[]> {
  const deadline = Date.now() + 20 * 60_000;
  const pending = new Set(ids);
  let allEnded: (() => void) | null = null;
  const unsubscribe = server.services.events.subscribe((event) => {
    if (isRunEvent(event) && event.type === 'run_ended' && pending.delete(event.runId) && pending.size === 0)
      allEnded?.();
  });
  try {
    for (;;) {
      const rows = await server.database.db
        .select({
          status: testRuns.status,
          error: testRuns.errorMessage,
          totalMs: sql<number>`extract(epoch FROM ${testRuns.finishedAt} - ${testRuns.createdAt}) * 1000`,
          runningMs: sql<number>`extract(epoch FROM ${testRuns.finishedAt} - ${testRuns.startedAt}) * 1000`,
          startedMs: sql<number>`extract(epoch FROM ${testRuns.startedAt} - ${testRuns.createdAt}) * 1000`,
        })
        .from(testRuns)
        .where(inArray(testRuns.id, ids));
      if (
        rows.length === ids.length &&
        rows.every((row) => !RUNNING_STATES.includes(row.status as RunState))
      ) {
        const failed = rows.filter((row) => row.status !== 'passed');
        if (failed.length > 0)
          throw new Error(
            `${failed.length} of ${ids.length} bench runs did not pass, e.g. ${failed[0].status}: ${failed[0].error}`,
          );
        return rows.map((row) => ({
          status: row.status,
          totalMs: Number(row.totalMs),
          runningMs: Number(row.runningMs),
          startedMs: Number(row.startedMs),
        }));
      }
      if (Date.now() > deadline) throw new Error('The bench runs did not end in 20 minutes');
      await new Promise<void>((resolve) => {
        allEnded = resolve;
        if (pending.size === 0) resolve();
        setTimeout(resolve, LOOK_MS);
      });
    }
  } finally {
    unsubscribe();
  }
}

/** The share of the wall time during which two of the group's runs were running at once. */
function bothRunning(runs: RunTimes[], wall: number): number {
  const edges = runs
    .flatMap((run) => [
      { at: run.startedMs, step: 1 },
      { at: run.totalMs, step: -1 },
    ])
    .sort((a, b) => a.at - b.at || a.step - b.step);
  let running = 0;
  let since = 0;
  let both = 0;
  for (const edge of edges) {
    if (running >= 2) both += edge.at - since;
    running += edge.step;
    since = edge.at;
  }
  return Math.round((both / wall) * 1000) / 1000;
}

function quantile(runs: RunTimes[], key: 'totalMs' | 'runningMs', q: number): number {
  const sorted = runs.map((run) => run[key]).sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}

interface CpuMs {
  server: number;
  browser: number;
}

/** CPU time so far, in ms: this process (the server, its database on PGlite, its workers, this bench) and Chromium. */
function cpuMs(): CpuMs {
  const usage = process.cpuUsage();
  return {
    server: (usage.user + usage.system) / 1000,
    browser: processTreeCpuMs(process.pid, { withRoot: false }),
  };
}

function cpuSince(before: CpuMs): CpuMs {
  const now = cpuMs();
  return { server: now.server - before.server, browser: now.browser - before.browser };
}
