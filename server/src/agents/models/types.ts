import { type Action, type PageSnapshot } from '../../runner';
import { type Intent } from '../intent';

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export const NO_USAGE: Usage = { inputTokens: 0, outputTokens: 0 };

export interface ModelAnswer<T> {
  value: T;
  usage: Usage;
}

export interface DecideInput {
  step: string;
  snapshot: PageSnapshot;
  website: string;
  /** A person's words about the element meant (user feedback's coder_hint). */
  hint: string | null;
}

export type Decision =
  { kind: 'intent'; intent: Intent; reason: string | null } | { kind: 'not_understood'; hint: string };

export interface JudgeInput {
  step: string;
  action: Action;
  before: { url: string; title: string; names: string[] };
  after: PageSnapshot;
}

export interface Judgement {
  achieved: boolean;
  reason: string;
}

/** A planner, coder and verifier behind one interface: the offline rules or an LLM. */
export interface Model {
  /** 'rules', or 'provider:model'. */
  readonly name: string;
  readonly offline: boolean;
  plan(instructions: string, website: string): Promise<ModelAnswer<string[]>>;
  decide(input: DecideInput): Promise<ModelAnswer<Decision>>;
  judge(input: JudgeInput): Promise<ModelAnswer<Judgement>>;
}
