// The memory of a worker process (issue 34): the product started as `processes` (the embedded database,
// the API and one worker, each a process of its own), the worker with WORKER_CONCURRENCY=2 browser
// contexts, replaying a generated test BENCH_WORKER_RUNS (16) times while its resident memory (VmRSS of
// the worker's Node process alone: Chromium's processes are its children, not its memory) is sampled
// every 100 ms. Figures: the worker's RSS once ready, and its peak while two runs work at once.
// BENCH_WORKER_START=true also measures `start` (every role and the embedded database's thread in one
// process), to see the database's and the API's share beside the worker's.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { GENERATING_STATES, RUNNING_STATES, type GenerationState, type RunState } from '../contract/states';
import { serveFixtureSites, type FixtureSites } from '../fixtures/sites/serve';
import { freePort } from '../server/test/helpers';
import { startProduct, waitForHealth, type ProductProcess } from '../server/test/processes';
import { type Figure } from './spaBundle';

const BENCH = 'worker-memory';
const TARGET_MB = 400;
const CONTEXTS = 2;
const SAMPLE_MS = 100;
const STOP_TIMEOUT_MS = 40_000;
// Ten steps once the generator opens the start page (the test of bench/replay.ts).
const INSTRUCTIONS = [
  'Type "lamp" into the search field.',
  'Press Enter.',
  'Verify there are 2 products.',
  'Add "Arc floor lamp" to the cart.',
  'Verify the cart link shows "Cart (1)".',
  'Open the cart.',
  'Verify the total is "$129.00".',
  'Click Checkout.',
  'Type "Ada Lovelace" into the Full name field.',
].join(' ');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** VmRSS of one process in MB, or 0 once it has ended. */
export function rssMb(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

interface Started {
  url: string;
  product: ProductProcess;
  /** The process whose memory is measured: the worker's under `processes`, the only one under `start`. */
  measuredPid(): Promise<number>;
  stop(): Promise<void>;
}

async function start(command: 'processes' | 'start', dir: string): Promise<Started> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(path.join(dir, 'static'), { recursive: true });
  const product = startProduct(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      STATIC_DIR: path.join(dir, 'static'),
      WORKER_CONCURRENCY: String(CONTEXTS),
      WORKER_PROCESSES: '1',
      AI_PROVIDER: 'rules',
      AUTO_HEAL: 'false',
      DATABASE_URL: '',
      LOG_LEVEL: 'info',
    },
    command,
  );
  const { child } = product;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const code = await Promise.race([product.exited, sleep(STOP_TIMEOUT_MS).then(() => 'timeout' as const)]);
    if (code === 'timeout') {
      child.kill('SIGKILL');
      await product.exited;
    }
  };
  try {
    await waitForHealth(url, 120_000, product);
  } catch (error) {
    await stop();
    throw error;
  }
  // The supervisor says "[supervisor] worker ready (pid N)", maybe after the API is healthy.
  const measuredPid = async () =>
    command === 'start'
      ? child.pid!
      : waitFor(
          async () => Number(/\[supervisor\] worker ready \(pid (\d+)\)/.exec(product.output())?.[1]) || null,
          'the worker to be ready',
          120_000,
        );
  return { url, product, measuredPid, stop };
}

async function call<T>(url: string, token: string, method: string, urlPath: string, body?: unknown) {
  const response = await fetch(`${url}/api${urlPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${urlPath}: ${response.status} ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : null) as T;
}

async function signUp(url: string): Promise<string> {
  const supabase = createClient(`${url}/idp`, 'anon', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // NOTE: Node 20 has no native WebSocket; supabase-js refuses to construct without a transport.
    realtime: { transport: WebSocket as never },
  });
  const { data, error } = await supabase.auth.signUp({
    email: 'bench@example.com',
    password: 'Bench-password-34!',
  });
  if (error) throw error;
  if (!data.session) throw new Error('Sign-up gave no session: is AUTH_AUTOCONFIRM=true honoured?');
  return data.session.access_token;
}

async function waitFor<T>(probe: () => Promise<T | null>, what: string, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(250);
  }
}

/** A generated test of the shop, ready to replay. */
async function generatedTest(url: string, sites: FixtureSites): Promise<{ token: string; testId: string }> {
  const token = await signUp(url);
  const org = await call<{ org_id: string }>(url, token, 'POST', '/organizations', { name: 'Bench' });
  const suite = await call<{ test_suite_id: string }>(url, token, 'POST', '/test-suites', {
    name: 'Worker memory',
    org_id: org.org_id,
  });
  const [created] = await call<{ _id: string }[]>(url, token, 'POST', '/test-cases/', {
    schedule_generation: true,
    test_cases: [
      {
        test_suite_id: suite.test_suite_id,
        name: 'Shop',
        website: sites.url('shop'),
        description: INSTRUCTIONS,
      },
    ],
  });
  const test = await waitFor(
    async () => {
      const test = await call<{ state: string; final_message?: string }>(
        url,
        token,
        'GET',
        `/test-case/${created._id}`,
      );
      return test.state !== 'created' && !GENERATING_STATES.includes(test.state as GenerationState)
        ? test
        : null;
    },
    'the bench test to be generated',
    180_000,
  );
  if (test.state !== 'passed')
    throw new Error(`The bench test's generation ended ${test.state}: ${test.final_message}`);
  return { token, testId: created._id };
}

async function runStatus(url: string, token: string, runId: string): Promise<string> {
  return (await call<{ status: string }>(url, token, 'GET', `/test-run/${runId}`)).status;
}

async function measureOne(
  command: 'processes' | 'start',
  sites: FixtureSites,
  runs: number,
): Promise<Figure[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-worker-'));
  let started: Started | null = null;
  try {
    started = await start(command, dir);
    const { url } = started;
    const pid = await started.measuredPid();
    const readyMb = rssMb(pid);
    const { token, testId } = await generatedTest(url, sites);
    let peak = rssMb(pid);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), SAMPLE_MS);
    try {
      const ids: string[] = [];
      for (let i = 0; i < runs; i++) {
        const run = await call<{ runId: string }>(url, token, 'POST', `/test-run/${testId}`, {});
        ids.push(run.runId);
      }
      const statuses = await waitFor(
        async () => {
          const statuses = await Promise.all(ids.map((id) => runStatus(url, token, id)));
          return statuses.some((status) => RUNNING_STATES.includes(status as RunState)) ? null : statuses;
        },
        'the bench runs to finish',
        15 * 60_000,
      );
      const failed = statuses.filter((status) => status !== 'passed');
      if (failed.length > 0)
        throw new Error(`${failed.length} of ${runs} bench runs did not pass: ${failed.join(', ')}`);
    } finally {
      clearInterval(sampler);
    }
    const endMb = rssMb(pid);
    const label = command === 'processes' ? 'worker' : 'start';
    return [
      { bench: BENCH, metric: `${label}_rss_ready`, value: Math.round(readyMb), unit: 'MB' },
      {
        bench: BENCH,
        metric: `${label}_rss_peak_${CONTEXTS}_contexts`,
        value: Math.round(peak),
        unit: 'MB',
        ...(command === 'processes' && { target: `<= ${TARGET_MB}` }),
      },
      { bench: BENCH, metric: `${label}_rss_after_${runs}_runs`, value: Math.round(endMb), unit: 'MB' },
    ];
  } catch (error) {
    if (started)
      console.error(`[${BENCH}] the product's output:\n${started.product.output().slice(-10_000)}`);
    throw error;
  } finally {
    await started?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function measureWorkerMemory(): Promise<Figure[]> {
  const runs = Number(process.env.BENCH_WORKER_RUNS || 16);
  const sites = await serveFixtureSites();
  try {
    const figures = await measureOne('processes', sites, runs);
    if (process.env.BENCH_WORKER_START === 'true') figures.push(...(await measureOne('start', sites, runs)));
    return figures;
  } finally {
    await sites.close();
  }
}
