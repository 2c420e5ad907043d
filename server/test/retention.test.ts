import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { type ProjectRetention } from '../../contract/retention';
import { type TestRun } from '../../contract/runs';
import { organizationMembers, testCaseUsage, testRuns } from '../src/db/schema';
import { RETENTION_BATCH, RETENTION_QUEUE } from '../src/services/retention';
import { api, startTestServer, type TestServer } from './helpers';
import { createTest, UNKNOWN_ID, workspace, type ErrorBody, type Workspace } from './testCasesFixtures';

jest.setTimeout(120_000);

// Issue 34: runs older than their project's setting go in the background with their files; pinned
// runs, each test's latest run and runs under way stay. Runs are written straight to the database at
// the ages each case needs.

const DAY = 24 * 60 * 60 * 1000;
const SETTINGS = { parameter_overrides: {}, website_url_override: null };

describe('retention', () => {
  let server: TestServer;
  let me: Workspace;
  let other: Workspace;

  beforeAll(async () => {
    server = await startTestServer();
    me = await workspace(server, 'ada@example.com');
    other = await workspace(server, 'bob@example.com', { org: 'Other org', suite: 'Other suite' });
  });
  afterAll(async () => server?.close());

  /** A finished run of `testId`, `daysAgo` days old, with one screenshot file of `bytes` bytes. */
  async function run(
    testId: string,
    daysAgo: number,
    extra: Partial<typeof testRuns.$inferInsert> = {},
    bytes = 100,
  ): Promise<{ id: string; file: string }> {
    const createdAt = new Date(Date.now() - daysAgo * DAY);
    const [row] = await server.database.db
      .insert(testRuns)
      .values({
        testCaseId: testId,
        status: 'passed',
        settings: SETTINGS,
        createdAt,
        finishedAt: createdAt,
        ...extra,
      })
      .returning();
    const artifactId = await server.services.artifacts.save(
      testId,
      'screenshot',
      Buffer.alloc(bytes, 1),
      undefined,
      {
        runId: row!.id,
        name: 'step-0.jpg',
      },
    );
    const file = path.join(server.config.generation.artifactsDir, testId, `${artifactId}.jpg`);
    expect(fs.existsSync(file)).toBe(true);
    return { id: row!.id, file };
  }

  const retention = (where: Workspace, token = where.token) =>
    api<ProjectRetention & ErrorBody>(server, 'GET', `/test-suites/${where.suiteId}/retention`, { token });

  const exists = async (runId: string) =>
    (await server.database.db.select().from(testRuns).where(eq(testRuns.id, runId))).length === 1;

  it('keeps 30 days by default and tells the disk the project uses, kept as runs and files come and go', async () => {
    const fresh = await workspace(server, 'cy@example.com', { org: 'Fresh org', suite: 'Fresh suite' });
    const empty = await retention(fresh);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      retention_days: 30,
      usage: { artifact_bytes: 0, run_bytes: 0, runs: 0, total_bytes: 0 },
    });
    const test = await createTest(server, fresh);
    await run(test._id, 1, {}, 1000);
    await run(test._id, 0, {}, 500);
    const { body } = await retention(fresh);
    expect(body.usage.artifact_bytes).toBe(1500);
    expect(body.usage.runs).toBe(2);
    expect(body.usage.run_bytes).toBeGreaterThan(2 * 200);
    expect(body.usage.total_bytes).toBe(body.usage.artifact_bytes + body.usage.run_bytes);
    // A run that grows (its steps written) is measured again.
    const before = body.usage.run_bytes;
    await server.database.db
      .update(testRuns)
      .set({ steps: [{ text: 'x'.repeat(5000) }] })
      .where(eq(testRuns.testCaseId, test._id));
    const grown = (await retention(fresh)).body.usage.run_bytes;
    expect(grown).toBeGreaterThan(before);
    // A deleted test takes its usage with it.
    await api(server, 'DELETE', `/test-case/${test._id}`, { token: fresh.token });
    expect((await retention(fresh)).body.usage).toEqual({
      artifact_bytes: 0,
      run_bytes: 0,
      runs: 0,
      total_bytes: 0,
    });
  });

  it('changes the setting to a whole number of days from 1 to 3650, and refuses anything else with a 400', async () => {
    const put = (body: unknown, where = me, token = me.token) =>
      api<ProjectRetention & ErrorBody>(server, 'PUT', `/test-suites/${where.suiteId}/retention`, {
        token,
        body,
      });
    const changed = await put({ retention_days: 7 });
    expect(changed.status).toBe(200);
    expect(changed.body.retention_days).toBe(7);
    expect((await retention(me)).body.retention_days).toBe(7);
    for (const bad of [0, 3651, 1.5, -3, '30', null, undefined]) {
      const refused = await put({ retention_days: bad });
      expect([bad, refused.status]).toEqual([bad, 400]);
      expect(refused.body.error.details?.fields).toEqual({ retention_days: 'invalid' });
      expect(refused.body.error.message).toBe('retention_days must be a whole number of days from 1 to 3650');
    }
    expect((await put({ retention_days: 3650 })).status).toBe(200);
    expect((await put({ retention_days: 30 })).status).toBe(200);
    // Another organization's project is not found, for reading and for writing, whatever the input.
    expect((await retention(other, me.token)).status).toBe(404);
    expect((await put({ retention_days: 5 }, other)).status).toBe(404);
    expect((await put({ retention_days: 0 }, other)).status).toBe(404);
    expect((await retention(other)).body.retention_days).toBe(30);
  });

  it("pins and unpins a run of the organization, and answers 404 for another organization's run", async () => {
    const test = await createTest(server, me, { name: 'Pinned one' });
    const { id } = await run(test._id, 2);
    const pinned = await api<TestRun & ErrorBody>(server, 'PUT', `/test-run/${id}/pin`, { token: me.token });
    expect(pinned.status).toBe(200);
    expect(pinned.body.pinned_at).toEqual(expect.any(String));
    const again = await api<TestRun>(server, 'PUT', `/test-run/${id}/pin`, { token: me.token });
    expect(again.body.pinned_at).toBe(pinned.body.pinned_at);
    expect((await api<TestRun>(server, 'GET', `/test-run/${id}`, { token: me.token })).body.pinned_at).toBe(
      pinned.body.pinned_at,
    );
    for (const method of ['PUT', 'DELETE']) {
      expect((await api(server, method, `/test-run/${id}/pin`, { token: other.token })).status).toBe(404);
      expect((await api(server, method, `/test-run/${UNKNOWN_ID}/pin`, { token: me.token })).status).toBe(
        404,
      );
      expect((await api(server, method, `/test-run/not-a-run/pin`, { token: me.token })).status).toBe(404);
    }
    const unpinned = await api<TestRun>(server, 'DELETE', `/test-run/${id}/pin`, { token: me.token });
    expect(unpinned.status).toBe(200);
    expect(unpinned.body.pinned_at).toBeNull();
  });

  it('lets a viewer read the setting but neither change it nor pin', async () => {
    const test = await createTest(server, me, { name: 'Viewed' });
    const { id } = await run(test._id, 1);
    await server.database.db
      .update(organizationMembers)
      .set({ role: 'member' })
      .where(eq(organizationMembers.userId, me.userId));
    // A member pins; only an admin changes the setting.
    expect((await api(server, 'PUT', `/test-run/${id}/pin`, { token: me.token })).status).toBe(200);
    expect(
      (
        await api(server, 'PUT', `/test-suites/${me.suiteId}/retention`, {
          token: me.token,
          body: { retention_days: 9 },
        })
      ).status,
    ).toBe(403);
    await server.database.db
      .update(organizationMembers)
      .set({ role: 'viewer' })
      .where(eq(organizationMembers.userId, me.userId));
    expect((await retention(me)).status).toBe(200);
    expect((await api(server, 'DELETE', `/test-run/${id}/pin`, { token: me.token })).status).toBe(403);
    await server.database.db
      .update(organizationMembers)
      .set({ role: 'admin' })
      .where(eq(organizationMembers.userId, me.userId));
  });

  it('deletes old runs and their files in batches, keeping pinned, latest, running and recent runs, project by project', async () => {
    const put = (where: Workspace, days: number) =>
      api(server, 'PUT', `/test-suites/${where.suiteId}/retention`, {
        token: where.token,
        body: { retention_days: days },
      });
    await put(me, 30);
    await put(other, 60);
    const mine = await createTest(server, me, { name: 'Old history' });
    const theirs = await createTest(server, other, { name: 'Their history' });
    // More old runs than one batch holds, so the pass takes several.
    const old = [];
    for (let i = 0; i < RETENTION_BATCH + 5; i++) old.push(await run(mine._id, 40 + i / 1000));
    const pinned = await run(mine._id, 45);
    await api(server, 'PUT', `/test-run/${pinned.id}/pin`, { token: me.token });
    const stuck = await run(mine._id, 50, { status: 'running', finishedAt: null });
    const recent = await run(mine._id, 3);
    // A test whose only run is old keeps it: its latest result stays readable.
    const lonely = await createTest(server, me, { name: 'Run once' });
    const only = await run(lonely._id, 90);
    // The other project keeps 60 days: its 40-day-old run stays, its 70-day-old run goes.
    const theirsOld = await run(theirs._id, 70);
    const theirsKept = await run(theirs._id, 40);
    const usageBefore = (await retention(me)).body.usage;

    const pass = await server.services.retention.purge();
    expect(pass.runs).toBe(old.length + 1);
    expect(pass.files).toBe(old.length + 1);
    for (const gone of [...old, theirsOld]) {
      expect(await exists(gone.id)).toBe(false);
      expect(fs.existsSync(gone.file)).toBe(false);
    }
    for (const kept of [pinned, stuck, recent, only, theirsKept]) {
      expect(await exists(kept.id)).toBe(true);
      expect(fs.existsSync(kept.file)).toBe(true);
    }
    const usageAfter = (await retention(me)).body.usage;
    expect(usageAfter.runs).toBe(usageBefore.runs - old.length);
    expect(usageAfter.artifact_bytes).toBe(usageBefore.artifact_bytes - old.length * 100);
    // The usage rows still add up to what is there.
    const [sums] = await server.database.db
      .select()
      .from(testCaseUsage)
      .where(eq(testCaseUsage.testCaseId, mine._id));
    expect(sums!.runs).toBe(3);
    // The dashboard's day counts (issue 34) keep the days it shows only: the recent run's (the pinned
    // and the lonely run stay, their days do not).
    const days = (await server.database.db.execute(
      sql`SELECT day::text AS day, finished FROM test_run_days
          WHERE test_case_id IN (${mine._id}, ${lonely._id})`,
    )) as unknown as { rows: { day: string; finished: number }[] };
    expect(days.rows).toEqual([
      { day: new Date(Date.now() - 3 * DAY).toISOString().slice(0, 10), finished: 1 },
    ]);
    // Nothing more to do: a second pass deletes nothing.
    expect((await server.services.retention.purge()).runs).toBe(0);
    // Unpinned, the pinned run goes at the next pass.
    await api(server, 'DELETE', `/test-run/${pinned.id}/pin`, { token: me.token });
    expect((await server.services.retention.purge()).runs).toBe(1);
    expect(await exists(pinned.id)).toBe(false);
  });

  it('is scheduled in a worker process as a pg-boss cron job', async () => {
    const schedules = await server.queue.boss.getSchedules();
    expect(schedules.map((schedule) => [schedule.name, schedule.cron])).toContainEqual([
      RETENTION_QUEUE,
      '41 * * * *',
    ]);
  });
});
