import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';
import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { type Collection } from '../../contract/collections';
import { type Organization } from '../../contract/organizations';
import { type Action } from '../src/runner';
import { EXIT, KEY_FLAG_WARNING, parseCiArgs, runCi } from '../src/cli/ci';
import { api } from './helpers';
import { setUpGeneration, type GenerationContext } from './generationFixtures';
import { createGeneratedTest, getRun } from './runFixtures';

// Issue 15: a pipeline with only the key and the CLI runs a collection, gets JUnit and the exit code.
// Against a real server, real workers and Chromium on the fixture sites.

jest.setTimeout(180_000);

const ROOT = path.join(__dirname, '..', '..');
const SCHEMA = fs.readFileSync(path.join(__dirname, 'fixtures', 'junit', 'junit.xsd'), 'utf8');

let sites: FixtureSites;
let ctx: GenerationContext;
let key: string;
let dir: string;

const todo = (expected: string): Action[] => [
  { kind: 'goto', url: sites.url('todo') },
  {
    kind: 'fill',
    target: { locator: { by: 'placeholder', text: 'What needs to be done?' } },
    value: 'Ship it',
  },
  { kind: 'press', key: 'Enter', target: { locator: { by: 'placeholder', text: 'What needs to be done?' } } },
  { kind: 'expect', assert: { type: 'visible', target: { locator: { by: 'text', text: expected } } } },
];

async function collectionOf(name: string, tests: [string, Action[]][]): Promise<string> {
  const ids: string[] = [];
  for (const [title, actions] of tests)
    ids.push(await createGeneratedTest(ctx, title, sites.url('todo'), actions));
  const created = await api<Collection>(ctx.server, 'POST', '/test-suites/collection', {
    token: ctx.token,
    body: { name, test_suite_id: ctx.suiteId, linked_test_ids: ids },
  });
  expect(created.status).toBe(201);
  return created.body._id;
}

function captured() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: {
      out: (line: string) => out.push(line),
      err: (line: string) => err.push(line),
      env: {},
      pollMs: 100,
    },
  };
}

async function expectValidJunit(file: string) {
  const result = await validateXML({
    xml: [{ fileName: 'results.xml', contents: fs.readFileSync(file, 'utf8') }],
    schema: [SCHEMA],
  });
  expect(result.errors).toEqual([]);
  expect(result.valid).toBe(true);
}

beforeAll(async () => {
  sites = await serveFixtureSites();
  ctx = await setUpGeneration({ sites });
  const orgs = await api<Organization[]>(ctx.server, 'GET', '/auth/get-user-organizations', {
    token: ctx.token,
  });
  key = orgs.body.find((org) => org.org_id === ctx.orgId)!.service_account_key!;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-ci-'));
});

afterAll(async () => {
  await ctx?.close();
  await sites?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('plainwright ci', () => {
  it('runs as the one file the server serves, from a folder with nothing installed', async () => {
    const response = await fetch(`${ctx.server.url}/api/cli/plainwright.mjs`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const etag = response.headers.get('etag')!;
    const code = await response.text();
    expect(code.startsWith('#!/usr/bin/env node')).toBe(true);
    expect(code).not.toMatch(/from ['"](?!node:)/);
    const again = await fetch(`${ctx.server.url}/api/cli/plainwright.mjs`, {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);

    const bare = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-cli-'));
    fs.writeFileSync(path.join(bare, 'plainwright.mjs'), code);
    const collection = await collectionOf('Downloaded CLI', [['Add a todo', todo('1 item left')]]);
    const { spawn } = await import('node:child_process');
    const child = spawn(
      process.execPath,
      [
        'plainwright.mjs',
        'ci',
        '--server',
        ctx.server.url,
        '--collection',
        collection,
        '--timeout',
        '60',
        '--junit',
        'results.xml',
      ],
      { cwd: bare, env: { PATH: process.env.PATH, PLAINWRIGHT_KEY: key } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exit = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ exit, stderr }).toEqual({ exit: EXIT.passed, stderr: '' });
    expect(stdout).toContain('1 test: 1 passed');
    await expectValidJunit(path.join(bare, 'results.xml'));

    const usage = spawnSync(process.execPath, ['plainwright.mjs', 'start'], { cwd: bare, encoding: 'utf8' });
    expect(usage.status).toBe(EXIT.error);
    expect(usage.stderr).toContain('Usage: node plainwright.mjs ci');
    fs.rmSync(bare, { recursive: true, force: true });
  });

  it('exits 0 with valid JUnit when every test passes (the real command, as a pipeline runs it)', async () => {
    const collection = await collectionOf('Green', [
      ['Add a todo', todo('1 item left')],
      ['Add another todo', todo('Ship it')],
    ]);
    const junit = path.join(dir, 'green.xml');
    // NOTE: spawnSync would block this process, which serves the API: the command runs asynchronously.
    const { spawn } = await import('node:child_process');
    const child = spawn(
      process.execPath,
      [
        path.join(ROOT, 'bin', 'plainwright.cjs'),
        'ci',
        '--server',
        ctx.server.url,
        '--collection',
        collection,
        '--timeout',
        '60',
        '--junit',
        junit,
      ],
      { cwd: ROOT, env: { ...process.env, PLAINWRIGHT_KEY: key } },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect({ code, stderr }).toEqual({ code: EXIT.passed, stderr: '' });
    expect(stdout).toMatch(/✓ passed\s+Add a todo/);
    expect(stdout).toMatch(/✓ passed\s+Add another todo/);
    expect(stdout).toContain('2 tests: 2 passed');
    await expectValidJunit(junit);
    const xml = fs.readFileSync(junit, 'utf8');
    expect(xml).toContain('tests="2" failures="0" errors="0"');
    expect(xml).toContain('name="Add a todo" classname="Green"');
  });

  it('exits 1 naming the failing step, with the failure in the JUnit (the key on the command line still works, with a warning)', async () => {
    const collection = await collectionOf('Red', [
      ['Passes', todo('1 item left')],
      ['Expects two', todo('2 items left')],
    ]);
    const junit = path.join(dir, 'red.xml');
    const { out, err, io } = captured();
    const code = await runCi(
      ['--server', ctx.server.url, '--key', key, '--collection', collection, '--junit', junit],
      io,
    );
    expect({ code, err }).toEqual({ code: EXIT.failed, err: [KEY_FLAG_WARNING] });
    const line = out.find((text) => text.includes('Expects two'))!;
    expect(line).toMatch(/^✗ failed/);
    expect(line).toContain('Step 4');
    await expectValidJunit(junit);
    const xml = fs.readFileSync(junit, 'utf8');
    expect(xml).toContain('tests="2" failures="1" errors="0"');
    // The step is named once: the run's message already starts with it (issue 28).
    expect(xml).toMatch(/<failure message="Step 4, [^"]*2 items left/);
    expect(xml).not.toMatch(/Step 4: Step 4/);
  });

  it('exits 2 on the timeout, cancelling what is unfinished', async () => {
    const slow: Action[] = [
      { kind: 'goto', url: sites.url('todo') },
      { kind: 'wait', ms: 20_000 },
    ];
    const collection = await collectionOf('Slow', [['Waits a long time', slow]]);
    const junit = path.join(dir, 'slow.xml');
    const { err, io } = captured();
    // The clock jumps past the deadline after the first read: the real timeout path, without the wait.
    let reads = 0;
    const start = Date.now();
    const code = await runCi(
      [
        '--server',
        ctx.server.url,
        '--key',
        key,
        '--collection',
        collection,
        '--timeout',
        '30',
        '--junit',
        junit,
      ],
      { ...io, now: () => (reads++ < 1 ? start : start + 31_000) },
    );
    expect(code).toBe(EXIT.error);
    expect(err.join('\n')).toContain('timed out after 30 s with 1 test unfinished (Waits a long time)');
    await expectValidJunit(junit);
    expect(fs.readFileSync(junit, 'utf8')).toContain('<error');
    const group = await api<Collection>(ctx.server, 'GET', `/test-suites/collection/${collection}`, {
      token: ctx.token,
    });
    const runId = group.body.linked_runs[0].runs[0]._id;
    for (let i = 0; i < 100 && (await getRun(ctx, runId)).status !== 'cancelled'; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await getRun(ctx, runId)).status).toBe('cancelled');
  });

  it('exits 2 with a sentence for a wrong key, an unknown collection or an unreachable server', async () => {
    for (const [args, expected] of [
      [['--key', 'pw_sak_wrong', '--collection', '00000000-0000-4000-8000-000000000000'], 'answered 401'],
      [
        ['--key', key, '--collection', '00000000-0000-4000-8000-000000000000'],
        'answered 404: Test collection not found',
      ],
    ] as const) {
      const { err, io } = captured();
      expect(await runCi(['--server', ctx.server.url, ...args], io)).toBe(EXIT.error);
      expect(err.join('\n')).toContain(expected);
    }
    const { err, io } = captured();
    expect(await runCi(['--server', 'http://127.0.0.1:9', '--key', key, '--collection', 'x'], io)).toBe(
      EXIT.error,
    );
    expect(err.join('\n')).toContain('cannot reach http://127.0.0.1:9');
  });

  it('exits 2 with the sentence of the server for a browser its workers cannot launch (issue 28)', async () => {
    // A browser server serves Chromium alone: WebKit cannot be launched there, on any machine.
    const chromiumOnly = await setUpGeneration({ sites, env: { BROWSER_WS_ENDPOINT: 'ws://127.0.0.1:9/' } });
    try {
      const orgs = await api<Organization[]>(chromiumOnly.server, 'GET', '/auth/get-user-organizations', {
        token: chromiumOnly.token,
      });
      const chromiumKey = orgs.body.find((org) => org.org_id === chromiumOnly.orgId)!.service_account_key!;
      const test = await createGeneratedTest(chromiumOnly, 'Anywhere', sites.url('todo'), todo('Ship it'));
      const created = await api<Collection>(chromiumOnly.server, 'POST', '/test-suites/collection', {
        token: chromiumOnly.token,
        body: { name: 'WebKit', test_suite_id: chromiumOnly.suiteId, linked_test_ids: [test] },
      });
      const { err, io } = captured();
      const args = ['--server', chromiumOnly.server.url, '--collection', created.body._id];
      expect(
        await runCi([...args, '--browsers', 'chromium,webkit'], {
          ...io,
          env: { PLAINWRIGHT_KEY: chromiumKey },
        }),
      ).toBe(EXIT.error);
      expect(err.join('\n')).toContain(
        'answered 400: browsers: this server cannot launch webkit; it can launch chromium (the others need installing where its workers run).',
      );
    } finally {
      await chromiumOnly.close();
    }
  });

  it('on exit 2 still writes the JUnit file, with the error it met (issue 28)', async () => {
    const unreachable = path.join(dir, 'unreachable.xml');
    const first = captured();
    const args = ['--key', key, '--collection', 'x', '--junit', unreachable];
    expect(await runCi(['--server', 'http://127.0.0.1:9', ...args], first.io)).toBe(EXIT.error);
    await expectValidJunit(unreachable);
    const written = fs.readFileSync(unreachable, 'utf8');
    expect(written).toContain('tests="1" failures="0" errors="1"');
    expect(written).toMatch(/<error message="cannot reach http:\/\/127\.0\.0\.1:9[^"]*" type="error">/);

    const unknown = path.join(dir, 'unknown.xml');
    const second = captured();
    const code = await runCi(
      [
        '--server',
        ctx.server.url,
        '--key',
        key,
        '--collection',
        '00000000-0000-4000-8000-000000000000',
        '--junit',
        unknown,
      ],
      second.io,
    );
    expect(code).toBe(EXIT.error);
    await expectValidJunit(unknown);
    expect(fs.readFileSync(unknown, 'utf8')).toContain('answered 404: Test collection not found');
  });

  it('refuses bad usage before calling anything', () => {
    const env = {};
    expect(() => parseCiArgs(['--key', 'k', '--collection', 'c'], env)).toThrow('--server is required');
    expect(() => parseCiArgs(['--server', 'ftp://x', '--key', 'k', '--collection', 'c'], env)).toThrow(
      'http(s)',
    );
    expect(() => parseCiArgs(['--server', 'http://x', '--collection', 'c'], env)).toThrow(
      'PLAINWRIGHT_KEY is required in the environment',
    );
    for (const timeout of ['29', '901', '1.5', 'soon'])
      expect(() =>
        parseCiArgs(['--server', 'http://x', '--key', 'k', '--collection', 'c', '--timeout', timeout], env),
      ).toThrow('from 30 to 900');
    expect(parseCiArgs(['--server', 'http://x/', '--collection', 'c'], { PLAINWRIGHT_KEY: 'k' })).toEqual({
      server: 'http://x',
      key: 'k',
      keyFrom: 'environment',
      collection: 'c',
      baseUrl: null,
      env: null,
      browsers: ['chromium'],
      timeoutSeconds: 300,
      junit: null,
    });
    const spawned = spawnSync(
      process.execPath,
      [path.join(ROOT, 'bin', 'plainwright.cjs'), 'ci', '--timeout', '5'],
      {
        cwd: ROOT,
        encoding: 'utf8',
      },
    );
    expect(spawned.status).toBe(EXIT.error);
    expect(spawned.stderr).toContain('Usage: plainwright ci');
  });
});
