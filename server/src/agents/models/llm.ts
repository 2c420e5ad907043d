import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, Output, type LanguageModel } from 'ai';
import { z } from 'zod';
import { type GenerationConfig } from '../../config';
import { type Candidate, type PageSnapshot, describeAction } from '../../runner';
import { parseStep } from '../grammar';
import { type Intent, type TargetRef } from '../intent';
import { loadAllPrompts, type AgentPrompt } from '../prompts';
import {
  type Decision,
  type DecideInput,
  type JudgeInput,
  type Judgement,
  type Model,
  type ModelAnswer,
  type Usage,
} from './types';

// LLM models through the Vercel AI SDK: any OpenAI-compatible endpoint (OpenAI, Ollama, vLLM,
// LM Studio) or Anthropic. They see the compact candidate list, never the DOM, and answer with
// structured JSON that becomes an intent; nothing they return is ever run as code.

(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

const ACTIONS = [
  'click',
  'double_click',
  'fill',
  'select',
  'check',
  'uncheck',
  'hover',
  'press',
  'goto',
  'go_back',
  'reload',
  'scroll_down',
  'scroll_up',
  'wait',
  'expect_visible',
  'expect_hidden',
  'expect_text',
  'expect_value',
  'expect_checked',
  'expect_unchecked',
  'expect_count',
  'expect_url',
  'expect_title',
  'not_possible',
] as const;

const PlanSchema = z.object({ steps: z.array(z.string()) });
const ActionSchema = z.object({
  action: z.enum(ACTIONS),
  candidate: z.number().int().nullable(),
  alternatives: z.array(z.number().int()),
  text: z.string().nullable(),
  value: z.string().nullable(),
  url: z.string().nullable(),
  key: z.string().nullable(),
  count: z.number().int().nullable(),
  ms: z.number().int().nullable(),
  reason: z.string(),
});
type ActionAnswer = z.infer<typeof ActionSchema>;
const JudgeSchema = z.object({ achieved: z.boolean(), reason: z.string() });

/** The model answered, but with something we cannot use. */
export class ModelOutputError extends Error {
  override name = 'ModelOutputError';
}

export const MAX_PROMPT_CANDIDATES = 150;

/** One line per visible candidate: what the coder model sees of the page. */
export function describeCandidates(snapshot: PageSnapshot): string {
  const lines = [`Page: "${snapshot.title}" ${snapshot.url}`, 'Candidates:'];
  for (const candidate of snapshot.candidates.filter((c) => c.visible).slice(0, MAX_PROMPT_CANDIDATES))
    lines.push(candidateLine(candidate));
  return lines.join('\n');
}

function candidateLine(c: Candidate): string {
  const parts = [`[${c.index}] ${c.role} "${c.name}"`];
  if (c.label && c.label !== c.name) parts.push(`label="${c.label}"`);
  if (c.placeholder) parts.push(`placeholder="${c.placeholder}"`);
  if (c.text && c.text !== c.name && !c.editable) parts.push(`text="${c.text}"`);
  if (c.testId) parts.push(`testid="${c.testId}"`);
  if (c.checked !== null) parts.push(c.checked ? 'checked' : 'unchecked');
  if (c.disabled) parts.push('disabled');
  if (c.options) parts.push(`options=[${c.options.map((o) => `"${o}"`).join(', ')}]`);
  if (c.selected) parts.push(`selected="${c.selected}"`);
  if (c.itemCount !== null) parts.push(`items=${c.itemCount}`);
  if (c.container && c.container !== c.name) parts.push(`in "${c.container.slice(0, 60)}"`);
  return parts.join(' ');
}

export function createLanguageModel(config: GenerationConfig): LanguageModel {
  if (config.aiProvider === 'anthropic') {
    return createAnthropic({ baseURL: config.aiBaseUrl ?? undefined, apiKey: config.aiApiKey ?? 'none' })(
      config.aiModel,
    );
  }
  return createOpenAICompatible({
    name: 'openai',
    baseURL: config.aiBaseUrl ?? 'https://api.openai.com/v1',
    apiKey: config.aiApiKey ?? undefined,
    supportsStructuredOutputs: true,
  })(config.aiModel);
}

export class LlmModel implements Model {
  readonly offline = false;
  readonly name: string;
  private readonly _prompts: Record<'planner' | 'coder' | 'verifier', AgentPrompt>;

  constructor(
    private readonly _model: LanguageModel,
    private readonly _config: GenerationConfig,
  ) {
    this.name = `${_config.aiProvider}:${_config.aiModel}`;
    this._prompts = loadAllPrompts();
  }

  async plan(instructions: string): Promise<ModelAnswer<string[]>> {
    const { output, usage } = await this._ask(
      'planner',
      `Instructions:\n${instructions}`,
      PlanSchema,
      'plan',
    );
    const steps = output.steps.map((step) => step.trim()).filter(Boolean);
    if (steps.length === 0) throw new ModelOutputError('the plan has no steps');
    return { value: steps, usage };
  }

  async decide(input: DecideInput): Promise<ModelAnswer<Decision>> {
    const prompt = [
      `Step: ${input.step}`,
      ...(input.hint ? [`The person says the element meant is: ${input.hint}`] : []),
      describeCandidates(input.snapshot),
    ].join('\n');
    const { output, usage } = await this._ask('coder', prompt, ActionSchema, 'action');
    return { value: toDecision(output, input), usage };
  }

  async judge(input: JudgeInput): Promise<ModelAnswer<Judgement>> {
    const afterNames = input.after.candidates.filter((c) => c.visible).map((c) => `${c.role} "${c.name}"`);
    const before = new Set(input.before.names);
    const appeared = afterNames.filter((name) => !before.has(name)).slice(0, 30);
    const after = new Set(afterNames);
    const disappeared = input.before.names.filter((name) => !after.has(name)).slice(0, 30);
    const prompt = [
      `Step: ${input.step}`,
      `Action: ${describeAction(input.action)}`,
      `Before: ${input.before.url} "${input.before.title}"`,
      `After: ${input.after.url} "${input.after.title}"`,
      `Appeared: ${appeared.join(', ') || 'nothing'}`,
      `Disappeared: ${disappeared.join(', ') || 'nothing'}`,
    ].join('\n');
    const { output, usage } = await this._ask('verifier', prompt, JudgeSchema, 'verdict');
    return { value: output, usage };
  }

  private async _ask<T>(
    agent: 'planner' | 'coder' | 'verifier',
    prompt: string,
    schema: z.ZodType<T>,
    name: string,
  ) {
    const result = await generateText({
      model: this._model,
      system: this._prompts[agent].body,
      prompt,
      output: Output.object({ schema, name }),
      maxRetries: 0,
      maxOutputTokens: 1024,
      temperature: 0,
      abortSignal: AbortSignal.timeout(this._config.aiTimeoutMs),
    });
    const usage: Usage = {
      inputTokens: result.usage.inputTokens ?? 0,
      outputTokens: result.usage.outputTokens ?? 0,
    };
    return { output: result.output as T, usage };
  }
}

function toDecision(answer: ActionAnswer, input: DecideInput): Decision {
  const candidates = input.snapshot.candidates;
  const indexes = [answer.candidate, ...answer.alternatives].filter(
    (index, position, all): index is number =>
      index !== null && candidates[index] !== undefined && all.indexOf(index) === position,
  );
  const onElement = (): TargetRef => {
    if (indexes.length === 0)
      throw new ModelOutputError(`"${answer.action}" needs a candidate from the list`);
    return { kind: 'candidates', indexes };
  };
  const need = (value: string | null, what: string): string => {
    if (value === null || value === undefined) throw new ModelOutputError(`"${answer.action}" needs ${what}`);
    return value;
  };
  const reason = answer.reason || null;
  const intent = (value: Intent): Decision => ({ kind: 'intent', intent: value, reason });
  switch (answer.action) {
    case 'not_possible':
      return {
        kind: 'not_understood',
        hint: answer.reason || 'The model found no way to do this step on the page.',
      };
    case 'click':
      return intent({ kind: 'click', target: onElement() });
    case 'double_click':
      return intent({ kind: 'click', target: onElement(), clickCount: 2 });
    case 'fill':
      return intent({ kind: 'fill', target: onElement(), value: need(answer.value, 'a value') });
    case 'select':
      return intent({ kind: 'select', target: onElement(), value: need(answer.value, 'an option') });
    case 'check':
      return intent({ kind: 'check', target: onElement() });
    case 'uncheck':
      return intent({ kind: 'uncheck', target: onElement() });
    case 'hover':
      return intent({ kind: 'hover', target: onElement() });
    case 'press':
      return intent(
        indexes.length > 0
          ? { kind: 'press', key: need(answer.key, 'a key'), target: onElement() }
          : { kind: 'press', key: need(answer.key, 'a key') },
      );
    case 'goto':
      return intent({
        kind: 'goto',
        url: new URL(
          need(answer.url ?? answer.value, 'an address'),
          input.snapshot.url || input.website,
        ).toString(),
      });
    case 'go_back':
      return intent({ kind: 'goBack' });
    case 'reload':
      return intent({ kind: 'reload' });
    case 'scroll_down':
      return intent({ kind: 'scroll', to: 'down' });
    case 'scroll_up':
      return intent({ kind: 'scroll', to: 'up' });
    case 'wait':
      return intent({ kind: 'wait', ms: Math.min(60_000, Math.max(0, answer.ms ?? 1000)) });
    case 'expect_visible':
    case 'expect_hidden': {
      const negate = answer.action === 'expect_hidden';
      const target: TargetRef =
        indexes.length > 0
          ? { kind: 'candidates', indexes }
          : { kind: 'text', text: need(answer.text ?? answer.value, 'the text') };
      return intent({ kind: 'expect', assert: { type: 'visible', target, ...(negate ? { negate } : {}) } });
    }
    case 'expect_text':
      return intent({
        kind: 'expect',
        assert: {
          type: 'text',
          target: onElement(),
          value: need(answer.value ?? answer.text, 'the expected text'),
        },
      });
    case 'expect_value':
      return intent({
        kind: 'expect',
        assert: { type: 'value', target: onElement(), value: need(answer.value, 'the expected value') },
      });
    case 'expect_checked':
    case 'expect_unchecked':
      return intent({
        kind: 'expect',
        assert: { type: 'checked', target: onElement(), checked: answer.action === 'expect_checked' },
      });
    case 'expect_count': {
      const count = answer.count;
      if (count === null) throw new ModelOutputError('"expect_count" needs a count');
      // A set of elements is easier to name in words than by one member: the rules' reading wins when it has one.
      const parsed = parseStep(input.step, input.website);
      if (parsed.ok && parsed.intent.kind === 'expect' && parsed.intent.assert.type === 'count')
        return intent({ kind: 'expect', assert: { ...parsed.intent.assert, count } });
      const member = candidates[onElement().kind === 'candidates' ? indexes[0] : -1];
      return intent({
        kind: 'expect',
        assert: {
          type: 'count',
          target: { kind: 'phrase', phrase: { text: member.name, role: undefined } },
          count,
        },
      });
    }
    case 'expect_url':
      return intent({
        kind: 'expect',
        assert: { type: 'url', value: need(answer.value ?? answer.url, 'the URL part'), match: 'contains' },
      });
    case 'expect_title':
      return intent({
        kind: 'expect',
        assert: { type: 'title', value: need(answer.value ?? answer.text, 'the title'), match: 'contains' },
      });
  }
}
