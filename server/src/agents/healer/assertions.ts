// "Assertions are sacred" (issue 14): a healing may move targets, never what the test checks or does.
// This compares an original test with a healer's proposal and says, step by step, what was kept,
// moved, weakened, changed, removed or added, in sentences a QA person reads beside the diff.
import {
  type Action,
  type ActionKind,
  type Assertion,
  type LocatorSpec,
  type ScriptStep,
  type Target,
  describeAction,
  describeTarget,
  targetOf,
} from '../../runner';

export type HealingViolationKind =
  | 'check_removed'
  | 'check_changed'
  | 'check_weakened'
  | 'action_removed'
  | 'action_changed'
  | 'step_inserted'
  | 'order_changed';

export interface HealingViolation {
  /** 0-based index in the original; for an inserted step, the original step it comes before
   *  (the original's length when it comes after the last one). */
  stepIndex: number;
  kind: HealingViolationKind;
  message: string;
}

export interface StepMatch {
  originalIndex: number;
  healedIndex: number;
  /** Only the target changed. A pairing with a violation (a changed or moved step) is false. */
  retargeted: boolean;
}

export interface HealingComparison {
  ok: boolean;
  checksTotal: number;
  /** Original checks kept with the same expectation (their target may have moved). */
  checksKept: number;
  violations: HealingViolation[];
  /** Every original step found in the proposal, kept or not, in original order. */
  matches: StepMatch[];
}

// Steps a healer may add: they reach a control that moved (open a menu, scroll, wait, press Escape)
// or check more. Anything that enters data, navigates or changes state would change the test.
const INSERTABLE_KINDS: ReadonlySet<ActionKind> = new Set<ActionKind>([
  'click',
  'hover',
  'press',
  'scroll',
  'scrollTo',
  'wait',
  'waitFor',
  'waitForLoad',
  'expect',
]);

/**
 * Alignment rule: an original step and a healed step are "the same step" when they have the same
 * kind and the same values apart from the target (for a check: the same expectation). The pairing
 * is the longest in-order one (a longest common subsequence); among equally long ones, it prefers
 * pairs that keep their description and target and do not weaken a check. A plain "next match" walk would pair "Click Export"
 * with an inserted "Click More" that opens the menu Export moved into, and show the wrong diff.
 * Then, for each original step left unpaired: a healed step of the same kind in the same place is
 * that step changed; a matching healed step elsewhere means it was moved; otherwise it was removed.
 * Healed steps left over are insertions, allowed only for the kinds in INSERTABLE_KINDS.
 */
export function compareHealing(original: ScriptStep[], healed: ScriptStep[]): HealingComparison {
  const originalKeys = original.map((step) => sameStepKey(step.action));
  const healedKeys = healed.map((step) => sameStepKey(step.action));
  const aligned = longestAlignment(original, healed, originalKeys, healedKeys);

  const violations: HealingViolation[] = [];
  const matches: StepMatch[] = [];
  const pairedOriginal = new Set<number>(aligned.map(([o]) => o));
  const pairedHealed = new Set<number>(aligned.map(([, h]) => h));
  let checksKept = 0;

  for (const [o, h] of aligned) {
    const weakening = isCheck(original[o].action) ? targetWeakening(original[o], healed[h], o) : null;
    if (weakening) violations.push({ stepIndex: o, kind: 'check_weakened', message: weakening });
    else if (isCheck(original[o].action)) checksKept++;
    matches.push({
      originalIndex: o,
      healedIndex: h,
      retargeted: !weakening && !sameTarget(original[o].action, healed[h].action),
    });
  }

  original.forEach((step, o) => {
    if (pairedOriginal.has(o)) return;
    const [from, to] = gapAround(o, aligned, healed.length);
    const unpaired = (h: number) => !pairedHealed.has(h);
    const changed = counterpartIn(step, healed, from, to, unpaired);
    const moved =
      changed === null ? healed.findIndex((_, h) => unpaired(h) && healedKeys[h] === originalKeys[o]) : -1;
    const h = changed ?? (moved >= 0 ? moved : null);
    if (h === null) {
      violations.push(removal(step, o));
      return;
    }
    pairedHealed.add(h);
    matches.push({ originalIndex: o, healedIndex: h, retargeted: false });
    violations.push(
      changed !== null
        ? change(step, healed[h], o)
        : {
            stepIndex: o,
            kind: 'order_changed',
            message: `${stepName(step, o)} was moved: the proposal does it as step ${h + 1}, out of its original order.`,
          },
    );
  });

  healed.forEach((step, h) => {
    if (pairedHealed.has(h) || INSERTABLE_KINDS.has(step.action.kind)) return;
    const before = aligned.find(([, matchedH]) => matchedH > h)?.[0] ?? original.length;
    const where =
      before < original.length
        ? `before step ${before + 1} "${wordsOf(original[before])}"`
        : 'after the last step';
    violations.push({
      stepIndex: before,
      kind: 'step_inserted',
      message: `The proposal adds the step "${wordsOf(step)}" (${describeAction(step.action)}) ${where}: a healing may add clicks, hovers, key presses, scrolls, waits and checks, but no step that enters data, navigates or changes state.`,
    });
  });

  matches.sort((a, b) => a.originalIndex - b.originalIndex);
  violations.sort((a, b) => a.stepIndex - b.stepIndex);
  return {
    ok: violations.length === 0,
    checksTotal: original.filter((step) => isCheck(step.action)).length,
    checksKept,
    violations,
    matches,
  };
}

// ── Alignment ──────────────────────────────────────────────────────────────────────────────

function longestAlignment(
  original: ScriptStep[],
  healed: ScriptStep[],
  originalKeys: string[],
  healedKeys: string[],
): Array<[number, number]> {
  const n = original.length;
  const m = healed.length;
  // One more pair outweighs any number of preferences (at most 3 per pair).
  const pairWeight = 3 * Math.min(n, m) + 1;
  const affinity = (o: number, h: number) =>
    (original[o].description === healed[h].description ? 1 : 0) +
    (sameTarget(original[o].action, healed[h].action) ? 1 : 0) +
    (isCheck(original[o].action) && targetWeakening(original[o], healed[h], o) ? 0 : 1);
  const pairScore = (o: number, h: number) =>
    originalKeys[o] === healedKeys[h] ? pairWeight + affinity(o, h) + best[o + 1][h + 1] : -1;
  // best[o][h]: the best score aligning original[o..] with healed[h..].
  const best = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let o = n - 1; o >= 0; o--)
    for (let h = m - 1; h >= 0; h--) best[o][h] = Math.max(best[o + 1][h], best[o][h + 1], pairScore(o, h));

  const pairs: Array<[number, number]> = [];
  for (let o = 0, h = 0; o < n && h < m;) {
    if (pairScore(o, h) === best[o][h]) pairs.push([o++, h++]);
    else if (best[o + 1][h] === best[o][h]) o++;
    else h++;
  }
  return pairs;
}

/** The healed positions (exclusive) between the paired neighbours of an unpaired original step. */
function gapAround(o: number, aligned: Array<[number, number]>, healedLength: number): [number, number] {
  const from = aligned.filter(([before]) => before < o).at(-1)?.[1] ?? -1;
  const to = aligned.find(([after]) => after > o)?.[1] ?? healedLength;
  return [from, to];
}

/** The healed step that stands in for an unpaired original one: same description, else same kind. */
function counterpartIn(
  step: ScriptStep,
  healed: ScriptStep[],
  from: number,
  to: number,
  unpaired: (h: number) => boolean,
): number | null {
  const candidates = healed.map((_, h) => h).filter((h) => h > from && h < to && unpaired(h));
  const sameDescription = candidates.find((h) => healed[h].description === step.description);
  if (sameDescription !== undefined) return sameDescription;
  const sameKind = candidates.find((h) => sameKindOfStep(step.action, healed[h].action));
  return sameKind ?? null;
}

function sameKindOfStep(a: Action, b: Action): boolean {
  if (a.kind === 'expect' && b.kind === 'expect') return a.assert.type === b.assert.type;
  return a.kind === b.kind;
}

// ── What must stay the same ────────────────────────────────────────────────────────────────

/**
 * A step's values apart from its target, with defaults filled in, as a comparable string.
 * NOTE: for a visibility check located by text ("the page shows '$129.00'") the text and its
 * exactness ARE the expectation, as describeAction words it; for every other check the locator,
 * exact or not, only finds the element, so it is target and may move.
 */
function sameStepKey(action: Action): string {
  switch (action.kind) {
    case 'expect':
      return canonical({ kind: 'expect', expectation: expectationOf(action.assert) });
    case 'click':
      return canonical({
        kind: 'click',
        clickCount: action.clickCount ?? 1,
        button: action.button ?? 'left',
      });
    case 'module':
      // The name is a label shown to people; the module is its id.
      return canonical({ kind: 'module', moduleId: action.moduleId });
    case 'goto':
      // A page's address is where it is, as an element's locator is (a page renamed: cart.html →
      // basket.html); the site it is on is what the step is, so only another site is another step.
      return canonical({ kind: 'goto', site: siteOf(action.url) });
    default: {
      const values: Record<string, unknown> = { ...action };
      delete values.target;
      return canonical(values);
    }
  }
}

function expectationOf(assert: Assertion): Record<string, unknown> {
  const values: Record<string, unknown> = { ...assert };
  delete values.target;
  if (assert.type === 'visible' || assert.type === 'text') values.negate = Boolean(assert.negate);
  const shown = shownText(assert);
  if (shown) values.shows = { text: shown.text, exact: shown.exact === true };
  else if (assert.type === 'visible') values.shows = null;
  return values;
}

/** The text a "the page shows …" check expects (a visibility check located by text). */
function shownText(assert: Assertion): { text: string; exact?: boolean } | null {
  return assert.type === 'visible' && assert.target.locator.by === 'text' ? assert.target.locator : null;
}

/** JSON with sorted keys and no undefined fields, so that equal data gives equal strings. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );
}

/**
 * Where a step acts: its target and, for a control inside a menu, the menu's opener. An opener only
 * reaches the control (it is part of the target): the step still does what it did, so adding or moving
 * one is a re-targeting, never a changed or weakened step.
 */
function sameTarget(a: Action, b: Action): boolean {
  return canonical(placeOf(a)) === canonical(placeOf(b));
}

function placeOf(action: Action): unknown {
  if (action.kind === 'goto') return action.url;
  return action.kind === 'click' && action.opener
    ? { target: action.target, opener: action.opener }
    : targetOf(action);
}

/** The origin of an address ('http://shop.test'); an address that is no URL (a variable) is its own. */
function siteOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

function isCheck(action: Action): action is Extract<Action, { kind: 'expect' }> {
  return action.kind === 'expect';
}

// ── Checks that kept their expectation but can no longer fail ──────────────────────────────

/**
 * A check with the same expectation is still weakened when its new target makes it pass anyway.
 * Only what is clear from the data is judged, to keep false alarms low:
 * - a positive check moved onto the whole page (css made only of html, body, :root and *): the
 *   page is always visible and holds every text. A real container (role main, #app) is an element
 *   that can be missing or not hold the text, so it is not judged here; that needs the page.
 * - a check that something is absent (a negated visibility check, a count of 0) whose target
 *   changed: it passes on any target that finds nothing, and a moved target never makes it fail,
 *   so healing it never needs a new target.
 * - a text check whose new target finds its element by the expected text itself: it then only
 *   checks that the text appears somewhere (a wrong total passes if a line item shows the amount).
 * A check that was already written that way in the original is not flagged.
 */
function targetWeakening(original: ScriptStep, healed: ScriptStep, o: number): string | null {
  const before = (original.action as Extract<Action, { kind: 'expect' }>).assert;
  const after = (healed.action as Extract<Action, { kind: 'expect' }>).assert;
  if (!('target' in before) || !('target' in after)) return null;
  if (canonical(before.target) === canonical(after.target)) return null;
  const changedStep = `${stepName(original, o)} was weakened: it checked that ${checkPhrase(before)}`;
  const checksAbsence =
    (after.type === 'visible' && after.negate === true) || (after.type === 'count' && after.count === 0);
  if (checksAbsence)
    return `${changedStep}, the proposal checks ${describeTarget(after.target)} instead; a check that something is absent passes wherever nothing is found, so its target may not change.`;
  const negated = 'negate' in after && after.negate === true;
  if (!negated && isWholePage(after.target) && !isWholePage(before.target))
    return `${changedStep}, the proposal checks it on the whole page (${describeTarget(after.target)}), where it can no longer fail.`;
  if (
    after.type === 'text' &&
    !negated &&
    findsByText(after.target, after.value) &&
    !findsByText(before.target, before.type === 'text' ? before.value : '')
  )
    return `${changedStep}, the proposal checks ${describeTarget(after.target)}, an element found by that very text, so it only checks that "${after.value}" appears somewhere on the page.`;
  return null;
}

const WHOLE_PAGE_PARTS = new Set(['html', 'body', ':root', '*']);

function isWholePage(target: Target): boolean {
  if (target.locator.by !== 'css') return false;
  return target.locator.selector
    .toLowerCase()
    .split(',')
    .some((selector) => {
      const parts = selector.split(/[\s>+~]+/).filter(Boolean);
      return parts.length > 0 && parts.every((part) => WHOLE_PAGE_PARTS.has(part));
    });
}

function findsByText(target: Target, value: string): boolean {
  const expected = normalizeText(value);
  if (!expected) return false;
  const byText = (locator: LocatorSpec | undefined) => {
    const words =
      locator?.by === 'text' || locator?.by === 'label'
        ? locator.text
        : locator?.by === 'role'
          ? locator.name
          : undefined;
    return words !== undefined && normalizeText(words).includes(expected);
  };
  return byText(target.locator) || byText(target.has);
}

function normalizeText(text: string): string {
  return text.replace(/\s+/g, ' ').trim().toLowerCase();
}

// ── Sentences ──────────────────────────────────────────────────────────────────────────────

function stepName(step: ScriptStep, index: number): string {
  return `Step ${index + 1} "${wordsOf(step)}"`;
}

function wordsOf(step: ScriptStep): string {
  return step.description.trim() || describeAction(step.action);
}

function removal(step: ScriptStep, o: number): HealingViolation {
  const action = step.action;
  return isCheck(action)
    ? {
        stepIndex: o,
        kind: 'check_removed',
        message: `${stepName(step, o)} was removed: the proposal no longer checks that ${checkPhrase(action.assert)}.`,
      }
    : {
        stepIndex: o,
        kind: 'action_removed',
        message: `${stepName(step, o)} was removed: the proposal no longer does "${describeAction(action)}".`,
      };
}

function change(step: ScriptStep, healedStep: ScriptStep, o: number): HealingViolation {
  const before = step.action;
  const after = healedStep.action;
  if (isCheck(before) && isCheck(after)) {
    const { weakened, detail } = checkChange(before.assert, after.assert);
    return {
      stepIndex: o,
      kind: weakened ? 'check_weakened' : 'check_changed',
      message: `${stepName(step, o)} was ${weakened ? 'weakened' : 'changed'}: ${detail}`,
    };
  }
  return {
    stepIndex: o,
    kind: isCheck(before) ? 'check_changed' : 'action_changed',
    message: `${stepName(step, o)} was changed: ${actionChange(before, after)}`,
  };
}

function actionChange(before: Action, after: Action): string {
  if (before.kind === after.kind)
    switch (before.kind) {
      case 'fill':
      case 'select':
      case 'type':
        return `it entered "${before.value}", the proposal enters "${(after as typeof before).value}".`;
      case 'goto':
        return `it opened ${before.url}, the proposal opens ${(after as typeof before).url}.`;
      case 'press':
        return `it pressed ${before.key}, the proposal presses ${(after as typeof before).key}.`;
      case 'module':
        return `it used the "${before.name}" module, the proposal uses the "${(after as typeof before).name}" module.`;
    }
  return `it did "${describeAction(before)}", the proposal does "${describeAction(after)}" instead.`;
}

/** How a check's expectation changed, and whether the new one accepts more than the old. */
function checkChange(before: Assertion, after: Assertion): { weakened: boolean; detail: string } {
  const phrases = `it checked that ${checkPhrase(before)}, the proposal checks that ${checkPhrase(after)}`;
  if (before.type !== after.type) {
    const onlyVisible = after.type === 'visible' && !after.negate && !isNegated(before);
    return {
      weakened: onlyVisible,
      detail: onlyVisible
        ? `it checked that ${checkPhrase(before)}, the proposal only checks that ${checkPhrase(after)}.`
        : `${phrases} instead.`,
    };
  }
  if (isNegated(before) !== isNegated(after))
    return {
      weakened: false,
      detail: `it checked that ${checkPhrase(before)}, the proposal checks the opposite, that ${checkPhrase(after)}.`,
    };
  if ((before.type === 'url' || before.type === 'title') && before.type === after.type)
    return pageValueChange(before, after as typeof before);
  if (before.type === 'text' && after.type === 'text' && before.value !== after.value)
    return textValueChange(before.value, after.value, isNegated(before));
  const beforeShown = shownText(before);
  const afterShown = shownText(after);
  if (beforeShown && afterShown) return shownTextChange(beforeShown, afterShown, isNegated(before));
  if (before.type === 'count' && after.type === 'count')
    return {
      weakened: false,
      detail: `it expected ${before.count} × ${describeTarget(before.target)}, the proposal expects ${after.count}.`,
    };
  return { weakened: false, detail: `${phrases} instead.` };
}

function pageValueChange(
  before: Extract<Assertion, { type: 'url' | 'title' }>,
  after: Extract<Assertion, { type: 'url' | 'title' }>,
): { weakened: boolean; detail: string } {
  const what = before.type === 'url' ? 'URL' : 'title';
  const expected = `it expected the ${what} ${before.match === 'equals' ? 'to be' : 'to contain'} "${before.value}"`;
  if (after.match === 'contains' && before.value.includes(after.value))
    return {
      weakened: true,
      detail:
        after.value === before.value
          ? `${expected} exactly, the proposal accepts any ${what} containing it.`
          : `${expected}, the proposal accepts any ${what} containing "${after.value}".`,
    };
  return {
    weakened: false,
    detail: `${expected}, the proposal expects it ${after.match === 'equals' ? 'to be' : 'to contain'} "${after.value}".`,
  };
}

// A positive check looking for less text accepts more; a negated one looking for more text does.
function looksForLess(before: string, after: string, negated: boolean): boolean {
  return negated ? after.includes(before) : before.includes(after);
}

function textValueChange(before: string, after: string, negated: boolean) {
  const weakened = looksForLess(before, after, negated);
  return {
    weakened,
    detail:
      weakened && !negated
        ? `it expected the text "${before}", the proposal accepts any text containing "${after}".`
        : `it expected ${negated ? 'no text' : 'the text'} "${before}", the proposal expects ${negated ? 'no text ' : ''}"${after}".`,
  };
}

function shownTextChange(
  before: { text: string; exact?: boolean },
  after: { text: string; exact?: boolean },
  negated: boolean,
) {
  const show = negated ? 'not to show' : 'to show';
  if (before.text === after.text)
    return before.exact
      ? {
          weakened: !negated,
          detail: `it expected the page ${show} exactly "${before.text}", the proposal ${negated ? 'rejects' : 'accepts'} any text containing it.`,
        }
      : {
          weakened: false,
          detail: `it expected the page ${show} "${before.text}", the proposal requires exactly "${after.text}".`,
        };
  return {
    weakened: looksForLess(before.text, after.text, negated),
    detail: `it expected the page ${show} "${before.text}", the proposal looks for "${after.text}" instead.`,
  };
}

function isNegated(assert: Assertion): boolean {
  return 'negate' in assert && assert.negate === true;
}

/** What a check checks, to follow "that": 'the "Total" field contains "$129.00"'. */
function checkPhrase(assert: Assertion): string {
  switch (assert.type) {
    case 'visible': {
      const shown = shownText(assert);
      if (shown)
        return `the page ${assert.negate ? 'does not show' : 'shows'} ${shown.exact ? 'exactly ' : ''}"${shown.text}"`;
      return `${describeTarget(assert.target)} is ${assert.negate ? 'hidden' : 'visible'}`;
    }
    case 'text':
      return `${describeTarget(assert.target)} ${assert.negate ? 'does not contain' : 'contains'} "${assert.value}"`;
    case 'value':
      return `${describeTarget(assert.target)} has the value "${assert.value}"`;
    case 'checked':
      return `${describeTarget(assert.target)} is ${assert.checked ? 'checked' : 'not checked'}`;
    case 'enabled':
      return `${describeTarget(assert.target)} is ${assert.enabled ? 'enabled' : 'disabled'}`;
    case 'count':
      return `there are ${assert.count} × ${describeTarget(assert.target)}`;
    case 'url':
    case 'title':
      return `the ${assert.type === 'url' ? 'URL' : 'title'} ${assert.match === 'equals' ? 'is' : 'contains'} "${assert.value}"`;
  }
}
