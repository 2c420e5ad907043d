import { type Page } from 'playwright-core';
import { type Action, describeTarget } from './actions';
import { ActionError, toLocator } from './execute';
import { type RunValues } from './values';

// Optional steps (issue 32): 'If a cookie banner is shown, click "Accept all"'. The step waits briefly
// for its element and clicks it only if it is shown; otherwise it is skipped, and its record says which
// way it went. Only a click is ever optional: nothing else becomes conditional.

/** How long an optional step waits for its element: a banner drawn just after the page loaded. */
export const OPTIONAL_WAIT_MS = 3000;

export type OptionalClick = Extract<Action, { kind: 'click' }> & { optional: { waitMs: number } };

export function isOptional(action: Action): action is OptionalClick {
  return action.kind === 'click' && action.optional !== undefined;
}

/** The click an optional step makes once its element is shown (the action without its condition). */
export function clickOf(action: OptionalClick): Extract<Action, { kind: 'click' }> {
  const { optional: _optional, ...click } = action;
  return click;
}

/** Whether the step's element is shown within its wait (its menu's opener, for an item of a menu). */
export async function optionalShown(
  page: Page,
  action: OptionalClick,
  values: RunValues,
  signal?: AbortSignal,
): Promise<boolean> {
  const locator = toLocator(page, action.opener ?? action.target, values).first();
  try {
    await locator.waitFor({ state: 'visible', timeout: action.optional.waitMs });
    return true;
  } catch {
    if (signal?.aborted) throw new ActionError('The step was stopped.', 'execution_failed');
    return false;
  }
}

/** Which way the step went, in a person's words: the step's note in the run and in generation. */
export function optionalNote(action: OptionalClick, shown: boolean): string {
  const element = describeTarget(action.opener ?? action.target);
  const waited = `${Math.round(action.optional.waitMs / 100) / 10} s`;
  return shown
    ? `The ${element} was shown, so it was clicked.`
    : `The ${element} was not shown within ${waited}, so the step was skipped.`;
}
