import { type GenerationConfig } from '../../config';
import { rulesModel } from './rules';
import {
  type DecideInput,
  type Decision,
  type JudgeInput,
  type Judgement,
  type Model,
  type Usage,
} from './types';

export { rulesModel } from './rules';
export * from './types';

/** Every model decision of a process (rules ones too): the bench and the tests count them. */
export interface ModelStats {
  calls: number;
  llmCalls: number;
  inputTokens: number;
  outputTokens: number;
}

export interface Answered<T> {
  value: T;
  /** The model that answered: the configured one, or 'rules' after a fallback. */
  model: string;
  usage: Usage & { calls: number };
  costUsd: number;
  /** Why the rules stood in for the configured model. */
  fallback: string | null;
}

/** The configured model with the offline rules behind it: a model that fails or is slow never ends a generation. */
export class ModelSet {
  readonly stats: ModelStats = { calls: 0, llmCalls: 0, inputTokens: 0, outputTokens: 0 };

  constructor(
    readonly primary: Model,
    private readonly _prices: { input: number; output: number } = { input: 0, output: 0 },
  ) {}

  get usesLlm(): boolean {
    return !this.primary.offline;
  }

  plan(instructions: string, website: string): Promise<Answered<string[]>> {
    return this._call((model) => model.plan(instructions, website));
  }

  decide(input: DecideInput): Promise<Answered<Decision>> {
    return this._call((model) => model.decide(input));
  }

  /** The LLM's judgement of a step; null with the offline rules (their checks are the verifier's own). */
  async judge(input: JudgeInput): Promise<Answered<Judgement> | null> {
    if (this.primary.offline) return null;
    try {
      return await this._call((model) => model.judge(input), /* fallback */ false);
    } catch {
      return null;
    }
  }

  private async _call<T>(
    ask: (model: Model) => Promise<{ value: T; usage: Usage }>,
    fallback = true,
  ): Promise<Answered<T>> {
    this.stats.calls++;
    if (!this.primary.offline) {
      this.stats.llmCalls++;
      try {
        const answer = await ask(this.primary);
        this.stats.inputTokens += answer.usage.inputTokens;
        this.stats.outputTokens += answer.usage.outputTokens;
        return {
          value: answer.value,
          model: this.primary.name,
          usage: { ...answer.usage, calls: 1 },
          costUsd:
            (answer.usage.inputTokens * this._prices.input +
              answer.usage.outputTokens * this._prices.output) /
            1_000_000,
          fallback: null,
        };
      } catch (error) {
        if (!fallback) throw error;
        const answer = await ask(rulesModel);
        return {
          value: answer.value,
          model: rulesModel.name,
          usage: { inputTokens: 0, outputTokens: 0, calls: 1 },
          costUsd: 0,
          fallback: `${this.primary.name} failed (${describeModelError(error)}); the offline rules were used instead.`,
        };
      }
    }
    const answer = await ask(rulesModel);
    return {
      value: answer.value,
      model: rulesModel.name,
      usage: { ...answer.usage, calls: 1 },
      costUsd: 0,
      fallback: null,
    };
  }
}

export function describeModelError(error: unknown): string {
  // Errors from fetch may come from another realm (instanceof Error fails): read their fields instead.
  const chain: { name?: unknown; message?: unknown; statusCode?: unknown }[] = [];
  for (
    let current: unknown = error, depth = 0;
    current && typeof current === 'object' && depth < 5;
    depth++
  ) {
    chain.push(current as { name?: unknown; message?: unknown; statusCode?: unknown });
    current = (current as { cause?: unknown }).cause;
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (
    chain.some(
      (link) =>
        /TimeoutError|AbortError/.test(text(link.name)) ||
        /aborted|timed? ?out|timeout/i.test(text(link.message)),
    )
  )
    return 'no answer in time';
  const status = chain.find((link) => typeof link.statusCode === 'number')?.statusCode;
  // The AI SDK's APICallError, by its name: the SDK is loaded only where an LLM is configured.
  if (chain[0]?.name === 'AI_APICallError' || typeof status === 'number')
    return status ? `HTTP ${status as number}` : text(chain[0]?.message).split('\n')[0];
  const message = text(chain[0]?.message);
  return message ? message.split('\n')[0].slice(0, 200) : String(error);
}

export function createModelSet(config: GenerationConfig): ModelSet {
  const primary = config.aiProvider === 'rules' ? rulesModel : lazyLlm(config);
  return new ModelSet(primary, { input: config.aiPriceInput, output: config.aiPriceOutput });
}

/**
 * The configured LLM, its adapter (./llm: the AI SDK, its providers and zod) loaded at its first
 * question. NOTE: not with the server: they take about half a second of CPU to load, which a process
 * with the offline rules (the default, and most test suites) never needs.
 */
function lazyLlm(config: GenerationConfig): Model {
  let loaded: Promise<Model> | null = null;
  const model = () =>
    (loaded ??= import('./llm').then(({ LlmModel, createLanguageModel }) => {
      return new LlmModel(createLanguageModel(config), config);
    }));
  return {
    name: `${config.aiProvider}:${config.aiModel}`,
    offline: false,
    plan: async (instructions, website) => (await model()).plan(instructions, website),
    decide: async (input) => (await model()).decide(input),
    judge: async (input) => (await model()).judge(input),
  };
}
