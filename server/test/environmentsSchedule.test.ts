import { eq } from 'drizzle-orm';
import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { type Collection } from '../../contract/collections';
import { type Environment } from '../../contract/environments';
import { SCHEDULE_MESSAGES as MESSAGES, type TestScheduleResult } from '../../contract/schedules';
import { schedules, testRuns } from '../src/db/schema';
import { type Action } from '../src/runner';
import { api, tokenFor } from './helpers';
import { setUpGeneration, type GenerationContext } from './generationFixtures';
import { createGeneratedTest } from './runFixtures';

jest.setTimeout(120_000);

// Issue 33: a schedule (a test's or a collection's) chooses an environment; each tick runs on it.

type ErrorBody = { error: { message: string; details?: { fields?: Record<string, string> } } };

describe('a schedule on an environment', () => {
  let ctx: GenerationContext;
  let staging: FixtureSites;
  let env: Environment;
  let theirEnv: Environment;
  let testId: string;

  beforeAll(async () => {
    ctx = await setUpGeneration();
    staging = await serveFixtureSites();
    const actions: Action[] = [{ kind: 'goto', url: ctx.sites.url('todo') }];
    testId = await createGeneratedTest(ctx, 'Opens the list', ctx.sites.url('todo'), actions);
    env = (
      await call<Environment>('POST', `/test-suites/${ctx.suiteId}/environments`, {
        name: 'Staging',
        base_url: staging.origin,
      })
    ).body;
    // Another organization's project and its environment.
    const other = await tokenFor(ctx.server, { email: 'eve@elsewhere.example' });
    const org = await api<{ org_id: string }>(ctx.server, 'POST', '/organizations', {
      token: other.token,
      body: { name: 'Elsewhere' },
    });
    const suite = await api<{ test_suite_id: string }>(ctx.server, 'POST', '/test-suites', {
      token: other.token,
      body: { name: 'Theirs', org_id: org.body.org_id },
    });
    theirEnv = (
      await api<Environment>(ctx.server, 'POST', `/test-suites/${suite.body.test_suite_id}/environments`, {
        token: other.token,
        body: { name: 'Staging', base_url: 'https://staging.theirs.example' },
      })
    ).body;
  });
  afterAll(async () => {
    await staging?.close();
    await ctx?.close();
  });

  function call<T = ErrorBody>(method: string, path: string, body?: unknown) {
    return api<T>(ctx.server, method, path, { token: ctx.token, body });
  }

  async function scheduleRow(where: { collectionId?: string; testCaseId?: string }) {
    const [row] = await ctx.server.database.db
      .select()
      .from(schedules)
      .where(
        where.collectionId
          ? eq(schedules.collectionId, where.collectionId)
          : eq(schedules.testCaseId, where.testCaseId!),
      );
    return row!;
  }

  const tickOf = (row: { id: string; cron: string; timezone: string }, at: Date) => ({
    scheduleId: row.id,
    cron: row.cron,
    timezone: row.timezone,
    tickAt: at.toISOString(),
  });

  it("runs a test's schedule on its environment and shows the environment with the schedule", async () => {
    const saved = await call<TestScheduleResult>('PUT', `/test-case/${testId}/schedule`, {
      cron: '15 * * * *',
      environment_id: env._id,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.schedule).toMatchObject({ environment_id: env._id, environment_name: 'Staging' });
    const read = await call<TestScheduleResult>('GET', `/test-case/${testId}/schedule`);
    expect(read.body.schedule).toMatchObject({ environment_id: env._id, environment_name: 'Staging' });

    const row = await scheduleRow({ testCaseId: testId });
    const tickAt = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + 15 * 60_000);
    const result = await ctx.server.services.schedules.handleTick(tickOf(row, tickAt));
    expect(result).toMatchObject({ outcome: 'started' });
    const [run] = await ctx.server.database.db.select().from(testRuns).where(eq(testRuns.id, result!.runId!));
    expect({ environmentId: run.environmentId, website: run.website, trigger: run.trigger }).toEqual({
      environmentId: env._id,
      website: staging.url('todo'),
      trigger: 'schedule',
    });

    // Saved again without one: the test's own website.
    const plain = await call<TestScheduleResult>('PUT', `/test-case/${testId}/schedule`, {
      cron: '15 * * * *',
    });
    expect(plain.body.schedule).toMatchObject({ environment_id: null, environment_name: null });
  });

  it("runs a collection's schedule on its environment; keeps it when only the cron changes", async () => {
    const created = await call<Collection>('POST', '/test-suites/collection', {
      name: 'Nightly',
      test_suite_id: ctx.suiteId,
      linked_test_ids: [testId],
    });
    const path = `/test-suites/collection/${created.body._id}`;
    const put = await call<Collection>('PUT', path, {
      schedule: '0 2 * * *',
      schedule_environment_id: env._id,
    });
    expect(put.status).toBe(200);
    expect(put.body.schedule_details).toMatchObject({ environment_id: env._id, environment_name: 'Staging' });
    const moved = await call<Collection>('PUT', path, { schedule: '0 3 * * *' });
    expect(moved.body.schedule_details).toMatchObject({ cron: '0 3 * * *', environment_id: env._id });

    const row = await scheduleRow({ collectionId: created.body._id });
    const tickAt = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 3 * 3_600_000);
    const result = await ctx.server.services.schedules.handleTick(tickOf(row, tickAt));
    expect(result).toMatchObject({ outcome: 'started' });
    const runs = await ctx.server.database.db
      .select({ environmentId: testRuns.environmentId, website: testRuns.website })
      .from(testRuns)
      .where(eq(testRuns.collectionId, created.body._id));
    expect(runs).toEqual([{ environmentId: env._id, website: staging.url('todo') }]);

    const cleared = await call<Collection>('PUT', path, { schedule_environment_id: null });
    expect(cleared.body.schedule_details).toMatchObject({ cron: '0 3 * * *', environment_id: null });
  });

  it("refuses an unknown environment, another organization's, and one for no schedule, naming the field", async () => {
    const created = await call<Collection>('POST', '/test-suites/collection', {
      name: 'Unscheduled',
      test_suite_id: ctx.suiteId,
      linked_test_ids: [testId],
    });
    const path = `/test-suites/collection/${created.body._id}`;
    const cases: [string, string, unknown, string, string][] = [
      [
        'PUT',
        `/test-case/${testId}/schedule`,
        { cron: '0 9 * * *', environment_id: theirEnv._id },
        'environment_id',
        'unknown',
      ],
      [
        'PUT',
        `/test-case/${testId}/schedule`,
        { cron: '0 9 * * *', environment_id: 'staging' },
        'environment_id',
        'unknown',
      ],
      [
        'PUT',
        path,
        { schedule: '0 9 * * *', schedule_environment_id: theirEnv._id },
        'schedule_environment_id',
        'unknown',
      ],
      ['PUT', path, { schedule_environment_id: env._id }, 'schedule_environment_id', 'no_schedule'],
    ];
    for (const [method, url, body, field, reason] of cases) {
      const response = await call(method, url, body);
      expect({ status: response.status, fields: response.body.error.details?.fields }).toEqual({
        status: 400,
        fields: { [field]: reason },
      });
    }
    const unknown = await call('PUT', `/test-case/${testId}/schedule`, {
      cron: '0 9 * * *',
      environment_id: theirEnv._id,
    });
    expect(unknown.body.error.message).toBe(MESSAGES.environmentUnknown);
    // Nothing was saved by the refused calls.
    expect((await call<Collection>('GET', path)).body.schedule).toBeNull();
  });

  it("runs on the tests' own websites once the environment is deleted", async () => {
    const temp = (
      await call<Environment>('POST', `/test-suites/${ctx.suiteId}/environments`, {
        name: 'Preview',
        base_url: staging.origin,
      })
    ).body;
    await call('PUT', `/test-case/${testId}/schedule`, { cron: '45 * * * *', environment_id: temp._id });
    expect((await call('DELETE', `/test-suites/${ctx.suiteId}/environments/${temp._id}`)).status).toBe(204);
    const read = await call<TestScheduleResult>('GET', `/test-case/${testId}/schedule`);
    expect(read.body.schedule).toMatchObject({ cron: '45 * * * *', environment_id: null });
  });
});
