import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { testCases } from '../src/db/schema';
import { type Action } from '../src/runner';
import { api, supabaseFor } from './helpers';
import {
  createTest,
  describeSteps,
  getTest,
  setUpGeneration,
  waitForGeneration,
  type GenerationContext,
} from './generationFixtures';
import { createGeneratedTest, describeRun, startRun, waitForRun } from './runFixtures';

// Issue 9, finding 2: a test could reach the server itself (and cloud metadata addresses).

jest.setTimeout(240_000);

type ErrorBody = { error: { code: string; message: string; details?: { fields?: Record<string, string> } } };

interface ReachingSite {
  url(path: string): string;
  close(): Promise<void>;
}

/** A local app on 127.0.0.1 (allowed) whose pages reach for `server` by each path a page has. */
async function serveReachingSite(server: string): Promise<ReachingSite> {
  const socket = server.replace(/^http:\/\/127\.0\.0\.1/, 'ws://localhost');
  const pages: Record<string, string> = {
    '/plain': `<h1>Plain page</h1><p id="out">waiting</p>
      <script>fetch('/data').then((r) => r.text()).then((t) => { out.textContent = 'fetch ' + t; });</script>`,
    '/iframe': `<h1>Framed</h1><iframe src="${server}/api/dev/mail"></iframe>`,
    '/fetch': `<p id="out">waiting</p>
      <script>fetch('${server}/api/dev/mail', { mode: 'no-cors' }).finally(() => { out.textContent = 'fetch done'; });</script>`,
    '/socket': `<p id="out">waiting</p>
      <script>const ws = new WebSocket('${socket}/api/ws');
      ws.onopen = ws.onerror = ws.onclose = () => { out.textContent = 'socket done'; };</script>`,
  };
  const site = http.createServer((request, response) => {
    if (request.url === '/redirect') {
      response.writeHead(302, { location: `${server}/api/dev/mail` });
      return response.end();
    }
    if (request.url === '/data') return response.end('done');
    const page = pages[request.url ?? ''];
    response.writeHead(page ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'Not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    close: () => new Promise((resolve) => site.close(() => resolve())),
  };
}

const shows = (text: string): Action => ({
  kind: 'expect',
  assert: { type: 'visible', target: { locator: { by: 'text', text } } },
});

describe('the browsers of generation and runs, against the server itself', () => {
  let ctx: GenerationContext;
  let site: ReachingSite;
  let port: number;
  let ownAddress: string;

  beforeAll(async () => {
    ctx = await setUpGeneration();
    port = ctx.server.config.port;
    ownAddress = `127.0.0.1:${port}`;
    site = await serveReachingSite(ctx.server.url);
    // A recovery link in the dev mailbox: what an attacker's test would read.
    const client = supabaseFor(ctx.server);
    await client.auth.signUp({ email: 'victim@example.com', password: 'Correct-Horse-9' });
    await client.auth.resetPasswordForEmail('victim@example.com');
  });
  afterAll(async () => {
    await site?.close();
    await ctx?.close();
  });

  it.each([
    ['the dev mailbox', () => `${ctx.server.url}/api/dev/mail`, () => ownAddress],
    ['localhost', () => `http://localhost:${port}/api/dev/mail`, () => `localhost:${port} (127.0.0.1)`],
    ['a metadata address', () => 'http://169.254.169.254/latest/meta-data/', () => '169.254.169.254:80'],
  ])(
    'refuses a website on %s when the test is created, with a sentence at the field',
    async (_, website, named) => {
      const response = await api<ErrorBody>(ctx.server, 'POST', '/test-cases/', {
        token: ctx.token,
        body: {
          test_cases: [
            {
              test_suite_id: ctx.suiteId,
              name: 'Reads mail',
              website: website(),
              description: 'Verify the page shows "recovery"',
            },
          ],
        },
      });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toContain(`points at ${named()}`);
      expect(response.body.error.message).toMatch(/tests may not reach it\.$/);
      expect(response.body.error.details?.fields?.['test_cases.0.website']).toBe(response.body.error.message);
    },
  );

  it("refuses the server's address when a test is edited and as a run's website", async () => {
    const testId = await createGeneratedTest(ctx, 'Edited', site.url('/plain'), [
      { kind: 'goto', url: site.url('/plain') },
    ]);
    const own = `${ctx.server.url}/api/dev/mail`;
    const patched = await api<ErrorBody>(ctx.server, 'PATCH', `/test-case/${testId}/edit`, {
      token: ctx.token,
      body: { test_case_id: testId, website: own },
    });
    expect(patched.status).toBe(400);
    expect(patched.body.error.details?.fields?.website).toContain(`points at ${ownAddress}`);
    const put = await api<ErrorBody>(ctx.server, 'PUT', `/test-case/${testId}/edit`, {
      token: ctx.token,
      body: { name: 'Edited', website: own, description: 'Verify the page shows "recovery"' },
    });
    expect(put.status).toBe(400);
    expect(put.body.error.message).toContain(`points at ${ownAddress}`);
    expect((await getTest(ctx, testId)).website).toBe(site.url('/plain'));

    const run = await api<ErrorBody>(ctx.server, 'POST', `/test-run/${testId}`, {
      token: ctx.token,
      body: { website_url_override: `http://localhost:${port}/` },
    });
    expect(run.status).toBe(400);
    expect(run.body.error.message).toContain(`points at localhost:${port} (127.0.0.1)`);
    expect(run.body.error.details?.fields?.website_url_override).toBe('refused');
  });

  it('fails the generation of a test whose website on the server was written to the database, naming the address', async () => {
    const created = await createTest(
      ctx,
      { name: 'Planted', website: site.url('/plain'), description: 'Verify the page shows "recovery"' },
      false,
    );
    await ctx.server.database.db
      .update(testCases)
      .set({ website: `${ctx.server.url}/api/dev/mail` })
      .where(eq(testCases.id, created._id));
    const started = await api(ctx.server, 'PUT', `/test-case/${created._id}/regenerate`, {
      token: ctx.token,
    });
    expect(started.status).toBe(200);
    const test = await waitForGeneration(ctx, created._id);
    expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'failed' });
    expect(test.final_message).toContain(
      `The test tried to reach ${ownAddress}, the Plainwright server's own address; tests may not reach it.`,
    );
  });

  it('fails the generation of a test that a redirect sends to the server, naming the address', async () => {
    const created = await createTest(ctx, {
      name: 'Redirected',
      website: site.url('/redirect'),
      description: 'Verify the page shows "recovery"',
    });
    const test = await waitForGeneration(ctx, created._id);
    expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'failed' });
    expect(test.final_message).toContain(
      `The test tried to reach ${ownAddress}, the Plainwright server's own address`,
    );
  });

  it.each([
    [
      'a redirect',
      () => [{ kind: 'goto', url: site.url('/redirect') }, shows('recovery')],
      () => ownAddress,
      0,
    ],
    [
      'an iframe',
      () => [{ kind: 'goto', url: site.url('/iframe') }, shows('Framed')],
      () => ownAddress,
      null,
    ],
    [
      'fetch()',
      () => [{ kind: 'goto', url: site.url('/fetch') }, shows('fetch done')],
      () => ownAddress,
      null,
    ],
    [
      'a WebSocket to localhost',
      () => [{ kind: 'goto', url: site.url('/socket') }, shows('socket done')],
      () => `localhost:${port} (127.0.0.1)`,
      null,
    ],
    [
      'a host name that resolves to it',
      () => [{ kind: 'goto', url: `http://localhost:${port}/api/dev/mail` }, shows('recovery')],
      () => `localhost:${port} (127.0.0.1)`,
      0,
    ],
  ] as [string, () => Action[], () => string, number | null][])(
    'fails the run whose page reaches the server through %s, at a step that names the address',
    async (path, actions, named, failingStep) => {
      const testId = await createGeneratedTest(ctx, `Through ${path}`, site.url('/plain'), actions());
      const run = await waitForRun(ctx, (await startRun(ctx, testId))._id);
      const sentence = `The test tried to reach ${named()}, the Plainwright server's own address; tests may not reach it.`;
      expect({ status: run.status, run: describeRun(run) }).toMatchObject({ status: 'failed' });
      expect(run.error_message).toContain(sentence);
      // A request the page makes on its own fails the step that saw it go: the first or the check after it.
      const step = run.steps.find((candidate) => !candidate.success);
      expect(step?.error).toEqual({ message: sentence, error_type: 'target_refused' });
      if (failingStep !== null) expect(step?.step_index).toBe(failingStep);
    },
  );

  it('refuses a page other than http and https opened by a step', async () => {
    const testId = await createGeneratedTest(ctx, 'Local file', site.url('/plain'), [
      { kind: 'goto', url: 'file:///etc/passwd' },
      shows('root'),
    ]);
    const run = await waitForRun(ctx, (await startRun(ctx, testId))._id);
    expect({ status: run.status, run: describeRun(run) }).toMatchObject({ status: 'failed' });
    expect(run.steps[0]?.error?.message).toBe(
      'The test tried to open file:///etc/passwd; tests may open only http:// and https:// addresses.',
    );
  });

  it('keeps generating and running tests of a local app on 127.0.0.1, requests and all', async () => {
    const created = await createTest(ctx, {
      name: 'Local app',
      website: site.url('/plain'),
      description: 'Verify the page shows "fetch done"',
    });
    const test = await waitForGeneration(ctx, created._id);
    expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });
    const run = await waitForRun(ctx, (await startRun(ctx, created._id))._id);
    expect({ status: run.status, run: describeRun(run) }).toMatchObject({ status: 'passed' });
  });
});

describe('TEST_TARGETS_PRIVATE=deny', () => {
  let ctx: GenerationContext;

  it('is allow by default, and allow or deny only', () => {
    expect(loadConfig({}).generation.testTargets.privateTargets).toBe('allow');
    expect(loadConfig({ TEST_TARGETS_PRIVATE: 'DENY' }).generation.testTargets.privateTargets).toBe('deny');
    expect(() => loadConfig({ TEST_TARGETS_PRIVATE: 'maybe' })).toThrow(
      'TEST_TARGETS_PRIVATE must be allow or deny (got "maybe")',
    );
  });

  beforeAll(async () => {
    ctx = await setUpGeneration({ env: { TEST_TARGETS_PRIVATE: 'deny' } });
  });
  afterAll(async () => ctx?.close());

  it('refuses a website on 127.0.0.1 when the test is created', async () => {
    const response = await api<ErrorBody>(ctx.server, 'POST', '/test-cases/', {
      token: ctx.token,
      body: {
        test_cases: [
          {
            test_suite_id: ctx.suiteId,
            name: 'Local',
            website: ctx.sites.url('todo'),
            description: 'Add a todo',
          },
        ],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe(
      `The website points at 127.0.0.1:${ctx.sites.port}, a loopback address, and this server denies private networks (TEST_TARGETS_PRIVATE=deny); tests may not reach it.`,
    );
  });

  it('fails the run of a step that opens a page on 127.0.0.1, naming the address', async () => {
    const testId = await createGeneratedTest(ctx, 'Local run', 'http://203.0.113.7/', [
      { kind: 'goto', url: ctx.sites.url('todo') },
      shows('Todos'),
    ]);
    const run = await waitForRun(ctx, (await startRun(ctx, testId))._id);
    expect({ status: run.status, run: describeRun(run) }).toMatchObject({ status: 'failed' });
    expect(run.steps[0]?.error?.message).toBe(
      `The test tried to reach 127.0.0.1:${ctx.sites.port}, a loopback address, and this server denies private networks (TEST_TARGETS_PRIVATE=deny); tests may not reach it.`,
    );
  });
});
