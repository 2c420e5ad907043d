import {
  type Action,
  isOptional,
  type Assertion,
  type Candidate,
  type LocatorOptions,
  type PageSnapshot,
  type RunnerSession,
  type Target,
  describeTarget,
  isOnSite,
  maskSecrets,
  messageOf,
  screenshotFailure,
  targetOf,
} from '../../runner';
import { resolveIntent } from '../coder';
import { parseStep } from '../grammar';
import { type Intent, type Phrase, type RoleHint, intentPhrase, phraseTarget, withTarget } from '../intent';
import { closeness, inContext, isIconOnly, MATCH_THRESHOLD, normalizeWords, similarity } from '../matching';
import { verifyAction } from '../verifier';
import { bestByFingerprint, type ElementFingerprint, fingerprintWords } from './fingerprint';

// The healer's core: replay a test whose application changed and propose new targets. A step whose
// stored action still works is kept exactly; a step whose element is gone is found again from its
// plain words (the generator's grammar and matching), the old target's words as a hint. Only targets
// ever move: a check keeps its expectation, and a check whose element is there but reads otherwise
// is the application's behaviour changing — a bug to report, never a step to heal. A click whose
// control moved into a menu ('Delete' now behind the row's "More actions" button) keeps its step: the
// menu's opener goes into the same action, clicked first, and the item is found by the same words.
// A step a release inserted is answered the same way: a dialog now covering the page (a cookie banner)
// is dismissed first in the step it blocks, and a dialog a click now opens ('Delete order #1002?')
// is answered in that click's step, when the following check then passes as stored.

export interface HealInputStep {
  description: string;
  action: Action;
  continuesSetup?: boolean;
  /** What else its element was when the step was generated (issue 30): absent on older tests. */
  fingerprint?: ElementFingerprint | null;
}

export interface HealInput {
  website: string;
  /** The test's steps with module calls already expanded. */
  steps: HealInputStep[];
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
    let answered: HealedStep | null = null;
    try {
      const previous = healed[index - 1];
      // A check right after a click that opened a dialog: tried briefly as stored, then the dialog is
      // answered (the click may now ask first), and only then the check gets its full wait.
      const asked =
        !trusted &&
        step.action.kind === 'expect' &&
        previous?.action?.kind === 'click' &&
        !previous.action.opener
          ? await askedFirst(session, input, previous, step.action)
          : null;
      if (asked?.ok) {
        if (asked.action !== previous.action)
          answered = { ...previous, action: asked.action, changed: true, note: asked.note };
        result = kept(step.action);
      } else result = await healStep(session, input, step, trusted);
      if (!result.ok && asked && !asked.ok)
        result = { ...result, message: `${result.message} ${asked.message}` };
      // A check failing with a dialog open that the click before it opened: the click may now ask first.
      if (!result.ok && !asked && previous && step.action.kind === 'expect' && !session.closed) {
        const confirmed = await answerDialog(session, input, previous, step.action);
        if (confirmed?.ok) {
          answered = { ...previous, action: confirmed.action, changed: true, note: confirmed.note };
          result = kept(step.action);
        } else if (confirmed) result = { ...result, message: `${result.message} ${confirmed.message}` };
      }
    } catch (error) {
      result = { ok: false, status: 'failed', message: messageOf(error).split('\n')[0] };
    } finally {
      await session.endStep();
    }
    if (answered) {
      healed[index - 1] = answered;
      await hooks.onStep?.(answered, index - 1);
    }
    const shown = !result.ok || result.changed;
    const healedStep: HealedStep = {
      description: step.description,
      original: step.action,
      action: result.ok ? result.action : null,
      changed: result.ok && result.changed,
      ok: result.ok,
      note: result.ok ? result.note : result.message,
      screenshot: shown && !session.closed ? await healingScreenshot(session, index) : null,
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
  step: HealInputStep,
  trusted: boolean,
): Promise<StepResult> {
  const original = step.action;
  // As a run does (issue 28): the test goes on where its setup module left the page, on its site.
  if (step.continuesSetup && original.kind === 'goto' && isOnSite(session.probe.url(), original.url))
    return kept(original);
  // An optional step (issue 32) is skipped when its element is not there: nothing to move.
  if (isOptional(original)) {
    const ran = await session.execute(original);
    return ran.ok ? kept(original) : failed(`it failed as stored: ${ran.error?.message}`);
  }
  if (original.kind === 'expect') return healCheck(session, input, step, original, trusted);
  if (original.kind === 'goto') return healGoto(session, input, original);
  const target = targetOf(original);
  // A step by position ('the second row') whose row now reads otherwise: the list may have been re-ordered.
  const reordered = step.fingerprint
    ? await reorderedItem(session, step.fingerprint, original, target)
    : null;
  if (reordered) return reordered;
  if (!target) {
    const ran = await session.execute(original);
    return ran.ok
      ? kept(original)
      : failed(
          `it failed as stored and acts on no element a new target could replace: ${ran.error?.message}`,
        );
  }
  // A control inside a menu shows only once its opener is clicked: the opener is what must be there.
  const opener = original.kind === 'click' ? original.opener : undefined;
  if (trusted || (await presentCount(session, opener ?? target, input.stepTimeoutMs)) > 0) {
    // A dialog open over the settled page may take the click: tried briefly, then answered first.
    if (!trusted && !opener && original.kind === 'click' && (await dialogOpen(session))) {
      if ((await session.execute(original, TRIAL_CLICK_MS)).ok) return kept(original);
      const dismissed = await pastDialog(session, original);
      if (dismissed?.ok) return dismissed;
      // The dialog was answered and the element, still there, refused the click for a full step's wait:
      // trying it again as stored, then answering again, would only wait as long twice more.
      if (dismissed && (await session.matchCount(target)) > 0)
        return failed(
          `${dismissed.message} The element is still on the page, so the step is not moved to another one.`,
        );
    }
    const ran = await session.execute(original);
    if (ran.ok) return kept(original);
    const now = await session.matchCount(target);
    // The element is there and still refuses the action: that is the application, not a moved target,
    // unless a dialog the release put over the page takes the click (a cookie banner to answer first).
    if (now === 1 || (now > 1 && target.nth !== undefined)) {
      const dismissed = opener ? null : await pastDialog(session, original);
      if (dismissed?.ok) return dismissed;
      return failed(
        `${ran.error?.message} The element is still on the page, so the step is not moved to another one.${dismissed ? ` ${dismissed.message}` : ''}`,
      );
    }
    // A menu its opener left open is closed before the step's words are looked for on the page.
    if (opener) await session.execute({ kind: 'press', key: 'Escape' });
  }
  return retarget(session, input, step, original, target);
}

/** A check keeps its expectation; only a target that is gone (or no longer unique) may move. */
async function healCheck(
  session: RunnerSession,
  input: HealInput,
  step: HealInputStep,
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
  // A count of none is met wherever nothing is; a count of some needs its elements there first (a
  // table's rows gone with the table are looked for elsewhere at once, not after a full step's wait).
  const runFirst =
    trusted || content || negated || (assert.type === 'count' && assert.count === 0)
      ? true
      : (await presentCount(session, target, input.stepTimeoutMs)) > 0;
  if (runFirst) {
    const ran = await session.execute(original);
    if (ran.ok) return kept(original);
    const now = await session.matchCount(target);
    const gone = now === 0 && !content && !negated && !(assert.type === 'count' && assert.count === 0);
    const ambiguous = now > 1 && target.nth === undefined && assert.type !== 'count' && !content;
    // Words in a row ('the second row shows "Cancelled"') whose table is now cards: read in the card.
    const rowsGone = content && !negated && isRowSpec(target.within) && now === 0;
    const asItems = rowsGone ? await rowsAsItems(session, original, target) : null;
    if (asItems) return asItems;
    if (!gone && !ambiguous) return behaviourChanged(session, assert, ran.error?.message ?? '', now);
  }
  return retarget(session, input, step, original, target);
}

/** Finds the step's element again from its words, the old target as a hint; only the target changes. */
async function retarget(
  session: RunnerSession,
  input: HealInput,
  step: HealInputStep,
  original: Action,
  oldTarget: Target,
): Promise<StepResult> {
  const gone = `${capitalize(describeTarget(oldTarget))} is no longer on the page`;
  const split = await splitField(session, original, oldTarget);
  if (split) return failed(`${gone}. ${split}`);
  const asItems = await rowsAsItems(session, original, oldTarget);
  if (asItems) return asItems;
  const parsed = parseStep(step.description, input.website);
  if (!parsed.ok)
    return failed(`${gone}, and the step's words could not be read to find it again. ${parsed.hint}`);
  const intent = withOldHint(parsed.intent, oldTarget);
  const snapshot = await session.snapshot();
  const resolution = await resolveIntent(intent, session, snapshot);
  if (!resolution.ok) {
    if (resolution.error.error_type !== 'element_not_found')
      return failed(`${gone}. ${resolution.error.message}`);
    // Nothing named so far may be a page slower than the first look: once the page has settled, the
    // stored action runs again only if its element is there now (no fixed wait for one that is gone).
    if (await cameLate(session, original, oldTarget, input.stepTimeoutMs)) return kept(original);
    const menu = await fromMenu(session, intent, original, oldTarget);
    if (menu?.ok) return menu;
    // Every word changed ('Item name' → 'New entry'): what else the element was may still find it.
    const alike = step.fingerprint
      ? await byFingerprint(session, step.fingerprint, original, oldTarget)
      : null;
    if (alike?.ok) return alike;
    return failed(
      `${gone}. ${resolution.error.message}${menu ? ` ${menu.message}` : ''}${alike ? ` ${alike.message}` : ''}`,
    );
  }
  let lastError = 'no element the words name could take the step.';
  // Only elements that could not even take the step (hidden, gone): a visible one that refused is no moved control.
  let anyRan = false;
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
    anyRan ||= tried.ran;
    if (session.closed) break;
  }
  const menu = anyRan || session.closed ? null : await fromMenu(session, intent, original, oldTarget);
  if (menu?.ok) return menu;
  return failed(
    `${gone}, and no element its words name works instead: ${lastError}${menu ? ` ${menu.message}` : ''}`,
  );
}

/**
 * The step's words name nothing on the page: the element most like the one it acted on when the test
 * was generated (its fingerprint: id, name, type, form, place…), taken only when clearly ahead of the
 * next one, and it must then do what the step says (the verifier). A check is never moved this way:
 * its element is found by its words or not at all. Null: nothing to try.
 */
async function byFingerprint(
  session: RunnerSession,
  fingerprint: ElementFingerprint,
  original: Action,
  oldTarget: Target,
): Promise<StepResult | null> {
  if (original.kind === 'expect' || session.closed) return null;
  const snapshot = await session.snapshot();
  const best = bestByFingerprint(fingerprint, snapshot.candidates);
  if (!best.ok) return failed(`By what else it was: ${best.message}`);
  const { candidate, reasons } = best.match;
  const [target] = await session.locatorsFor(candidate.index, { first: true });
  const words = candidate.label || candidate.name || candidate.placeholder || candidate.text || '';
  if (!target || sameTarget(target, oldTarget))
    return failed(`The element most like it${words ? `, "${words}",` : ''} could not be located.`);
  const action = moveTarget(original, target);
  const tried = await tryAction(session, action, snapshot, undefined);
  if (!tried.ok)
    return failed(
      `The element most like it${words ? `, "${words}",` : ''} does not work instead: ${tried.message}`,
    );
  return {
    ok: true,
    action,
    changed: true,
    note: fingerprintNote(oldWords(oldTarget) ?? fingerprintWords(fingerprint), candidate, words, reasons),
  };
}

/** 'The "Item name" field is now labelled "New entry" (the same id, the same form and the same place).' */
function fingerprintNote(
  before: string | null,
  candidate: Candidate,
  after: string,
  reasons: string[],
): string {
  const field = FIELD_ROLES.has(candidate.role);
  const kind = field ? 'field' : describeTarget({ locator: { by: 'role', role: candidate.role } });
  const why = reasons.length > 0 ? ` (${listed(reasons)})` : '';
  if (before && after && normalizeWords(before) !== normalizeWords(after))
    return field
      ? `The "${before}" field is now labelled "${after}"${why}.`
      : `The "${before}" ${kind} is now called "${after}"${why}.`;
  return `The ${before ? `"${before}" ` : ''}${kind} is found by what else it was${why}.`;
}

function listed(items: string[]): string {
  return items.length <= 1
    ? items.join('')
    : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

/** Runs an action and verifies it did what it says (a click must change something a person sees). */
async function tryAction(
  session: RunnerSession,
  action: Action,
  snapshot: PageSnapshot,
  timeoutMs: number | undefined,
): Promise<{ ok: true } | { ok: false; ran: boolean; message: string }> {
  const watch = action.kind === 'click' ? await session.watchChanges().catch(() => null) : null;
  const ran = await session.execute(action, timeoutMs);
  if (!ran.ok) {
    if (watch) await watch().catch(() => undefined);
    return { ok: false, ran: false, message: ran.error?.message ?? 'It did not run.' };
  }
  const change = watch ? await watch().catch(() => null) : null;
  const verified = await verifyAction(action, session, { url: snapshot.url, change });
  return verified.passed ? { ok: true } : { ok: false, ran: true, message: verified.message };
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

/** The stored action's element showed once the page settled, and the action now runs as stored. */
async function cameLate(
  session: RunnerSession,
  original: Action,
  oldTarget: Target,
  stepTimeoutMs: number,
): Promise<boolean> {
  const opener = original.kind === 'click' ? original.opener : undefined;
  if ((await presentCount(session, opener ?? oldTarget, stepTimeoutMs)) === 0) return false;
  return (await session.execute(original)).ok;
}

// ── A table rendered as cards ───────────────────────────────────────────────────────────────────────

/** What a table's row may have become: a card (article), a list's item, a group. */
const ITEM_ROLES = ['article', 'listitem', 'group'];
const CELL_ROLES = new Set(['cell', 'gridcell', 'rowheader']);
const TABLE_ROLES = new Set(['table', 'grid', 'treegrid', 'rowgroup']);

function isRowSpec(spec: Target['locator'] | undefined): boolean {
  return spec?.by === 'role' && spec.role === 'row';
}

/**
 * A step on a table's row ('the first row', 'the row with "Grace Hopper"') on a page that has no rows
 * any more but items of one kind (an order's card, a list's item): the item is the row now. The same
 * step on the item in the same place or with the same words, its expectation untouched; a check that
 * then reads otherwise is the application's behaviour, never another item to try. Null: not a row's
 * step, rows are still there, or no items are.
 */
async function rowsAsItems(
  session: RunnerSession,
  original: Action,
  oldTarget: Target,
): Promise<StepResult | null> {
  if (!isRowSpec(oldTarget.locator) && !isRowSpec(oldTarget.within)) return null;
  if (session.closed || (await session.matchCount({ locator: { by: 'role', role: 'row' } })) > 0) return null;
  const snapshot = await session.snapshot();
  const counts = new Map<string, number>();
  for (const c of snapshot.candidates)
    if (
      c.visible &&
      c.containerRole &&
      ITEM_ROLES.includes(c.containerRole) &&
      c.frame === (oldTarget.frame ?? null)
    )
      counts.set(c.containerRole, (counts.get(c.containerRole) ?? 0) + 1);
  const [role] = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([each]) => each);
  if (!role) return null;
  const swap = (spec: Target['locator']): Target['locator'] =>
    spec.by === 'role' && spec.role === 'row' ? { ...spec, role } : spec;
  const { has, withinHas, within, ...rest } = oldTarget;
  // The rows of a table: the items are on the page, in no table.
  const inTable = within?.by === 'role' && TABLE_ROLES.has(within.role);
  const { withinText: _text, withinNth: _nth, ...outsideTable } = rest;
  const moved: Target = {
    ...(inTable ? outsideTable : rest),
    locator: swap(oldTarget.locator),
    ...(within && !inTable ? { within: swap(within) } : {}),
    // A row's cells told it from the header row; an item has none.
    ...(has && !(has.by === 'role' && CELL_ROLES.has(has.role)) ? { has } : {}),
    ...(withinHas && !(withinHas.by === 'role' && CELL_ROLES.has(withinHas.role)) ? { withinHas } : {}),
  };
  const found = await session.matchCount(moved);
  if (found === 0) return null;
  const action = moveTarget(original, moved);
  const tried = await tryAction(session, action, snapshot, undefined);
  const kind = role === 'article' ? 'card' : role === 'listitem' ? 'item' : role;
  if (!tried.ok)
    return original.kind === 'expect'
      ? behaviourChanged(session, original.assert, tried.message, found)
      : failed(
          `The table's rows are ${kind}s now, and the ${kind} in their place does not take the step: ${tried.message}`,
        );
  return {
    ok: true,
    action,
    changed: true,
    note: `The table's rows are shown as ${kind}s now: the step uses ${describeTarget(moved)}.`,
  };
}

// ── A field split in two ─────────────────────────────────────────────────────────────────────────

/**
 * A gone field whose words now name two or more fields in part ('Full name' → 'First name' and 'Last
 * name'): the field was split. A typed value is never put into one of them (half a name would go
 * where a whole one went): the healing says so and a person edits the step into one for each field.
 * Null when the step types nothing or no such fields are on the page.
 */
async function splitField(
  session: RunnerSession,
  original: Action,
  oldTarget: Target,
): Promise<string | null> {
  if (original.kind !== 'fill' && original.kind !== 'type') return null;
  const before = oldWords(oldTarget);
  const wanted = new Set(normalizeWords(before).split(' ').filter(Boolean));
  if (!before || wanted.size < 2) return null;
  const snapshot = await session.snapshot();
  const parts = snapshot.candidates.filter((c) => {
    if (!c.visible || !c.editable || !FIELD_ROLES.has(c.role) || c.frame !== (oldTarget.frame ?? null))
      return false;
    const words = normalizeWords(c.label || c.name || c.placeholder)
      .split(' ')
      .filter(Boolean);
    const shared = words.filter((word) => wanted.has(word)).length;
    // Some of its words, not all of them, and a word of its own ('First' of 'First name').
    return shared > 0 && shared < wanted.size && words.some((word) => !wanted.has(word));
  });
  // The parts share the same word of the old field ('name') and sit in the same form.
  const byWord = new Map<string, Candidate[]>();
  for (const part of parts)
    for (const word of normalizeWords(part.label || part.name || part.placeholder).split(' '))
      if (wanted.has(word)) byWord.set(word, [...(byWord.get(word) ?? []), part]);
  const halves = [...byWord.values()]
    .map((group) => group.filter((part) => part.region === group[0].region))
    .find((group) => group.length >= 2);
  if (!halves) return null;
  const names = halves.map((part) => `"${part.label || part.name || part.placeholder}"`);
  return `The "${before}" field seems split in two: ${listed(names)} are on the page instead. A value typed into one field is not put into one of them: edit the step into one for each field.`;
}

// ── A page renamed ──────────────────────────────────────────────────────────────────────────────────

/** A page that says it is not there (a static host's 404 page, a single-page app's catch-all route). */
const NOT_FOUND_TITLE = /\b(?:not found|404|no longer exists|does not exist)\b/i;

/**
 * Opens the stored address; when the page is gone there (an HTTP error, or a page titled "Page not
 * found"), the page was renamed: the link on the page the test came from (or the site's start page)
 * whose words, id or address name the old address ('cart.html' → the "Basket (1)" link, id cart-link)
 * is followed, and the step opens where it leads. Only when exactly one link names it; the following
 * steps must then pass as stored.
 */
async function healGoto(
  session: RunnerSession,
  input: HealInput,
  original: Extract<Action, { kind: 'goto' }>,
): Promise<StepResult> {
  const cameFrom = session.probe.url();
  const ran = await session.execute(original);
  const title = ran.ok ? await session.probe.title() : '';
  if (ran.ok && !NOT_FOUND_TITLE.test(title)) return kept(original);
  if (!ran.ok && ran.error?.error_type !== 'navigation_failed')
    return failed(
      `it failed as stored and acts on no element a new target could replace: ${ran.error?.message}`,
    );
  const gone = `The page ${original.url} is gone (${ran.ok ? `"${title}"` : ran.error?.message})`;
  let oldUrl: URL;
  try {
    oldUrl = new URL(original.url, cameFrom);
  } catch {
    return failed(`${gone}, and its address could not be read.`);
  }
  const pageWords = oldUrl.pathname
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/\.[a-z]+$/i, '').replace(/[-_.]+/g, ' '))
    .slice(-1)
    .join(' ');
  if (!normalizeWords(pageWords)) return failed(`${gone}, and its address has no words to look for it by.`);
  const from = isOnSite(cameFrom, input.website) && cameFrom !== oldUrl.href ? cameFrom : input.website;
  if (!(await session.execute({ kind: 'goto', url: from })).ok)
    return failed(`${gone}, and the page it came from (${from}) could not be opened again.`);
  const snapshot = await session.snapshot();
  const scored = snapshot.candidates
    .filter((c) => c.visible && c.role === 'link')
    .map((c) => {
      const ids = [c.id, c.testId, c.nameAttr].filter(Boolean).join(' ').replace(/[-_]+/g, ' ');
      return { c, score: Math.max(similarity(pageWords, c.name || c.text), similarity(pageWords, ids)) };
    })
    .filter((entry) => entry.score >= MATCH_THRESHOLD)
    .sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  if (!best) return failed(`${gone}, and no link on ${from} names "${pageWords}".`);
  if (second && second.score === best.score && itemName(second.c) !== itemName(best.c))
    return failed(
      `${gone}, and the links "${itemName(best.c)}" and "${itemName(second.c)}" both name "${pageWords}".`,
    );
  const [link] = await session.locatorsFor(best.c.index, { first: true });
  if (!link || !(await session.execute({ kind: 'click', target: link })).ok)
    return failed(`${gone}, and the "${itemName(best.c)}" link could not be followed.`);
  await session.settle(SETTLED_QUIET_MS, PRESENCE_WAIT_MS);
  const landed = session.probe.url();
  if (landed === from || NOT_FOUND_TITLE.test(await session.probe.title()))
    return failed(`${gone}, and the "${itemName(best.c)}" link does not lead to another page.`);
  const action: Action = { ...original, url: landed };
  if (!(await session.execute(action)).ok) return failed(`${gone}, and ${landed} could not be opened.`);
  const why =
    best.c.id && similarity(pageWords, best.c.id.replace(/[-_]+/g, ' ')) >= MATCH_THRESHOLD
      ? ` (id ${best.c.id})`
      : '';
  return {
    ok: true,
    action,
    changed: true,
    note: `The page ${oldUrl.pathname.split('/').pop()} is gone: the site's "${itemName(best.c)}" link${why} now leads to ${new URL(landed).pathname.split('/').pop()}, which the step opens.`,
  };
}

// ── A list re-ordered ───────────────────────────────────────────────────────────────────────────────

/**
 * A step that acts by position ('the pencil in the second row') whose row now reads otherwise than
 * when the step was generated, while exactly one row reads as that row did: the list was re-ordered,
 * and the step takes that row, found by its words from now on. Null: nothing to say (not by position,
 * no row's words recorded, the row at that place still reads the same, or no single row does).
 */
async function reorderedItem(
  session: RunnerSession,
  fp: ElementFingerprint,
  original: Action,
  target: Target | null,
): Promise<StepResult | null> {
  if (!target || original.kind === 'expect' || (original.kind === 'click' && original.opener)) return null;
  const position = target.withinNth ?? target.nth;
  const rowWords = normalizeWords(fp.container);
  if (position === undefined || position < 0 || !fp.containerRole || !rowWords || session.closed) return null;
  const snapshot = await session.snapshot();
  const alike = snapshot.candidates.filter(
    (c) =>
      c.visible &&
      c.role === fp.role &&
      c.tag === fp.tag &&
      c.frame === fp.frame &&
      c.containerRole === fp.containerRole &&
      (c.iconHint ?? null) === (fp.iconHint ?? null),
  );
  const there = alike[position];
  if (!there || normalizeWords(there.container) === rowWords) return null;
  const same = alike.filter((c) => normalizeWords(c.container) === rowWords);
  if (same.length !== 1) return null;
  // The shortest run of the row's words that no other such row holds names it from now on.
  const words = rowWords.split(' ');
  const others = alike.filter((c) => c !== same[0]).map((c) => ` ${normalizeWords(c.container)} `);
  let text: string | null = null;
  for (let size = 1; size <= 3 && !text; size++)
    for (let start = 0; start + size <= words.length && !text; start++) {
      const run = words.slice(start, start + size).join(' ');
      if (/\p{L}/u.test(run) && others.every((other) => !other.includes(` ${run} `))) text = run;
    }
  if (!text) return null;
  const { withinNth: _withinNth, nth: _nth, ...rest } = target;
  const moved: Target = target.within
    ? { ...rest, withinText: text }
    : { ...rest, within: { by: 'role', role: fp.containerRole }, withinText: text };
  if ((await session.matchCount(moved)) !== 1) return null;
  const action = moveTarget(original, moved);
  const tried = await tryAction(session, action, snapshot, undefined);
  if (!tried.ok)
    return failed(
      `The list seems re-ordered, and the ${fp.containerRole} reading as before does not take the step: ${tried.message}`,
    );
  const place =
    target.withinNth !== undefined
      ? `the ${ordinal(position)} ${fp.containerRole}`
      : `the ${ordinal(position)} one`;
  return {
    ok: true,
    action,
    changed: true,
    note: `The list was re-ordered: ${place} now reads "${shorten(there.container ?? '')}"; the step takes the ${fp.containerRole} with "${text}", as it read when the test was made.`,
  };
}

const ORDINALS = [
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];

function ordinal(index: number): string {
  return ORDINALS[index] ?? `${index + 1}th`;
}

// ── A step the release inserted: a dialog to answer ──────────────────────────────────────────────

/** A dialog's button that goes on: its words agree, accept or confirm. */
const GO_ON_WORDS = /\b(?:accept|agree|allow|ok|okay|got it|continue|yes|confirm|understand|proceed)\b/i;
/** A dialog's button that gives up or refuses: never the answer a step is healed with. */
const GIVE_UP_WORDS = /\b(?:cancel|no|back|reject|decline|deny|refuse|keep|close|dismiss|later)\b|[×✕✖]/i;

interface DialogAnswer {
  target: Target;
  button: string;
  dialog: string | null;
}

/**
 * The open dialog's button a step goes on with: the one its own words name ('Delete' after 'Click the
 * delete button'), else the one that accepts or confirms; never one that cancels or refuses, and
 * none when two are equally good. Null when no dialog is open or none of its buttons goes on.
 */
async function dialogAnswer(session: RunnerSession, words: string[]): Promise<DialogAnswer | null> {
  const snapshot = await session.snapshot();
  const inDialog = (c: Candidate) => c.visible && /^dialog\b/.test(normalizeWords(c.region));
  const buttons = snapshot.candidates.filter(
    (c) => inDialog(c) && !c.disabled && (c.role === 'button' || c.role === 'link') && itemName(c),
  );
  const ranked = buttons
    .filter((c) => !GIVE_UP_WORDS.test(itemName(c)))
    .map((c) => {
      const named = Math.max(0, ...words.map((word) => similarity(word, itemName(c))));
      return { c, score: named >= MATCH_THRESHOLD ? 2 : GO_ON_WORDS.test(itemName(c)) ? 1 : 0 };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score);
  const [best, second] = ranked;
  if (!best || (second && second.score === best.score)) return null;
  const [target] = await session.locatorsFor(best.c.index, { first: true });
  if (!target) return null;
  const heading = snapshot.candidates.find((c) => inDialog(c) && c.role === 'heading' && c.name);
  return { target, button: itemName(best.c), dialog: heading?.name ?? null };
}

function dialogName(answer: DialogAnswer): string {
  return answer.dialog ? `the "${answer.dialog}" dialog` : 'a dialog';
}

/** How long a click is tried while a dialog is open on the settled page, before the dialog is answered. */
const TRIAL_CLICK_MS = 250;

/** Whether the settled page shows a dialog with a button that goes on. */
async function dialogOpen(session: RunnerSession): Promise<boolean> {
  if (session.closed) return false;
  await session.settle(SETTLED_QUIET_MS, PRESENCE_WAIT_MS);
  return (await dialogAnswer(session, [])) !== null;
}

/**
 * A click refused by an element that is still there: a dialog the release put over the page (a cookie
 * banner) may take it. Its button that goes on is clicked, then the step's own click; the step keeps
 * both, the dialog's button first. Null: no dialog open, so nothing more to say.
 */
async function pastDialog(session: RunnerSession, original: Action): Promise<StepResult | null> {
  if (original.kind !== 'click') return null;
  const answer = await dialogAnswer(session, []);
  if (!answer) return null;
  const opened = await session.execute({ kind: 'click', target: answer.target });
  if (!opened.ok) return failed(`Answering ${dialogName(answer)} with "${answer.button}" failed.`);
  const action: Action = { ...original, opener: answer.target };
  const ran = await session.execute(original);
  if (!ran.ok)
    return failed(
      `After answering ${dialogName(answer)} with "${answer.button}", the step still fails: ${ran.error?.message}`,
    );
  return {
    ok: true,
    action,
    changed: true,
    note: `${capitalize(dialogName(answer))} now covers the page: the step first chooses its "${answer.button}".`,
  };
}

/**
 * A dialog is open after the click before a check: the check as stored, briefly (the dialog may be
 * the test's own), else the dialog answered as `answerDialog` does. Null: no dialog is open. Its
 * action is the click's own when the check passed as stored.
 */
async function askedFirst(
  session: RunnerSession,
  input: HealInput,
  previous: HealedStep,
  check: Action,
): Promise<{ ok: true; action: Action; note: string | null } | { ok: false; message: string } | null> {
  if (session.closed || !previous.action) return null;
  // On the settled page (no request out, the document quiet), what the check expects is there or not.
  await session.settle(SETTLED_QUIET_MS, PRESENCE_WAIT_MS);
  const snapshot = await session.snapshot();
  if (!snapshot.candidates.some((c) => c.visible && /^dialog\b/.test(normalizeWords(c.region)))) return null;
  if ((await session.execute(check, Math.min(QUICK_CHECK_MS, input.stepTimeoutMs))).ok)
    return { ok: true, action: previous.action, note: previous.note };
  return answerDialog(session, input, previous, check);
}

/**
 * A check failed while a dialog is open after the click before it: the release may now ask first
 * ('Delete order #1002?'). The dialog's button the click's words name (or that confirms) is chosen,
 * and the check must then pass as stored; the click's step keeps both clicks. Null: nothing to try.
 */
async function answerDialog(
  session: RunnerSession,
  input: HealInput,
  previous: HealedStep,
  check: Action,
): Promise<{ ok: true; action: Action; note: string } | { ok: false; message: string } | null> {
  const click = previous.action;
  if (!click || click.kind !== 'click' || click.opener) return null;
  const parsed = parseStep(previous.description, input.website);
  const phrase = parsed.ok ? intentPhrase(parsed.intent) : null;
  const words = [phrase?.text, ...(phrase?.alternatives ?? []), oldWords(click.target)].filter(
    (word): word is string => Boolean(word?.trim()),
  );
  const answer = await dialogAnswer(session, words);
  if (!answer) return null;
  const chose = await session.execute({ kind: 'click', target: answer.target });
  const passes = chose.ok && (await session.execute(check)).ok;
  if (!passes)
    return {
      ok: false,
      message: `Choosing "${answer.button}" in ${dialogName(answer)} the step before opened did not make it pass.`,
    };
  return {
    ok: true,
    action: { ...click, opener: click.target, target: answer.target },
    note: `The click now opens ${dialogName(answer)}: the step also chooses its "${answer.button}".`,
  };
}

// ── A control that moved into a menu ──────────────────────────────────────────────────────────────

const MENU_ITEM_ROLES = new Set(['menuitem', 'menuitemcheckbox', 'menuitemradio']);
/** Words (and glyphs) of a control that opens a menu: "More", "Actions", "⋯", a kebab icon. */
const OPENER_WORDS = /\b(?:more|actions?|options|menu|kebab|dots|ellipsis|overflow)\b|[⋯…⋮☰≡]/i;
/** At most this many menus are opened to look for a control. */
const MENU_OPENERS_TRIED = 3;
/** How long a menu may take to show its items once its button is clicked. */
const MENU_OPEN_MS = 1000;
/** Looks at what the page shows outside its menus after a menu's item was chosen (an answer may come late). */
const OUTSIDE_WAITS_MS = [0, 100, 250, 400];

interface MenuOpener {
  target: Target;
  /** How a person calls its menu: 'the row's "More actions" menu'. */
  menu: string;
}

/** Containers whose menus are theirs alone: a page-wide control never moved into one of them. */
const ITEM_CONTAINERS = new Set(['row', 'listitem', 'article']);

/**
 * The step's control is nowhere to be seen: it may have moved into a menu near where it was (the
 * row's "More actions" menu, a toolbar's overflow). Each opener found there is clicked, its menu's
 * items are matched against the step's words as a re-targeting would, and the menu is closed again.
 * An item the words name becomes the step's target, with the opener clicked first in the same step;
 * it must then do something outside the menu. Never an item by position: no words, no item.
 * Null: no opener anywhere near, so nothing more to say.
 */
async function fromMenu(
  session: RunnerSession,
  intent: Intent,
  original: Action,
  oldTarget: Target,
): Promise<StepResult | null> {
  if (original.kind !== 'click' || original.opener) return null;
  const phrase = intentPhrase(intent);
  const names = phrase ? [phrase.text, ...(phrase.alternatives ?? [])].filter((name) => name.trim()) : [];
  if (!phrase || phrase.submit || names.length === 0) return null;
  const snapshot = await session.snapshot();
  const openers = await menuOpeners(session, snapshot, oldTarget, phrase);
  if (openers.length === 0) return null;
  const shown: string[] = [];
  for (const opener of openers) {
    const menuName = opener.menu;
    const before = await session.probe.outsideMenus();
    const alreadyShown = new Set(
      snapshot.candidates.filter((c) => c.visible && MENU_ITEM_ROLES.has(c.role)).map(itemKey),
    );
    const opened = await session.execute({ kind: 'click', target: opener.target });
    if (!opened.ok) continue;
    const items = await shownItems(session, alreadyShown);
    if (items.length === 0) {
      // Not a menu button after all: whatever it did, no other control is clicked on a guess.
      if (before !== (await session.probe.outsideMenus()))
        return failed(`Clicking ${describeTarget(opener.target)} opened no menu and changed the page.`);
      continue;
    }
    const words = items.map((item) => `"${itemName(item)}"`).join(', ');
    const ranked = items
      .map((item) => ({
        item,
        score: Math.max(...names.map((name) => similarity(name, itemName(item)))),
      }))
      .filter((entry) => entry.score >= MATCH_THRESHOLD)
      .sort((a, b) => b.score - a.score || a.item.index - b.item.index);
    const [best, second] = ranked;
    const [itemTarget] = best ? await session.locatorsFor(best.item.index, { first: true }) : [];
    const closed = await closeMenu(session, opener.target, alreadyShown);
    if (!best) {
      shown.push(`${menuName} shows ${words}`);
      continue;
    }
    if (second && best.score - second.score < 1)
      return failed(
        `In ${menuName}, "${itemName(best.item)}" and "${itemName(second.item)}" match the step's words equally well; it shows ${words}.`,
      );
    if (!itemTarget) return failed(`"${itemName(best.item)}" in ${menuName} could not be located.`);
    if (!closed)
      return failed(`${capitalize(menuName)} did not close on Escape, so the step cannot open it.`);
    const action: Action = { ...original, opener: opener.target, target: itemTarget };
    const tried = await tryMenuAction(session, action, snapshot);
    if (!tried.ok)
      return failed(`"${itemName(best.item)}" in ${menuName} does not work instead: ${tried.message}`);
    return { ok: true, action, changed: true, note: menuNote(oldTarget, itemName(best.item), menuName) };
  }
  return shown.length > 0
    ? failed(`No menu near it holds an item its words name: ${shown.join('; ')}.`)
    : null;
}

/**
 * Buttons that open a menu near the old target: in its row or item when it was in one (never another
 * row's), else anywhere on the page. A button that says so (aria-haspopup) first, then one whose words
 * or icon read "more", "actions", "⋯", then, inside the row only, one that shows no words at all.
 */
async function menuOpeners(
  session: RunnerSession,
  snapshot: PageSnapshot,
  oldTarget: Target,
  phrase: Phrase,
): Promise<MenuOpener[]> {
  const region: LocatorOptions['within'] | null =
    oldTarget.within?.by === 'role'
      ? {
          role: oldTarget.within.role,
          ...(oldTarget.withinText !== undefined ? { text: oldTarget.withinText } : {}),
          ...(oldTarget.withinHas ? { has: oldTarget.withinHas } : {}),
          ...(oldTarget.withinNth !== undefined ? { nth: oldTarget.withinNth } : {}),
        }
      : null;
  const context = region ? null : (phrase.context ?? null);
  const inRow = Boolean(region || context);
  const scored = snapshot.candidates
    .filter((c) => c.visible && !c.disabled && c.role === 'button' && c.frame === (oldTarget.frame ?? null))
    .map((candidate) => ({ candidate, score: openerScore(candidate, inRow) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.candidate.index - b.candidate.index);
  const openers: MenuOpener[] = [];
  for (const { candidate } of scored) {
    if (openers.length >= MENU_OPENERS_TRIED) break;
    // The row's own button: a locator inside that very row must find it.
    const within =
      region ??
      (context && candidate.containerRole && inContext(context, candidate)
        ? { role: candidate.containerRole, text: context }
        : null);
    if (inRow ? !within : ITEM_CONTAINERS.has(candidate.containerRole ?? '')) continue;
    const [target] = await session.locatorsFor(candidate.index, {
      first: true,
      ...(within ? { within } : {}),
    });
    if (!target) continue;
    const owner = within ? `${within.role === 'listitem' ? 'item' : within.role}'s ` : '';
    const name = candidate.name || candidate.text;
    openers.push({ target, menu: `the ${owner}${name ? `"${name}" ` : ''}menu` });
  }
  return openers;
}

function openerScore(candidate: Candidate, inRow: boolean): number {
  if (candidate.popup) return 3;
  if (OPENER_WORDS.test(`${candidate.name} ${candidate.text ?? ''} ${candidate.iconHint ?? ''}`)) return 2;
  return inRow && !candidate.name && isIconOnly(candidate) ? 1 : 0;
}

/** The menu items that showed since the opener was clicked (a menu bar's always-shown items are not its). */
async function shownItems(session: RunnerSession, alreadyShown: Set<string>): Promise<Candidate[]> {
  await session.settle(SETTLED_QUIET_MS, MENU_OPEN_MS);
  const snapshot = await session.snapshot();
  return snapshot.candidates.filter(
    (c) => c.visible && MENU_ITEM_ROLES.has(c.role) && itemName(c) && !alreadyShown.has(itemKey(c)),
  );
}

/** Escape closes a menu; one that stays open is closed by its button. True once its items are gone. */
async function closeMenu(
  session: RunnerSession,
  opener: Target,
  alreadyShown: Set<string>,
): Promise<boolean> {
  await session.execute({ kind: 'press', key: 'Escape' });
  if ((await shownItems(session, alreadyShown)).length === 0) return true;
  await session.execute({ kind: 'click', target: opener });
  return (await shownItems(session, alreadyShown)).length === 0;
}

/**
 * The opener and the item, then the verifier, as for any re-targeted click; and the item must have
 * changed the page outside the menu: a menu closing is all an item that does nothing changes.
 */
async function tryMenuAction(
  session: RunnerSession,
  action: Action,
  snapshot: PageSnapshot,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const before = await session.probe.outsideMenus();
  const tried = await tryAction(session, action, snapshot, undefined);
  if (!tried.ok) return tried;
  for (const wait of OUTSIDE_WAITS_MS) {
    if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
    const after = await session.probe.outsideMenus();
    if (before === null || after === null || after !== before) return { ok: true };
  }
  return { ok: false, message: `nothing changed on the page outside the menu after choosing it.` };
}

function itemName(item: Candidate): string {
  return item.name || item.text || '';
}

function itemKey(item: Candidate): string {
  return `${item.role}|${itemName(item)}|${item.box ? `${item.box.x},${item.box.y}` : ''}`;
}

/** '"Delete" moved into the row's "More actions" menu.' */
function menuNote(old: Target, item: string, menuName: string): string {
  const before = oldWords(old);
  // An icon had no words of its own: the item's are what a person now reads.
  if (!before || normalizeWords(before) === normalizeWords(item)) return `"${item}" moved into ${menuName}.`;
  return `The ${describeTarget(old)} moved into ${menuName}, where it is called "${item}".`;
}

// ── Only the target moves ─────────────────────────────────────────────────────────────────────────

/** The original action with another target: values, keys, clicks and every expectation kept as stored. */
function moveTarget(action: Action, target: Target): Action {
  if (action.kind === 'expect' && 'target' in action.assert)
    return { ...action, assert: { ...action.assert, target } };
  // A control found on the page itself is no longer behind a menu: its opener goes with the old target.
  if (action.kind === 'click' && action.opener) {
    const { opener: _opener, ...click } = action;
    return { ...click, target };
  }
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

/** A healed step's screenshot; one that fails is logged, never silently absent. */
async function healingScreenshot(session: RunnerSession, index: number): Promise<Buffer | null> {
  return session.screenshot().catch((error: unknown) => {
    if (!session.closed)
      console.warn(
        `[healing] step ${index + 1}: Screenshot failed: ${screenshotFailure(error, session.values)}`,
      );
    return null;
  });
}
