// Issue 34, growth: the API's p99 for a project's runs (a collection's run groups, the CI run groups),
// a test's history, the dashboard and the tree at 10,000 runs and at 1,000,000 runs, on two throwaway
// databases of the machine's Postgres (BENCH_DATABASE_URL or TEST_DATABASE_URL, else
// postgres://root@127.0.0.1:5432/test; they are created and dropped here). Target: each p99 at
// 1,000,000 runs within 1.5 × its p99 at 10,000. GROWTH_RUNS=200000 times a smaller second step
// while working (about 10 s of seeding instead of a minute).
//
// The measured project has 500 tests in 20 folders and 5 collections of 100 tests, and runs 2,500
// times a day (each test five times): 10,000 runs are its last four days. The large database holds
// the same project with 495,000 older runs (200 days of history) and another organization's project
// with as many, so both the project's own history and the table around it grow. Runs are seeded with
// generate_series.
//
// A collection's newest group alone (run_group) is read as its page reads it.
//
// The two sizes are served by two servers in this process and timed in turns (small, large, small,
// …), so that whatever else the machine does in the meantime weighs on both alike: timed one after
// the other, a burst of other work during either step decides the ratio. Each measure is taken in
// three rounds of 200 reads per size (100 after a run ended); a p99 is the median of the rounds' p99s,
// a p50 that of all the reads.
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
const SMALL = 10_000;
/** Each measure is taken in ROUNDS rounds (see the p99 below). */
const ROUNDS = 3;
const REQUESTS = 200;
const WARMUP = 10;
/** Dashboard reads right after a run ended: its answer is built again each time. */
const CHANGED_REQUESTS = 100;
const SEED_BATCH = 100_000;

export const GROWTH_TARGET_RATIO = 1.5;

interface Endpoint {
  name: string;
  path: string;
}

/** One size: its database, its server and the measured project. */
interface Step {
  label: string;
  server: TestServer;
  token: string;
  suiteId: string;
  endpoints: Endpoint[];
  drop: () => Promise<void>;
}

export async function measureGrowth(): Promise<Figure[]> {
  const large = Number(process.env.GROWTH_RUNS?.trim() || 1_000_000);
  if (!Number.isInteger(large) || large <= SMALL)
    throw new Error(`GROWTH_RUNS must be a whole number above ${SMALL}`);
  const steps: Step[] = [];
  const figures: Figure[] = [];
  try {
    for (const total of [SMALL, large]) {
      const seedStart = performance.now();
      const step = await prepareStep(total);
      if (!step) return [];
      steps.push(step);
      figures.push({
        bench: BENCH,
        metric: `seed_${step.label}`,
        value: round(performance.now() - seedStart),
        unit: 'ms',
      });
    }
    const [small] = steps;
    // Per measure, per round, per size: the timings.
    const rounds = new Map<string, [number[], number[]][]>();
    const add = (name: string, round: number, size: number, timings: number[]) => {
      const byRound = rounds.get(name) ?? [];
      byRound[round] ??= [[], []];
      byRound[round][size].push(...timings);
      rounds.set(name, byRound);
    };
    let ended = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (const [e, endpoint] of small.endpoints.entries()) {
        if (round === 0) for (const step of steps) await timeRequest(step, step.endpoints[e].path, WARMUP);
        for (let i = 0; i < REQUESTS; i++)
          // The order alternates too: neither size always reads right after the other.
          for (const s of i % 2 === 0 ? [0, 1] : [1, 0])
            add(endpoint.name, round, s, await timeRequest(steps[s], steps[s].endpoints[e].path, 1));
      }
      // The dashboard again, each read right after a run ended (the kept answer no longer holds).
      for (let i = 0; i < CHANGED_REQUESTS; i++, ended++)
        for (const s of i % 2 === 0 ? [0, 1] : [1, 0]) {
          await endRun(steps[s].server, steps[s].suiteId, ended);
          add('dashboard_after_run', round, s, await timeRequest(steps[s], steps[s].endpoints[3].path, 1));
        }
    }
    // p50 over every timing; p99 the median of the rounds' p99s (a burst of other work on the machine
    // during one round moves one of three).
    const p99s = new Map<string, [number, number]>();
    for (const [name, byRound] of rounds) {
      const p99 = (size: number) => median(byRound.map((timings) => quantile(0.99, timings[size])));
      steps.forEach((step, size) =>
        figures.push(
          {
            bench: BENCH,
            metric: `${name}_p50_${step.label}`,
            value: quantile(
              0.5,
              byRound.flatMap((timings) => timings[size]),
            ),
            unit: 'ms',
          },
          { bench: BENCH, metric: `${name}_p99_${step.label}`, value: p99(size), unit: 'ms' },
        ),
      );
      p99s.set(name, [p99(0), p99(1)]);
    }
    for (const [name, [p99Small, p99Large]] of p99s)
      figures.push({
        bench: BENCH,
        metric: `${name}_p99_ratio`,
        value: Math.round((p99Large / Math.max(p99Small, 1)) * 100) / 100,
        unit: '×',
        target: `≤ ${GROWTH_TARGET_RATIO}`,
      });
    return figures;
  } finally {
    for (const step of steps) {
      await step.server.close().catch(() => undefined);
      await step.drop();
    }
  }
}

/** A database holding `total` runs and a server on it; null when Postgres is not reachable. */
async function prepareStep(total: number): Promise<Step | null> {
  const label = total >= 1_000_000 ? `${total / 1_000_000}m` : `${total / 1000}k`;
  const postgres = await freshPostgresDatabase(`${BENCH}_${label}`);
  if ('skipped' in postgres) {
    console.error(`[${BENCH}] skipped: ${postgres.skipped}`);
    return null;
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
    // Half of what is added beyond the small step goes to the other project.
    const own = total === SMALL ? total : SMALL + (total - SMALL) / 2;
    await seedRuns(server, mine.suiteId, 0, own);
    if (total > own) await seedRuns(server, theirs.suiteId, 0, total - own);
    await analyze(server);
    // The newest group alone, as its page reads it (linked_runs_created_at, to the millisecond).
    const [newest] = (
      (await server.database.db.execute(sql`
        SELECT to_char(max(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
        FROM test_runs WHERE collection_id = ${ids.collectionId}`)) as unknown as { rows: { at: string }[] }
    ).rows;
    return {
      label,
      server,
      token,
      suiteId: mine.suiteId,
      endpoints: [
        { name: 'runs_list', path: `/test-suites/collection/${ids.collectionId}` },
        { name: 'ci_runs', path: `/test-suites/${mine.suiteId}/ci-runs` },
        { name: 'test_history', path: `/test-runs/${ids.testId}?limit=20` },
        { name: 'dashboard', path: `/test-suites/${mine.suiteId}/dashboard` },
        { name: 'tree', path: `/test-suites/${mine.suiteId}/tree` },
        {
          name: 'run_group',
          path: `/test-suites/collection/${ids.collectionId}?linked_runs_created_at=${encodeURIComponent(newest!.at)}`,
        },
      ],
      drop: postgres.drop,
    };
  } catch (error) {
    await server?.close().catch(() => undefined);
    await postgres.drop();
    throw error;
  }
}

/** Times `count` sequential GETs of one size's server; every answer must be a 200. */
async function timeRequest(step: Step, path: string, count: number): Promise<number[]> {
  const url = `${step.server.url}/api${path}`;
  const timings: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${step.token}` } });
    const body = await response.text();
    timings.push(performance.now() - start);
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${body.slice(0, 300)}`);
  }
  return timings;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
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
