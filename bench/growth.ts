// Issue 34, growth: the API's p99 for a project's runs (a collection's run groups, the CI run groups),
// a test's history, the dashboard and the tree at 10,000 runs and again at 1,000,000 runs, on a
// throwaway database of the machine's Postgres (BENCH_DATABASE_URL or TEST_DATABASE_URL, else
// postgres://root@127.0.0.1:5432/test; the database is created and dropped here). Target: each p99
// at 1,000,000 runs within 1.5 × its p99 at 10,000.
//
// The measured project has 500 tests in 20 folders and 5 collections of 100 tests, and runs 2,500
// times a day (each test five times): 10,000 runs are its last four days. Growing to 1,000,000 adds
// 490,000 older runs to it (200 days of history) and 500,000 to another organization's project, so
// both the project's own history and the table around it grow. Runs are seeded with generate_series.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type TestServer, startTestServer, tokenFor } from '../server/test/helpers';
import { benchProject, freshPostgresDatabase, round } from './apiBench';
import { type Figure } from './spaBundle';

const BENCH = 'growth';
const TESTS = 500;
const FOLDERS = 20;
const COLLECTIONS = 5;
const RUNS_PER_DAY = 2_500;
const STEPS = [10_000, 1_000_000] as const;
const REQUESTS = 200;
const WARMUP = 10;
/** Dashboard reads right after a run ended: its answer is built again each time. */
const CHANGED_REQUESTS = 30;
const SEED_BATCH = 100_000;

export const GROWTH_TARGET_RATIO = 1.5;

interface Endpoint {
  name: string;
  path: string;
}

export async function measureGrowth(): Promise<Figure[]> {
  const postgres = await freshPostgresDatabase(BENCH);
  if ('skipped' in postgres) {
    console.error(`[${BENCH}] skipped: ${postgres.skipped}`);
    return [];
  }
  let server: TestServer | null = null;
  try {
    server = await startTestServer({
      roles: ['api'],
      target: { kind: 'postgres', url: postgres.url, poolSize: 10 },
    });
    const { token } = await tokenFor(server, { email: 'bench@example.com' });
    const mine = await benchProject(server, token, 'Growing');
    const other = await tokenFor(server, { email: 'neighbour@example.com' });
    const theirs = await benchProject(server, other.token, 'Neighbour');
    const ids = await seedProject(server, mine.suiteId, true);
    await seedProject(server, theirs.suiteId, false);

    const endpoints: Endpoint[] = [
      { name: 'runs_list', path: `/test-suites/collection/${ids.collectionId}` },
      { name: 'ci_runs', path: `/test-suites/${mine.suiteId}/ci-runs` },
      { name: 'test_history', path: `/test-runs/${ids.testId}?limit=20` },
      { name: 'dashboard', path: `/test-suites/${mine.suiteId}/dashboard` },
      { name: 'tree', path: `/test-suites/${mine.suiteId}/tree` },
    ];
    const p99s = new Map<string, number[]>();
    const figures: Figure[] = [];
    let seeded = 0;
    for (const total of STEPS) {
      const seedStart = performance.now();
      // Half of what is added beyond the first step goes to the other project.
      const ownTarget = total === STEPS[0] ? total : STEPS[0] + (total - STEPS[0]) / 2;
      await seedRuns(server, mine.suiteId, seeded, ownTarget);
      if (total !== STEPS[0]) await seedRuns(server, theirs.suiteId, 0, total - ownTarget);
      await analyze(server);
      seeded = ownTarget;
      const label = total >= 1_000_000 ? `${total / 1_000_000}m` : `${total / 1000}k`;
      figures.push({
        bench: BENCH,
        metric: `seed_${label}`,
        value: round(performance.now() - seedStart),
        unit: 'ms',
      });
      for (const endpoint of endpoints) {
        const timings = await timeRequests(server, token, endpoint.path, REQUESTS);
        p99s.set(endpoint.name, [...(p99s.get(endpoint.name) ?? []), quantile(0.99, timings)]);
        figures.push(
          {
            bench: BENCH,
            metric: `${endpoint.name}_p50_${label}`,
            value: quantile(0.5, timings),
            unit: 'ms',
          },
          {
            bench: BENCH,
            metric: `${endpoint.name}_p99_${label}`,
            value: quantile(0.99, timings),
            unit: 'ms',
          },
        );
      }
      // The dashboard again, each read right after a run ended (the cached answer no longer holds).
      const changed: number[] = [];
      for (let i = 0; i < CHANGED_REQUESTS; i++) {
        await endRun(server, mine.suiteId, i);
        changed.push(...(await timeRequests(server, token, endpoints[3].path, 1, 0)));
      }
      p99s.set('dashboard_after_run', [...(p99s.get('dashboard_after_run') ?? []), quantile(0.99, changed)]);
      figures.push({
        bench: BENCH,
        metric: `dashboard_after_run_p99_${label}`,
        value: quantile(0.99, changed),
        unit: 'ms',
      });
    }
    for (const [name, [small, large]] of p99s)
      figures.push({
        bench: BENCH,
        metric: `${name}_p99_ratio`,
        value: Math.round((large / Math.max(small, 1)) * 100) / 100,
        unit: '×',
        target: `≤ ${GROWTH_TARGET_RATIO}`,
      });
    return figures;
  } finally {
    await server?.close();
    await postgres.drop();
  }
}

/** Times `count` sequential GETs after `warmup` unmeasured ones; every answer must be a 200. */
async function timeRequests(
  server: TestServer,
  token: string,
  path: string,
  count: number,
  warmup = WARMUP,
): Promise<number[]> {
  const url = `${server.url}/api${path}`;
  const read = async () => {
    const start = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = await response.text();
    const ms = performance.now() - start;
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${body.slice(0, 300)}`);
    return ms;
  };
  for (let i = 0; i < warmup; i++) await read();
  const timings: number[] = [];
  for (let i = 0; i < count; i++) timings.push(await read());
  return timings;
}

/** The value at quantile `q` (nearest rank), rounded to 0.1 ms. */
export function quantile(q: number, values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]);
}

/** 500 tests in 20 folders, 5 collections of 100 tests; answers a collection and its busiest test. */
export async function seedProject(
  server: TestServer,
  suiteId: string,
  measured: boolean,
): Promise<{ collectionId: string; testId: string }> {
  const db = server.database.db;
  await db.execute(sql`
    INSERT INTO test_folders (test_suite_id, path)
    SELECT ${suiteId}, 'Area ' || f FROM generate_series(1, ${FOLDERS}::int) AS f`);
  await db.execute(sql`
    INSERT INTO test_cases (test_suite_id, name, website, description, path, state, test_generation_steps,
                            steps_source, created_at, last_modified_at)
    SELECT ${suiteId}, 'Checks behaviour ' || g, 'https://shop.example/p/' || g,
           'Open the product page ' || g || ' and check the total.', 'Area ' || (g % ${FOLDERS}::int + 1), 'passed',
           '[{"step_description": "Open the page"}]'::jsonb,
           jsonb_build_object('website', 'https://shop.example/p/' || g,
                              'description', 'Open the product page ' || g || ' and check the total.'),
           now() - interval '400 days' + g * interval '1 second', now()
    FROM generate_series(0, ${TESTS - 1}::int) AS g`);
  await db.execute(sql`
    INSERT INTO test_collections (test_suite_id, name)
    SELECT ${suiteId}, 'Collection ' || c FROM generate_series(0, ${COLLECTIONS - 1}::int) AS c`);
  await db.execute(sql`
    INSERT INTO test_collection_tests (collection_id, test_case_id)
    SELECT c.id, t.id
    FROM (SELECT id, row_number() OVER (ORDER BY created_at) - 1 AS n FROM test_cases
          WHERE test_suite_id = ${suiteId}) AS t
    JOIN (SELECT id, row_number() OVER (ORDER BY name) - 1 AS n FROM test_collections
          WHERE test_suite_id = ${suiteId}) AS c ON c.n = t.n / ${TESTS / COLLECTIONS}::int`);
  const rows = (await db.execute(sql`
    SELECT (SELECT id::text FROM test_collections WHERE test_suite_id = ${suiteId} ORDER BY name LIMIT 1) AS collection_id,
           (SELECT id::text FROM test_cases WHERE test_suite_id = ${suiteId} ORDER BY created_at LIMIT 1) AS test_id`)) as unknown as {
    rows: { collection_id: string; test_id: string }[];
  };
  if (!measured) return { collectionId: '', testId: '' };
  return { collectionId: rows.rows[0].collection_id, testId: rows.rows[0].test_id };
}

/**
 * The project's runs numbered `from` to `to` - 1, newest first: run k is of test k % 500 in round
 * k / 500 (five rounds a day, going back in time). Every other round is its collections' run-all
 * (a group per collection: one created_at), every other of those from CI, so that the first 10,000
 * runs already fill a page of groups (10 of a collection's, 20 of CI's) and answers are the same
 * size at both steps; one run in ten fails.
 */
export async function seedRuns(server: TestServer, suiteId: string, from: number, to: number) {
  for (let start = from; start < to; start += SEED_BATCH) {
    const end = Math.min(to, start + SEED_BATCH);
    await server.database.db.execute(sql`
      INSERT INTO test_runs (test_case_id, status, settings, replay_steps, step_descriptions, steps, steps_hash,
                             failing_step_index, error_message, artifacts, trigger, collection_id,
                             created_at, started_at, finished_at, execution_time_ms)
      SELECT t.id,
             CASE WHEN (k * 7) % 10 = 3 THEN 'failed' ELSE 'passed' END,
             '{"parameter_overrides": {}, "website_url_override": null}'::jsonb,
             '[{"description": "Open the page", "action_name": "Open the page"}]'::jsonb,
             '["Open the page", "Check the total"]'::jsonb,
             '[]'::jsonb,
             'hash-' || t.n,
             CASE WHEN (k * 7) % 10 = 3 THEN 1 END,
             CASE WHEN (k * 7) % 10 = 3 THEN 'Expected the total to be shown' END,
             '[{"name": "run.log", "kind": "log", "content_type": "text/plain", "size": 100}]'::jsonb,
             CASE WHEN r % 2 = 0 THEN (CASE WHEN r % 4 = 0 THEN 'ci' ELSE 'schedule' END) ELSE 'manual' END,
             CASE WHEN r % 2 = 0 THEN ct.collection_id END,
             at.time, at.time + interval '1 second', at.time + interval '20 seconds', 19000
      FROM generate_series(${start}::int, ${end - 1}::int) AS k
      CROSS JOIN LATERAL (SELECT k / ${TESTS}::int AS r, k % ${TESTS}::int AS n) AS g
      JOIN (SELECT id, row_number() OVER (ORDER BY created_at) - 1 AS n FROM test_cases
            WHERE test_suite_id = ${suiteId}) AS t ON t.n = g.n
      LEFT JOIN test_collection_tests ct ON ct.test_case_id = t.id
      CROSS JOIN LATERAL (
        SELECT now() - interval '1 hour' - g.r * (interval '1 day' / ${RUNS_PER_DAY / TESTS}::int)
               + CASE WHEN g.r % 2 = 0 THEN interval '0' ELSE g.n * interval '1 second' END AS time) AS at`);
  }
  await server.database.db.execute(sql`
    UPDATE test_cases t SET latest_run_status = r.status, latest_run_time = r.created_at
    FROM (SELECT DISTINCT ON (test_case_id) test_case_id, status, created_at FROM test_runs
          ORDER BY test_case_id, created_at DESC, id DESC) AS r
    WHERE r.test_case_id = t.id AND t.test_suite_id = ${suiteId}`);
}

/** A run of the project ends, written as a worker would: the run, then its test's latest result. */
async function endRun(server: TestServer, suiteId: string, i: number) {
  await server.database.db.execute(sql`
    WITH test AS (SELECT id FROM test_cases WHERE test_suite_id = ${suiteId} ORDER BY created_at OFFSET ${i} LIMIT 1),
         run AS (
           INSERT INTO test_runs (test_case_id, status, settings, steps_hash, created_at, started_at, finished_at)
           SELECT id, ${i % 2 === 0 ? 'failed' : 'passed'},
                  '{"parameter_overrides": {}, "website_url_override": null}'::jsonb,
                  'hash-new-' || ${i}, now() - interval '20 seconds', now() - interval '19 seconds', now()
           FROM test RETURNING test_case_id, status, created_at)
    UPDATE test_cases SET latest_run_status = run.status, latest_run_time = run.created_at
    FROM run WHERE test_cases.id = run.test_case_id`);
}

export async function analyze(server: TestServer) {
  // NOTE: one statement per call: VACUUM refuses the transaction a multi-statement query runs in.
  for (const statement of [
    'VACUUM ANALYZE test_cases',
    'VACUUM ANALYZE test_runs',
    'VACUUM ANALYZE artifacts',
  ])
    await server.database.pool!.query(statement);
}
