// GET /api/test-suites/{id}/dashboard for a suite of 10,000 tests and 100,000 runs over 60 days:
// p50 and p99 over 200 reads, on PGlite and on Postgres (BENCH_DATABASE_URL or TEST_DATABASE_URL,
// else the local default when reachable); then reads right after a run ended (the answer is built
// again each time).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Dashboard } from '../contract/dashboard';
import { tokenFor, type TestServer } from '../server/test/helpers';
import { benchProject, type Database, onBothDatabases, round } from './apiBench';
import { type Figure } from './spaBundle';

const TESTS = 10_000;
const RUNS_PER_TEST = 10;
const REQUESTS = 200;
/** Reads right after a run ended: the fingerprint moves and the answer is built again. */
const CHANGED_REQUESTS = 30;
const WARMUP = 10;
const BENCH = 'dashboard';

export async function measureDashboard(): Promise<Figure[]> {
  return onBothDatabases(BENCH, measureOn);
}

async function measureOn(database: Database, server: TestServer): Promise<Figure[]> {
  try {
    const { token } = await tokenFor(server, { email: 'bench@example.com' });
    const { suiteId } = await benchProject(server, token, 'Ten thousand');
    const seedStart = performance.now();
    await seedDashboard(server, suiteId);
    const seedMs = performance.now() - seedStart;

    const url = `${server.url}/api/test-suites/${suiteId}/dashboard`;
    const read = async () => {
      const start = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = await response.text();
      const ms = performance.now() - start;
      if (response.status !== 200) throw new Error(`dashboard answered ${response.status}: ${body}`);
      return { ms, dashboard: JSON.parse(body) as Dashboard };
    };
    const first = await read();
    for (let i = 0; i < WARMUP; i++) await read();
    const timings: number[] = [];
    for (let i = 0; i < REQUESTS; i++) timings.push((await read()).ms);

    // A run ends before each read, written as a worker would: the run, then its test's latest result.
    const changed: number[] = [];
    for (let i = 0; i < CHANGED_REQUESTS; i++) {
      await server.database.db.execute(sql`
        WITH test AS (SELECT id FROM test_cases WHERE test_suite_id = ${suiteId} ORDER BY created_at OFFSET ${i} LIMIT 1),
             run AS (
               INSERT INTO test_runs (test_case_id, status, settings, steps_hash, created_at, started_at, finished_at)
               SELECT id, ${i % 2 === 0 ? 'failed' : 'passed'},
                      '{"parameter_overrides": {}, "website_url_override": null}'::jsonb,
                      'hash-' || ${i}, now() - interval '20 seconds', now() - interval '19 seconds', now()
               FROM test RETURNING test_case_id, status, created_at)
        UPDATE test_cases SET latest_run_status = run.status, latest_run_time = run.created_at
        FROM run WHERE test_cases.id = run.test_case_id`);
      changed.push((await read()).ms);
    }
    const { dashboard } = await read();
    if (dashboard.counts.tests !== TESTS)
      throw new Error(`expected ${TESTS} tests, got ${dashboard.counts.tests}`);
    if (
      dashboard.flaky.length === 0 ||
      dashboard.latest_failures.length === 0 ||
      dashboard.running.length === 0
    )
      throw new Error(`expected every section to have rows: ${JSON.stringify(dashboard).slice(0, 300)}`);

    timings.sort((a, b) => a - b);
    changed.sort((a, b) => a - b);
    const at = (q: number, series: number[]) =>
      round(series[Math.min(series.length - 1, Math.ceil(q * series.length) - 1)]);
    return [
      { bench: BENCH, metric: `${database}_p50`, value: at(0.5, timings), unit: 'ms' },
      { bench: BENCH, metric: `${database}_p99`, value: at(0.99, timings), unit: 'ms', target: '< 100' },
      { bench: BENCH, metric: `${database}_max`, value: round(timings[timings.length - 1]), unit: 'ms' },
      { bench: BENCH, metric: `${database}_after_run_ended_p50`, value: at(0.5, changed), unit: 'ms' },
      { bench: BENCH, metric: `${database}_after_run_ended_p99`, value: at(0.99, changed), unit: 'ms' },
      { bench: BENCH, metric: `${database}_first_read`, value: round(first.ms), unit: 'ms' },
      { bench: BENCH, metric: `${database}_runs`, value: TESTS * RUNS_PER_TEST, unit: 'runs' },
      { bench: BENCH, metric: `${database}_seed`, value: round(seedMs), unit: 'ms' },
    ];
  } finally {
    await server.close();
  }
}

/**
 * 10,000 tests and 100,000 runs straight into the tables with generate_series: runs over the last
 * 60 days, one in ten failed, some tests flaky, out of date, generating or running.
 */
export async function seedDashboard(server: TestServer, suiteId: string) {
  const db = server.database.db;
  await db.execute(sql`
    INSERT INTO test_cases (test_suite_id, name, website, description, state, test_generation_steps,
                            steps_source, created_at, last_modified_at)
    SELECT ${suiteId}, 'Checks behaviour number ' || g || ' of the shop', 'https://shop.example/p/' || g,
           'Open the product page ' || g || ' and check the total.',
           CASE WHEN g % 2000 = 0 THEN 'running' ELSE 'passed' END,
           '[{"step_description": "Open the page"}]'::jsonb,
           jsonb_build_object('website', 'https://shop.example/p/' || g,
             'description', CASE WHEN g % 100 = 0 THEN 'Older words ' || g
                                 ELSE 'Open the product page ' || g || ' and check the total.' END),
           now() - interval '90 days' + g * interval '1 second', now()
    FROM generate_series(1, ${TESTS}) AS g`);
  await db.execute(sql`
    INSERT INTO test_runs (test_case_id, status, settings, replay_steps, step_descriptions, steps_hash,
                           failing_step_index, error_message, created_at, started_at, finished_at)
    SELECT t.id,
           CASE WHEN t.n % 500 = 0 AND g = ${RUNS_PER_TEST} THEN 'running'
                WHEN (t.n * 7 + g * 13) % 10 = 0 THEN 'failed' ELSE 'passed' END,
           '{"parameter_overrides": {}, "website_url_override": null}'::jsonb,
           '[{"description": "Open the page", "action_name": "Open the page"}]'::jsonb,
           '["Open the page"]'::jsonb,
           -- A third of the tests changed their steps half way.
           'hash-' || t.n || CASE WHEN t.n % 3 = 0 AND g <= 5 THEN '-old' ELSE '' END,
           CASE WHEN (t.n * 7 + g * 13) % 10 = 0 THEN 0 END,
           CASE WHEN (t.n * 7 + g * 13) % 10 = 0 THEN 'Expected the total to be shown' END,
           at.time, at.time + interval '1 second',
           CASE WHEN t.n % 500 = 0 AND g = ${RUNS_PER_TEST} THEN NULL ELSE at.time + interval '20 seconds' END
    FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM test_cases
          WHERE test_suite_id = ${suiteId}) AS t
    CROSS JOIN generate_series(1, ${RUNS_PER_TEST}) AS g
    CROSS JOIN LATERAL (SELECT now() - (${RUNS_PER_TEST} + 1 - g) * interval '6 days'
                               + (t.n % 5000) * interval '1 minute' AS time) AS at`);
  await db.execute(sql`
    UPDATE test_cases t SET latest_run_status = r.status, latest_run_time = r.created_at
    FROM (SELECT DISTINCT ON (test_case_id) test_case_id, status, created_at FROM test_runs
          ORDER BY test_case_id, created_at DESC, id DESC) AS r
    WHERE r.test_case_id = t.id AND t.test_suite_id = ${suiteId}`);
  // NOTE: one statement per call: VACUUM refuses the transaction a multi-statement query runs in.
  for (const statement of ['VACUUM ANALYZE test_cases', 'VACUUM ANALYZE test_runs']) {
    if (server.database.pool) await server.database.pool.query(statement);
    else await server.database.pglite?.exec(statement);
  }
}
