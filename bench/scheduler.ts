// Scheduler (issue 12): 200 collections scheduled every minute for BENCH_SCHEDULER_MINUTES minutes
// (default 5). Every tick must be handled exactly once (one schedule_ticks row and one group per
// schedule per minute) and start soon: start delay = handled_at − tick_at, p50 and p99 (target < 5 s).
// On PGlite one tick worker; on Postgres (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local
// default when reachable) two tick workers, each with its own pg-boss as a separate process would have.
// Runs are not executed: each collection's test has no steps, so a tick's group is one not_runnable
// run made at once (the tick's whole work, without a browser).
import { sql } from 'drizzle-orm';
import { registerScheduleWorker, type ScheduleWorker } from '../server/src/jobs/schedules';
import { JobQueue } from '../server/src/jobs/queue';
import { ScheduleService } from '../server/src/services/schedules';
import { startTestServer, tokenFor, type TestServer } from '../server/test/helpers';
import { benchProject, type Database, freshPostgresDatabase, round } from './apiBench';
import { type Figure } from './spaBundle';

const COLLECTIONS = 200;
const BENCH = 'scheduler';
/** After the window's last tick: time for the slowest tick to be handled before counting. */
const GRACE_MS = 30_000;

function minutes(): number {
  const value = Number(process.env.BENCH_SCHEDULER_MINUTES ?? 5);
  return Number.isInteger(value) && value >= 1 && value <= 60 ? value : 5;
}

export async function measureScheduler(): Promise<Figure[]> {
  const figures = await measureOn(
    'pglite',
    await startTestServer({ roles: ['api'], target: { kind: 'pglite', dataDir: null } }),
    1,
  );
  const postgres = await freshPostgresDatabase(BENCH);
  if ('skipped' in postgres) {
    console.error(`[${BENCH}] Postgres skipped: ${postgres.skipped}`);
    return figures;
  }
  try {
    const server = await startTestServer({
      roles: ['api'],
      target: { kind: 'postgres', url: postgres.url, poolSize: 10 },
    });
    figures.push(...(await measureOn('postgres', server, 2)));
  } finally {
    await postgres.drop();
  }
  return figures;
}

async function measureOn(database: Database, server: TestServer, workerCount: number): Promise<Figure[]> {
  const queues: JobQueue[] = [];
  const workers: ScheduleWorker[] = [];
  try {
    const suiteId = await seed(server);
    const span = minutes();
    // The window starts at the first whole minute at least 20 s away, so every worker is polling by then.
    const first = Math.ceil((Date.now() + 20_000) / 60_000) * 60_000;
    const last = first + (span - 1) * 60_000;
    const services = server.services;
    // Log lines go to stderr: stdout carries the figures.
    const log = (line: string) => void process.stderr.write(`${line}\n`);
    for (let i = 0; i < workerCount; i++) {
      // pg-boss's default polling (1 s), as a worker process has it.
      const queue = await JobQueue.start(server.database, { supervise: i === 0 });
      queues.push(queue);
      const schedules = new ScheduleService(
        server.database.db,
        queue,
        services.testCases,
        services.runs,
        log,
      );
      workers.push(await registerScheduleWorker(queue, schedules));
    }
    console.error(
      `[${BENCH}] ${database}: ${COLLECTIONS} schedules, ${span} minute(s) from ${new Date(first).toISOString()}`,
    );
    await sleep(last + GRACE_MS - Date.now());

    const db = server.database.db;
    const window = sql`t.tick_at >= ${new Date(first).toISOString()}::timestamptz
                       AND t.tick_at <= ${new Date(last).toISOString()}::timestamptz`;
    const ticks = rowsOf<{ delay_ms: number; outcome: string }>(
      await db.execute(sql`
        SELECT extract(epoch FROM (t.handled_at - t.tick_at)) * 1000 AS delay_ms, t.outcome
        FROM schedule_ticks t JOIN schedules s ON s.id = t.schedule_id
        WHERE s.test_suite_id = ${suiteId} AND ${window}`),
    );
    // Groups started by those ticks, counted from the runs: a tick handled twice would show as two.
    const [groups] = rowsOf<{ groups: number }>(
      await db.execute(sql`
        SELECT count(DISTINCT (r.collection_id, r.created_at))::int AS groups
        FROM test_runs r JOIN test_collections c ON c.id = r.collection_id
        WHERE c.test_suite_id = ${suiteId} AND r.trigger = 'schedule'
          AND r.created_at >= ${new Date(first).toISOString()}::timestamptz
          AND r.created_at < ${new Date(last + GRACE_MS).toISOString()}::timestamptz`),
    );
    const expected = COLLECTIONS * span;
    const started = ticks.filter((tick) => tick.outcome === 'started').length;
    const delays = ticks.map((tick) => Number(tick.delay_ms)).sort((a, b) => a - b);
    const at = (q: number) =>
      delays.length === 0
        ? NaN
        : round(delays[Math.min(delays.length - 1, Math.ceil(q * delays.length) - 1)]);
    return [
      { bench: BENCH, metric: `${database}_ticks_expected`, value: expected, unit: 'ticks' },
      {
        bench: BENCH,
        metric: `${database}_ticks_handled`,
        value: ticks.length,
        unit: 'ticks',
        target: `= ${expected}`,
      },
      { bench: BENCH, metric: `${database}_ticks_started`, value: started, unit: 'ticks' },
      {
        bench: BENCH,
        metric: `${database}_groups`,
        value: groups?.groups ?? 0,
        unit: 'groups',
        target: `= ${started}`,
      },
      { bench: BENCH, metric: `${database}_workers`, value: workerCount, unit: 'workers' },
      { bench: BENCH, metric: `${database}_delay_p50`, value: at(0.5), unit: 'ms' },
      { bench: BENCH, metric: `${database}_delay_p99`, value: at(0.99), unit: 'ms', target: '< 5000' },
      {
        bench: BENCH,
        metric: `${database}_delay_max`,
        value: round(delays[delays.length - 1] ?? NaN),
        unit: 'ms',
      },
    ];
  } finally {
    for (const worker of workers) await worker.close();
    for (const queue of queues) await queue.stop().catch(() => undefined);
    await server.close();
  }
}

/** A suite of 200 collections, one test each (no steps: a group is one not_runnable run), each on '* * * * *'. */
async function seed(server: TestServer): Promise<string> {
  const { token } = await tokenFor(server, { email: 'bench@example.com' });
  const { suiteId } = await benchProject(server, token, 'Scheduler');
  const db = server.database.db;
  await db.execute(sql`
    INSERT INTO test_cases (test_suite_id, name, website, state)
    SELECT ${suiteId}, 'Scheduled test ' || g, 'https://shop.example/p/' || g, 'passed'
    FROM generate_series(1, ${COLLECTIONS}) AS g`);
  await db.execute(sql`
    INSERT INTO test_collections (test_suite_id, name)
    SELECT ${suiteId}, 'Every minute ' || g FROM generate_series(1, ${COLLECTIONS}) AS g`);
  await db.execute(sql`
    INSERT INTO test_collection_tests (collection_id, test_case_id)
    SELECT c.id, t.id
    FROM (SELECT id, row_number() OVER (ORDER BY name) AS n FROM test_collections WHERE test_suite_id = ${suiteId}) c
    JOIN (SELECT id, row_number() OVER (ORDER BY name) AS n FROM test_cases WHERE test_suite_id = ${suiteId}) t
      ON t.n = c.n`);
  await db.execute(sql`
    INSERT INTO schedules (test_suite_id, collection_id, cron, timezone)
    SELECT ${suiteId}, id, '* * * * *', 'UTC' FROM test_collections WHERE test_suite_id = ${suiteId}`);
  return suiteId;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
}
