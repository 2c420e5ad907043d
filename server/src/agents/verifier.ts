import { stepUrl } from '../lib/stepUrl';
import {
  type Action,
  type PageChange,
  type RunnerSession,
  describeTarget,
  substitute,
  usesSecret,
} from '../runner';

// The verifier checks that an executed action did what it says: the value is in the field, the
// option is chosen, the box is ticked, the page opened. An assertion is its own verification. Its
// message is stored with the step, so an address in it goes without its fragment, as the step's url.

export interface Verification {
  passed: boolean;
  message: string;
}

export async function verifyAction(
  action: Action,
  session: RunnerSession,
  before: { url: string; change?: PageChange | null },
): Promise<Verification> {
  const values = session.values;
  switch (action.kind) {
    case 'goto': {
      const url = session.probe.url();
      if (url.startsWith('chrome-error:') || url === 'about:blank')
        return { passed: false, message: `The browser could not open ${substitute(action.url, values)}.` };
      return { passed: true, message: `The page ${stepUrl(url)} is open.` };
    }
    case 'fill': {
      const expected = substitute(action.value, values);
      const actual = await session.probe.inputValue(action.target);
      // Number and date inputs may normalise what was typed; the field holding something is then enough.
      if (
        actual === expected ||
        (actual !== null && actual !== '' && expected !== '' && actual.trim() === expected.trim())
      )
        return {
          passed: true,
          message: `${capitalize(describeTarget(action.target))} holds ${usesSecret(action.value, values) ? 'the secret' : `"${expected}"`}.`,
        };
      if (actual === null)
        return {
          passed: true,
          message: `Typed into ${describeTarget(action.target)} (it cannot be read back).`,
        };
      return {
        passed: false,
        message: `${capitalize(describeTarget(action.target))} holds "${usesSecret(action.value, values) ? '…' : actual}" instead of what was typed.`,
      };
    }
    case 'select': {
      const expected = substitute(action.value, values);
      const selected = await session.probe.selectedLabels(action.target);
      if (selected === null) return { passed: true, message: `Chose "${expected}".` };
      if (selected.some(([label, value]) => label === expected || value === expected))
        return { passed: true, message: `${capitalize(describeTarget(action.target))} shows "${expected}".` };
      return {
        passed: false,
        message: `${capitalize(describeTarget(action.target))} did not take "${expected}".`,
      };
    }
    case 'check':
    case 'uncheck': {
      const checked = await session.probe.checked(action.target);
      const wanted = action.kind === 'check';
      if (checked === null || checked === wanted)
        return {
          passed: true,
          message: `${capitalize(describeTarget(action.target))} is ${wanted ? 'checked' : 'unchecked'}.`,
        };
      return {
        passed: false,
        message: `${capitalize(describeTarget(action.target))} is still ${wanted ? 'unchecked' : 'checked'}.`,
      };
    }
    case 'expect':
      return { passed: true, message: 'The check held.' };
    case 'goBack':
    case 'reload':
    case 'click':
    case 'press': {
      const change = before.change;
      // NOTE: a click that changed nothing did not do what the sentence asked: the next candidate is tried.
      if (
        action.kind === 'click' &&
        change &&
        !change.replaced &&
        change.mutations === 0 &&
        !change.formChanged &&
        !change.focusedField
      )
        return {
          passed: false,
          message: `Nothing changed on the page after clicking ${describeTarget(action.target)}.`,
        };
      const url = session.probe.url();
      const title = await session.probe.title();
      return {
        passed: true,
        message:
          url !== before.url
            ? `Done; the browser moved to ${stepUrl(url)} ("${title}").`
            : `Done; the page is "${title}".`,
      };
    }
    default:
      return { passed: true, message: 'Done.' };
  }
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
