import { type Dashboard, type TestHeadlines } from '../../contract/dashboard';
import { type Environment } from '../../contract/environments';
import { testRuns } from '../src/db/schema';
import { api, startTestServer, type TestServer } from './helpers';
import { createTest, workspace, type ErrorBody, type Workspace } from './testCasesFixtures';

// Issue 33: the dashboard and a test's headline are per environment; the dashboard shows the default
// environment's unless asked for another (or `none`: the tests' own websites).

describe('the dashboard and headlines per environment', () => {
  let server: TestServer;
  let me: Workspace;
  let other: Workspace;
  let staging: Environment;
  let preview: Environment;
  let theirs: Environment;
  let first: string;
  let second: string;

  const call = <T>(path: string, token = me.token) => api<T & ErrorBody>(server, 'GET', path, { token });

  async function ran(testCaseId: string, status: string, environment: Environment | null, minutesAgo = 5) {
    const at = new Date(Date.now() - minutesAgo * 60_000);
    await server.database.db.insert(testRuns).values({
      testCaseId,
      status,
      settings: {
        parameter_overrides: {},
        website_url_override: environment ? `${environment.base_url}/app` : null,
      },
      environmentId: environment?._id ?? null,
      stepDescriptions: ['Open the app', 'Check the total'],
      failingStepIndex: status === 'failed' ? 1 : null,
      errorMessage: status === 'failed' ? 'The total is not shown' : null,
      createdAt: at,
      startedAt: at,
      finishedAt: at,
      executionTimeMs: 1000,
    });
  }

  async function environment(where: Workspace, name: string, baseUrl: string): Promise<Environment> {
    const created = await api<Environment>(server, 'POST', `/test-suites/${where.suiteId}/environments`, {
      token: where.token,
      body: { name, base_url: baseUrl },
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  beforeAll(async () => {
    server = await startTestServer();
    me = await workspace(server, 'ada@example.com');
    other = await workspace(server, 'bob@example.com', { org: 'Other org', suite: 'Other suite' });
    // The first one made is the default.
    staging = await environment(me, 'Staging', 'https://staging.shop.example');
    preview = await environment(me, 'Preview', 'https://preview.shop.example');
    theirs = await environment(other, 'Staging', 'https://staging.theirs.example');
    first = (await createTest(server, me, { name: 'Checks out' }))._id;
    second = (await createTest(server, me, { name: 'Signs in' }))._id;
    await ran(first, 'passed', null, 30);
    await ran(first, 'failed', staging, 20);
    await ran(first, 'passed', preview, 10);
  });
  afterAll(async () => server.close());

  const dashboard = (query = '') => call<Dashboard>(`/test-suites/${me.suiteId}/dashboard${query}`);

  it("shows the default environment's runs unless asked for another, or for the tests' own websites", async () => {
    const byDefault = await dashboard();
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.environment).toEqual({ _id: staging._id, name: 'Staging' });
    expect(byDefault.body.pass_rate.last_7_days).toMatchObject({ passed: 0, failed: 1 });
    expect(byDefault.body.latest_failures).toEqual([
      expect.objectContaining({ test_case_id: first, failing_step: 'Check the total' }),
    ]);

    const own = await dashboard('?environment_id=none');
    expect(own.body.environment).toBeNull();
    expect(own.body.pass_rate.last_7_days).toMatchObject({ passed: 1, failed: 0 });
    expect(own.body.latest_failures).toEqual([]);

    const onPreview = await dashboard(`?environment_id=${preview._id}`);
    expect(onPreview.body.environment).toEqual({ _id: preview._id, name: 'Preview' });
    expect(onPreview.body.pass_rate.last_7_days).toMatchObject({ passed: 1, failed: 0 });

    // A run that ends on the environment moves its dashboard (no test row changes with it).
    await ran(second, 'failed', staging, 1);
    const moved = await dashboard();
    expect(moved.body.pass_rate.last_7_days).toMatchObject({ passed: 0, failed: 2 });
    expect(moved.body.latest_failures.map((failure) => failure.test_case_id)).toEqual([second, first]);
    // The other scopes kept theirs.
    expect((await dashboard('?environment_id=none')).body.pass_rate.last_7_days.failed).toBe(0);
  });

  it("answers a test's newest run on its own website and on each environment", async () => {
    const read = await call<TestHeadlines>(`/test-case/${first}/headlines`);
    expect(read.status).toBe(200);
    expect(
      read.body.headlines.map(({ environment_name, is_default, status }) => [
        environment_name,
        is_default,
        status,
      ]),
    ).toEqual([
      [null, false, 'passed'],
      ['Preview', false, 'passed'],
      ['Staging', true, 'failed'],
    ]);
    const never = await call<TestHeadlines>(`/test-case/${second}/headlines`);
    expect(never.body.headlines.map((headline) => headline.status)).toEqual([null, null, 'failed']);
  });

  it("refuses another project's or an unknown environment (400 naming environment_id), and answers 404 across organizations", async () => {
    for (const query of [
      `?environment_id=${theirs._id}`,
      '?environment_id=staging',
      `?environment_id=${first}`,
    ]) {
      const refused = await dashboard(query);
      expect({ status: refused.status, fields: refused.body.error.details?.fields }).toEqual({
        status: 400,
        fields: { environment_id: 'unknown' },
      });
    }
    const theirDashboard = await call(`/test-suites/${other.suiteId}/dashboard?environment_id=bogus`);
    expect(theirDashboard.status).toBe(404);
    expect((await call(`/test-case/${first}/headlines`, other.token)).status).toBe(404);
    expect((await call('/test-case/not-a-test/headlines')).status).toBe(404);
  });
});
