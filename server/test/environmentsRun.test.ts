import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { type Environment } from '../../contract/environments';
import { type TestRun } from '../../contract/runs';
import { type Organization } from '../../contract/organizations';
import { runCi } from '../src/cli/ci';
import { api } from './helpers';
import { setUpGeneration, type GenerationContext } from './generationFixtures';
import { createGeneratedTest, describeRun, startRun, waitForRun } from './runFixtures';

jest.setTimeout(120_000);

// Issue 33: a run on an environment opens the test's path on the environment's origin, and the
// environment's variables come before the test's.

describe('a run on an environment', () => {
  let ctx: GenerationContext;
  let staging: FixtureSites;

  beforeAll(async () => {
    ctx = await setUpGeneration();
    staging = await serveFixtureSites();
  });
  afterAll(async () => {
    await staging?.close();
    await ctx?.close();
  });

  const field = { locator: { by: 'placeholder' as const, text: 'What needs to be done?' } };

  async function environment(body: unknown): Promise<Environment> {
    const created = await api<Environment>(ctx.server, 'POST', `/test-suites/${ctx.suiteId}/environments`, {
      token: ctx.token,
      body,
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  const origins = (run: TestRun) => [
    ...new Set(run.steps.map((step) => step.url && new URL(step.url).origin)),
  ];

  it("opens the test's path on the environment's origin with the environment's variables, and records it", async () => {
    const testId = await createGeneratedTest(
      ctx,
      'Adds an item',
      ctx.sites.url('todo'),
      [
        { kind: 'goto', url: ctx.sites.url('todo') },
        { kind: 'fill', target: field, value: '{{item}}' },
        { kind: 'expect', assert: { type: 'value', target: field, value: 'Milk' } },
      ],
      { item: 'Bread' },
    );
    // The path the environment's URL names is not the test's: only its origin counts.
    const env = await environment({
      name: 'Staging',
      base_url: `${staging.origin}/somewhere/else?x=1`,
      variables: { item: 'Milk' },
    });

    const onEnv = await waitForRun(ctx, (await startRun(ctx, testId, { environment_id: env._id }))._id);
    expect({ status: onEnv.status, log: describeRun(onEnv) }).toEqual({
      status: 'passed',
      log: expect.any(String),
    });
    expect(origins(onEnv)).toEqual([staging.origin]);
    expect(onEnv.steps[0].url).toBe(staging.url('todo'));
    expect(onEnv.environment_id).toBe(env._id);
    const read = await api<TestRun>(ctx.server, 'GET', `/test-run/${onEnv._id}`, { token: ctx.token });
    expect(read.body.environment_id).toBe(env._id);

    // Without it the run opens the test's own site and types the test's own value.
    const own = await waitForRun(ctx, (await startRun(ctx, testId))._id);
    expect(own.status).toBe('failed');
    expect(origins(own)).toEqual([ctx.sites.origin]);
    expect(own.environment_id).toBeNull();
  });

  it("types an environment's secret only into pages of the environment's host", async () => {
    const elsewhere = await serveFixtureSites();
    try {
      const env = await environment({
        name: 'Secretive',
        base_url: staging.origin,
        secrets: { env_token: 'tok-staging' },
      });
      const onOwnHost = await createGeneratedTest(ctx, 'Types the token at home', ctx.sites.url('todo'), [
        { kind: 'goto', url: ctx.sites.url('todo') },
        { kind: 'fill', target: field, value: '{{env_token}}' },
        { kind: 'expect', assert: { type: 'value', target: field, value: 'tok-staging' } },
      ]);
      const home = await waitForRun(ctx, (await startRun(ctx, onOwnHost, { environment_id: env._id }))._id);
      expect({ status: home.status, log: describeRun(home) }).toEqual({
        status: 'passed',
        log: expect.any(String),
      });

      // A page on another host (not the test's website, so not moved) never gets it.
      const away = await createGeneratedTest(ctx, 'Types the token away', ctx.sites.url('todo'), [
        { kind: 'goto', url: elsewhere.url('todo') },
        { kind: 'fill', target: field, value: '{{env_token}}' },
      ]);
      const refused = await waitForRun(ctx, (await startRun(ctx, away, { environment_id: env._id }))._id);
      expect(refused.status).not.toBe('passed');
      expect(refused.error_message).toContain('The secret "env_token" may only be typed into pages on');
      expect(JSON.stringify(refused)).not.toContain('tok-staging');
    } finally {
      await elsewhere.close();
    }
  });

  it("runs a collection's tests on an environment, each on its own path", async () => {
    const env = await environment({ name: 'For collections', base_url: staging.origin });
    const first = await createGeneratedTest(ctx, 'First of the collection', ctx.sites.url('todo'), [
      { kind: 'goto', url: ctx.sites.url('todo') },
    ]);
    const second = await createGeneratedTest(ctx, 'Second of the collection', ctx.sites.url('login'), [
      { kind: 'goto', url: ctx.sites.url('login') },
    ]);
    const collection = await api<{ _id: string }>(ctx.server, 'POST', '/test-suites/collection', {
      token: ctx.token,
      body: { name: 'On staging', test_suite_id: ctx.suiteId, linked_test_ids: [first, second] },
    });
    expect(collection.status).toBe(201);
    const group = await api<{ run_ids: string[] }>(
      ctx.server,
      'POST',
      `/test-suites/collection/${collection.body._id}/run-all`,
      { token: ctx.token, body: { environment_id: env._id } },
    );
    expect(group.status).toBe(201);
    const runs = await Promise.all(group.body.run_ids.map((id) => waitForRun(ctx, id)));
    expect(
      runs
        .map((run) => [run.status, run.environment_id, run.steps[0]?.url])
        .sort((a, b) => String(a[2]).localeCompare(String(b[2]))),
    ).toEqual([
      ['passed', env._id, staging.url('login')],
      ['passed', env._id, staging.url('todo')],
    ]);
  });

  it('plainwright ci --env runs a collection on the named environment, and names the others when none is', async () => {
    await environment({ name: 'Preview', base_url: staging.origin });
    const test = await createGeneratedTest(ctx, 'Checked by the pipeline', ctx.sites.url('todo'), [
      { kind: 'goto', url: ctx.sites.url('todo') },
    ]);
    const collection = await api<{ _id: string }>(ctx.server, 'POST', '/test-suites/collection', {
      token: ctx.token,
      body: { name: 'Pipeline', test_suite_id: ctx.suiteId, linked_test_ids: [test] },
    });
    const orgs = await api<Organization[]>(ctx.server, 'GET', '/auth/get-user-organizations', {
      token: ctx.token,
    });
    const key = orgs.body.find((org) => org.org_id === ctx.orgId)!.service_account_key!;
    const ci = async (env: string) => {
      const out: string[] = [];
      const err: string[] = [];
      const args = ['--server', ctx.server.url, '--collection', collection.body._id, '--env', env];
      const code = await runCi(args, {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        env: { PLAINWRIGHT_KEY: key },
        pollMs: 100,
      });
      return { code, out, err };
    };
    const passed = await ci('preview');
    expect([passed.code, passed.err]).toEqual([0, []]);
    const runs = await api<TestRun[]>(ctx.server, 'GET', `/test-runs/${test}`, { token: ctx.token });
    expect(runs.body.map((run) => [run.environment_id !== null, run.steps[0]?.url])).toEqual([
      [true, staging.url('todo')],
    ]);

    const unknown = await ci('Production');
    expect(unknown.code).toBe(2);
    expect(unknown.err.join('\n')).toContain('The project has no environment "Production" (it has ');
  });

  it("refuses an environment that is not one of the test's project's, naming environment_id", async () => {
    const testId = await createGeneratedTest(ctx, 'Opens', ctx.sites.url('todo'), [
      { kind: 'goto', url: ctx.sites.url('todo') },
    ]);
    for (const environment_id of ['00000000-0000-4000-8000-000000000000', 'nonsense']) {
      const response = await api<{ error: { details: { fields: Record<string, string> } } }>(
        ctx.server,
        'POST',
        `/test-run/${testId}`,
        { token: ctx.token, body: { environment_id } },
      );
      expect([environment_id, response.status, response.body.error.details.fields]).toEqual([
        environment_id,
        400,
        { environment_id: 'unknown' },
      ]);
    }
  });
});
