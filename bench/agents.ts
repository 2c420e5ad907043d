// The agents on the way people write (issue 10): every case of the generation corpus generated
// offline (the rules model, real Chromium, the fixture sites), then replayed from its actions. Prints
// the pass rate per class and overall, false passes on the trap set, vague instructions refused, and
// the median generation time per step, the exports green under `npx playwright test`, and LLM-mode
// input tokens per step (a scripted OpenAI-compatible model that measures what it is sent).
// It starts with the phrasing corpus through the parse entry (bench/agentsParse.ts; alone:
// `npm run bench agents-parse`). `AGENTS_ONLY=<words>` runs the cases whose name holds them; `AGENTS_SITES=a,b` those of these sites.
import fs from 'node:fs';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { serveFixtureSites, type FixtureSites } from '../fixtures/sites/serve';
import { Generator, MemoryActionCache, createModelSet, type Outcome } from '../server/src/agents';
import { loadConfig } from '../server/src/config';
import { BrowserPool, RunnerSession, isAction, typescriptScript, type Action } from '../server/src/runner';
import { runExportedSpecs } from '../server/test/exportedSpecs';
import { AGENTS_CORPUS, CORPUS, TRAP_MESSAGE, type CorpusCase } from '../server/test/generationCorpus';
import { measureAgentsParse } from './agentsParse';
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
  env: NodeJS.ProcessEnv = process.env.AI_PROVIDER ? process.env : { AI_PROVIDER: 'rules' },
): Promise<CaseResult[]> {
  // The rules by default; AI_PROVIDER=openai AI_BASE_URL=… AI_MODEL=… runs the same corpus against a model.
  const models = createModelSet(loadConfig(env).generation);
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

/** Exports every passed case as a Playwright Test spec and runs them all: how many are green. */
export async function exportsGreen(results: CaseResult[]): Promise<{ green: number; total: number }> {
  const passed = results.filter((result) => result.outcome.state === 'passed');
  if (passed.length === 0) return { green: 0, total: 0 };
  const root = path.resolve(__dirname, '..');
  // Inside the repository so the specs resolve @playwright/test; test-results/ is ignored by git.
  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, 'test-results', 'bench-agents-'));
  try {
    passed.forEach((result, index) => {
      const steps = result.outcome.steps
        .filter((step) => isAction(step.action))
        .map((step) => ({ description: step.step_description, action: step.action as Action }));
      const script = typescriptScript({
        name: result.item.name,
        steps,
        parameters: result.item.parameters ?? {},
        secretNames: result.item.description.includes('{{password}}') ? ['password'] : [],
        viewport: { width: 1280, height: 720 },
      });
      fs.writeFileSync(path.join(dir, `case${String(index).padStart(3, '0')}.spec.ts`), script);
    });
    const { report } = await runExportedSpecs(dir, { SECRET_PASSWORD: PASSWORD });
    for (const suite of report.suites)
      if (suite.specs.some((spec) => !spec.ok)) {
        const index = Number(/case(\d+)/.exec(suite.file)?.[1]);
        console.error(`✗ export of ${passed[index]?.item.name ?? suite.file} is not green (${dir})`);
      }
    return { green: report.stats.expected, total: passed.length };
  } finally {
    if (!process.env.KEEP_EXPORTS) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * LLM mode's input tokens per step, with a scripted OpenAI-compatible model: it measures each request
 * (messages and response schema, about 4 characters a token) and answers 400, so the offline rules
 * finish the step as they do when a real model fails. Each step sends the coder one request.
 */
export async function llmTokensPerStep(
  cases: CorpusCase[],
  sites: FixtureSites,
  pool: BrowserPool,
): Promise<number[]> {
  const coder: number[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as { messages?: { content: string }[] } & Record<string, unknown>;
      const system = body.messages?.[0]?.content ?? '';
      const sent = JSON.stringify([body.messages, body.response_format ?? null, body.tools ?? null]);
      if (!system.includes('You are the planner') && !system.includes('You are the verifier'))
        coder.push(Math.ceil(sent.length / 4));
      response.writeHead(400, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ error: { message: 'scripted: measured only', type: 'invalid_request_error' } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  try {
    await generateCases(cases, sites, pool, {
      AI_PROVIDER: 'openai',
      AI_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
      AI_API_KEY: 'bench',
      AI_MODEL: 'scripted-1',
      AI_TIMEOUT_MS: '5000',
    });
  } finally {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
  return coder;
}

export async function measureAgents(): Promise<Figure[]> {
  // Sentences first (issue 29): the phrasing corpus through the parse entry, without a page.
  const parsed = measureAgentsParse();
  const sites = await serveFixtureSites();
  const pool = new BrowserPool({ wsEndpoint: process.env.BROWSER_WS_ENDPOINT || null });
  const only = process.env.AGENTS_ONLY?.toLowerCase();
  const onlySites = process.env.AGENTS_SITES?.split(',');
  const all = [
    ...CORPUS.map((item) => ({
      ...item,
      kind: item.kind ?? (item.expect === 'not_runnable' ? 'vague' : undefined),
    })),
    ...AGENTS_CORPUS,
  ].filter(
    (item) =>
      (!only || item.name.toLowerCase().includes(only)) && (!onlySites || onlySites.includes(item.site)),
  ) as CorpusCase[];
  try {
    const results = await generateCases(all, sites, pool);
    const bench = 'agents';
    const figures: Figure[] = [...parsed];
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
        // A subset without vague cases refuses none wrongly.
        value:
          vague.length === 0
            ? 1
            : round(vague.filter((result) => result.outcome.state === 'not_runnable').length / vague.length),
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
    const exported = await exportsGreen(results);
    figures.push({
      bench,
      metric: 'exports_green',
      value: round(exported.green / Math.max(1, exported.total)),
      unit: 'ratio',
      target: '1',
    });
    // LLM mode on one rendering of each app of issue 10 (the token count does not depend on the model).
    const llmCases = all.filter(
      (item) =>
        item.expect === 'passed' &&
        ['tasks-wc', 'orders-wc', 'booking-wc', 'projects-wc', 'help'].includes(item.site),
    );
    const tokens = await llmTokensPerStep(llmCases, sites, pool);
    figures.push(
      {
        bench,
        metric: 'llm_input_tokens_per_step_median',
        value: Math.round(median(tokens)),
        unit: 'tokens',
        target: '<= 2000',
      },
      {
        bench,
        metric: 'llm_input_tokens_per_step_max',
        value: Math.max(0, ...tokens),
        unit: 'tokens',
        target: '<= 2000',
      },
    );
    return figures;
  } finally {
    await pool.close();
    await sites.close();
  }
}
