// The API under load (issue 16): the product started as `npm start` starts it, in a child process,
// and measured from outside. 50 WebSocket clients watch, and 100 requests/s of the SPA's reads (a
// suite's test tree and a test) go to the API: first for 15 s with nothing running, then for
// BENCH_LOAD_SECONDS (60) while BENCH_LOAD_RUNS (20) runs and 2 generations (the rules model) drive
// real Chromium against the fixture sites, kept up for the whole phase (a new run or generation is
// asked for as soon as one ends). Figures: the requests' p50 and p99, errors, the API
// process's event-loop delay (read from LOOP_DELAY_FILE, which the API process writes with
// server/src/lib/loopDelay.ts), the runs that finished, and the memory of the product's process tree.
//
// It measures whatever `start` is (one process today, a supervisor of three with issue 16).
// BENCH_START_COMMAND=processes measures the supervisor of processes (issue 16); BENCH_DATABASE_URL measures on a fresh
// database of that Postgres (DATABASE_URL) instead of the embedded one. BENCH_LATENCY_LOG=<file> appends
// each read as "<ms since the phase began> <tree|test> <latency ms>", to see when the slow ones came.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { serveFixtureSites, type FixtureSites } from '../fixtures/sites/serve';
import { GENERATING_STATES, RUNNING_STATES, type GenerationState, type RunState } from '../contract/states';
import { type LoopDelayReport, resetFileOf } from '../server/src/lib/loopDelay';
import { freePort } from '../server/test/helpers';
import { startProduct as startProcess, waitForHealth } from '../server/test/processes';
import { freshPostgresDatabase, round } from './apiBench';
import { type Figure } from './spaBundle';

const BENCH = 'api-under-load';
const SOCKETS = 50;
const REQUESTS_PER_SECOND = 100;
const IDLE_SECONDS = 15;
const GENERATIONS = 2;
/** Tests in the suite besides the runnable ones, so the tree is a real one to read. */
const TREE_TESTS = 200;
const REQUEST_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 60_000;
const PASSWORD = 'bench password, long enough';

/** Tests the rules model generates and then replays, on the fixture sites. */
const RUNNABLE: { name: string; site: string; description: string }[] = [
  {
    name: 'Add a todo',
    site: 'todo',
    description: 'Add a todo "Buy milk". Verify there is 1 todo item.',
  },
  {
    name: 'Sign in as Ada',
    site: 'login',
    description: [
      'Type "ada@example.com" into the Email field.',
      'Type "correct-horse-battery" into the Password field.',
      'Click the Sign in button.',
      'Verify the page shows "Welcome, Ada Lovelace".',
    ].join(' '),
  },
];

function positiveInteger(name: string, fallback: number): number {
  const raw = process.env[name]?.trim();
  const value = Number(raw || fallback);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number above 0 (got "${raw}")`);
  return value;
}

export async function measureApiUnderLoad(): Promise<Figure[]> {
  const loadSeconds = positiveInteger('BENCH_LOAD_SECONDS', 60);
  const runs = positiveInteger('BENCH_LOAD_RUNS', 20);
  const command = process.env.BENCH_START_COMMAND?.trim() || 'start';
  const sites = await serveFixtureSites();
  const postgres = process.env.BENCH_DATABASE_URL?.trim() ? await freshPostgresDatabase(BENCH) : null;
  if (postgres && 'skipped' in postgres) throw new Error(`BENCH_DATABASE_URL: ${postgres.skipped}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-load-'));
  let product: Product | null = null;
  try {
    product = await startProduct(command, dir, postgres?.url ?? null);
    const measured = await measure(product, sites, { loadSeconds, runs });
    const suffix = postgres ? ' on postgres' : '';
    return measured.map((figure) => ({ ...figure, metric: figure.metric + suffix }));
  } finally {
    if (product) await product.stop();
    await sites.close();
    if (postgres) await postgres.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// ── The product, as a child process ───────────────────────────────────────────────────────────────

interface Product {
  url: string;
  pid: number;
  loopDelayFile: string;
  stop(): Promise<void>;
}

async function startProduct(command: string, dir: string, databaseUrl: string | null): Promise<Product> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const loopDelayFile = path.join(dir, 'loop.json');
  fs.mkdirSync(path.join(dir, 'static'));
  const product = startProcess(
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(dir, 'data'),
      STATIC_DIR: path.join(dir, 'static'),
      LOOP_DELAY_FILE: loopDelayFile,
      WORKER_CONCURRENCY: '2',
      AI_PROVIDER: 'rules',
      // A failed run would start a healing generation: the load is the runs and generations asked for.
      AUTO_HEAL: 'false',
      DATABASE_URL: databaseUrl ?? '',
    },
    command,
  );
  const { child } = product;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    // Chromium and the supervisor's children too, should the product not stop them in time.
    const tree = processTree(child.pid!);
    child.kill('SIGTERM');
    const code = await Promise.race([product.exited, sleep(STOP_TIMEOUT_MS).then(() => 'timeout' as const)]);
    if (code === 'timeout') {
      console.error(`[${BENCH}] the product did not stop in ${STOP_TIMEOUT_MS / 1000} s; killing it`);
      for (const pid of [...processTree(child.pid!), ...tree]) killQuietly(pid);
      await product.exited;
    } else if (code !== 0) {
      console.error(`[${BENCH}] the product exited with ${code}:\n${product.output().slice(-20_000)}`);
    }
  };
  try {
    await waitForHealth(url, 120_000, product);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, loopDelayFile, stop };
}

function killQuietly(pid: number) {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone already
  }
}

/** The pid and its descendants, from /proc/<pid>/stat's ppid. */
function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command may hold spaces and parentheses: the fields after the last ')' are fixed.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(entry), Number(fields[1]));
    } catch {
      // The process ended meanwhile.
    }
  }
  const tree = new Set([root]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents)
      if (!tree.has(pid) && tree.has(ppid)) {
        tree.add(pid);
        grew = true;
      }
  }
  return [...tree];
}

/** The resident memory of the product's processes, in MB (VmRSS; shared pages count in each). */
function productRssMb(root: number): number {
  let kb = 0;
  for (const pid of processTree(root)) {
    try {
      const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (match) kb += Number(match[1]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return round(kb / 1024);
}

// ── The API, over HTTP as the SPA calls it ───────────────────────────────────────────────────────

async function call<T>(product: Product, token: string, method: string, urlPath: string, body?: unknown) {
  const response = await fetch(`${product.url}/api${urlPath}`, {
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

async function signUp(product: Product): Promise<string> {
  const supabase = createClient(`${product.url}/idp`, 'anon', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // NOTE: Node 20 has no native WebSocket; supabase-js refuses to construct without a transport.
    realtime: { transport: WebSocket as never },
  });
  const { data, error } = await supabase.auth.signUp({ email: 'bench@example.com', password: PASSWORD });
  if (error) throw error;
  if (!data.session) throw new Error('Sign-up gave no session: is AUTH_AUTOCONFIRM=true honoured?');
  return data.session.access_token;
}

interface TestCaseBody {
  _id: string;
  state: string;
  final_message?: string | null;
}

const isGenerating = (state: string) => GENERATING_STATES.includes(state as GenerationState);
const isRunning = (status: string) => RUNNING_STATES.includes(status as RunState);

async function createTests(
  product: Product,
  token: string,
  suiteId: string,
  tests: { name: string; website: string; description: string; path?: string }[],
  generate: boolean,
): Promise<string[]> {
  const created = await call<TestCaseBody[]>(product, token, 'POST', '/test-cases/', {
    schedule_generation: generate,
    test_cases: tests.map((test) => ({ test_suite_id: suiteId, ...test })),
  });
  return created.map((test) => test._id);
}

interface Project {
  token: string;
  suiteId: string;
  /** Every test of the suite: what the load reads. */
  testIds: string[];
  /** Generated and passed: what the runs replay. */
  runnableIds: string[];
}

/** A person, an organization, a suite of TREE_TESTS tests in folders, and the runnable tests generated. */
async function setUpProject(product: Product, sites: FixtureSites): Promise<Project> {
  const token = await signUp(product);
  const org = await call<{ org_id: string }>(product, token, 'POST', '/organizations', { name: 'Bench' });
  const suite = await call<{ test_suite_id: string }>(product, token, 'POST', '/test-suites', {
    name: 'Under load',
    org_id: org.org_id,
  });
  const suiteId = suite.test_suite_id;
  const testIds: string[] = [];
  for (let start = 0; start < TREE_TESTS; start += 50) {
    const batch = Array.from({ length: Math.min(50, TREE_TESTS - start) }, (_, i) => {
      const n = start + i + 1;
      return {
        name: `Checkout case ${n}`,
        website: sites.url('shop'),
        description: `Search for "lamp ${n}". Verify the results show it.`,
        path: `Area_${n % 5}/Flow_${n % 3}`,
      };
    });
    testIds.push(...(await createTests(product, token, suiteId, batch, false)));
  }
  const runnableIds = await createTests(
    product,
    token,
    suiteId,
    RUNNABLE.map((test) => ({
      name: test.name,
      website: sites.url(test.site),
      description: test.description,
    })),
    true,
  );
  for (const id of runnableIds) {
    const test = await waitFor(
      async () => {
        const test = await call<TestCaseBody>(product, token, 'GET', `/test-case/${id}`);
        return !isGenerating(test.state) && test.state !== 'created' ? test : null;
      },
      'a bench test to be generated',
      180_000,
    );
    if (test.state !== 'passed')
      throw new Error(`A bench test's generation ended ${test.state}: ${test.final_message ?? ''}`);
  }
  return { token, suiteId, testIds: [...testIds, ...runnableIds], runnableIds };
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

// ── The load ─────────────────────────────────────────────────────────────────────────────────────

/** 50 sockets as the SPA opens them: authenticated, each watching what it is told to. */
class Watchers {
  failures: string[] = [];
  messages = 0;
  private readonly _sockets: WebSocket[] = [];
  private _closing = false;
  private _turn = 0;

  static async open(product: Product, token: string): Promise<Watchers> {
    const watchers = new Watchers();
    const wsUrl = `${product.url.replace(/^http/, 'ws')}/api/ws`;
    await Promise.all(
      Array.from({ length: SOCKETS }, async () => {
        const socket = new WebSocket(wsUrl);
        await new Promise<void>((resolve, reject) => {
          socket.once('open', () => resolve());
          socket.once('error', reject);
        });
        socket.on('message', (data) => {
          watchers.messages++;
          const message = JSON.parse(data.toString()) as { type: string; message?: string };
          if (message.type === 'ERROR') watchers.failures.push(`socket error: ${message.message}`);
        });
        socket.on('close', (code, reason) => {
          if (!watchers._closing) watchers.failures.push(`socket closed: ${code} ${reason.toString()}`);
        });
        socket.on('error', (error) => watchers.failures.push(`socket: ${error.message}`));
        socket.send(JSON.stringify({ type: 'auth', token }));
        watchers._sockets.push(socket);
      }),
    );
    return watchers;
  }

  /** Socket i watches tests[i % n] and runs[i % m]. */
  watch(testIds: string[], runIds: string[]) {
    this._sockets.forEach((socket, i) => {
      if (testIds.length > 0)
        socket.send(JSON.stringify({ type: 'watch', test_id: testIds[i % testIds.length] }));
      if (runIds.length > 0)
        socket.send(JSON.stringify({ type: 'watch_run', run_id: runIds[i % runIds.length] }));
    });
  }

  /**
   * Work that has just started gets watchers as a person's opened page would: the next sockets in
   * turn, as many for each as there are sockets per piece of work kept up.
   */
  watchNew(testIds: string[], runIds: string[], perItem: number) {
    const next = () => this._sockets[this._turn++ % this._sockets.length];
    for (const id of testIds)
      for (let i = 0; i < perItem; i++) next().send(JSON.stringify({ type: 'watch', test_id: id }));
    for (const id of runIds)
      for (let i = 0; i < perItem; i++) next().send(JSON.stringify({ type: 'watch_run', run_id: id }));
  }

  /** What went wrong since the last call. */
  takeFailures(): string[] {
    return this.failures.splice(0);
  }

  close() {
    this._closing = true;
    for (const socket of this._sockets) socket.close();
  }
}

/**
 * Keeps `runs` runs and GENERATIONS generations under way: each second it reads the ones in flight
 * (over the API, as a person's page would) and asks for a new one for each that ended.
 */
class Workload {
  startedAt = 0;
  errors: string[] = [];
  private readonly _runs: { id: string; status: string }[] = [];
  private readonly _generations: { id: string; state: string }[] = [];
  private _stopped = false;
  private _loop: Promise<void> | null = null;
  /** At each look, the share of the runs and generations asked for that were still in flight. */
  private readonly _inFlightShares: number[] = [];

  constructor(
    private readonly _product: Product,
    private readonly _project: Project,
    private readonly _sites: FixtureSites,
    private readonly _watchers: Watchers,
    private readonly _inFlight: number,
  ) {}

  async start(): Promise<void> {
    this.startedAt = Date.now();
    const [runs, tests] = await Promise.all([this._topUpRuns(), this._topUpGenerations()]);
    this._watchers.watch(tests, runs);
    this._loop = this._keepUp();
  }

  async stop(): Promise<{
    runs: { status: string }[];
    generations: { state: string }[];
    busyShare: number;
  }> {
    this._stopped = true;
    await this._loop;
    await this._read();
    const shares = this._inFlightShares;
    const busy = shares.length > 0 ? shares.reduce((sum, share) => sum + share, 0) / shares.length : 1;
    return { runs: this._runs, generations: this._generations, busyShare: Math.round(busy * 1000) / 1000 };
  }

  private async _keepUp(): Promise<void> {
    while (!this._stopped) {
      try {
        await this._read();
        // Measured before the top-up, up to a second after a piece of work ended: a lower bound.
        const inFlight =
          this._runs.filter((run) => isRunning(run.status)).length +
          this._generations.filter((test) => isGenerating(test.state) || test.state === 'created').length;
        this._inFlightShares.push(inFlight / (this._inFlight + GENERATIONS));
        if (this._stopped) break;
        const runs = await this._topUpRuns();
        const tests = await this._topUpGenerations();
        this._watchers.watchNew(tests, runs, Math.ceil(SOCKETS / (this._inFlight + GENERATIONS)));
      } catch (error) {
        this.errors.push(`keeping the work up: ${(error as Error).message}`);
      }
      await sleep(1000);
    }
  }

  private async _read(): Promise<void> {
    const { token } = this._project;
    await Promise.all([
      ...this._runs
        .filter((run) => isRunning(run.status))
        .map(async (run) => {
          run.status = (
            await call<{ status: string }>(this._product, token, 'GET', `/test-run/${run.id}`)
          ).status;
        }),
      ...this._generations
        .filter((test) => isGenerating(test.state) || test.state === 'created')
        .map(async (test) => {
          test.state = (await call<TestCaseBody>(this._product, token, 'GET', `/test-case/${test.id}`)).state;
        }),
    ]);
  }

  /** The runs asked for now. */
  private async _topUpRuns(): Promise<string[]> {
    const missing = this._inFlight - this._runs.filter((run) => isRunning(run.status)).length;
    const { token, runnableIds } = this._project;
    const ids = await Promise.all(
      Array.from({ length: Math.max(0, missing) }, async (_, i) => {
        const testId = runnableIds[(this._runs.length + i) % runnableIds.length];
        return (await call<{ runId: string }>(this._product, token, 'POST', `/test-run/${testId}`, {})).runId;
      }),
    );
    this._runs.push(...ids.map((id) => ({ id, status: 'pending' })));
    return ids;
  }

  /** The tests whose generation was asked for now. */
  private async _topUpGenerations(): Promise<string[]> {
    const missing =
      GENERATIONS -
      this._generations.filter((test) => isGenerating(test.state) || test.state === 'created').length;
    if (missing <= 0) return [];
    const ids = await createTests(
      this._product,
      this._project.token,
      this._project.suiteId,
      Array.from({ length: missing }, (_, i) => {
        const test = RUNNABLE[(this._generations.length + i) % RUNNABLE.length];
        return {
          name: `${test.name} again ${this._generations.length + i + 1}`,
          website: this._sites.url(test.site),
          description: test.description,
        };
      }),
      true,
    );
    this._generations.push(...ids.map((id) => ({ id, state: 'created' })));
    return ids;
  }
}

interface LoadResult {
  latencies: number[];
  /** The same latencies by what was read. */
  byRead: { tree: number[]; test: number[] };
  errors: string[];
}

/**
 * REQUESTS_PER_SECOND for `seconds`, open loop (sent on schedule whether or not earlier answers came):
 * the tree, then a test, by turns. Each request's latency is from its send to its whole body.
 */
async function readLoad(product: Product, project: Project, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  const byRead: LoadResult['byRead'] = { tree: [], test: [] };
  const errors: string[] = [];
  const inFlight: Promise<void>[] = [];
  const headers = { authorization: `Bearer ${project.token}`, 'accept-encoding': 'gzip' };
  const one = async (n: number) => {
    const urlPath =
      n % 2 === 0
        ? `/test-suites/${project.suiteId}/tree`
        : `/test-case/${project.testIds[Math.floor(Math.random() * project.testIds.length)]}`;
    const sent = performance.now();
    try {
      const response = await fetch(`${product.url}/api${urlPath}`, {
        headers,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      if (response.status !== 200) errors.push(`GET ${urlPath}: ${response.status}`);
    } catch (error) {
      errors.push(`GET ${urlPath}: ${(error as Error).message}`);
    }
    const latency = performance.now() - sent;
    latencies.push(latency);
    byRead[n % 2 === 0 ? 'tree' : 'test'].push(latency);
    if (process.env.BENCH_LATENCY_LOG)
      fs.appendFileSync(
        process.env.BENCH_LATENCY_LOG,
        `${Math.round(sent - started)} ${n % 2 === 0 ? 'tree' : 'test'} ${Math.round(latency)}\n`,
      );
  };
  const total = seconds * REQUESTS_PER_SECOND;
  const started = performance.now();
  for (let n = 0; n < total;) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * REQUESTS_PER_SECOND) + 1);
    for (; n < due; n++) inFlight.push(one(n));
    await sleep(5);
  }
  await Promise.all(inFlight);
  return { latencies, byRead, errors };
}

function quantile(values: number[], q: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

// ── The event-loop delay the API process reports ─────────────────────────────────────────────────

function askForLoopDelayReset(product: Product) {
  fs.writeFileSync(resetFileOf(product.loopDelayFile), '');
}

/**
 * The API's report covering the phase that just ended: written after `after` and counting since
 * its reset. Null when the API process writes none (it does not report its delay yet).
 */
async function loopDelayAfter(product: Product, after: number): Promise<LoopDelayReport | null> {
  const started = Date.now();
  let last: LoopDelayReport | null = null;
  while (Date.now() < started + 5000) {
    // Reports come every second: none after a few seconds means the API process writes none.
    if (!last && Date.now() > started + 2500 && !fs.existsSync(product.loopDelayFile)) return null;
    try {
      last = JSON.parse(fs.readFileSync(product.loopDelayFile, 'utf8')) as LoopDelayReport;
      if (Date.parse(last.at) >= after && !fs.existsSync(resetFileOf(product.loopDelayFile))) return last;
    } catch {
      // not written yet
    }
    await sleep(100);
  }
  if (last) console.error(`[${BENCH}] the API's loop delay report is stale (written ${last.at})`);
  return last;
}

// ── The measurement ──────────────────────────────────────────────────────────────────────────────

async function measure(
  product: Product,
  sites: FixtureSites,
  options: { loadSeconds: number; runs: number },
): Promise<Figure[]> {
  const project = await setUpProject(product, sites);
  const watchers = await Watchers.open(product, project.token);
  try {
    // Warm-up, not counted: the first reads of the tree and the tests.
    await readLoad(product, project, 2);

    // Idle: the same load with nothing running (the sockets watch tests that are not generating).
    watchers.watch(project.runnableIds, []);
    askForLoopDelayReset(product);
    const idle = await readLoad(product, project, IDLE_SECONDS);
    const idleEnded = Date.now();
    const idleRssMb = productRssMb(product.pid);
    const idleLoop = await loopDelayAfter(product, idleEnded);
    idle.errors.push(...watchers.takeFailures());

    // Under load: the runs and the generations start together, then the reads; the work is kept up
    // for the whole phase (an ended run or generation is followed by a new one at once).
    const work = new Workload(product, project, sites, watchers, options.runs);
    await work.start();
    askForLoopDelayReset(product);
    const load = await readLoad(product, project, options.loadSeconds);
    const loadEnded = Date.now();
    const loadRssMb = productRssMb(product.pid);
    const { runs: ended, generations: generated, busyShare } = await work.stop();
    const loadLoop = await loopDelayAfter(product, loadEnded);
    load.errors.push(...watchers.takeFailures(), ...work.errors);
    const phaseSeconds = (loadEnded - work.startedAt) / 1000;

    const finished = ended.filter((run) => !isRunning(run.status));
    const failed = finished.filter((run) => run.status !== 'passed');
    const generationsEnded = generated.filter(
      (test) => !isGenerating(test.state) && test.state !== 'created',
    );
    if (failed.length > 0)
      console.error(
        `[${BENCH}] ${failed.length} runs did not pass: ${failed.map((run) => run.status).join(', ')}`,
      );
    for (const [phase, result] of [
      ['idle', idle],
      ['under load', load],
    ] as const)
      if (result.errors.length > 0)
        console.error(
          `[${BENCH}] ${result.errors.length} errors ${phase}, e.g.\n  ${[...new Set(result.errors)].slice(0, 5).join('\n  ')}`,
        );
    if (!loadLoop)
      console.error(
        `[${BENCH}] the API process does not report its event-loop delay yet: it needs ` +
          'startLoopDelayReport(process.env.LOOP_DELAY_FILE) (server/src/lib/loopDelay.ts)',
      );

    const figure = (metric: string, value: number, unit: string, target?: string): Figure => ({
      bench: BENCH,
      metric,
      value,
      unit,
      ...(target ? { target } : {}),
    });
    return [
      figure('api p99 under load', round(quantile(load.latencies, 0.99)), 'ms', '< 250'),
      figure('api p50 under load', round(quantile(load.latencies, 0.5)), 'ms'),
      figure('api p99 under load, tree reads', round(quantile(load.byRead.tree, 0.99)), 'ms'),
      figure('api p99 under load, test reads', round(quantile(load.byRead.test, 0.99)), 'ms'),
      figure('errors', load.errors.length + idle.errors.length, 'errors', '0'),
      ...(loadLoop ? [figure('api event-loop delay p99', loadLoop.p99_ms, 'ms', '< 50')] : []),
      ...(idleLoop ? [figure('api event-loop delay p99 idle', idleLoop.p99_ms, 'ms')] : []),
      figure('api p99 idle', round(quantile(idle.latencies, 0.99)), 'ms'),
      figure('api p50 idle', round(quantile(idle.latencies, 0.5)), 'ms'),
      figure('requests under load', load.latencies.length, 'requests'),
      figure('runs kept in flight', options.runs, 'runs'),
      figure('runs finished', finished.length, 'runs'),
      figure('runs failed', failed.length, 'runs', '0'),
      figure('generations finished', generationsEnded.length, 'generations'),
      // Of the runs and generations asked for, the share found in flight each second (1: all, always).
      figure('work kept up', busyShare, 'share'),
      figure('load phase', round(phaseSeconds), 's'),
      figure('socket messages', watchers.messages, 'messages'),
      figure('memory of the product', loadRssMb, 'MB'),
      figure('memory of the product idle', idleRssMb, 'MB'),
      figure('cores', os.cpus().length, 'cores'),
      figure('load average', round(os.loadavg()[0]), 'processes'),
    ];
  } finally {
    watchers.close();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
