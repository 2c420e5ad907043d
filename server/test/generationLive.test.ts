import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { EVENT_CHANNEL } from '../src/realtime/bus';
import { freshPostgres, startTestServer, testDatabaseUrl, tokenFor, api } from './helpers';
import { SocketClient } from './socketClient';
import {
  createTest,
  FAST_GENERATION_ENV,
  getTest,
  isGenerating,
  setUpGeneration,
  waitUntil,
  type GenerationContext,
} from './generationFixtures';

jest.setTimeout(120_000);

function socketUrl(base: string, query = ''): string {
  return `${base.replace(/^http/, 'ws')}/api/ws${query}`;
}

async function authenticated(base: string, token: string, query = ''): Promise<SocketClient> {
  const client = await SocketClient.open(socketUrl(base, query));
  client.send({ type: 'auth', token });
  await client.next((message) => message.type === 'AUTHENTICATED');
  return client;
}

describe('live generation updates over /api/ws', () => {
  let ctx: GenerationContext;
  beforeAll(async () => {
    ctx = await setUpGeneration({ env: { WATCH_TIMEOUT_MS: '60000' } });
  });
  afterAll(async () => ctx?.close());

  it('streams TEST_UPDATED after each stored change and TEST_NOT_RUNNING once the generation has ended', async () => {
    const client = await authenticated(ctx.server.url, ctx.token);
    try {
      const test = await createTest(ctx, {
        name: 'Live',
        website: ctx.sites.url('todo'),
        description: 'Add a todo "Buy milk". Verify there is 1 todo item.',
      });
      client.send({ type: 'watch', test_id: test._id });
      const watching = await client.next((message) => message.type === 'WATCHING');
      expect(watching).toMatchObject({ test_id: test._id });
      const from = client.messages.length;
      const ended = await client.next((message) => message.type === 'TEST_NOT_RUNNING', from);
      expect(ended).toEqual({ type: 'TEST_NOT_RUNNING', test_id: test._id });
      // The state was stored before the event went out.
      const stored = await getTest(ctx, test._id);
      expect(stored.state).toBe('passed');
      const updates = client.messages.slice(from).filter((message) => message.type === 'TEST_UPDATED');
      // At least one update per stored step (and the plan, the running state and the end).
      expect(updates.length).toBeGreaterThanOrEqual(stored.test_generation_steps.length);
      expect(updates.every((message) => 'test_id' in message && message.test_id === test._id)).toBe(true);
    } finally {
      client.close();
    }
  });

  it('refuses a socket whose first message is not a valid auth message', async () => {
    const early = await SocketClient.open(socketUrl(ctx.server.url));
    early.send({ type: 'watch', test_id: 'x' });
    expect(await early.closed).toEqual({ code: 4401, reason: 'Authentication required' });
    expect(early.messages[0]).toMatchObject({ type: 'ERROR' });

    const forged = await SocketClient.open(socketUrl(ctx.server.url));
    forged.send({ type: 'auth', token: 'not-a-token' });
    expect((await forged.closed).code).toBe(4401);
    expect(forged.messages[0]).toEqual({ type: 'ERROR', message: 'Invalid access token' });
  });

  it('says TEST_NOT_RUNNING at once for a test that is not generating, and refuses unknown or foreign tests', async () => {
    const idle = await createTest(
      ctx,
      { name: 'Idle', website: ctx.sites.url('todo'), description: 'Reload the page.' },
      false,
    );
    const client = await authenticated(ctx.server.url, ctx.token);
    try {
      client.send({ type: 'watch', test_id: idle._id });
      expect(await client.next((message) => message.type === 'TEST_NOT_RUNNING')).toEqual({
        type: 'TEST_NOT_RUNNING',
        test_id: idle._id,
      });
      client.send({ type: 'watch', test_id: '' });
      expect(await client.next((message) => message.type === 'ERROR')).toEqual({
        type: 'ERROR',
        message: 'Test ID is required for monitoring',
      });
      const stranger = await tokenFor(ctx.server, { email: 'other@example.com' });
      const other = await authenticated(ctx.server.url, stranger.token);
      other.send({ type: 'watch', test_id: idle._id });
      expect(await other.next((message) => message.type === 'ERROR')).toEqual({
        type: 'ERROR',
        test_id: idle._id,
        message: 'Test case not found',
      });
      other.close();
    } finally {
      client.close();
    }
  });

  it('watches the test named in ?test_id= right after authentication', async () => {
    const test = await createTest(ctx, {
      name: 'Query',
      website: ctx.sites.url('todo'),
      description: 'Reload the page. Reload the page.',
    });
    const client = await authenticated(ctx.server.url, ctx.token, `?test_id=${test._id}`);
    try {
      await client.next((message) => message.type === 'WATCHING' && message.test_id === test._id);
      await client.next((message) => message.type === 'TEST_NOT_RUNNING');
      expect((await getTest(ctx, test._id)).state).toBe('passed');
    } finally {
      client.close();
    }
  });

  it('delivers an event sent with NOTIFY by any database session to the sockets watching that test', async () => {
    const test = await createTest(ctx, {
      name: 'Notify',
      website: ctx.sites.url('todo'),
      description: 'Wait 30 seconds.',
    });
    const client = await authenticated(ctx.server.url, ctx.token);
    try {
      client.send({ type: 'watch', test_id: test._id });
      await client.next((message) => message.type === 'WATCHING');
      const from = client.messages.length;
      // What a worker in another process does after storing a change.
      await ctx.server.database.sql.executeSql('SELECT pg_notify($1, $2)', [
        EVENT_CHANNEL,
        JSON.stringify({ t: test._id, e: 'updated' }),
      ]);
      expect(await client.next((message) => message.type === 'TEST_UPDATED', from)).toEqual({
        type: 'TEST_UPDATED',
        test_id: test._id,
      });
    } finally {
      client.close();
      await api(ctx.server, 'DELETE', `/test-case/cancel/${test._id}`, { token: ctx.token });
    }
  });
});

describe('watch time limit', () => {
  it('ends a watch with WATCH_TIMED_OUT when it reaches WATCH_TIMEOUT_MS', async () => {
    const ctx = await setUpGeneration({ env: { WATCH_TIMEOUT_MS: '400' } });
    try {
      const test = await createTest(ctx, {
        name: 'Long',
        website: ctx.sites.url('todo'),
        description: 'Wait 20 seconds.',
      });
      const client = await authenticated(ctx.server.url, ctx.token);
      client.send({ type: 'watch', test_id: test._id });
      expect(await client.next((message) => message.type === 'WATCH_TIMED_OUT')).toEqual({
        type: 'WATCH_TIMED_OUT',
        test_id: test._id,
      });
      expect(isGenerating((await getTest(ctx, test._id)).state)).toBe(true);
      client.close();
      await api(ctx.server, 'DELETE', `/test-case/cancel/${test._id}`, { token: ctx.token });
    } finally {
      await ctx.close();
    }
  });
});

describe('a worker in another process', () => {
  let sites: FixtureSites;
  beforeAll(async () => {
    sites = await serveFixtureSites();
  });
  afterAll(async () => sites?.close());

  // NOTE: PGlite serves one process; with a real Postgres the worker runs as its own OS process.
  it('reaches the socket held by the API process through LISTEN/NOTIFY', async () => {
    if (!testDatabaseUrl) {
      // Embedded mode: API and worker share the process, and the socket still hears the worker's NOTIFY.
      const ctx = await setUpGeneration({ sites });
      try {
        const test = await createTest(ctx, {
          name: 'Same process',
          website: sites.url('todo'),
          description: 'Reload the page.',
        });
        const client = await authenticated(ctx.server.url, ctx.token, `?test_id=${test._id}`);
        await client.next((message) => message.type === 'TEST_NOT_RUNNING');
        expect((await getTest(ctx, test._id)).state).toBe('passed');
        client.close();
      } finally {
        await ctx.close();
      }
      return;
    }
    const database = await freshPostgres();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-worker-'));
    const apiServer = await startTestServer({
      roles: ['api'],
      target: { kind: 'postgres', url: database.url, poolSize: 5 },
      env: { ...FAST_GENERATION_ENV, ARTIFACTS_DIR: path.join(dataDir, 'artifacts') },
    });
    let worker: ChildProcess | null = null;
    try {
      worker = spawn(process.execPath, [require.resolve('tsx/cli'), 'server/src/main.ts', 'worker'], {
        cwd: path.resolve(__dirname, '../..'),
        env: {
          ...process.env,
          ...FAST_GENERATION_ENV,
          NODE_OPTIONS: '',
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          ARTIFACTS_DIR: path.join(dataDir, 'artifacts'),
          APP_SECRET: apiServer.config.appSecret ?? '',
          LOG_LEVEL: 'silent',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      worker.stdout!.on('data', (chunk) => (output += chunk));
      worker.stderr!.on('data', (chunk) => (output += chunk));
      await waitUntil(
        async () => output.includes('Worker ready'),
        `the worker process to start (${output})`,
        60_000,
      );

      const { token } = await tokenFor(apiServer, { email: 'two@example.com' });
      const org = await api<{ org_id: string }>(apiServer, 'POST', '/organizations', {
        token,
        body: { name: 'Two' },
      });
      const suite = await api<{ test_suite_id: string }>(apiServer, 'POST', '/test-suites', {
        token,
        body: { name: 'S', org_id: org.body.org_id },
      });
      const created = await api<{ _id: string }[]>(apiServer, 'POST', '/test-cases/', {
        token,
        body: {
          schedule_generation: true,
          test_cases: [
            {
              test_suite_id: suite.body.test_suite_id,
              name: 'Remote',
              website: sites.url('todo'),
              description: 'Add a todo "Far away".',
            },
          ],
        },
      });
      const testId = created.body[0]._id;
      const client = await authenticated(apiServer.url, token, `?test_id=${testId}`);
      await client.next((message) => message.type === 'TEST_UPDATED');
      await client.next((message) => message.type === 'TEST_NOT_RUNNING');
      const stored = await api<{ state: string; test_generation_steps: { screenshot_id: string }[] }>(
        apiServer,
        'GET',
        `/test-case/${testId}`,
        { token },
      );
      expect(stored.body.state).toBe('passed');
      // The worker's screenshots are served by the API process from the shared artifact folder.
      const image = await api<{ url: string }>(
        apiServer,
        'GET',
        `/images/${stored.body.test_generation_steps[1].screenshot_id}`,
        { token },
      );
      expect((await fetch(`${apiServer.url}${image.body.url}`)).status).toBe(200);
      client.close();
    } finally {
      if (worker && worker.exitCode === null) {
        const exited = new Promise((resolve) => worker!.once('exit', resolve));
        worker.kill('SIGTERM');
        await exited;
      }
      await apiServer.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
