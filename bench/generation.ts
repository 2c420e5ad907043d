// Offline generation (the rules model, real Chromium, fixture shop): time per step, the ratio of
// generating a 10-step test to replaying its actions, and a regeneration on a warm action cache
// (its model calls must be 0).
import { performance } from 'node:perf_hooks';
import { serveFixtureSites } from '../fixtures/sites/serve';
import {
  Generator,
  MemoryActionCache,
  createModelSet,
  type ActionCache,
  type Outcome,
} from '../server/src/agents';
import { loadConfig } from '../server/src/config';
import { type Action, BrowserPool, RunnerSession, isAction } from '../server/src/runner';
import { type Figure } from './spaBundle';

const RUNS = 5;
const STEP_TIMEOUT_MS = 5000;

// Ten steps once the generator opens the start page.
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
const round = (value: number) => Math.round(value * 100) / 100;

export async function measureGeneration(): Promise<Figure[]> {
  const sites = await serveFixtureSites();
  const pool = new BrowserPool({ wsEndpoint: process.env.BROWSER_WS_ENDPOINT || null });
  const models = createModelSet(loadConfig({ AI_PROVIDER: 'rules' }).generation);
  const website = sites.url('shop');
  const open = async (trace: boolean) =>
    RunnerSession.open(await pool.acquire(), {
      viewport: { width: 1280, height: 720 },
      values: { parameters: {}, secrets: {} },
      stepTimeoutMs: STEP_TIMEOUT_MS,
      trace,
    });
  const generate = async (cache: ActionCache): Promise<{ ms: number; outcome: Outcome }> => {
    const session = await open(true);
    const started = performance.now();
    const outcome = await new Generator(session, models, cache, {
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
    const ms = performance.now() - started;
    if (outcome.state !== 'passed') throw new Error(`The bench test did not pass: ${outcome.message}`);
    if (outcome.steps.length !== 10)
      throw new Error(`The bench test has ${outcome.steps.length} steps, not 10`);
    return { ms, outcome };
  };
  const replay = async (actions: Action[]): Promise<number> => {
    const session = await open(false);
    const started = performance.now();
    for (const action of actions) {
      const result = await session.execute(action);
      if (!result.ok) throw new Error(`Replay failed: ${result.error?.message}`);
    }
    const ms = performance.now() - started;
    await session.close();
    return ms;
  };

  try {
    await generate(new MemoryActionCache()); // warm-up: browser start, first page loads
    const cold: number[] = [];
    const replays: number[] = [];
    const warm: number[] = [];
    const warmCalls: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const cache = new MemoryActionCache();
      const first = await generate(cache);
      cold.push(first.ms);
      replays.push(await replay(first.outcome.steps.map((step) => step.action).filter(isAction)));
      const before = models.stats.calls;
      warm.push((await generate(cache)).ms);
      warmCalls.push(models.stats.calls - before);
    }
    const bench = 'generation';
    return [
      { bench, metric: 'offline_generation_per_step', value: round(median(cold) / 10), unit: 'ms' },
      { bench, metric: 'offline_generation_10_steps', value: round(median(cold)), unit: 'ms' },
      { bench, metric: 'replay_10_steps', value: round(median(replays)), unit: 'ms' },
      {
        bench,
        metric: 'generate_vs_replay_10_steps',
        value: round(median(cold) / median(replays)),
        unit: 'x',
      },
      { bench, metric: 'warm_regeneration_per_step', value: round(median(warm) / 10), unit: 'ms' },
      {
        bench,
        metric: 'warm_regeneration_model_calls',
        value: Math.max(...warmCalls),
        unit: 'calls',
        target: '0',
      },
    ];
  } finally {
    await pool.close();
    await sites.close();
  }
}
