// GET /api/test-suites/collection/{id} for a collection of 20 tests with 1,000 run groups of 20 runs
// (20,000 runs): p50 and p99 over 200 reads of the first page (10 groups), on PGlite and on Postgres
// (BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local default when reachable).
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { type Collection } from '../contract/collections';
import { tokenFor, type TestServer } from '../server/test/helpers';
import { benchProject, type Database, onBothDatabases, round } from './apiBench';
import { type Figure } from './spaBundle';

const TESTS = 20;
const GROUPS = 1_000;
const REQUESTS = 200;
const WARMUP = 10;
const BENCH = 'collections';

export async function measureCollections(): Promise<Figure[]> {
  return onBothDatabases(BENCH, measureOn);
}

async function measureOn(database: Database, server: TestServer): Promise<Figure[]> {
  try {
    const { token } = await tokenFor(server, { email: 'bench@example.com' });
    const { suiteId } = await benchProject(server, token, 'Collections');
    const seedStart = performance.now();
    const collectionId = await seedCollection(server, suiteId);
    const seedMs = performance.now() - seedStart;

    const url = `${server.url}/api/test-suites/collection/${collectionId}`;
    const read = async () => {
      const start = performance.now();
      const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = await response.text();
      const ms = performance.now() - start;
      if (response.status !== 200) throw new Error(`collection answered ${response.status}: ${body}`);
      return { ms, collection: JSON.parse(body) as Collection };
    };
    const first = await read();
    if (first.collection.linked_runs.length !== 10 || first.collection.linked_runs[0].total !== TESTS)
      throw new Error(
        `expected 10 groups of ${TESTS} runs: ${JSON.stringify(first.collection).slice(0, 300)}`,
      );
    for (let i = 0; i < WARMUP; i++) await read();
    const timings: number[] = [];
    for (let i = 0; i < REQUESTS; i++) timings.push((await read()).ms);
    timings.sort((a, b) => a - b);
    const at = (q: number) => round(timings[Math.min(timings.length - 1, Math.ceil(q * timings.length) - 1)]);
    return [
      { bench: BENCH, metric: `${database}_p50`, value: at(0.5), unit: 'ms' },
      { bench: BENCH, metric: `${database}_p99`, value: at(0.99), unit: 'ms', target: '< 100' },
      { bench: BENCH, metric: `${database}_max`, value: round(timings[timings.length - 1]), unit: 'ms' },
      { bench: BENCH, metric: `${database}_first_read`, value: round(first.ms), unit: 'ms' },
      { bench: BENCH, metric: `${database}_runs`, value: TESTS * GROUPS, unit: 'runs' },
      { bench: BENCH, metric: `${database}_seed`, value: round(seedMs), unit: 'ms' },
    ];
  } finally {
    await server.close();
  }
}

/** One collection of 20 tests and 1,000 groups of 20 runs, straight into the tables. */
export async function seedCollection(server: TestServer, suiteId: string): Promise<string> {
  const db = server.database.db;
  await db.execute(sql`
    INSERT INTO test_cases (test_suite_id, name, website, state, created_at, last_modified_at)
    SELECT ${suiteId}, 'Collection test ' || g, 'https://shop.example/p/' || g, 'passed',
           now() - interval '90 days' + g * interval '1 second', now()
    FROM generate_series(1, ${TESTS}) AS g`);
  const { rows } = (await db.execute(sql`
    INSERT INTO test_collections (test_suite_id, name) VALUES (${suiteId}, 'Nightly') RETURNING id`)) as unknown as {
    rows: { id: string }[];
  };
  const collectionId = rows[0]!.id;
  await db.execute(sql`
    INSERT INTO test_collection_tests (collection_id, test_case_id)
    SELECT ${collectionId}, id FROM test_cases WHERE test_suite_id = ${suiteId}`);
  // Group g was made g hours before now, at a whole millisecond (as a run-all makes them).
  await db.execute(sql`
    INSERT INTO test_runs (test_case_id, collection_id, status, settings, execution_time_ms,
                           failing_step_index, error_message, created_at, started_at, finished_at)
    SELECT t.id, ${collectionId},
           CASE WHEN (t.n + g) % 10 = 0 THEN 'failed' WHEN (t.n + g) % 17 = 0 THEN 'not_runnable' ELSE 'passed' END,
           '{"parameter_overrides": {}, "website_url_override": null}'::jsonb,
           1000 + (t.n * 37 + g * 11) % 20000,
           CASE WHEN (t.n + g) % 10 = 0 THEN 0 END,
           CASE WHEN (t.n + g) % 10 = 0 THEN 'Expected the total to be shown' END,
           at.time, at.time, at.time + interval '20 seconds'
    FROM (SELECT id, row_number() OVER (ORDER BY created_at) AS n FROM test_cases
          WHERE test_suite_id = ${suiteId}) AS t
    CROSS JOIN generate_series(1, ${GROUPS}) AS g
    CROSS JOIN LATERAL (SELECT date_trunc('milliseconds', now()) - g * interval '1 hour' AS time) AS at`);
  // NOTE: one statement per call: VACUUM refuses the transaction a multi-statement query runs in.
  for (const statement of [
    'VACUUM ANALYZE test_cases',
    'VACUUM ANALYZE test_runs',
    'VACUUM ANALYZE test_collection_tests',
  ]) {
    if (server.database.pool) await server.database.pool.query(statement);
    else await server.database.pglite?.exec(statement);
  }
  return collectionId;
}
