import { parseStep } from '../grammar';
import { phraseTarget, type Intent } from '../intent';
import { planSteps } from '../planner';
import { parsePhrase, tokenize } from '../grammar';
import { type Decision, type DecideInput, type Model, type ModelAnswer, NO_USAGE } from './types';

/** The offline model: a deterministic plain-English grammar, no network. */
export const rulesModel: Model = {
  name: 'rules',
  offline: true,
  async plan(instructions) {
    return { value: planSteps(instructions), usage: NO_USAGE };
  },
  async decide(input: DecideInput): Promise<ModelAnswer<Decision>> {
    const parsed = parseStep(input.step, input.website);
    if (!parsed.ok) return { value: { kind: 'not_understood', hint: parsed.hint }, usage: NO_USAGE };
    return {
      value: { kind: 'intent', intent: withHint(parsed.intent, input.hint), reason: null },
      usage: NO_USAGE,
    };
  },
  async judge() {
    return { value: { achieved: true, reason: 'Checked by the verifier rules.' }, usage: NO_USAGE };
  },
};

/** A person's hint names the element: it replaces the words of the step's target. */
function withHint(intent: Intent, hint: string | null): Intent {
  if (!hint?.trim()) return intent;
  const { text, values } = tokenize(hint.trim());
  const phrase = parsePhrase(text, values);
  if (!phrase) return intent;
  const target = phraseTarget(phrase);
  if ('target' in intent && intent.target) return { ...intent, target } as Intent;
  if (intent.kind === 'expect' && 'target' in intent.assert)
    return { ...intent, assert: { ...intent.assert, target } } as Intent;
  return intent;
}
