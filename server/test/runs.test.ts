import WebSocket from 'ws';
import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { parseLogLine, type SignedRunArtifact, type TestRun } from '../../contract/runs';
import { readZip } from '../src/lib/zip';
import { api, tokenFor } from './helpers';
import {
  createTest,
  describeSteps,
  getTest,
  setUpGeneration,
  waitForGeneration,
  waitUntil,
  type GenerationContext,
} from './generationFixtures';
import { describeRun, getRun, startRun, waitForRun } from './runFixtures';

jest.setTimeout(120_000);

const PASSWORD = 'correct-horse-battery';
const SIGN_IN = [
  'Type {{email}} into the Email field.',
  'Type {{password}} into the Password field.',
  'Click the Sign in button.',
  'Verify the page shows "Welcome, Ada Lovelace".',
].join(' ');

type ErrorBody = { error: { code: string; message: string; details?: { fields?: Record<string, string> } } };

async function download(ctx: GenerationContext, runId: string, name: string): Promise<Buffer> {
  const link = await api<SignedRunArtifact>(
    ctx.server,
    'GET',
    `/artifacts/${runId}?artifact_name=${encodeURIComponent(name)}`,
    { token: ctx.token },
  );
  expect(link.status).toBe(200);
  const response = await fetch(`${ctx.server.url}${link.body.url}`);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('runs of a generated test', () => {
  let ctx: GenerationContext;
  let signIn: string;
  let todo: string;
  // A second copy of the fixture sites: where a website override sends a run.
  let elsewhere: FixtureSites;

  beforeAll(async () => {
    ctx = await setUpGeneration();
    elsewhere = await serveFixtureSites();
    const secret = await api<{ _id: string }>(
      ctx.server,
      'POST',
      `/test-suites/${ctx.suiteId}/shared-parameters`,
      {
        token: ctx.token,
        body: { key: 'password', value: PASSWORD },
      },
    );
    // Generated once for the whole file; every run below replays these steps.
    const [login, list] = await Promise.all([
      createTest(ctx, {
        name: 'Sign in as Ada',
        website: ctx.sites.url('login'),
        description: SIGN_IN,
        parameters: { email: 'ada@example.com' },
        shared_parameter_ids: [secret.body._id],
      }),
      createTest(ctx, {
        name: 'Two todos',
        website: ctx.sites.url('todo'),
        description: 'Add a todo "One". Wait 3 seconds. Add a todo "Two". Verify "2 items left" is shown.',
      }),
    ]);
    for (const test of [await waitForGeneration(ctx, login._id), await waitForGeneration(ctx, list._id)])
      expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });
    signIn = login._id;
    todo = list._id;
  });
  afterAll(async () => {
    await ctx?.close();
    await elsewhere?.close();
  });

  it('replays the steps and passes, with a screenshot and trace entries per step, a trace and a log', async () => {
    const started = await startRun(ctx, signIn);
    expect(started).toMatchObject({
      status: 'pending',
      steps: [],
      failing_step_index: null,
      error_message: null,
      settings: { parameter_overrides: {}, website_url_override: null },
      step_descriptions: [
        `Open ${ctx.sites.url('login')}`,
        'Type {{email}} into the Email field',
        'Type {{password}} into the Password field',
        'Click the Sign in button',
        'Verify the page shows "Welcome, Ada Lovelace"',
      ],
    });
    expect(['pending', 'waiting_for_executor', 'running']).toContain(
      (await getTest(ctx, signIn)).latest_run_status,
    );

    const run = await waitForRun(ctx, started._id);
    expect({ status: run.status, run: describeRun(run) }).toMatchObject({ status: 'passed' });
    expect(run.attempts).toBe(1);
    expect(run.execution_time_in_secs).toBeGreaterThan(0);
    expect(run.steps).toHaveLength(5);
    for (const [index, step] of run.steps.entries()) {
      expect(step).toMatchObject({ step_index: index, success: true, error: null });
      expect(step.screenshot_id).toEqual(expect.any(String));
      expect(step.trace_zip_path).toEqual(expect.any(String));
      expect(step.trace.length).toBeGreaterThan(0);
    }
    expect(run.steps[1].run_code).toBe(
      "await page.getByRole('textbox', { name: 'Email', exact: true }).fill(params.email);",
    );
    expect(run.steps[2].trace).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          apiName: 'locator.fill',
          params: expect.objectContaining({ value: '••••••' }),
        }),
      ]),
    );
    expect(run.artifacts.map((artifact) => artifact.name)).toEqual([
      'trace.zip',
      'run.log',
      'step-0.jpg',
      'step-1.jpg',
      'step-2.jpg',
      'step-3.jpg',
      'step-4.jpg',
    ]);

    const test = await getTest(ctx, signIn);
    expect(test.latest_run_status).toBe('passed');
    expect(test.latest_run_time).toBe(run.created_at);

    // The step's screenshot loads like a generation's.
    const image = await api<{ url: string }>(ctx.server, 'GET', `/images/${run.steps[3].screenshot_id}`, {
      token: ctx.token,
    });
    expect(image.status).toBe(200);
    const jpeg = await fetch(`${ctx.server.url}${image.body.url}`);
    expect([...Buffer.from(await jpeg.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    // The log: every line has a level; the secret is nowhere in it nor in the trace.
    const log = (await download(ctx, run._id, 'run.log')).toString('utf8');
    const lines = log.trim().split('\n');
    expect(lines.every((line) => parseLogLine(line) !== null)).toBe(true);
    expect(lines.filter((line) => parseLogLine(line)?.source === 'step')).toHaveLength(5);
    expect(lines.at(-1)).toMatch(/ SUCCESS run: Passed: all 5 steps in /);
    expect(log).not.toContain(PASSWORD);
    const trace = await api<SignedRunArtifact>(
      ctx.server,
      'GET',
      `/artifacts/${run._id}?artifact_name=trace.zip`,
      {
        token: ctx.token,
      },
    );
    expect(trace.body.viewer_url).toBe(`/trace/index.html?trace=${encodeURIComponent(trace.body.url)}`);
    expect(trace.body.content_type).toBe('application/zip');
    const entries = readZip(await download(ctx, run._id, 'trace.zip'));
    expect(entries.some((entry) => entry.name === 'trace.trace')).toBe(true);
    for (const entry of entries) expect(entry.data.includes(PASSWORD)).toBe(false);
  });

  it('tells live watchers each change and the end over /api/ws', async () => {
    const socket = new WebSocket(`${ctx.server.url.replace(/^http/, 'ws')}/api/ws`);
    const messages: { type: string; run_id?: string; status?: string }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    try {
      socket.send(JSON.stringify({ type: 'auth', token: ctx.token }));
      await waitUntil(async () => messages.some((m) => m.type === 'AUTHENTICATED'), 'authentication');
      const run = await startRun(ctx, signIn);
      socket.send(JSON.stringify({ type: 'watch_run', run_id: run._id }));
      const end = await waitUntil(
        async () => messages.find((m) => m.type === 'RUN_NOT_RUNNING'),
        'the end of the run',
      );
      expect(end).toEqual({ type: 'RUN_NOT_RUNNING', run_id: run._id, test_id: signIn, status: 'passed' });
      expect(messages.find((m) => m.type === 'RUN_WATCHING')).toMatchObject({ run_id: run._id });
      expect(messages.filter((m) => m.type === 'RUN_UPDATED').length).toBeGreaterThan(0);
      // A run that has ended answers at once.
      socket.send(JSON.stringify({ type: 'watch_run', run_id: run._id }));
      await waitUntil(
        async () => messages.filter((m) => m.type === 'RUN_NOT_RUNNING').length === 2,
        'the second answer',
      );
      socket.send(JSON.stringify({ type: 'watch_run', run_id: '' }));
      await waitUntil(
        async () =>
          messages.find(
            (m) =>
              m.type === 'ERROR' && /Run ID is required/.test(String((m as { message?: string }).message)),
          ),
        'the error',
      );
    } finally {
      socket.close();
    }
  });

  it('fails at the step the changed site broke, saying what it looked for and what it found, with a screenshot', async () => {
    ctx.sites.setVariant('login', 'v2');
    try {
      const run = await waitForRun(ctx, (await startRun(ctx, signIn))._id);
      expect({ status: run.status, run: describeRun(run) }).toMatchObject({ status: 'failed' });
      expect(run.failing_step_index).toBe(1);
      expect(run.steps).toHaveLength(2);
      expect(run.steps[0].success).toBe(true);
      const failing = run.steps[1];
      expect(failing.success).toBe(false);
      expect(failing.error?.error_type).toBe('element_not_found');
      expect(failing.error?.message).toMatch(
        /^The "Email" field was not found on the page within 2\.5 s\. The page \(.*, \/login\/\) shows these fields: .*"Work email"/,
      );
      expect(run.error_message).toBe(
        `Step 2, "Type {{email}} into the Email field", failed: ${failing.error?.message}`,
      );
      expect(failing.screenshot_id).toEqual(expect.any(String));
      expect(run.artifacts.map((artifact) => artifact.name)).toEqual([
        'trace.zip',
        'run.log',
        'step-0.jpg',
        'failure.jpg',
      ]);
      const failure = await download(ctx, run._id, 'failure.jpg');
      expect([...failure.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      const log = (await download(ctx, run._id, 'run.log')).toString('utf8');
      expect(log).toMatch(
        / ERROR step: 2\. Type \{\{email\}\} into the Email field: The "Email" field was not found/,
      );
      expect((await getTest(ctx, signIn)).latest_run_status).toBe('failed');
    } finally {
      ctx.sites.setVariant('login', null);
    }
  });

  it('fails a check with what it expected and what the page showed', async () => {
    // Grace's e-mail with Ada's password: signing in fails, so the greeting never shows.
    const run = await waitForRun(
      ctx,
      (await startRun(ctx, signIn, { parameter_overrides: { email: 'grace@example.com' } }))._id,
    );
    expect({ status: run.status, run: describeRun(run) }).toMatchObject({ status: 'failed' });
    expect(run.settings).toEqual({
      parameter_overrides: { email: 'grace@example.com' },
      website_url_override: null,
    });
    expect(run.failing_step_index).toBe(4);
    expect(run.steps[4].error?.error_type).toBe('assertion_failed');
    expect(run.error_message).toMatch(
      /^Step 5, "Verify the page shows "Welcome, Ada Lovelace"", failed: Expected .*Welcome, Ada Lovelace/,
    );
    // The override is substituted at run time: the stored code keeps the reference.
    expect(run.steps[1].run_code).toContain('params.email');
  });

  it('runs against another website when asked, and fails there when that site changed', async () => {
    const override = elsewhere.url('login');
    const passed = await waitForRun(
      ctx,
      (await startRun(ctx, signIn, { website_url_override: override }))._id,
    );
    expect({ status: passed.status, run: describeRun(passed) }).toMatchObject({ status: 'passed' });
    expect(passed.settings.website_url_override).toBe(override);
    expect(passed.steps[0].run_code).toBe(`await page.goto('${override}');`);
    expect(passed.steps[4].url?.startsWith(elsewhere.origin)).toBe(true);

    // Typed as a person types a website, without its scheme: saved (and opened) as http:// for a local one.
    const bare = await startRun(ctx, signIn, { website_url_override: override.replace(/^http:\/\//, '') });
    expect(bare.settings.website_url_override).toBe(override);
    await waitForRun(ctx, bare._id);

    elsewhere.setVariant('login', 'v2');
    try {
      const failed = await waitForRun(
        ctx,
        (await startRun(ctx, signIn, { website_url_override: override }))._id,
      );
      expect(failed.status).toBe('failed');
      expect(failed.failing_step_index).toBe(1);
    } finally {
      elsewhere.setVariant('login', null);
    }
  });

  it('cancels a running run: it stops, keeps what it did, and cannot be cancelled twice', async () => {
    const started = await startRun(ctx, todo);
    await waitUntil(async () => (await getRun(ctx, started._id)).status === 'running', 'the run to run');
    const cancel = await api<TestRun>(ctx.server, 'DELETE', `/test-run/${started._id}`, { token: ctx.token });
    expect(cancel.status).toBe(200);
    expect(cancel.body.status).toBe('cancelled');
    expect(cancel.body.error_message).toMatch(/^The run was cancelled by /);
    // The worker stops and stores its trace and log with the cancelled run.
    const kept = await waitUntil(async () => {
      const run = await getRun(ctx, started._id);
      return run.artifacts.some((artifact) => artifact.name === 'trace.zip') ? run : null;
    }, 'the cancelled run to keep its trace');
    expect(kept.status).toBe('cancelled');
    expect(kept.steps.length).toBeLessThan(kept.step_descriptions.length);
    const log = (await download(ctx, started._id, 'run.log')).toString('utf8');
    expect(log).toMatch(/ WARNING run: The run was cancelled/);
    expect((await getTest(ctx, todo)).latest_run_status).toBe('cancelled');

    const again = await api<ErrorBody>(ctx.server, 'DELETE', `/test-run/${started._id}`, {
      token: ctx.token,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('The run has already ended');

    // Cancelled while still queued: it never runs.
    const queued = await startRun(ctx, todo);
    expect(
      (await api<TestRun>(ctx.server, 'DELETE', `/test-run/${queued._id}`, { token: ctx.token })).body.status,
    ).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await getRun(ctx, queued._id)).status).toBe('cancelled');
  });

  it('lists the runs of a test newest first, a page at a time', async () => {
    const all = await api<TestRun[]>(ctx.server, 'GET', `/test-runs/${signIn}`, { token: ctx.token });
    expect(all.status).toBe(200);
    const total = Number(all.body.length);
    expect(total).toBeGreaterThanOrEqual(5);
    expect(all.body.map((run) => run.created_at)).toEqual(
      [...all.body.map((run) => run.created_at)].sort().reverse(),
    );
    const first = await api<TestRun[]>(ctx.server, 'GET', `/test-runs/${signIn}?limit=2`, {
      token: ctx.token,
    });
    const second = await api<TestRun[]>(ctx.server, 'GET', `/test-runs/${signIn}?limit=2&offset=2`, {
      token: ctx.token,
    });
    expect([...first.body, ...second.body].map((run) => run._id)).toEqual(
      all.body.slice(0, 4).map((run) => run._id),
    );
    expect(first.body).toHaveLength(2);
    const response = await fetch(`${ctx.server.url}/api/test-runs/${signIn}?limit=1`, {
      headers: { authorization: `Bearer ${ctx.token}` },
    });
    expect(response.headers.get('x-total-count')).toBe(String(total));
  });

  it('documents the run calls in the OpenAPI document', async () => {
    const document = (await (await fetch(`${ctx.server.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    expect(Object.keys(document.paths['/api/test-run/{testCaseId}'])).toContain('post');
    expect(Object.keys(document.paths['/api/test-run/{runId}']).sort()).toEqual(['delete', 'get']);
    expect(Object.keys(document.paths['/api/test-runs/{testCaseId}'])).toContain('get');
    expect(Object.keys(document.paths['/api/artifacts/{runId}'])).toContain('get');
  });

  describe('bad input', () => {
    const call = (method: string, path: string, body?: unknown, token = ctx.token) =>
      api<ErrorBody>(ctx.server, method, path, { token, body });

    it('answers SPEC §5 messages for missing ids', async () => {
      for (const [method, path] of [
        ['POST', '/test-run/'],
        ['POST', '/test-run/%20'],
        ['GET', '/test-runs/'],
      ]) {
        const response = await call(method, path);
        expect({ path, status: response.status, message: response.body.error.message }).toEqual({
          path,
          status: 400,
          message: 'Test case ID is required',
        });
      }
      for (const path of ['/artifacts/', '/artifacts/?artifact_name=run.log', `/artifacts/${signIn}`]) {
        const response = await call('GET', path);
        expect({ path, status: response.status, message: response.body.error.message }).toEqual({
          path,
          status: 400,
          message: 'Run ID and artifact ID are required',
        });
      }
    });

    it('refuses bad settings, naming the fields', async () => {
      const url = await call('POST', `/test-run/${signIn}`, { website_url_override: 'not a url' });
      expect(url.status).toBe(400);
      expect(url.body.error).toMatchObject({
        code: 'validation_failed',
        message: 'Please enter a valid URL',
        details: { fields: { website_url_override: 'invalid' } },
      });
      const unknown = await call('POST', `/test-run/${signIn}`, { parameter_overrides: { nope: 'x' } });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.details?.fields).toEqual({ 'parameter_overrides.nope': 'unknown' });
      const secret = await call('POST', `/test-run/${signIn}`, { parameter_overrides: { password: 'x' } });
      expect(secret.status).toBe(400);
      expect(secret.body.error.message).toBe(
        '"password" is a secret: secrets cannot be overridden for a run',
      );
      for (const body of [
        { parameter_overrides: { email: 5 } },
        { parameter_overrides: 'x' },
        { extra: true },
        [],
      ]) {
        const response = await call('POST', `/test-run/${signIn}`, body);
        expect({ body, status: response.status, code: response.body.error.code }).toEqual({
          body,
          status: 400,
          code: 'validation_failed',
        });
      }
      for (const query of ['limit=0', 'limit=101', 'limit=abc', 'offset=-1', 'offset=1.5']) {
        const response = await call('GET', `/test-runs/${signIn}?${query}`);
        expect({ query, status: response.status }).toEqual({ query, status: 400 });
      }
    });

    it('answers 404 for unknown ids and a missing artifact', async () => {
      for (const [method, path] of [
        ['POST', '/test-run/not-a-test'],
        ['POST', '/test-run/00000000-0000-4000-8000-000000000000'],
        ['GET', '/test-runs/00000000-0000-4000-8000-000000000000'],
        ['GET', '/test-run/not-a-run'],
        ['GET', '/test-run/00000000-0000-4000-8000-000000000000'],
        ['DELETE', '/test-run/00000000-0000-4000-8000-000000000000'],
        ['GET', '/artifacts/00000000-0000-4000-8000-000000000000?artifact_name=run.log'],
      ]) {
        const response = await call(method, path);
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
      }
      const [run] = (
        await api<TestRun[]>(ctx.server, 'GET', `/test-runs/${signIn}?limit=1`, { token: ctx.token })
      ).body;
      const missing = await call('GET', `/artifacts/${run._id}?artifact_name=nope.zip`);
      expect(missing.status).toBe(404);
      expect(missing.body.error.message).toBe('Artifact not found');
    });

    it('refuses a test that cannot run: never generated, or generating', async () => {
      const never = await createTest(
        ctx,
        { name: 'Never generated', website: ctx.sites.url('todo'), description: 'Reload the page.' },
        false,
      );
      const none = await call('POST', `/test-run/${never._id}`);
      expect(none.status).toBe(422);
      expect(none.body.error.message).toBe('This test has no generated steps to run yet: generate it first.');

      const slow = await createTest(ctx, {
        name: 'Still generating',
        website: ctx.sites.url('todo'),
        description: 'Wait 20 seconds.',
      });
      const busy = await call('POST', `/test-run/${slow._id}`);
      expect(busy.status).toBe(409);
      expect(busy.body.error.message).toBe(
        'The test is generating: wait until its generation ends (or cancel it), then run it.',
      );
      await call('DELETE', `/test-case/cancel/${slow._id}`);
    });

    it('needs a signed-in person', async () => {
      for (const [method, path] of [
        ['POST', `/test-run/${signIn}`],
        ['GET', `/test-runs/${signIn}`],
        ['GET', `/artifacts/${signIn}?artifact_name=run.log`],
      ]) {
        const response = await fetch(`${ctx.server.url}/api${path}`, { method });
        expect({ path, status: response.status }).toEqual({ path, status: 401 });
      }
    });
  });

  it("keeps another organization's runs out of reach", async () => {
    const [run] = (
      await api<TestRun[]>(ctx.server, 'GET', `/test-runs/${signIn}?limit=1`, { token: ctx.token })
    ).body;
    const other = await tokenFor(ctx.server, { email: 'mallory@elsewhere.example' });
    await api(ctx.server, 'POST', '/organizations', { token: other.token, body: { name: 'Elsewhere' } });
    for (const [method, path] of [
      ['POST', `/test-run/${signIn}`],
      ['GET', `/test-runs/${signIn}`],
      ['GET', `/test-run/${run._id}`],
      ['DELETE', `/test-run/${run._id}`],
      ['GET', `/artifacts/${run._id}?artifact_name=run.log`],
    ]) {
      const response = await api<unknown>(ctx.server, method, path, {
        token: other.token,
        body: method === 'POST' ? {} : undefined,
      });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
      expect(JSON.stringify(response.body)).not.toContain('Sign in as Ada');
    }
    const socket = new WebSocket(`${ctx.server.url.replace(/^http/, 'ws')}/api/ws`);
    const messages: { type: string; message?: string }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send(JSON.stringify({ type: 'auth', token: other.token }));
    await waitUntil(async () => messages.some((m) => m.type === 'AUTHENTICATED'), 'authentication');
    socket.send(JSON.stringify({ type: 'watch_run', run_id: run._id }));
    const error = await waitUntil(async () => messages.find((m) => m.type === 'ERROR'), 'the refusal');
    expect(error.message).toBe('Test run not found');
    socket.close();
  });
});
