// The agents on the way people write (issue 10): every case of the generation corpus generated
// offline (the rules model, real Chromium, the fixture sites), then replayed from its actions. Prints
// the pass rate per class and overall, false passes on the trap set, vague instructions refused, and
// the median generation time per step. `AGENTS_ONLY=<words>` runs the cases whose name holds them.
import { performance } from 'node:perf_hooks';
import { serveFixtureSites, type FixtureSites } from '../fixtures/sites/serve';
import { Generator, MemoryActionCache, createModelSet, type Outcome } from '../server/src/agents';
import { loadConfig } from '../server/src/config';
import { BrowserPool, RunnerSession, isAction, type Action } from '../server/src/runner';
import { AGENTS_CORPUS, CORPUS, TRAP_MESSAGE, type CorpusCase } from '../server/test/generationCorpus';
import { type Figure } from './spaBundle';

const STEP_TIMEOUT_MS = 2500;
const PASSWORD = 'correct-horse-battery';

export interface CaseResult {
  item: CorpusCase;
  outcome: Outcome;
  /** Passed cases: their actions replayed green in a fresh context. */
  replayed: boolean | null;
  msPerStep: number;
}

const median = (values: number[]) =>
  values.length === 0 ? 0 : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const round = (value: number) => Math.round(value * 1000) / 1000;

/** Generates (and replays) cases, two at a time. */
export async function generateCases(
  cases: CorpusCase[],
  sites: FixtureSites,
  pool: BrowserPool,
): Promise<CaseResult[]> {
  // The rules by default; AI_PROVIDER=openai AI_BASE_URL=… AI_MODEL=… runs the same corpus against a model.
  const models = createModelSet(
    loadConfig(process.env.AI_PROVIDER ? process.env : { AI_PROVIDER: 'rules' }).generation,
  );
  const open = async (parameters: Record<string, string>) =>
    RunnerSession.open(await pool.acquire(), {
      viewport: { width: 1280, height: 720 },
      values: { parameters, secrets: { password: PASSWORD } },
      stepTimeoutMs: STEP_TIMEOUT_MS,
      trace: false,
    });
  const one = async (item: CorpusCase): Promise<CaseResult> => {
    const session = await open(item.parameters ?? {});
    const started = performance.now();
    let outcome: Outcome;
    try {
      outcome = await new Generator(session, models, new MemoryActionCache(), {
        onPlan: async () => true,
        onStep: async () => true,
        saveScreenshot: async () => 'bench',
        stopped: () => false,
      }).run({
        website: sites.url(item.site),
        instructions: item.description,
        language: 'typescript',
        plan: null,
        fromStep: 0,
        keptSteps: [],
        feedback: null,
        maxSteps: 100,
        stepTimeoutMs: STEP_TIMEOUT_MS,
        traceId: null,
      });
    } finally {
      await session.close();
    }
    const msPerStep = (performance.now() - started) / Math.max(1, outcome.steps.length);
    let replayed: boolean | null = null;
    if (outcome.state === 'passed') {
      const replay = await open(item.parameters ?? {});
      try {
        replayed = true;
        for (const action of outcome.steps.map((step) => step.action).filter(isAction) as Action[])
          if (!(await replay.execute(action)).ok) {
            replayed = false;
            break;
          }
      } finally {
        await replay.close();
      }
    }
    return { item, outcome, replayed, msPerStep };
  };
  const results: CaseResult[] = new Array(cases.length);
  let next = 0;
  await Promise.all(
    [0, 1].map(async () => {
      while (next < cases.length) {
        const index = next++;
        results[index] = await one(cases[index]);
      }
    }),
  );
  return results;
}

/** Whether a case reached what it must: passed and replayed, or failed/refused as expected. */
export function met(result: CaseResult): boolean {
  const { item, outcome } = result;
  if (outcome.state !== item.expect) return false;
  if (item.expect === 'passed') return result.replayed === true;
  if (item.kind === 'trap' && !TRAP_MESSAGE.test(outcome.message)) return false;
  return (item.message ?? []).every((words) => outcome.message.includes(words));
}

export async function measureAgents(): Promise<Figure[]> {
  const sites = await serveFixtureSites();
  const pool = new BrowserPool({ wsEndpoint: process.env.BROWSER_WS_ENDPOINT || null });
  const only = process.env.AGENTS_ONLY?.toLowerCase();
  const all = [
    ...CORPUS.map((item) => ({
      ...item,
      kind: item.kind ?? (item.expect === 'not_runnable' ? 'vague' : undefined),
    })),
    ...AGENTS_CORPUS,
  ].filter((item) => !only || item.name.toLowerCase().includes(only)) as CorpusCase[];
  try {
    const results = await generateCases(all, sites, pool);
    const bench = 'agents';
    const figures: Figure[] = [];
    for (const result of results)
      if (!met(result))
        console.error(
          `✗ ${result.item.name} (${result.item.site}): ${result.outcome.state} — ${result.outcome.message}`,
        );
    const kinds = [...new Set(results.map((result) => result.item.kind ?? 'existing'))];
    for (const kind of kinds) {
      const mine = results.filter((result) => (result.item.kind ?? 'existing') === kind);
      figures.push({
        bench,
        metric: `pass_rate_${kind.replace(/\s+/g, '_')}`,
        value: round(mine.filter(met).length / mine.length),
        unit: 'ratio',
      });
    }
    const wellFormed = results.filter((result) => result.item.expect === 'passed');
    const traps = results.filter((result) => result.item.kind === 'trap');
    const vague = results.filter((result) => result.item.expect === 'not_runnable');
    figures.push(
      {
        bench,
        metric: 'pass_rate_well_formed',
        value: round(wellFormed.filter(met).length / Math.max(1, wellFormed.length)),
        unit: 'ratio',
        target: '>= 0.95',
      },
      {
        bench,
        metric: 'pass_rate_overall',
        value: round(results.filter(met).length / Math.max(1, results.length)),
        unit: 'ratio',
      },
      {
        bench,
        metric: 'trap_false_passes',
        value: traps.filter((result) => result.outcome.state === 'passed').length,
        unit: 'cases',
        target: '0',
      },
      {
        bench,
        metric: 'vague_refused',
        value: round(
          vague.filter((result) => result.outcome.state === 'not_runnable').length /
            Math.max(1, vague.length),
        ),
        unit: 'ratio',
        target: '1',
      },
      {
        bench,
        metric: 'offline_generation_median_per_step',
        value: Math.round(median(results.map((result) => result.msPerStep))),
        unit: 'ms',
        target: '<= 500',
      },
    );
    return figures;
  } finally {
    await pool.close();
    await sites.close();
  }
}
