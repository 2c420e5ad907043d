// Runs (issue 6). Replay overhead: our run of a generated 10-step test (RunnerSession + replay,
// a trace and a screenshot per step, the trace summarised per step) against the same actions written
// by hand with playwright-core, side by side on the same fixture site and Chromium, as a ratio of
// medians — with a trace and a screenshot per step on both sides, and without on both sides.
// Throughput: 40 runs through the whole server (API, pg-boss, worker, storage) with 1, 2 and 4
// concurrent contexts: runs per minute, and the memory of the worker process (RSS) and of its
// Chromium (PSS of all its processes).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type Browser, type Locator, type Page } from 'playwright-core';
import { serveFixtureSites, type FixtureSites } from '../fixtures/sites/serve';
import { Generator, MemoryActionCache, createModelSet } from '../server/src/agents';
import { loadConfig } from '../server/src/config';
import { testRuns } from '../server/src/db/schema';
import {
  BrowserPool,
  type ReplayStep,
  RunnerSession,
  describeAction,
  isAction,
  replay,
} from '../server/src/runner';
import { type CreatedRun } from '../contract/runs';
import { api, startTestServer, tokenFor, type TestServer } from '../server/test/helpers';
import { benchProject } from './apiBench';
import { type Figure } from './spaBundle';

const RUNS = 15;
const WARMUP = 2;
const STEP_TIMEOUT_MS = 5000;
const THROUGHPUT_RUNS = 40;
const CONCURRENCY = [1, 2, 4];
const VIEWPORT = { width: 1280, height: 720 };

// Ten steps once the generator opens the start page (the same test as bench/generation.ts).
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

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

export async function measureReplay(): Promise<Figure[]> {
  return [...(await measureReplayOverhead()), ...(await measureRunThroughput())];
}

// ── Replay overhead ───────────────────────────────────────────────────────────────────────────────

async function generateSteps(pool: BrowserPool, website: string): Promise<ReplayStep[]> {
  const models = createModelSet(loadConfig({ AI_PROVIDER: 'rules' }).generation);
  const session = await RunnerSession.open(await pool.acquire(), {
    viewport: VIEWPORT,
    values: { parameters: {}, secrets: {} },
    stepTimeoutMs: STEP_TIMEOUT_MS,
    trace: false,
  });
  const outcome = await new Generator(session, models, new MemoryActionCache(), {
    onPlan: async () => true,
    onStep: async () => true,
    saveScreenshot: async () => 'bench',
    stopped: () => false,
  }).run({
    website,
    instructions: INSTRUCTIONS,
    language: 'typescript',
    plan: null,
    fromStep: 0,
    keptSteps: [],
    feedback: null,
    maxSteps: 100,
    stepTimeoutMs: STEP_TIMEOUT_MS,
    traceId: null,
  });
  await session.close();
  if (outcome.state !== 'passed' || outcome.steps.length !== 10)
    throw new Error(`The bench test did not generate 10 passing steps: ${outcome.message}`);
  return outcome.steps.map((step) => {
    if (!isAction(step.action)) throw new Error(`Step ${step.step_index} has no action`);
    return {
      description: step.step_description,
      actionName: describeAction(step.action),
      action: step.action,
    };
  });
}

/** Our run: a fresh context, the replay, the trace stopped and summarised per step. */
async function ours(browser: Browser, steps: ReplayStep[], evidence: boolean): Promise<number> {
  const started = performance.now();
  const session = await RunnerSession.open(browser, {
    viewport: VIEWPORT,
    values: { parameters: {}, secrets: {} },
    stepTimeoutMs: STEP_TIMEOUT_MS,
    trace: evidence,
  });
  let screenshots = 0;
  const outcome = await replay(
    session,
    steps,
    {
      onStep: async (result) => {
        if (result.screenshot) screenshots++;
      },
      stopped: () => false,
    },
    { language: 'typescript', stepTimeoutMs: STEP_TIMEOUT_MS, screenshots: evidence, log: null },
  );
  const trace = await session.close();
  const ms = performance.now() - started;
  if (outcome.state !== 'passed') throw new Error(`Our replay did not pass: ${outcome.message}`);
  if (evidence && (screenshots !== 10 || !trace || trace.groups.length !== 10))
    throw new Error('Our replay did not record 10 screenshots and a trace of 10 steps');
  return ms;
}

/** Polls like Playwright's expect (100, 250, 500, 1000 ms) until the check holds. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  for (const wait of [0, 100, 250, 500, 1000, 1000, 1000, 1000, 1000, 1000]) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    if (await check()) return;
    if (Date.now() > deadline) break;
  }
  throw new Error(`Expected ${what}`);
}

const text = async (locator: Locator) => (await locator.textContent({ timeout: STEP_TIMEOUT_MS })) ?? '';

/** The same ten actions written by hand with playwright-core. */
async function handWritten(browser: Browser, shop: string, evidence: boolean): Promise<number> {
  const started = performance.now();
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  if (evidence) await context.tracing.start({ snapshots: true, screenshots: false, sources: false });
  const page: Page = await context.newPage();
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  const shot = async () => {
    if (evidence) await page.screenshot({ type: 'jpeg', quality: 80 });
  };
  await page.goto(shop);
  await shot();
  await page.getByRole('searchbox', { name: 'Search products', exact: true }).fill('lamp');
  await shot();
  // By hand, one knows which actions load a new page and waits for it.
  await page.keyboard.press('Enter');
  await page.waitForURL(/[?&]q=lamp/);
  await shot();
  await eventually(async () => (await page.locator('[data-testid^="product-"]').count()) === 2, '2 products');
  await shot();
  await page.getByRole('button', { name: 'Add to cart: Arc floor lamp', exact: true }).click();
  await shot();
  const cart = page.getByRole('link', { name: 'Cart (1)', exact: true });
  await eventually(async () => (await text(cart)).includes('Cart (1)'), 'Cart (1)');
  await shot();
  await cart.click();
  await page.waitForURL(/cart\.html/);
  await shot();
  await eventually(async () => (await text(page.getByTestId('total'))).includes('$129.00'), 'the total');
  await shot();
  await page.getByRole('link', { name: 'Checkout', exact: true }).click();
  await page.waitForURL(/checkout\.html/);
  await shot();
  await page.getByRole('textbox', { name: 'Full name', exact: true }).fill('Ada Lovelace');
  await shot();
  if (evidence) {
    const file = path.join(os.tmpdir(), `bench-trace-${process.pid}-${Date.now()}.zip`);
    await context.tracing.stop({ path: file });
    fs.rmSync(file, { force: true });
  }
  await context.close();
  return performance.now() - started;
}

async function measureReplayOverhead(): Promise<Figure[]> {
  const sites = await serveFixtureSites();
  const pool = new BrowserPool({ wsEndpoint: process.env.BROWSER_WS_ENDPOINT || null });
  try {
    const shop = sites.url('shop');
    const steps = await generateSteps(pool, shop);
    const browser = await pool.acquire();
    const figures: Figure[] = [];
    for (const evidence of [true, false]) {
      const mine: number[] = [];
      const theirs: number[] = [];
      // Side by side: alternate, so both meet the same machine.
      for (let run = 0; run < RUNS + WARMUP; run++) {
        const a = await ours(browser, steps, evidence);
        const b = await handWritten(browser, shop, evidence);
        if (run >= WARMUP) {
          mine.push(a);
          theirs.push(b);
        }
      }
      const suffix = evidence ? 'with_trace_and_screenshots' : 'bare';
      figures.push(
        { bench: 'replay', metric: `run_10_steps_${suffix}`, value: round(median(mine)), unit: 'ms' },
        {
          bench: 'replay',
          metric: `hand_written_10_steps_${suffix}`,
          value: round(median(theirs)),
          unit: 'ms',
        },
        {
          bench: 'replay',
          metric: `replay_vs_hand_written_${suffix}`,
          value: round(median(mine) / median(theirs)),
          unit: 'x',
          target: '<= 1.15',
        },
      );
    }
    return figures;
  } finally {
    await pool.close();
    await sites.close();
  }
}

// ── Throughput through the whole server ───────────────────────────────────────────────────────────

/** Memory of this process's descendants (Chromium), in MB: their summed PSS from /proc. */
function childrenRssMb(): number {
  if (!fs.existsSync('/proc')) return 0;
  const parents = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command may hold spaces and parentheses: the fields after the last ')' are fixed.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // The process ended meanwhile.
    }
  }
  const mine = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, ppid] of parents)
      if (!mine.has(pid) && mine.has(ppid)) {
        mine.add(pid);
        grew = true;
      }
  }
  mine.delete(process.pid);
  let kb = 0;
  for (const pid of mine) {
    try {
      // PSS shares the pages Chromium's processes have in common among them; summed RSS would count them again and again.
      const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      kb += Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? 0);
    } catch {
      // Gone.
    }
  }
  return kb / 1024;
}

async function oneServer(sites: FixtureSites, concurrency: number): Promise<Figure[]> {
  const server: TestServer = await startTestServer({
    env: {
      WORKER_CONCURRENCY: String(concurrency),
      STEP_TIMEOUT_MS: String(STEP_TIMEOUT_MS),
      AI_PROVIDER: 'rules',
    },
  });
  try {
    const { token } = await tokenFor(server, { email: 'bench@example.com' });
    const { suiteId } = await benchProject(server, token, 'Runs');
    const created = await api<{ _id: string }[]>(server, 'POST', '/test-cases/', {
      token,
      body: {
        schedule_generation: true,
        test_cases: [
          {
            test_suite_id: suiteId,
            name: 'Shop',
            website: sites.url('shop'),
            description: INSTRUCTIONS,
          },
        ],
      },
    });
    const testId = created.body[0]._id;
    for (;;) {
      const test = await api<{ state: string }>(server, 'GET', `/test-case/${testId}`, { token });
      if (test.body.state === 'passed') break;
      if (!['pending', 'waiting_for_executor', 'running', 'retrying'].includes(test.body.state))
        throw new Error(`The bench test did not generate: ${test.body.state}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // A warm-up run: the browser starts.
    const warm = await api<CreatedRun>(server, 'POST', `/test-run/${testId}`, { token, body: {} });
    await waitForRuns(server, [warm.body.runId]);

    let peakNode = process.memoryUsage().rss / 2 ** 20;
    let peakBrowser = childrenRssMb();
    const sampler = setInterval(() => {
      peakNode = Math.max(peakNode, process.memoryUsage().rss / 2 ** 20);
      peakBrowser = Math.max(peakBrowser, childrenRssMb());
    }, 250);
    const started = performance.now();
    const ids: string[] = [];
    for (let i = 0; i < THROUGHPUT_RUNS; i++) {
      const run = await api<CreatedRun>(server, 'POST', `/test-run/${testId}`, { token, body: {} });
      ids.push(run.body.runId);
    }
    const statuses = await waitForRuns(server, ids);
    const minutes = (performance.now() - started) / 60_000;
    clearInterval(sampler);
    const failed = statuses.filter((status) => status !== 'passed').length;
    if (failed > 0) throw new Error(`${failed} of ${THROUGHPUT_RUNS} bench runs did not pass`);
    const bench = 'run-throughput';
    return [
      {
        bench,
        metric: `runs_per_minute_${concurrency}_contexts`,
        value: round(THROUGHPUT_RUNS / minutes, 1),
        unit: 'runs/min',
      },
      { bench, metric: `worker_rss_peak_${concurrency}_contexts`, value: Math.round(peakNode), unit: 'MB' },
      {
        bench,
        metric: `chromium_pss_peak_${concurrency}_contexts`,
        value: Math.round(peakBrowser),
        unit: 'MB',
      },
    ];
  } finally {
    await server.close();
  }
}

async function waitForRuns(server: TestServer, ids: string[]): Promise<string[]> {
  const { inArray } = await import('drizzle-orm');
  const deadline = Date.now() + 15 * 60_000;
  for (;;) {
    const rows = await server.database.db
      .select({ status: testRuns.status })
      .from(testRuns)
      .where(inArray(testRuns.id, ids));
    const statuses = rows.map((row) => row.status);
    if (
      statuses.length === ids.length &&
      statuses.every((s) => !['pending', 'waiting_for_executor', 'running'].includes(s))
    )
      return statuses;
    if (Date.now() > deadline) throw new Error('The bench runs did not end in 15 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function measureRunThroughput(): Promise<Figure[]> {
  const sites = await serveFixtureSites();
  try {
    const figures: Figure[] = [];
    for (const concurrency of CONCURRENCY) figures.push(...(await oneServer(sites, concurrency)));
    return figures;
  } finally {
    await sites.close();
  }
}

export { measureReplayOverhead, measureRunThroughput };
