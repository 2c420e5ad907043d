import {
  type Action,
  type Assertion,
  type PageSnapshot,
  type RunnerSession,
  type Target,
  describeTarget,
  maskSecrets,
  messageOf,
  targetOf,
} from '../../runner';
import { resolveIntent } from '../coder';
import { parseStep } from '../grammar';
import { type Intent, type RoleHint, intentPhrase, phraseTarget, withTarget } from '../intent';
import { closeness, normalizeWords, similarity } from '../matching';
import { verifyAction } from '../verifier';

// The healer's core: replay a test whose application changed and propose new targets. A step whose
// stored action still works is kept exactly; a step whose element is gone is found again from its
// plain words (the generator's grammar and matching), the old target's words as a hint. Only targets
// ever move: a check keeps its expectation, and a check whose element is there but reads otherwise
// is the application's behaviour changing — a bug to report, never a step to heal.

export interface HealInput {
  website: string;
  /** The test's steps with module calls already expanded. */
  steps: { description: string; action: Action }[];
  stepTimeoutMs: number;
  /** The step the failed run stopped at: the steps before it passed there, so they run without a first look. */
  failingStepIndex?: number | null;
}

export interface HealedStep {
  description: string;
  original: Action;
  /** The proposed action: the original itself when kept; null when none was found. */
  action: Action | null;
  changed: boolean;
  ok: boolean;
  /** What changed, in plain words ('The "Email" field is now labelled "Work email".'). */
  note: string | null;
  /** The viewport after a re-targeted step or the step the healing ended at (kept steps get none). */
  screenshot: Buffer | null;
}

export type HealStatus = 'passed' | 'failed' | 'flaky' | 'unchanged';

export interface HealOutcome {
  status: HealStatus;
  message: string;
  /** The steps healed so far, in order; a healing that ended early leaves the rest out. */
  steps: HealedStep[];
}

export interface HealHooks {
  /** Called after each step (live progress). */
  onStep?(step: HealedStep, index: number): Promise<void>;
  /** True once the healing must stop. */
  stopped?(): boolean;
}

/** How long a step's element may take to appear before it counts as gone and the step is re-targeted. */
const PRESENCE_WAIT_MS = 3000;
/** A page whose document has not changed for this long, with no request out, has settled. */
const SETTLED_QUIET_MS = 150;
/** A re-targeted check's alternatives are tried quickly; the last one gets the step's full wait. */
const QUICK_CHECK_MS = 1500;
/** What a behaviour sentence quotes of the page, at most. */
const SEEN_CHARS = 80;

type StepResult =
  | { ok: true; action: Action; changed: boolean; note: string | null }
  | { ok: false; status: 'failed' | 'unchanged'; message: string };

/** Heals the test in the session's page; never throws for a failing step (the failure is the outcome). */
export async function healTest(
  session: RunnerSession,
  input: HealInput,
  hooks: HealHooks = {},
): Promise<HealOutcome> {
  const healed: HealedStep[] = [];
  const outcome = (status: HealStatus, message: string): HealOutcome => ({ status, message, steps: healed });
  const moduleAt = input.steps.findIndex((step) => step.action.kind === 'module');
  if (moduleAt >= 0)
    return outcome(
      'failed',
      `Step ${moduleAt + 1}, "${input.steps[moduleAt].description}", calls a module: its steps must be expanded before healing.`,
    );

  for (const [index, step] of input.steps.entries()) {
    if (hooks.stopped?.() || session.closed) return outcome('failed', 'The healing was stopped.');
    // The steps before the one the run failed at passed there: no need to look for their elements first.
    const trusted = input.failingStepIndex != null && index < input.failingStepIndex;
    await session.beginStep(`${index + 1}. ${step.description} (healing)`);
    let result: StepResult;
    try {
      result = await healStep(session, input, step, trusted);
    } catch (error) {
      result = { ok: false, status: 'failed', message: messageOf(error).split('\n')[0] };
    } finally {
      await session.endStep();
    }
    const shown = !result.ok || result.changed;
    const healedStep: HealedStep = {
      description: step.description,
      original: step.action,
      action: result.ok ? result.action : null,
      changed: result.ok && result.changed,
      ok: result.ok,
      note: result.ok ? result.note : result.message,
      screenshot: shown && !session.closed ? await session.screenshot().catch(() => null) : null,
    };
    healed.push(healedStep);
    await hooks.onStep?.(healedStep, index);
    if (!result.ok)
      return outcome(result.status, `Step ${index + 1}, "${step.description}": ${result.message}`);
  }

  const changed = healed.filter((step) => step.changed).length;
  if (changed === 0)
    return outcome(
      'flaky',
      `Every step passed as stored: the failure did not happen again, so nothing is proposed.`,
    );
  const checks = healed.filter((step) => step.original.kind === 'expect').length;
  return outcome(
    'passed',
    `${changed} of ${healed.length} steps now use new targets and the test passes; the other steps are kept as they were, and all ${checks} checks keep their expectations.`,
  );
}

async function healStep(
  session: RunnerSession,
  input: HealInput,
  step: { description: string; action: Action },
  trusted: boolean,
): Promise<StepResult> {
  const original = step.action;
  if (original.kind === 'expect') return healCheck(session, input, step, original, trusted);
  const target = targetOf(original);
  if (!target) {
    const ran = await session.execute(original);
    return ran.ok
      ? kept(original)
      : failed(
          `it failed as stored and acts on no element a new target could replace: ${ran.error?.message}`,
        );
  }
  if (trusted || (await presentCount(session, target, input.stepTimeoutMs)) > 0) {
    const ran = await session.execute(original);
    if (ran.ok) return kept(original);
    const now = await session.matchCount(target);
    // The element is there and still refuses the action: that is the application, not a moved target.
    if (now === 1 || (now > 1 && target.nth !== undefined))
      return failed(
        `${ran.error?.message} The element is still on the page, so the step is not moved to another one.`,
      );
  }
  return retarget(session, input, step, original, target);
}

/** A check keeps its expectation; only a target that is gone (or no longer unique) may move. */
async function healCheck(
  session: RunnerSession,
  input: HealInput,
  step: { description: string; action: Action },
  original: Extract<Action, { kind: 'expect' }>,
  trusted: boolean,
): Promise<StepResult> {
  const assert = original.assert;
  if (!('target' in assert)) {
    const ran = await session.execute(original);
    return ran.ok ? kept(original) : behaviourChanged(session, assert, ran.error?.message ?? '', null);
  }
  const target = assert.target;
  // 'The page shows "Welcome, Ada"': the text is the expectation itself, never a target to move.
  const content = readsContent(assert);
  const negated = 'negate' in assert && Boolean(assert.negate);
  const runFirst =
    trusted || content || negated || assert.type === 'count'
      ? true
      : (await presentCount(session, target, input.stepTimeoutMs)) > 0;
  if (runFirst) {
    const ran = await session.execute(original);
    if (ran.ok) return kept(original);
    const now = await session.matchCount(target);
    const gone = now === 0 && !content && !negated && !(assert.type === 'count' && assert.count === 0);
    const ambiguous = now > 1 && target.nth === undefined && assert.type !== 'count' && !content;
    if (!gone && !ambiguous) return behaviourChanged(session, assert, ran.error?.message ?? '', now);
  }
  return retarget(session, input, step, original, target);
}

/** Finds the step's element again from its words, the old target as a hint; only the target changes. */
async function retarget(
  session: RunnerSession,
  input: HealInput,
  step: { description: string; action: Action },
  original: Action,
  oldTarget: Target,
): Promise<StepResult> {
  const gone = `${capitalize(describeTarget(oldTarget))} is no longer on the page`;
  const parsed = parseStep(step.description, input.website);
  if (!parsed.ok)
    return failed(`${gone}, and the step's words could not be read to find it again. ${parsed.hint}`);
  const intent = withOldHint(parsed.intent, oldTarget);
  const snapshot = await session.snapshot();
  const resolution = await resolveIntent(intent, session, snapshot);
  if (!resolution.ok) {
    // Nothing named so far may be a page slower than the first look: the stored action gets its full wait.
    if (resolution.error.error_type === 'element_not_found' && (await session.execute(original)).ok)
      return kept(original);
    return failed(`${gone}. ${resolution.error.message}`);
  }
  let lastError = 'no element the words name could take the step.';
  for (const [position, option] of resolution.actions.entries()) {
    const proposed = await option();
    const newTarget = proposed ? targetOf(proposed) : null;
    if (!newTarget || sameTarget(newTarget, oldTarget)) continue;
    if (readsItsOwnExpectation(original, newTarget)) {
      lastError = `the only element found is the expected text itself, and a check on it could never fail.`;
      continue;
    }
    const action = moveTarget(original, newTarget);
    const last = position === resolution.actions.length - 1;
    const quick =
      action.kind === 'expect' && !last ? Math.min(QUICK_CHECK_MS, input.stepTimeoutMs) : undefined;
    const tried = await tryAction(session, action, snapshot, quick);
    if (tried.ok) return { ok: true, action, changed: true, note: changeNote(oldTarget, newTarget) };
    lastError = tried.message;
    if (session.closed) break;
  }
  return failed(`${gone}, and no element its words name works instead: ${lastError}`);
}

/** Runs an action and verifies it did what it says (a click must change something a person sees). */
async function tryAction(
  session: RunnerSession,
  action: Action,
  snapshot: PageSnapshot,
  timeoutMs: number | undefined,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const watch = action.kind === 'click' ? await session.watchChanges().catch(() => null) : null;
  const ran = await session.execute(action, timeoutMs);
  if (!ran.ok) {
    if (watch) await watch().catch(() => undefined);
    return { ok: false, message: ran.error?.message ?? 'It did not run.' };
  }
  const change = watch ? await watch().catch(() => null) : null;
  const verified = await verifyAction(action, session, { url: snapshot.url, change });
  return verified.passed ? { ok: true } : { ok: false, message: verified.message };
}

/**
 * How many elements the target matches; when none, once more after the page has settled (no request
 * out, no change for a moment): an element missing from a settled page is gone, not late.
 */
async function presentCount(session: RunnerSession, target: Target, stepTimeoutMs: number): Promise<number> {
  const count = await session.matchCount(target);
  if (count > 0 || session.closed) return count;
  await session.settle(SETTLED_QUIET_MS, Math.min(PRESENCE_WAIT_MS, stepTimeoutMs));
  return session.matchCount(target);
}

// ── Only the target moves ─────────────────────────────────────────────────────────────────────────

/** The original action with another target: values, keys, clicks and every expectation kept as stored. */
function moveTarget(action: Action, target: Target): Action {
  if (action.kind === 'expect' && 'target' in action.assert)
    return { ...action, assert: { ...action.assert, target } };
  if ('target' in action && action.target) return { ...action, target } as Action;
  return action;
}

/**
 * A check moved onto an element found by the very text it expects would always hold ('the element
 * showing "$19.50" shows "$19.50"'): that is a weakened check, never a healed one.
 */
function readsItsOwnExpectation(action: Action, target: Target): boolean {
  if (action.kind !== 'expect' || !('value' in action.assert)) return false;
  const expected = normalizeWords(action.assert.value);
  if (!expected) return false;
  const locator = target.locator;
  const words = [
    locator.by === 'role'
      ? locator.name
      : locator.by === 'testId' || locator.by === 'css'
        ? null
        : locator.text,
    target.withinText,
  ];
  return words.some((text) => Boolean(text) && normalizeWords(text).includes(expected));
}

function sameTarget(a: Target, b: Target): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

const ROLE_HINTS = new Set<string>([
  'button',
  'link',
  'textbox',
  'searchbox',
  'checkbox',
  'radio',
  'combobox',
  'heading',
  'tab',
  'img',
  'list',
  'listitem',
  'menuitem',
  'option',
]);

/** The words the old target was found by (its role's name, label, placeholder or text). */
function oldWords(target: Target): string | null {
  const locator = target.locator;
  switch (locator.by) {
    case 'role':
      return locator.name ?? null;
    case 'label':
    case 'placeholder':
    case 'text':
      return locator.text;
    default:
      return null;
  }
}

/** The step's words, with the old target's role where they name none and its words as another name. */
function withOldHint(intent: Intent, old: Target): Intent {
  const phrase = intentPhrase(intent);
  if (!phrase || phrase.submit) return intent;
  const role =
    phrase.role ??
    (old.locator.by === 'role' && ROLE_HINTS.has(old.locator.role)
      ? (old.locator.role as RoleHint)
      : undefined);
  const words = oldWords(old);
  const alternatives =
    words && phrase.text && similarity(phrase.text, words) < 100
      ? [...(phrase.alternatives ?? []), words]
      : phrase.alternatives;
  return withTarget(
    intent,
    phraseTarget({
      ...phrase,
      ...(role ? { role } : {}),
      ...(alternatives && alternatives.length > 0 ? { alternatives } : {}),
    }),
  );
}

const FIELD_ROLES = new Set(['textbox', 'searchbox', 'combobox', 'spinbutton']);

/** 'The "Email" field is now labelled "Work email".' */
function changeNote(old: Target, next: Target): string {
  const before = oldWords(old);
  const after = oldWords(next);
  const locator = next.locator;
  if (before && after && before !== after) {
    if (
      locator.by === 'label' ||
      locator.by === 'placeholder' ||
      (locator.by === 'role' && FIELD_ROLES.has(locator.role))
    )
      return `The "${before}" field is now labelled "${after}".`;
    if (locator.by === 'role')
      return `The "${before}" ${describeTarget({ locator: { by: 'role', role: locator.role } })} is now called "${after}".`;
    return `The text "${before}" is now "${after}".`;
  }
  if (before && before === after)
    return `The ${describeTarget(old)} has moved: the step now uses the ${describeTarget(next)}.`;
  return `The ${describeTarget(old)} is no longer on the page: the step now uses the ${describeTarget(next)}.`;
}

// ── Behaviour changed: a bug to report ────────────────────────────────────────────────────────────

/** A check whose content, not its element, differs: the healing ends unchanged and says what it saw. */
async function behaviourChanged(
  session: RunnerSession,
  assert: Assertion,
  failure: string,
  found: number | null,
): Promise<StepResult> {
  const { expected, seen } = await expectedAndSeen(session, assert, failure, found);
  const secrets = Object.values(session.values.secrets);
  const quote = (text: string) => maskSecrets(shorten(text), secrets);
  return {
    ok: false,
    status: 'unchanged',
    message: `The application seems to have changed behaviour: expected '${quote(expected)}', the page shows '${quote(seen)}'. Nothing is healed: this looks like a bug to report.`,
  };
}

async function expectedAndSeen(
  session: RunnerSession,
  assert: Assertion,
  failure: string,
  found: number | null,
): Promise<{ expected: string; seen: string }> {
  // The check's own failure sentence quotes what it read ('…, but it reads "$24.50".').
  const quoted = /but it (?:reads|has|is) "([\s\S]*)"\.$/.exec(failure)?.[1];
  switch (assert.type) {
    case 'text':
      return { expected: `${assert.negate ? 'not ' : ''}${assert.value}`, seen: quoted ?? '' };
    case 'value':
    case 'url':
    case 'title':
      return {
        expected: assert.value,
        seen: quoted ?? (assert.type === 'url' ? session.probe.url() : await session.probe.title()),
      };
    case 'count':
      return {
        expected: `${assert.count} × ${describeTarget(assert.target)}`,
        seen: `${/but found (\d+)/.exec(failure)?.[1] ?? found ?? 0} × ${describeTarget(assert.target)}`,
      };
    case 'checked':
      return {
        expected: assert.checked ? 'checked' : 'not checked',
        seen: assert.checked ? 'not checked' : 'checked',
      };
    case 'enabled':
      return {
        expected: assert.enabled ? 'enabled' : 'disabled',
        seen: assert.enabled ? 'disabled' : 'enabled',
      };
    case 'visible': {
      const locator = assert.target.locator;
      if (locator.by !== 'text')
        return assert.negate
          ? {
              expected: `${describeTarget(assert.target)} hidden`,
              seen: `${describeTarget(assert.target)} visible`,
            }
          : {
              expected: `${describeTarget(assert.target)} visible`,
              seen: `${describeTarget(assert.target)} hidden`,
            };
      if (assert.negate) return { expected: `no "${locator.text}"`, seen: locator.text };
      return { expected: locator.text, seen: await closestText(session, locator.text) };
    }
  }
}

/** The text on the page nearest to the one a check expected (or its heading, when nothing is near). */
async function closestText(session: RunnerSession, wanted: string): Promise<string> {
  const snapshot = await session.snapshot();
  const texts = snapshot.candidates
    .filter((candidate) => candidate.visible)
    .flatMap((candidate) => [candidate.text, candidate.name])
    .filter((text): text is string => Boolean(text?.trim()));
  const scored = texts
    .map((text) => ({ text, score: closeness(wanted, text) * 100 + similarity(wanted, text) / 100 }))
    .filter((entry) => entry.score >= 1)
    .sort((a, b) => b.score - a.score);
  if (scored.length > 0) return scored[0].text;
  const heading = snapshot.candidates.find((candidate) => candidate.visible && candidate.role === 'heading');
  return heading?.name || snapshot.title || 'nothing like it';
}

/** A check whose text is its expectation ('the page shows "Welcome"'): nothing to re-target. */
function readsContent(assert: Assertion): boolean {
  return assert.type === 'visible' && 'target' in assert && assert.target.locator.by === 'text';
}

function kept(action: Action): StepResult {
  return { ok: true, action, changed: false, note: null };
}

function failed(message: string): StepResult {
  return { ok: false, status: 'failed', message };
}

function shorten(text: string): string {
  const single = text.replace(/\s+/g, ' ').trim();
  return single.length > SEEN_CHARS ? `${single.slice(0, SEEN_CHARS)}…` : single;
}

function capitalize(text: string): string {
  return /^"/.test(text) ? `The ${text}` : text.charAt(0).toUpperCase() + text.slice(1);
}
