import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { serveFixtureSites } from '../../fixtures/sites/serve';
import { type Action } from '../src/runner';
import {
  FAST_GENERATION_ENV,
  setUpGeneration,
  waitUntil,
  type GenerationContext,
} from './generationFixtures';
import { freePort, freshPostgres, testDatabaseUrl } from './helpers';
import { startProduct, waitForHealth, type ProductProcess } from './processes';
import { createGeneratedTest, getRun, startRun, waitForRun } from './runFixtures';

// `main.ts processes` (issue 16): the embedded database, the API and the workers as processes of their own
// under a supervisor that restarts the one that dies while the API keeps answering.

/** The supervisor's children by name and their current pid, from its "ready (pid N)" lines. */
function pids(product: ProductProcess): Record<string, number> {
  const found: Record<string, number> = {};
  for (const match of product.output().matchAll(/\[supervisor\] (.+?) ready \(pid (\d+)\)/g))
    found[match[1]] = Number(match[2]);
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('runs every role in its own process; a killed worker or database comes back while the API answers', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-supervisor-'));
  const postgres = testDatabaseUrl ? await freshPostgres() : null;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const product = startProduct(
    {
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(dataDir, 'none'),
      WORKER_PROCESSES: '2',
      DATABASE_URL: postgres?.url ?? '',
    },
    'processes',
  );
  try {
    await waitForHealth(url);
    // The workers start side by side: either may be ready first.
    const roles = postgres ? ['api', 'worker 1', 'worker 2'] : ['api', 'database', 'worker 1', 'worker 2'];
    await waitUntil(
      () => (roles.every((role) => pids(product)[role]) ? true : null),
      `${roles.join(', ')} ready`,
    );
    const started = pids(product);
    expect(Object.keys(started).sort()).toEqual(roles);
    // Workers yield the CPU to the API and the database.
    expect(Object.fromEntries(roles.map((role) => [role, os.getPriority(started[role])]))).toEqual(
      Object.fromEntries(roles.map((role) => [role, role.startsWith('worker') ? 10 : os.getPriority()])),
    );
    expect(new Set([...Object.values(started), product.child.pid]).size).toBe(
      Object.keys(started).length + 1,
    );

    const supabase = createClient(`${url}/idp`, 'anon', {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport: WebSocket as never },
    });
    const { data, error } = await supabase.auth.signUp({
      email: 'supervised@example.com',
      password: 'long enough password',
    });
    expect(error).toBeNull();
    const organizations = () =>
      fetch(`${url}/api/auth/get-user-organizations`, {
        headers: { authorization: `Bearer ${data.session!.access_token}` },
      });
    expect((await organizations()).status).toBe(200);

    // A worker killed outright is started again; the API never stops answering.
    process.kill(started['worker 1'], 'SIGKILL');
    const statuses: number[] = [];
    const worker = await waitUntil(async () => {
      statuses.push((await organizations()).status);
      const now = pids(product)['worker 1'];
      return now !== started['worker 1'] ? now : null;
    }, 'the worker to come back');
    expect(alive(worker)).toBe(true);
    expect(product.output()).toContain('[supervisor] the worker 1 process was killed (SIGKILL)');
    expect(new Set(statuses)).toEqual(new Set([200]));

    if (!postgres) {
      // The embedded database killed: the API says so in a sentence, then serves again with nothing lost.
      process.kill(started.database, 'SIGKILL');
      const refused = await waitUntil(async () => {
        const response = await organizations();
        return response.status === 503
          ? ((await response.json()) as { error: { code: string; message: string } })
          : null;
      }, 'a 503 while the database restarts');
      expect(refused.error).toEqual({
        code: 'database_unavailable',
        message:
          'The database cannot be reached right now (it may be restarting); please try again in a moment.',
      });
      await waitUntil(
        async () => ((await organizations()).status === 200 ? true : null),
        'the database back',
      );
      expect(pids(product).database).not.toBe(started.database);
      const again = await supabase.auth.signInWithPassword({
        email: 'supervised@example.com',
        password: 'long enough password',
      });
      expect(again.error).toBeNull();
    }

    // A supervisor killed outright takes its processes with it (none is left holding the data).
    const children = Object.values(pids(product));
    product.child.kill('SIGKILL');
    await product.exited;
    await waitUntil(
      () => (children.every((pid) => !alive(pid)) ? true : null),
      'the children to stop',
      30_000,
    );
  } finally {
    if (product.child.exitCode === null && product.child.signalCode === null) product.child.kill('SIGKILL');
    for (const pid of Object.values(pids(product))) if (alive(pid)) process.kill(pid, 'SIGKILL');
    await postgres?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 180_000);

// On Postgres, runsJobs.test.ts kills a worker of its own beside the API; here the embedded database's.
if (!testDatabaseUrl)
  it('finishes a run whose worker was killed in the middle: the supervisor starts the worker again and it runs the test once more', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-supervisor-run-'));
    const sites = await serveFixtureSites();
    const product = startProduct(
      {
        ...FAST_GENERATION_ENV,
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        STATIC_DIR: path.join(dataDir, 'none'),
      },
      'processes',
    );
    let ctx: GenerationContext | null = null;
    try {
      const worker = await waitUntil(() => pids(product).worker, 'the worker');
      // A person's API in this process on the supervisor's embedded database, to make the test and read the run.
      ctx = await setUpGeneration({
        sites,
        roles: ['api'],
        target: {
          kind: 'postgres',
          url: `postgres://postgres@localhost/postgres?host=${encodeURIComponent(path.join(dataDir, 'run'))}`,
          poolSize: 3,
        },
        env: { ARTIFACTS_DIR: path.join(dataDir, 'artifacts') },
      });
      const todo = sites.url('todo');
      const field = { locator: { by: 'placeholder', text: 'What needs to be done?' } } as const;
      const actions: Action[] = [
        { kind: 'goto', url: todo },
        { kind: 'wait', ms: 3000 },
        { kind: 'fill', target: field, value: 'After the kill' },
        { kind: 'press', key: 'Enter', target: field },
        {
          kind: 'expect',
          assert: { type: 'visible', target: { locator: { by: 'text', text: '1 item left' } } },
        },
      ];
      const testId = await createGeneratedTest(ctx, 'Killed', todo, actions);
      const run = await startRun(ctx, testId);
      await waitUntil(
        async () => ((await getRun(ctx!, run._id)).status === 'running' ? true : null),
        'the run to run',
      );
      process.kill(worker, 'SIGKILL');

      const ended = await waitForRun(ctx, run._id, 90_000);
      expect(ended.status).toBe('passed');
      expect(ended.attempts).toBe(2);
      expect(pids(product).worker).not.toBe(worker);
      expect(product.output()).toContain('[supervisor] the worker process was killed (SIGKILL)');
    } finally {
      await ctx?.server.close();
      product.child.kill('SIGTERM');
      await product.exited;
      await sites.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
