import { eq, sql } from 'drizzle-orm';
import { type Dashboard } from '../../contract/dashboard';
import { type CreatedRun } from '../../contract/runs';
import { environments, testCases, testRuns } from '../src/db/schema';
import { stepsHash } from '../src/services/dashboard';
import { api, startTestServer, type TestServer } from './helpers';
import { passedStep } from './runFixtures';
import { createTest, UNKNOWN_ID, workspace, type ErrorBody, type Workspace } from './testCasesFixtures';

jest.setTimeout(120_000);

// Issue 11, "Dashboard": one answer per suite with pass rates, latest failures, flaky, out-of-date
// and running tests. Runs are written straight to the database, at the times each case needs.

const DAY = 24 * 60 * 60 * 1000;
const SETTINGS = { parameter_overrides: {}, website_url_override: null };

describe('GET /test-suites/{suiteId}/dashboard', () => {
  let server: TestServer;

  beforeAll(async () => {
    // No worker: runs and generations stay where the test puts them.
    server = await startTestServer({ roles: ['api'] });
  });
  afterAll(async () => server?.close());

  async function dashboard(where: Workspace): Promise<Dashboard> {
    const response = await api<Dashboard>(server, 'GET', `/test-suites/${where.suiteId}/dashboard`, {
      token: where.token,
    });
    expect(response.status).toBe(200);
    return response.body;
  }

  /** A finished run of `testId`, `daysAgo` days before now (created a second earlier). */
  async function run(
    testId: string,
    status: string,
    daysAgo: number,
    extra: Partial<typeof testRuns.$inferInsert> = {},
  ): Promise<string> {
    const finishedAt = new Date(Date.now() - daysAgo * DAY);
    const running = ['pending', 'scheduled', 'running', 'waiting_for_executor'].includes(status);
    const [row] = await server.database.db
      .insert(testRuns)
      .values({
        testCaseId: testId,
        status,
        settings: SETTINGS,
        createdAt: new Date(finishedAt.getTime() - 1000),
        finishedAt: running ? null : finishedAt,
        stepsHash: 'same-steps',
        ...extra,
      })
      .returning();
    await server.database.db
      .update(testCases)
      .set({ latestRunStatus: status, latestRunTime: row!.createdAt })
      .where(eq(testCases.id, testId));
    return row!.id;
  }

  it('counts passes and failures per window: a run 8 days ago counts in 30 days, not in 7', async () => {
    const where = await workspace(server, 'rates@example.com');
    const test = await createTest(server, where, { name: 'Checks out' });
    await run(test._id, 'passed', 0.0001);
    await run(test._id, 'failed', 2);
    await run(test._id, 'passed', 8);
    await run(test._id, 'not_runnable', 20);
    await run(test._id, 'cancelled', 3);
    await run(test._id, 'passed', 40);

    const body = await dashboard(where);

    expect(body.pass_rate.last_7_days).toEqual({ passed: 1, failed: 1, total: 2, rate: 0.5 });
    expect(body.pass_rate.last_30_days).toEqual({ passed: 2, failed: 2, total: 4, rate: 0.5 });
    expect(body.pass_rate.daily).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    const eightDaysAgo = new Date(Date.now() - 8 * DAY).toISOString().slice(0, 10);
    expect(body.pass_rate.daily.at(-1)).toEqual({ date: today, passed: 1, failed: 0 });
    expect(body.pass_rate.daily.find((day) => day.date === eightDaysAgo)).toEqual({
      date: eightDaysAgo,
      passed: 1,
      failed: 0,
    });
    expect(body.pass_rate.daily.reduce((sum, day) => sum + day.passed + day.failed, 0)).toBe(4);
    expect(body.counts).toEqual({ tests: 1, runs_30_days: 5 });
  });

  it('keeps its day counts (test_run_days, issue 34) equal to the runs as they end, move and go', async () => {
    const where = await workspace(server, 'days@example.com');
    const first = await createTest(server, where, { name: 'Pays' });
    const second = await createTest(server, where, { name: 'Ships' });
    const db = server.database.db;
    // What the runs say and what the day rows say, per day and scope, for this suite.
    const counts = async (from: 'runs' | 'days') => {
      const query =
        from === 'runs'
          ? sql`SELECT (r.finished_at AT TIME ZONE 'UTC')::date::text AS day, r.environment_id::text AS env,
                       r.settings ->> 'website_url_override' IS NULL AS own,
                       count(*) FILTER (WHERE r.status = 'passed')::int AS passed,
                       count(*) FILTER (WHERE r.status IN ('failed', 'not_runnable', 'flaky'))::int AS failed,
                       count(*)::int AS finished
                FROM test_runs r JOIN test_cases t ON t.id = r.test_case_id
                WHERE t.test_suite_id = ${where.suiteId} AND r.finished_at IS NOT NULL GROUP BY 1, 2, 3`
          : sql`SELECT d.day::text AS day, d.environment_id::text AS env, d.own_site AS own,
                       sum(d.passed)::int AS passed, sum(d.failed)::int AS failed, sum(d.finished)::int AS finished
                FROM test_run_days d WHERE d.test_suite_id = ${where.suiteId} GROUP BY 1, 2, 3
                HAVING sum(d.finished) > 0`;
      const { rows } = (await db.execute(query)) as unknown as { rows: Record<string, unknown>[] };
      return rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    };
    const expectInStep = async () => expect(await counts('days')).toEqual(await counts('runs'));

    // Several runs in one statement (a run-all), finished or not; then one ends as a worker ends it.
    const now = Date.now();
    const inserted = await db
      .insert(testRuns)
      .values([
        { testCaseId: first._id, status: 'passed', settings: SETTINGS, finishedAt: new Date(now - 2 * DAY) },
        { testCaseId: first._id, status: 'flaky', settings: SETTINGS, finishedAt: new Date(now - 2 * DAY) },
        { testCaseId: second._id, status: 'running', settings: SETTINGS },
        { testCaseId: second._id, status: 'cancelled', settings: SETTINGS, finishedAt: new Date(now) },
      ])
      .returning();
    await expectInStep();
    const running = inserted[2]!.id;
    await db
      .update(testRuns)
      .set({ status: 'failed', finishedAt: new Date(now) })
      .where(eq(testRuns.id, running));
    // A heartbeat changes nothing counted; a verdict changed after the end moves it.
    await db.update(testRuns).set({ heartbeatAt: new Date() }).where(eq(testRuns.id, running));
    await db.update(testRuns).set({ status: 'passed' }).where(eq(testRuns.id, running));
    await expectInStep();
    const body = await dashboard(where);
    expect(body.pass_rate.daily.at(-1)).toMatchObject({ passed: 1, failed: 0 });
    expect(body.pass_rate.last_7_days).toMatchObject({ passed: 2, failed: 1 });
    expect(body.counts.runs_30_days).toBe(4);

    // A run on another website, then on an environment that is deleted (its runs keep no environment).
    await db
      .update(testRuns)
      .set({ settings: { ...SETTINGS, website_url_override: 'https://staging.example.com' } })
      .where(eq(testRuns.id, inserted[0]!.id));
    const [staging] = await db
      .insert(environments)
      .values({ testSuiteId: where.suiteId, name: 'Staging', baseUrl: 'https://staging.example.com' })
      .returning();
    await db.update(testRuns).set({ environmentId: staging!.id }).where(eq(testRuns.id, inserted[1]!.id));
    await expectInStep();
    await db.delete(environments).where(eq(environments.id, staging!.id));
    await expectInStep();

    // Runs deleted (retention), then a test with its runs.
    await db.delete(testRuns).where(eq(testRuns.id, inserted[3]!.id));
    await expectInStep();
    await db.delete(testCases).where(eq(testCases.id, second._id));
    await expectInStep();
    expect(await counts('days')).toHaveLength(2);
  });

  it('answers an empty suite with zero-filled days and null rates', async () => {
    const where = await workspace(server, 'empty@example.com');
    const body = await dashboard(where);
    expect(body.pass_rate.last_7_days).toEqual({ passed: 0, failed: 0, total: 0, rate: null });
    expect(body.pass_rate.daily.every((day) => day.passed === 0 && day.failed === 0)).toBe(true);
    expect(body).toMatchObject({ latest_failures: [], flaky: [], out_of_date: [], running: [] });
    expect(body.counts).toEqual({ tests: 0, runs_30_days: 0 });
  });

  it('lists tests whose latest run failed, with the failing step and message', async () => {
    const where = await workspace(server, 'failures@example.com');
    const broken = await createTest(server, where, { name: 'Pays by card' });
    const fixed = await createTest(server, where, { name: 'Searches' });
    const runId = await run(broken._id, 'failed', 0.5, {
      stepDescriptions: ['Open the shop', 'Click "Pay"'],
      failingStepIndex: 1,
      errorMessage: 'No button named "Pay"',
    });
    await run(fixed._id, 'failed', 1);
    await run(fixed._id, 'passed', 0.2);

    const body = await dashboard(where);

    expect(body.latest_failures).toEqual([
      {
        test_case_id: broken._id,
        test_name: 'Pays by card',
        run_id: runId,
        status: 'failed',
        failed_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        failing_step_index: 1,
        failing_step: 'Click "Pay"',
        error_message: 'No button named "Pay"',
      },
    ]);
  });

  it('calls a test flaky only when it passed and failed on unchanged steps', async () => {
    const where = await workspace(server, 'flaky@example.com');
    const flaky = await createTest(server, where, { name: 'Flaky one' });
    const changed = await createTest(server, where, { name: 'Changed steps' });
    const unknown = await createTest(server, where, { name: 'Runs from before hashes' });
    await run(flaky._id, 'passed', 3);
    await run(flaky._id, 'failed', 2);
    await run(flaky._id, 'passed', 1);
    // Failed on the old steps, passes on the new ones: a fix, not flakiness.
    await run(changed._id, 'failed', 3, { stepsHash: 'old-steps' });
    await run(changed._id, 'passed', 1, { stepsHash: 'new-steps' });
    await run(unknown._id, 'failed', 3, { stepsHash: null });
    await run(unknown._id, 'passed', 1, { stepsHash: null });

    const body = await dashboard(where);

    expect(body.flaky).toEqual([
      { test_case_id: flaky._id, test_name: 'Flaky one', passed: 2, failed: 1, flaky: 0, runs: 3 },
    ]);

    // A run that ends after the answer was kept: that test's flakiness is read again.
    await run(changed._id, 'failed', 0, { stepsHash: 'new-steps' });
    const later = await dashboard(where);
    expect(later.flaky.map((test) => [test.test_name, test.passed, test.failed]).sort()).toEqual([
      ['Changed steps', 1, 1],
      ['Flaky one', 2, 1],
    ]);
  });

  it('counts a run that passed only on a retry once, as flaky: the counts add up to the runs (issue 28)', async () => {
    const where = await workspace(server, 'retried@example.com');
    const retried = await createTest(server, where, { name: 'Passes on a retry' });
    const steady = await createTest(server, where, { name: 'Always passes' });
    await run(retried._id, 'passed', 4);
    await run(retried._id, 'flaky', 3);
    await run(retried._id, 'failed', 2);
    await run(retried._id, 'passed', 1);
    await run(retried._id, 'flaky', 0.5);
    await run(steady._id, 'passed', 1);

    const body = await dashboard(where);

    expect(body.flaky).toEqual([
      { test_case_id: retried._id, test_name: 'Passes on a retry', passed: 2, flaky: 2, failed: 1, runs: 5 },
    ]);
    for (const test of body.flaky) expect(test.passed + test.flaky + test.failed).toBe(test.runs);

    // Only retried passes, never a failure nor a first-time pass: still flaky.
    const onlyRetried = await createTest(server, where, { name: 'Only on retries' });
    await run(onlyRetried._id, 'flaky', 0.2);
    const later = await dashboard(where);
    expect(later.flaky.find((test) => test.test_case_id === onlyRetried._id)).toMatchObject({
      passed: 0,
      flaky: 1,
      failed: 0,
      runs: 1,
    });
  });

  it('lists tests whose steps are out of date', async () => {
    const where = await workspace(server, 'stale@example.com');
    const stale = await createTest(server, where, { name: 'Stale', description: 'Open the shop.' });
    const current = await createTest(server, where, { name: 'Current', description: 'Open the shop.' });
    for (const [test, source] of [
      [stale, 'Open the old shop.'],
      [current, 'Open the shop.'],
    ] as const)
      await server.database.db
        .update(testCases)
        .set({
          state: 'passed',
          testGenerationSteps: [passedStep({ kind: 'goto', url: 'https://example.com/' }, 0)],
          stepsSource: { website: test.website, description: source },
        })
        .where(eq(testCases.id, test._id));

    const body = await dashboard(where);

    expect(body.out_of_date).toEqual([{ test_case_id: stale._id, test_name: 'Stale' }]);
  });

  it('shows what runs now: a queued run (with its steps hash) and a generating test', async () => {
    const where = await workspace(server, 'live@example.com');
    const runnable = await createTest(server, where, { name: 'Runnable' });
    const generating = await createTest(server, where, { name: 'Generating' });
    await server.database.db
      .update(testCases)
      .set({
        state: 'passed',
        testGenerationSteps: [passedStep({ kind: 'goto', url: 'https://example.com/' }, 0)],
      })
      .where(eq(testCases.id, runnable._id));
    await server.database.db
      .update(testCases)
      .set({ state: 'running', generationStartedAt: new Date() })
      .where(eq(testCases.id, generating._id));
    const before = await dashboard(where);
    expect(before.running).toEqual([
      expect.objectContaining({ kind: 'generation', test_case_id: generating._id, run_id: null }),
    ]);

    const created = await api<CreatedRun>(server, 'POST', `/test-run/${runnable._id}`, {
      token: where.token,
      body: {},
    });
    expect(created.status).toBe(201);
    const [row] = await server.database.db.select().from(testRuns).where(eq(testRuns.id, created.body.runId));
    expect(row!.stepsHash).toBe(stepsHash(row!.replaySteps));

    const after = await dashboard(where);
    expect(after.running).toHaveLength(2);
    expect(after.running).toContainEqual({
      kind: 'run',
      test_case_id: runnable._id,
      test_name: 'Runnable',
      run_id: created.body.runId,
      status: 'pending',
      started_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    // The run ends without touching its test (a newer run exists): the answer still follows.
    await server.database.db
      .update(testRuns)
      .set({ status: 'passed', finishedAt: new Date() })
      .where(eq(testRuns.id, created.body.runId));
    const ended = await dashboard(where);
    expect(ended.running.map((item) => item.kind)).toEqual(['generation']);
    expect(ended.pass_rate.last_7_days.passed).toBe(1);
  });

  it("answers 404 for another organization's suite and for an unknown one", async () => {
    const owner = await workspace(server, 'owner@example.com');
    const other = await workspace(server, 'other@example.com');
    const response = await api<ErrorBody>(server, 'GET', `/test-suites/${owner.suiteId}/dashboard`, {
      token: other.token,
    });
    expect(response.status).toBe(404);
    expect(response.body.error.message).toBe('Test suite not found');
    const unknown = await api<ErrorBody>(server, 'GET', `/test-suites/${UNKNOWN_ID}/dashboard`, {
      token: other.token,
    });
    expect(unknown.status).toBe(404);
  });

  it('answers 400 with a sentence for an id that is not a UUID, and 401 without a token', async () => {
    const where = await workspace(server, 'bad-id@example.com');
    const response = await api<ErrorBody>(server, 'GET', '/test-suites/not-a-suite/dashboard', {
      token: where.token,
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('The test suite ID must be a UUID');
    const anonymous = await api(server, 'GET', `/test-suites/${where.suiteId}/dashboard`);
    expect(anonymous.status).toBe(401);
  });
});
