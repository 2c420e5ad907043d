import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { type Db } from '../db/client';
import { NotFoundError, ValidationError } from '../errors';
import { isUuid } from '../lib/validate';
import {
  DASHBOARD_LIMITS,
  FLAKY_WINDOW_RUNS,
  type Dashboard,
  type FlakyTest,
  type LatestFailure,
  type OutOfDateTest,
  type PassRateDay,
  type PassRateWindow,
  type RunningItem,
  type TestHeadline,
  type TestHeadlines,
  OWN_WEBSITES,
} from '../../../contract/dashboard';
import { GENERATING_STATES, RUNNING_STATES } from '../../../contract/states';
import { type Actor } from './actor';
import { stepsOutOfDate, type StepsSource } from './testCases';
import { type TestSuiteService } from './testSuites';

const DAY_MS = 24 * 60 * 60 * 1000;
const WINDOW_DAYS = 30;
const FAILED_STATES = ['failed', 'not_runnable'] as const;
/**
 * Issue 12: a flaky run (failed, then passed on its one retry) is never a pass. Pass rates count it
 * as a failure; "latest failures" leaves it out (it is not broken); the flaky list counts it as flaky.
 */
const RATE_FAILED_STATES = [...FAILED_STATES, 'flaky'] as const;
const CACHED_SUITES = 100;
/**
 * Issue 28: a run on another website (its override) says how that site fares, not the test's: pass
 * rates, flakiness and latest failures count only runs on the tests' own websites.
 */
const OWN_SITE = sql`r.settings ->> 'website_url_override' IS NULL`;

/**
 * Which runs a dashboard counts (issue 33): those on one environment, or (null) those on the tests'
 * own websites. `where` reads a run aliased `r`.
 */
interface Scope {
  environment: { _id: string; name: string } | null;
  where: SQL;
  /** The same runs' day counts (test_run_days aliased `d`). */
  days: SQL;
}

/** What two runs compare to know they replayed the same steps (test_runs.steps_hash). */
export function stepsHash(replaySteps: unknown[]): string {
  // Keys sorted: the same steps read back from jsonb (which reorders keys) hash the same.
  return createHash('sha256').update(canonicalJson(replaySteps)).digest('base64url');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

interface DayCounts {
  passed: number;
  failed: number;
  finished: number;
}

interface FlakyCounts {
  test_case_id: string;
  passed: number;
  failed: number;
  flaky: number;
  runs: number;
}

/**
 * What only finished runs decide, kept across answers: the finished days' counts (fixed once the
 * day is over) and each test's flakiness (it changes only when one of the test's runs ends).
 */
interface History {
  /** The UTC day and the suite's set of tests (a deleted test takes its runs along). */
  key: string;
  pastDays: Map<number, DayCounts>;
  flaky: Map<string, FlakyCounts>;
  /** The database's clock when this history was last brought up to date. */
  checkedAt: string;
}

interface SuiteEntry {
  fingerprint: string;
  dashboard: Dashboard;
  history: History;
}

/**
 * GET /test-suites/{suiteId}/dashboard: pass rates, latest failures, flaky, out-of-date and running
 * tests of a suite in one answer.
 *
 * Each answer is kept per suite under a fingerprint that any change to what it shows moves: the
 * suite's test rows (a run's start and end write its test's latest_run_*), the set of runs in
 * progress (an older run ending leaves it) and the UTC day (the windows move at midnight). Reading
 * the fingerprint scans the suite's tests only, so the answer stays fast for 100,000 runs.
 *
 * When it moved, only what can have changed is read again: today's counts, the tests and runs in
 * progress, and the flakiness of the tests whose runs ended since the last answer. The days before
 * today and the other tests' flakiness come from the kept history (read in full at the first
 * answer of the day, or when a test was deleted).
 */
export class DashboardService {
  private readonly _cache = new Map<string, SuiteEntry>();

  constructor(
    private readonly _db: Db,
    private readonly _testSuites: TestSuiteService,
    private readonly _now: () => Date = () => new Date(),
  ) {}

  async get(actor: Actor, suiteId: string, environmentId?: string): Promise<Dashboard> {
    if (!isUuid(suiteId))
      throw new ValidationError('The test suite ID must be a UUID', { fields: { suiteId: 'invalid' } });
    await this._testSuites.requireSuite(actor, suiteId);
    const scope = await this._scope(suiteId, environmentId);
    // Runs on an environment write no test row: their day counts move the fingerprint as they end or
    // go (test_run_days, issue 34: a row per test and day, not a scan of the environment's runs); a
    // run that starts is in the running part below.
    const [scoped] = scope.environment
      ? await this._rows<{ runs: string }>(sql`
          SELECT coalesce(sum(d.finished), 0) || ':' || coalesce(sum(d.passed), 0) || ':'
                   || coalesce(sum(d.failed), 0) || ':' || count(*) AS runs
          FROM test_run_days d WHERE d.test_suite_id = ${suiteId} AND ${scope.days}`)
      : [{ runs: '' }];
    const cacheKey = scope.environment ? `${suiteId}|${scope.environment._id}` : suiteId;
    const today = utcDay(this._now());
    const [state] = await this._rows<{ tests: string; test_ids: string; running: string; now: string }>(sql`
      SELECT tests.rows AS tests, tests.ids AS test_ids,
             (SELECT count(*) || ':' || coalesce(bit_xor(hashtext(r.id::text || ':' || r.status)), 0)
              FROM test_runs r JOIN test_cases t ON t.id = r.test_case_id
              WHERE t.test_suite_id = ${suiteId} AND r.status IN (${list(RUNNING_STATES)})) AS running,
             ${iso(sql`now()`)} AS now
      FROM (SELECT count(*) || ':' || coalesce(sum(xmin::text::bigint), 0) || ':'
                     || coalesce(bit_xor(hashtext(id::text || ':' || xmin::text)), 0) AS rows,
                   count(*) || ':' || coalesce(bit_xor(hashtext(id::text)), 0) AS ids
            FROM test_cases WHERE test_suite_id = ${suiteId}) AS tests`);
    const fingerprint = `${today.toISOString()}|${state!.tests}|${state!.running}|${scoped!.runs}|${scope.environment?.name ?? ''}`;
    const cached = this._cache.get(cacheKey);
    if (cached?.fingerprint === fingerprint) {
      // Map keeps insertion order: re-inserting marks the entry as the most recently used.
      this._cache.delete(cacheKey);
      this._cache.set(cacheKey, cached);
      return cached.dashboard;
    }
    const historyKey = `${today.toISOString()}|${state!.test_ids}`;
    const history =
      cached?.history.key === historyKey
        ? await this._updateHistory(suiteId, cached.history, state!.now, scope)
        : await this._readHistory(suiteId, historyKey, today, state!.now, scope);
    const dashboard = await this._build(suiteId, today, history, scope);
    this._cache.delete(cacheKey);
    this._cache.set(cacheKey, { fingerprint, dashboard, history });
    if (this._cache.size > CACHED_SUITES) this._cache.delete(this._cache.keys().next().value!);
    return dashboard;
  }

  /**
   * GET /test-case/{id}/headlines (issue 33): the test's newest run on its own website, then on each
   * of the project's environments by name.
   */
  async headlines(actor: Actor, testCaseId: string): Promise<TestHeadlines> {
    const id = testCaseId.trim().toLowerCase();
    const [test] = isUuid(id)
      ? await this._rows<{ suite_id: string }>(
          sql`SELECT test_suite_id::text AS suite_id FROM test_cases WHERE id = ${id}`,
        )
      : [];
    // Another organization's test is not found, like one that does not exist.
    const suite = test && (await this._testSuites.requireSuite(actor, test.suite_id).catch(() => null));
    if (!test || !suite) throw new NotFoundError('Test case not found');
    const environments = await this._rows<{ id: string; name: string; is_default: boolean }>(sql`
      SELECT id::text, name, is_default FROM environments WHERE test_suite_id = ${test.suite_id}
      ORDER BY name, id`);
    const newest = await this._rows<{
      environment_id: string | null;
      id: string;
      status: string;
      at: string;
    }>(sql`
      SELECT DISTINCT ON (r.environment_id) r.environment_id::text AS environment_id, r.id::text AS id,
             r.status, ${iso(sql`r.created_at`)} AS at
      FROM test_runs r
      WHERE r.test_case_id = ${id} AND r.environment_id IS NOT NULL
      ORDER BY r.environment_id, r.created_at DESC, r.id DESC`);
    const [own] = await this._rows<{ id: string; status: string; at: string }>(sql`
      SELECT r.id::text AS id, r.status, ${iso(sql`r.created_at`)} AS at FROM test_runs r
      WHERE r.test_case_id = ${id} AND ${OWN_SITE}
      ORDER BY r.created_at DESC NULLS LAST, r.id DESC NULLS LAST LIMIT 1`);
    const runs = new Map(newest.map((run) => [run.environment_id, run]));
    const headline = (
      environment: { id: string; name: string; is_default: boolean } | null,
      run: { id: string; status: string; at: string } | undefined,
    ): TestHeadline => ({
      environment_id: environment?.id ?? null,
      environment_name: environment?.name ?? null,
      is_default: environment?.is_default ?? false,
      status: run?.status ?? null,
      run_id: run?.id ?? null,
      run_at: run?.at ?? null,
    });
    return {
      headlines: [
        headline(null, own),
        ...environments.map((environment) => headline(environment, runs.get(environment.id))),
      ],
    };
  }

  /**
   * The runs a dashboard counts: `none` the tests' own websites; a project's environment; absent, the
   * project's default environment (the tests' own websites when it has none). 400 for anything else.
   */
  private async _scope(suiteId: string, environmentId: string | undefined): Promise<Scope> {
    const own: Scope = { environment: null, where: OWN_SITE, days: sql`d.own_site` };
    const wanted = environmentId?.trim().toLowerCase() ?? '';
    if (wanted === OWN_WEBSITES) return own;
    if (wanted && !isUuid(wanted)) throw unknownEnvironment();
    const [row] = await this._rows<{ id: string; name: string }>(sql`
      SELECT id::text, name FROM environments
      WHERE test_suite_id = ${suiteId} AND ${wanted ? sql`id = ${wanted}` : sql`is_default`}`);
    if (!row) {
      if (wanted) throw unknownEnvironment();
      return own;
    }
    return {
      environment: { _id: row.id, name: row.name },
      where: sql`r.environment_id = ${row.id}`,
      days: sql`d.environment_id = ${row.id}`,
    };
  }

  private async _readHistory(
    suiteId: string,
    key: string,
    today: Date,
    now: string,
    scope: Scope,
  ): Promise<History> {
    const start = new Date(today.getTime() - (WINDOW_DAYS - 1) * DAY_MS);
    const pastDays = await this._passRateDays(suiteId, start, today, scope);
    const flaky = new Map((await this._flaky(suiteId, null, scope)).map((row) => [row.test_case_id, row]));
    return { key, pastDays, flaky, checkedAt: now };
  }

  /** The flakiness of the tests whose runs ended since the history was last brought up to date. */
  private async _updateHistory(
    suiteId: string,
    history: History,
    now: string,
    scope: Scope,
  ): Promise<History> {
    // NOTE: a minute's overlap: a run whose finished_at was taken just before the last check may have
    // committed after it. Reading a test again is harmless.
    const changed = await this._rows<{ id: string }>(sql`
      SELECT DISTINCT r.test_case_id::text AS id
      FROM test_runs r JOIN test_cases t ON t.id = r.test_case_id
      WHERE t.test_suite_id = ${suiteId}
        AND r.finished_at >= ${history.checkedAt}::timestamptz - interval '1 minute'`);
    const flaky = new Map(history.flaky);
    if (changed.length > 0) {
      const ids = changed.map(({ id }) => id);
      for (const id of ids) flaky.delete(id);
      for (let from = 0; from < ids.length; from += 1000)
        for (const row of await this._flaky(suiteId, ids.slice(from, from + 1000), scope))
          flaky.set(row.test_case_id, row);
    }
    return { ...history, flaky, checkedAt: now };
  }

  private async _build(suiteId: string, today: Date, history: History, scope: Scope): Promise<Dashboard> {
    // NOTE: one statement at a time: PGlite has one connection, and on Postgres these are a few ms each.
    const start = new Date(today.getTime() - (WINDOW_DAYS - 1) * DAY_MS);
    const todays = await this._passRateDays(suiteId, today, null, scope);
    const days = new Map(history.pastDays);
    const todayCounts = todays.get(0);
    if (todayCounts) days.set(WINDOW_DAYS - 1, todayCounts);
    const latestFailures = await this._latestFailures(suiteId, scope);
    const flaky = await this._flakyList(history.flaky);
    const outOfDate = await this._outOfDate(suiteId);
    const running = await this._running(suiteId);
    const [tests] = await this._rows<{ count: number }>(
      sql`SELECT count(*)::int AS count FROM test_cases WHERE test_suite_id = ${suiteId}`,
    );
    const daily: PassRateDay[] = Array.from({ length: WINDOW_DAYS }, (_, index) => {
      const day = days.get(index);
      return {
        date: new Date(start.getTime() + index * DAY_MS).toISOString().slice(0, 10),
        passed: day?.passed ?? 0,
        failed: day?.failed ?? 0,
      };
    });
    return {
      pass_rate: {
        last_7_days: passRate(daily.slice(-7)),
        last_30_days: passRate(daily),
        daily,
      },
      latest_failures: latestFailures,
      flaky,
      out_of_date: outOfDate,
      running,
      counts: {
        tests: tests?.count ?? 0,
        runs_30_days: [...days.values()].reduce((sum, day) => sum + day.finished, 0),
      },
      environment: scope.environment,
    };
  }

  /** The most flaky tests first, with their names as they are now. */
  private async _flakyList(flaky: Map<string, FlakyCounts>): Promise<FlakyTest[]> {
    const top = [...flaky.values()]
      .sort(
        (a, b) =>
          Math.min(b.passed, b.failed) + b.flaky - (Math.min(a.passed, a.failed) + a.flaky) ||
          b.failed - a.failed ||
          a.test_case_id.localeCompare(b.test_case_id),
      )
      .slice(0, DASHBOARD_LIMITS.flaky);
    if (top.length === 0) return [];
    const names = new Map(
      (
        await this._rows<{ id: string; name: string }>(
          sql`SELECT id::text, name FROM test_cases WHERE id IN (${list(top.map((row) => row.test_case_id))})`,
        )
      ).map((row) => [row.id, row.name]),
    );
    return top.flatMap((row) => {
      const name = names.get(row.test_case_id);
      return name === undefined ? [] : [{ ...row, test_name: name }];
    });
  }

  /**
   * Runs finished per UTC day from `start` (day 0) until `end` (or now), with a verdict or not: from
   * test_run_days (issue 34), which triggers of migration 0024 keep as runs end (passed; failed being
   * RATE_FAILED_STATES), so a day costs a row per test however many runs ended in it.
   */
  private async _passRateDays(
    suiteId: string,
    start: Date,
    end: Date | null,
    scope: Scope,
  ): Promise<Map<number, DayCounts>> {
    const day = (at: Date) => sql`${at.toISOString().slice(0, 10)}::date`;
    const rows = await this._rows<{ day: number } & DayCounts>(sql`
      SELECT (d.day - ${day(start)})::int AS day, sum(d.passed)::int AS passed, sum(d.failed)::int AS failed,
             sum(d.finished)::int AS finished
      FROM test_run_days d
      WHERE d.test_suite_id = ${suiteId} AND d.day >= ${day(start)} AND ${scope.days}
        ${end ? sql`AND d.day < ${day(end)}` : sql``}
      GROUP BY 1
      HAVING sum(d.finished) > 0`);
    return new Map(
      rows
        .filter((row) => row.day < WINDOW_DAYS)
        .map(({ day, passed, failed, finished }) => [day, { passed, failed, finished }]),
    );
  }

  /** The latest tests whose latest run (in the scope) failed, with that run's failing step. */
  private async _latestFailures(suiteId: string, scope: Scope): Promise<LatestFailure[]> {
    // The test's own websites: latest_run_status narrows the tests, and the run itself is read to be
    // sure it is still the latest. An environment's runs write no headline: each test's newest is read.
    const tests = scope.environment
      ? sql`(SELECT id, name FROM test_cases WHERE test_suite_id = ${suiteId}) t`
      : sql`(SELECT id, name, latest_run_time FROM test_cases
            WHERE test_suite_id = ${suiteId} AND latest_run_status IN (${list(FAILED_STATES)})
            ORDER BY latest_run_time DESC NULLS LAST
            LIMIT ${DASHBOARD_LIMITS.latestFailures * 3}) t`;
    return this._rows<LatestFailure>(sql`
      SELECT t.id::text AS test_case_id, t.name AS test_name, r.id::text AS run_id, r.status,
             ${iso(sql`r.finished_at`)} AS failed_at, r.failing_step_index,
             coalesce(nullif(r.step_descriptions ->> r.failing_step_index, ''),
                      r.replay_steps -> r.failing_step_index ->> 'action_name') AS failing_step,
             r.error_message
      FROM ${tests}
      JOIN LATERAL (SELECT * FROM test_runs r WHERE r.test_case_id = t.id AND ${scope.where}
                    ORDER BY r.created_at DESC NULLS LAST, r.id DESC NULLS LAST LIMIT 1) r ON true
      WHERE r.status IN (${list(FAILED_STATES)})
      ORDER BY r.finished_at DESC NULLS LAST, r.created_at DESC
      LIMIT ${DASHBOARD_LIMITS.latestFailures}`);
  }

  /**
   * Tests (all, or those of `ids`) whose last finished runs on the steps they replay now (same
   * steps_hash as the latest finished run) both passed and failed. A null hash (runs from before
   * issue 11) is unknown: never flaky.
   */
  private async _flaky(suiteId: string, ids: string[] | null, scope: Scope): Promise<FlakyCounts[]> {
    return this._rows<FlakyCounts>(sql`
      WITH window_runs AS (
        -- Each test's newest FLAKY_WINDOW_RUNS verdicts, read newest first along its runs' index and
        -- no further (issue 34): a test's long history costs nothing here.
        SELECT r.test_case_id, r.status, r.steps_hash,
               row_number() OVER (PARTITION BY r.test_case_id ORDER BY r.created_at DESC, r.id DESC) AS n
        FROM test_cases t
        CROSS JOIN LATERAL (
          SELECT r.test_case_id, r.status, r.steps_hash, r.created_at, r.id FROM test_runs r
          WHERE r.test_case_id = t.id AND r.status IN ('passed', ${list(RATE_FAILED_STATES)}) AND ${scope.where}
          ORDER BY r.created_at DESC NULLS LAST, r.id DESC NULLS LAST
          LIMIT ${FLAKY_WINDOW_RUNS}) AS r
        WHERE t.test_suite_id = ${suiteId}
          ${ids ? sql`AND t.id IN (${list(ids)})` : sql``}
      ), verdicts AS (
        SELECT w.test_case_id,
               -- A flaky run (passed only on a retry) is counted once, as flaky: the three add up to
               -- runs ("2 passed · 1 flaky · 1 failed of the last 4 runs"; issue 28).
               count(*) FILTER (WHERE w.status = 'passed')::int AS passed,
               count(*) FILTER (WHERE w.status = 'flaky')::int AS flaky,
               count(*) FILTER (WHERE w.status NOT IN ('passed', 'flaky'))::int AS failed,
               count(*)::int AS runs
        FROM window_runs w
        JOIN window_runs latest ON latest.test_case_id = w.test_case_id AND latest.n = 1
        WHERE latest.steps_hash IS NOT NULL AND w.steps_hash = latest.steps_hash
        GROUP BY w.test_case_id
      )
      SELECT test_case_id::text AS test_case_id, passed, failed, flaky, runs FROM verdicts
      WHERE flaky > 0 OR (passed > 0 AND failed > 0)`);
  }

  /** Tests whose steps were generated from other words or another website than they have now. */
  private async _outOfDate(suiteId: string): Promise<OutOfDateTest[]> {
    // SQL keeps the tests whose source differs as text; stepsOutOfDate decides as the test page does.
    const rows = await this._rows<{
      id: string;
      name: string;
      website: string;
      description: string;
      state: string;
      steps_source: StepsSource;
    }>(sql`
      SELECT id::text, name, website, description, state, steps_source FROM test_cases
      WHERE test_suite_id = ${suiteId} AND steps_source IS NOT NULL
        AND (steps_source ->> 'website' IS DISTINCT FROM website
             OR steps_source ->> 'description' IS DISTINCT FROM description)
        AND state NOT IN (${list(GENERATING_STATES)})
        AND jsonb_array_length(test_generation_steps) > 0
      ORDER BY last_modified_at DESC, id`);
    return rows
      .filter((row) =>
        stepsOutOfDate({
          website: row.website,
          description: row.description,
          state: row.state,
          stepsSource: row.steps_source,
          // The SQL already knows there are steps.
          testGenerationSteps: [null],
        }),
      )
      .slice(0, DASHBOARD_LIMITS.outOfDate)
      .map((row) => ({ test_case_id: row.id, test_name: row.name }));
  }

  /** Runs in progress and tests generating, newest first. */
  private async _running(suiteId: string): Promise<RunningItem[]> {
    return this._rows<RunningItem>(sql`
      SELECT * FROM (
        SELECT 'run' AS kind, t.id::text AS test_case_id, t.name AS test_name, r.id::text AS run_id,
               r.status, ${iso(sql`coalesce(r.started_at, r.created_at)`)} AS started_at
        FROM test_runs r JOIN test_cases t ON t.id = r.test_case_id
        WHERE t.test_suite_id = ${suiteId} AND r.status IN (${list(RUNNING_STATES)})
        UNION ALL
        SELECT 'generation', id::text, name, NULL, state,
               ${iso(sql`coalesce(generation_started_at, generation_requested_at, last_modified_at)`)}
        FROM test_cases
        WHERE test_suite_id = ${suiteId} AND state IN (${list(GENERATING_STATES)})
      ) AS live
      ORDER BY started_at DESC NULLS LAST, test_case_id
      LIMIT ${DASHBOARD_LIMITS.running}`);
  }

  private async _rows<T>(query: SQL): Promise<T[]> {
    // Both drivers (node-postgres and PGlite) answer { rows }.
    const result = (await this._db.execute(query)) as unknown as { rows: T[] };
    return result.rows;
  }
}

function unknownEnvironment(): ValidationError {
  return new ValidationError(
    `environment_id must be one of the project's environments, or ${OWN_WEBSITES} for the tests' own websites`,
    { fields: { environment_id: 'unknown' } },
  );
}

function passRate(days: PassRateDay[]): PassRateWindow {
  const passed = days.reduce((sum, day) => sum + day.passed, 0);
  const failed = days.reduce((sum, day) => sum + day.failed, 0);
  const total = passed + failed;
  return { passed, failed, total, rate: total === 0 ? null : passed / total };
}

function utcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function list(values: readonly string[]): SQL {
  return sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
}

/** An ISO time as text (JavaScript's own format), the same from both drivers. */
function iso(column: SQL): SQL {
  return sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
