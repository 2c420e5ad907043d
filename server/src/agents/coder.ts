import {
  type Action,
  type Assertion,
  type Candidate,
  type LocatorSpec,
  type PageSnapshot,
  type RunnerSession,
  type Target,
  calendarDate,
  ordinalWord,
} from '../runner';
import {
  type Intent,
  type IntentAssertion,
  type ItemKind,
  type Phrase,
  type TargetRef,
  phraseTarget,
} from './intent';
import {
  closestNames,
  describeCandidateWords,
  findTie,
  isCheckable,
  contextText,
  isAutocomplete,
  isEditable,
  isListboxButton,
  isSelect,
  namesPlace,
  normalizeWords,
  rankCandidates,
  scoreCandidate,
  similarity,
  MATCH_THRESHOLD,
  type Purpose,
} from './matching';
import { meetsCount, type CountCompare } from './sentences/comparisons';

// The coder ties an intent to the live page: it ranks the candidates the words may mean, asks the
// runner for locators in Playwright's order of preference that resolve to exactly that element,
// and returns the actions to try, best first.

export interface UserVisibleError {
  message: string;
  error_type: string;
}

/** An action to try, built only when the ones before it failed (locating costs round trips to the page). */
export type ActionOption = () => Promise<Action | null>;

export type Resolution =
  { ok: true; actions: ActionOption[]; note: string | null } | { ok: false; error: UserVisibleError };

const ready =
  (action: Action): ActionOption =>
  async () =>
    action;

/** How many different elements the coder tries before the step fails. */
export const MAX_OPTIONS = 4;

interface Located {
  candidate: Candidate | null;
  target: () => Promise<Target | null>;
}

function notFound(phrase: Phrase, snapshot: PageSnapshot, what = 'element'): Resolution {
  const closest = closestNames(phrase, snapshot.candidates);
  const named = phrase.submit
    ? 'a submit button'
    : phrase.text
      ? `"${phrase.text}"`
      : `a ${phrase.role ?? 'matching'} ${what}`;
  return {
    ok: false,
    error: {
      message: `No ${what} on the page matches ${named}${phrase.context ? ` near "${phrase.context}"` : ''}${phrase.where ? ` in the ${phrase.where}` : ''}${phrase.near ? ` ${phrase.near.words}` : ''}.${closest.length > 0 ? ` The closest are: ${closest.join(', ')}.` : ''}`,
      error_type: 'element_not_found',
    },
  };
}

async function locate(
  session: RunnerSession,
  snapshot: PageSnapshot,
  ref: TargetRef,
  purpose: Purpose,
  options: { independentOfText?: boolean } = {},
): Promise<Located[] | Resolution> {
  if (ref.kind === 'text')
    return [{ candidate: null, target: () => textTarget(session, ref.text, ref.exact ?? false, false) }];
  if (ref.kind === 'phrase' && ref.phrase.anaphor)
    return {
      ok: false,
      error: {
        message: `"${ref.phrase.anaphor === 'its' ? 'its' : 'the same'}" refers to the element of the step before, and no step before named one: name the item, e.g. the remove button of "Pay rent".`,
        error_type: 'element_not_found',
      },
    };
  if (ref.kind === 'phrase' && (ref.phrase.item || ref.phrase.inItem))
    return locateByOrdinal(session, snapshot, ref.phrase, purpose);
  const ranked = ref.kind === 'phrase' ? rankCandidates(ref.phrase, snapshot.candidates, purpose) : [];
  const tie = ref.kind === 'phrase' ? findTie(ranked, ref.phrase, purpose) : null;
  if (tie)
    return {
      ok: false,
      error: {
        message: `More than one element matches ${ref.kind === 'phrase' && ref.phrase.text ? `"${ref.phrase.text}"` : 'the words'} equally well: ${tie.map((entry) => describeCandidateWords(entry.candidate)).join(' and ')}. Say which one: name its row or item (the remove button of "Pay rent"), or use first, second or last.`,
        error_type: 'ambiguous',
      },
    };
  const candidates =
    ref.kind === 'candidates'
      ? ref.indexes
          .map((index) => snapshot.candidates[index])
          .filter((candidate): candidate is Candidate => Boolean(candidate))
      : ranked.map((entry) => entry.candidate);
  if (candidates.length === 0) {
    if (ref.kind === 'phrase') return notFound(ref.phrase, snapshot);
    return {
      ok: false,
      error: { message: 'The chosen element is not on the page.', error_type: 'element_not_found' },
    };
  }
  return candidates.slice(0, MAX_OPTIONS).map((candidate) => ({
    candidate,
    target: async () => {
      // 'The checkbox next to "Pay rent"': the item holding those words, then the element inside it.
      const context = ref.kind === 'phrase' ? ref.phrase.context : undefined;
      if (context && candidate.containerRole && CONTAINER_ROLES.has(candidate.containerRole)) {
        const [relative] = await session.locatorsFor(candidate.index, {
          first: true,
          within: { role: candidate.containerRole, text: contextText(context, candidate) ?? context },
          ...(options.independentOfText
            ? { accept: (spec: LocatorSpec) => !dependsOnText({ locator: spec }, candidate) }
            : {}),
        });
        if (relative && relative.nth === undefined) return relative;
      }
      // A check of an element's text must not find the element by that text: it would always hold.
      if (options.independentOfText) {
        const [independent] = await session.locatorsFor(candidate.index, {
          first: true,
          accept: (spec) => !dependsOnText({ locator: spec }, candidate),
        });
        if (independent) return independent;
      }
      const [target] = await session.locatorsFor(candidate.index, { first: true });
      return target ?? null;
    },
  }));
}

/**
 * 'Select "Business" as the travel class' where the class is a radio group, not a list: the radio of
 * that label, when the group's words are on the page too (a legend, a group's name) — all words
 * accounted for, never a radio for sharing one.
 */
async function radioFor(
  group: TargetRef,
  value: string,
  session: RunnerSession,
  snapshot: PageSnapshot,
): Promise<Resolution | null> {
  if (group.kind !== 'phrase' || !group.phrase.text || !value) return null;
  const named = snapshot.candidates.some(
    (candidate) =>
      candidate.role !== 'radio' &&
      Math.max(
        similarity(group.phrase.text, candidate.name),
        similarity(group.phrase.text, candidate.text ?? ''),
      ) >= 85,
  );
  if (!named) return null;
  const located = await locate(
    session,
    snapshot,
    phraseTarget({ text: value, role: 'radio', exact: true }),
    'check',
  );
  if (isResolution(located)) return located;
  const radios = located.filter((entry) => entry.candidate?.role === 'radio');
  if (radios.length === 0) return null;
  return {
    ok: true,
    actions: lazily(radios, (_candidate, target) => ({ kind: 'check', target })),
    note: null,
  };
}

/**
 * The rows or items an ordinal counts: a table's rows that hold cells (not its header row), or a
 * list's items; 'row' prefers rows, 'item' prefers items, and either falls back to the other.
 */
function itemsOf(kind: ItemKind, snapshot: PageSnapshot): { role: string; has?: LocatorSpec } | null {
  const rows = snapshot.candidates.some(
    (candidate) => candidate.containerRole === 'row' && candidate.role === 'cell',
  );
  const hasRows = rows || snapshot.candidates.some((candidate) => candidate.role === 'cell');
  const hasItems = snapshot.candidates.some((candidate) => candidate.role === 'listitem');
  const asRows = { role: 'row', has: { by: 'role', role: 'cell' } as LocatorSpec };
  const asItems = { role: 'listitem' };
  if (kind === 'row') return hasRows ? asRows : hasItems ? asItems : null;
  return hasItems ? asItems : hasRows ? asRows : null;
}

/** 'the second row' (the row itself) and 'the trash icon in the third row' (an element inside it). */
async function locateByOrdinal(
  session: RunnerSession,
  snapshot: PageSnapshot,
  phrase: Phrase,
  purpose: Purpose,
): Promise<Located[] | Resolution> {
  const kind = phrase.item ?? phrase.inItem!.kind;
  const ordinal = phrase.item ? (phrase.ordinal ?? 1) : phrase.inItem!.ordinal;
  const nth = ordinal === -1 ? -1 : ordinal - 1;
  const items = itemsOf(kind, snapshot);
  const words = `${phrase.text ? `"${phrase.text}" in ` : ''}the ${ordinal === -1 ? 'last' : ordinalWord(ordinal)} ${kind}`;
  const missing: Resolution = {
    ok: false,
    error: { message: `No element on the page matches ${words}.`, error_type: 'element_not_found' },
  };
  if (!items) return missing;
  const container: Target = {
    locator: { by: 'role', role: items.role },
    ...(items.has ? { has: items.has } : {}),
  };
  const count = await session.matchCount(container);
  if (count === 0 || (nth >= 0 && nth >= count)) return missing;
  if (phrase.item) return [{ candidate: null, target: async () => ({ ...container, nth }) }];
  // The element inside: the best-matching candidates in such rows, tried until one is in the Nth.
  const inner: Phrase = { ...phrase, inItem: undefined };
  const ranked = rankCandidates(
    inner,
    snapshot.candidates.filter((candidate) => candidate.containerRole === items.role),
    purpose,
  );
  if (ranked.length === 0) return notFound(inner, snapshot);
  const top = ranked[0].score;
  const peers = ranked.filter((entry) => entry.score >= top - 8).slice(0, 40);
  for (const { candidate } of peers) {
    const [relative] = await session.locatorsFor(candidate.index, {
      first: true,
      within: { role: items.role, ...(items.has ? { has: items.has } : {}), nth },
    });
    if (relative && relative.nth === undefined) return [{ candidate, target: async () => relative }];
  }
  return missing;
}

// Containers a relational locator may start from (getByRole(…).filter({ hasText })).
const CONTAINER_ROLES = new Set(['listitem', 'row', 'article', 'dialog', 'region', 'group', 'cell']);

/**
 * A model's pick passes the same matching discipline as the rules: when the step names an element in
 * words, the element chosen must account for them. Returns the picks that do, or the error to show.
 */
export function checkPick(
  ref: TargetRef,
  named: Phrase | null,
  snapshot: PageSnapshot,
  purpose: Purpose,
): { ok: true; ref: TargetRef } | { ok: false; error: UserVisibleError } {
  if (ref.kind !== 'candidates' || !named || (!named.text && !named.context)) return { ok: true, ref };
  const kept = ref.indexes.filter((index) => {
    const candidate = snapshot.candidates[index];
    return candidate && scoreCandidate(named, candidate, purpose) >= MATCH_THRESHOLD;
  });
  if (kept.length > 0) return { ok: true, ref: { kind: 'candidates', indexes: kept } };
  const picked = snapshot.candidates[ref.indexes[0]];
  const closest = closestNames(named, snapshot.candidates);
  return {
    ok: false,
    error: {
      message: `The model chose ${picked ? describeCandidateWords(picked) : 'an element'}, which does not match "${named.text || named.context}".${closest.length > 0 ? ` The closest are: ${closest.join(', ')}.` : ''}`,
      error_type: 'element_not_found',
    },
  };
}

// A value a slider can be set to: a number, with a percent sign or a unit after it.
const SLIDER_VALUE = /^\s*[-+]?\d+(?:[.,]\d+)?\s*(?:%|[a-z]+)?\s*$/i;

/** Builds each option's action from its target when the option's turn comes. */
function lazily(
  located: Located[],
  build: (candidate: Candidate | null, target: Target) => Action | null,
): ActionOption[] {
  return located.map(({ candidate, target }) => async () => {
    const resolved = await target();
    return resolved ? build(candidate, resolved) : null;
  });
}

function dependsOnText(target: Target, candidate: Candidate): boolean {
  const locator = target.locator;
  if (locator.by === 'text') return true;
  return (
    locator.by === 'role' &&
    Boolean(locator.name) &&
    normalizeWords(locator.name) === normalizeWords(candidate.text)
  );
}

/** Text on the page: the visible match when the text also appears hidden or several times. */
async function textTarget(
  session: RunnerSession,
  text: string,
  exact: boolean,
  hidden: boolean,
): Promise<Target> {
  const base: Target = { locator: { by: 'text', text, ...(exact ? { exact: true } : {}) } };
  const all = await session.matchCount(base);
  // Text the page does not show may be in one of its same-origin iframes.
  if (all === 0)
    for (const frame of session.frames()) {
      const framed: Target = { ...base, frame };
      const count = await session.matchCount(framed);
      if (count === 1) return framed;
      if (count > 1) return { ...framed, visible: true, nth: 0 };
    }
  if (all <= 1) return base;
  if (hidden) return { ...base, nth: 0 };
  const visible: Target = { ...base, visible: true };
  return (await session.matchCount(visible)) <= 1 ? visible : { ...visible, nth: 0 };
}

/** A select on a listbox widget clicks it open and then the option (MUI's Select). */
function listboxWidget(candidate: Candidate | null): { widget?: 'listbox' } {
  return candidate && isListboxButton(candidate) ? { widget: 'listbox' } : {};
}

/**
 * A tree item's toggle (WAI-ARIA's tree pattern: the caret before its label, as Ant Design's Tree draws
 * it): its first icon. Null when the item has none or cannot be a container of a locator: the item itself
 * is then clicked (MUI's tree items expand by a click on their label).
 */
async function treeToggle(session: RunnerSession, item: Target): Promise<Target | null> {
  if (item.within || item.nth !== undefined || item.has || item.visible) return null;
  const toggle: Target = {
    ...(item.frame ? { frame: item.frame } : {}),
    within: item.locator,
    locator: { by: 'role', role: 'img' },
    nth: 0,
  };
  return (await session.matchCount({ ...toggle, nth: undefined })) > 0 ? toggle : null;
}

const SELECTABLE_ROLES = new Set(['tab', 'option', 'treeitem']);

function isResolution(value: Located[] | Resolution): value is Resolution {
  return !Array.isArray(value);
}

const PURPOSES: Record<string, Purpose> = {
  click: 'click',
  fill: 'fill',
  select: 'select',
  check: 'check',
  uncheck: 'check',
  clear: 'clear',
  hover: 'hover',
  scrollTo: 'read',
  waitFor: 'read',
  press: 'press',
};

/** The actions an intent may mean on this page, best first. */
export async function resolveIntent(
  intent: Intent,
  session: RunnerSession,
  snapshot: PageSnapshot,
): Promise<Resolution> {
  const single = (action: Action): Resolution => ({ ok: true, actions: [ready(action)], note: null });
  switch (intent.kind) {
    case 'goto':
    case 'goBack':
    case 'reload':
    case 'waitForLoad':
    case 'wait':
    case 'scroll':
    case 'type':
      return single(intent as Action);
    case 'press':
      if (!intent.target) return single({ kind: 'press', key: intent.key });
      break;
    case 'expect':
      return resolveAssertion(intent.assert, session, snapshot);
  }
  const located = await locate(session, snapshot, intent.target!, PURPOSES[intent.kind]);
  if (isResolution(located) && intent.kind === 'select') {
    const radio = await radioFor(intent.target, intent.value, session, snapshot);
    if (radio) return radio;
  }
  if (isResolution(located)) return located;
  // 'Expand Engineering' on a tree item: its toggle, not its label (which selects it).
  if (intent.kind === 'click' && intent.unfold)
    return {
      ok: true,
      actions: located.map(({ candidate, target }) => async () => {
        const resolved = await target();
        if (!resolved) return null;
        if (candidate?.role !== 'treeitem') return { kind: 'click', target: resolved };
        return {
          kind: 'click',
          target: (await treeToggle(session, resolved)) ?? resolved,
          unfolds: { item: resolved, expanded: intent.unfold === 'expand' },
        };
      }),
      note: null,
    };
  const actions = lazily(located, (candidate, target): Action | null => {
    switch (intent.kind) {
      case 'click':
        if (intent.choose && candidate && isCheckable(candidate)) return { kind: 'check', target };
        return {
          kind: 'click',
          target,
          ...(intent.clickCount ? { clickCount: intent.clickCount } : {}),
          ...(intent.button ? { button: intent.button } : {}),
        };
      case 'fill':
        // A slider drawn by a library (a handle, not an input) moves with its arrow keys, to a number
        // ('4', '40%', '6 hours'): a date or words are never a slider's.
        if (candidate?.role === 'slider' && candidate.tag !== 'input')
          return SLIDER_VALUE.test(intent.value)
            ? { kind: 'fill', target, value: intent.value, widget: 'slider' }
            : null;
        // A date picker's field that opens a calendar and takes no typing: the day is picked there.
        if (candidate?.calendar && !isEditable(candidate))
          return calendarDate(intent.value)
            ? { kind: 'fill', target, value: intent.value, widget: 'calendar' }
            : null;
        return candidate && isSelect(candidate)
          ? { kind: 'select', target, value: intent.value, ...listboxWidget(candidate) }
          : { kind: 'fill', target, value: intent.value };
      case 'select':
        if (candidate && isAutocomplete(candidate))
          return { kind: 'select', target, value: intent.value, widget: 'autocomplete' };
        return candidate && !isSelect(candidate) && isEditable(candidate)
          ? { kind: 'fill', target, value: intent.value }
          : { kind: 'select', target, value: intent.value, ...listboxWidget(candidate) };
      case 'clear':
        return candidate && isCheckable(candidate)
          ? { kind: 'uncheck', target }
          : { kind: 'fill', target, value: '' };
      case 'check':
        return { kind: 'check', target };
      case 'uncheck':
        return { kind: 'uncheck', target };
      case 'hover':
        return { kind: 'hover', target };
      case 'press':
        return { kind: 'press', key: intent.key, target };
      case 'scrollTo':
        return { kind: 'scrollTo', target };
      case 'waitFor':
        return { kind: 'waitFor', target, state: intent.state };
      default:
        throw new Error('This intent acts on no element');
    }
  });
  return { ok: true, actions, note: null };
}

async function resolveAssertion(
  assert: IntentAssertion,
  session: RunnerSession,
  snapshot: PageSnapshot,
): Promise<Resolution> {
  const expect = (value: Assertion): Action => ({ kind: 'expect', assert: value });
  switch (assert.type) {
    case 'url':
    case 'title':
      return { ok: true, actions: [ready(expect(assert))], note: null };
    case 'onPage':
      return resolveOnPage(assert.name, session, snapshot);
    case 'count':
      return resolveCount(assert.target, assert.count, session, snapshot, assert.compare);
    case 'visible': {
      if (assert.target.kind === 'text') {
        const target = await textTarget(
          session,
          assert.target.text,
          assert.target.exact ?? false,
          Boolean(assert.negate),
        );
        return {
          ok: true,
          actions: [ready(expect({ type: 'visible', target, ...(assert.negate ? { negate: true } : {}) }))],
          note: null,
        };
      }
      const located = await locate(session, snapshot, assert.target, 'read');
      if (isResolution(located)) {
        // An element that is not there at all is hidden: the check holds without a locator to it.
        if (assert.negate && assert.target.kind === 'phrase' && assert.target.phrase.text) {
          const target = await textTarget(session, assert.target.phrase.text, false, true);
          return {
            ok: true,
            actions: [ready(expect({ type: 'visible', target, negate: true }))],
            note: null,
          };
        }
        return located;
      }
      return {
        ok: true,
        actions: lazily(located, (_candidate, target) =>
          expect({ type: 'visible', target, ...(assert.negate ? { negate: true } : {}) }),
        ),
        note: null,
      };
    }
    case 'text': {
      // 'The first row contains "Ada"': those words inside that row (a web component's row has no
      // text of its own to read, and its words are still in it).
      if (assert.target.kind === 'phrase' && assert.target.phrase.item) {
        const rows = await locate(session, snapshot, assert.target, 'read');
        if (isResolution(rows)) return rows;
        return {
          ok: true,
          actions: lazily(rows, (_candidate, row) =>
            expect({
              type: 'visible',
              target: {
                ...(row.frame ? { frame: row.frame } : {}),
                within: row.locator,
                ...(row.has ? { withinHas: row.has } : {}),
                ...(row.nth !== undefined ? { withinNth: row.nth } : {}),
                locator: { by: 'text', text: assert.value },
              },
              ...(assert.negate ? { negate: true } : {}),
            }),
          ),
          note: null,
        };
      }
      const located = await locate(session, snapshot, assert.target, 'read', { independentOfText: true });
      if (isResolution(located) && assert.negate && assert.target.kind === 'phrase') {
        // 'The list no longer shows "Pay rent"' with no element called list: the page must not show it anywhere.
        const target = await textTarget(session, assert.value, false, true);
        return {
          ok: true,
          actions: [ready(expect({ type: 'visible', target, negate: true }))],
          note: `No element is called "${assert.target.phrase.text}", so the page as a whole must not show "${assert.value}".`,
        };
      }
      if (isResolution(located)) {
        // 'The status says "2 items left"' with no element called status: the words must be on the page.
        // A place or a container named ('the Billing section shows "Paid"'): never the page as a whole.
        if (assert.target.kind === 'phrase' && !assert.negate && !namesPlace(assert.target.phrase)) {
          const target = await textTarget(session, assert.value, false, false);
          return {
            ok: true,
            actions: [ready(expect({ type: 'visible', target }))],
            note: `No element is called "${assert.target.phrase.text}", so the page as a whole must show "${assert.value}".`,
          };
        }
        return located;
      }
      return {
        ok: true,
        actions: lazily(located, (candidate, target) =>
          candidate &&
          (isEditable(candidate) || isSelect(candidate)) &&
          !isListboxButton(candidate) &&
          !assert.negate
            ? expect({ type: 'value', target, value: assert.value })
            : expect({
                type: 'text',
                target,
                value: assert.value,
                ...(assert.negate ? { negate: true } : {}),
              }),
        ),
        note: null,
      };
    }
    case 'value': {
      const located = await locate(session, snapshot, assert.target, 'fill');
      if (isResolution(located)) return located;
      return {
        ok: true,
        actions: lazily(located, (candidate, target) =>
          // A select built from a listbox has no value to read: it shows its choice as its text.
          candidate && isListboxButton(candidate)
            ? expect({ type: 'text', target, value: assert.value })
            : expect({ type: 'value', target, value: assert.value }),
        ),
        note: null,
      };
    }
    case 'checked': {
      const located = await locate(session, snapshot, assert.target, 'check');
      if (isResolution(located)) {
        // 'The Pending tab is selected': a tab, option or tree item is selected, not checked.
        const selectable = await locate(session, snapshot, assert.target, 'read');
        const found = isResolution(selectable)
          ? []
          : selectable.filter((item) => item.candidate && SELECTABLE_ROLES.has(item.candidate.role));
        if (found.length === 0) return located;
        return {
          ok: true,
          actions: lazily(found, (_candidate, target) =>
            expect({ type: 'checked', target, checked: assert.checked, selected: true }),
          ),
          note: null,
        };
      }
      return {
        ok: true,
        actions: lazily(located, (_candidate, target) =>
          expect({ type: 'checked', target, checked: assert.checked }),
        ),
        note: null,
      };
    }
    case 'enabled': {
      const located = await locate(session, snapshot, assert.target, 'read');
      if (isResolution(located)) return located;
      return {
        ok: true,
        actions: lazily(located, (_candidate, target) =>
          expect({ type: 'enabled', target, enabled: assert.enabled }),
        ),
        note: null,
      };
    }
  }
}

/** 'I am on the dashboard': the URL names it, else the title, else a heading. */
async function resolveOnPage(
  name: string,
  session: RunnerSession,
  snapshot: PageSnapshot,
): Promise<Resolution> {
  const words = normalizeWords(name);
  const url = new URL(snapshot.url);
  const path = decodeURIComponent(`${url.pathname}${url.search}`).toLowerCase();
  for (const form of [
    words.replace(/ /g, '-'),
    words.replace(/ /g, '_'),
    words.replace(/ /g, ''),
    words.replace(/ /g, '/'),
  ]) {
    if (form && path.includes(form))
      return {
        ok: true,
        actions: [ready({ kind: 'expect', assert: { type: 'url', value: form, match: 'contains' } })],
        note: null,
      };
  }
  const title = snapshot.title;
  const at = title.toLowerCase().indexOf(name.toLowerCase());
  if (at >= 0)
    return {
      ok: true,
      actions: [
        ready({
          kind: 'expect',
          assert: { type: 'title', value: title.slice(at, at + name.length), match: 'contains' },
        }),
      ],
      note: null,
    };
  const heading = snapshot.candidates.find(
    (candidate) =>
      candidate.role === 'heading' && candidate.visible && similarity(name, candidate.name) >= 85,
  );
  if (heading) {
    const [target] = await session.locatorsFor(heading.index, { first: true });
    if (target)
      return {
        ok: true,
        actions: [ready({ kind: 'expect', assert: { type: 'visible', target } })],
        note: null,
      };
  }
  return {
    ok: false,
    error: {
      message: `This does not look like the ${name} page: the URL is ${snapshot.url} and the title "${snapshot.title}".`,
      error_type: 'assertion_failed',
    },
  };
}

const ITEM_WORDS =
  /^(?:items?|entries|entry|rows?|results?|elements?|things?|lines?|options?|todos?|tasks?|products?)$/i;

/** Words for a set of elements → locators whose match count the assertion checks, best first. */
async function resolveCount(
  ref: TargetRef,
  count: number,
  session: RunnerSession,
  snapshot: PageSnapshot,
  compare?: CountCompare,
): Promise<Resolution> {
  if (ref.kind !== 'phrase') {
    const located = await locate(session, snapshot, ref, 'read');
    if (isResolution(located)) return located;
    return {
      ok: true,
      actions: lazily(located, (_candidate, target) =>
        countOf(
          { locator: target.locator, ...(target.within ? { within: target.within } : {}) },
          count,
          compare,
        ),
      ),
      note: null,
    };
  }
  const phrase = ref.phrase;
  const targets: Target[] = [];
  const words = normalizeWords(phrase.text);
  const candidates = snapshot.candidates;

  // 'items in the todo list': the list's items.
  const inside = /^(.+?)\s+(?:in|on|of|within|inside|from)\s+(?:the\s+)?(.+)$/.exec(words);
  const listWords = inside
    ? inside[2]
    : ITEM_WORDS.test(words.split(' ').pop() ?? '')
      ? words.split(' ').slice(0, -1).join(' ')
      : '';
  if (listWords) {
    const lists = candidates
      .filter((candidate) => candidate.role === 'list' && candidate.name)
      .map((candidate) => ({ candidate, score: similarity(listWords, candidate.name) }))
      .filter((entry) => entry.score >= 60)
      .sort((a, b) => b.score - a.score);
    for (const { candidate } of lists.slice(0, 2)) {
      const [list] = await session.locatorsFor(candidate.index, { first: true });
      if (list && list.nth === undefined)
        targets.push({ within: list.locator, locator: { by: 'role', role: 'listitem' } });
    }
  }

  // 'The list shows 2 items' on a page whose one list has no name: that list's items.
  if (
    listWords &&
    targets.length === 0 &&
    /^(?:the\s+)?(?:list|todo list|task list|to do list)$/.test(listWords)
  ) {
    const lists = candidates.filter((candidate) => candidate.role === 'list' && candidate.visible);
    if (lists.length === 1) {
      const [list] = await session.locatorsFor(lists[0].index, { first: true });
      if (list && list.nth === undefined)
        targets.push({ within: list.locator, locator: { by: 'role', role: 'listitem' } });
    }
  }

  // 'The table has 3 rows': a table's rows that hold cells (its header row is not one of them).
  const last = (inside ? inside[1] : words).split(' ').pop() ?? '';
  if (/^(?:rows?|lines?|records?|orders?|entries)$/.test(last) && candidates.some((c) => c.role === 'cell'))
    targets.push({ locator: { by: 'role', role: 'row' }, has: { by: 'role', role: 'cell' } });

  // Test ids: 'todo items' → data-testid="todo-item"; 'products' → data-testid="product-…".
  const groups = new Map<string, { count: number; full: boolean }>();
  for (const candidate of candidates) {
    if (!candidate.testId) continue;
    const id = candidate.testId;
    const cuts = [...id.matchAll(/[-_]/g)].map((match) => match.index);
    for (const cut of [...cuts, id.length]) {
      const key = id.slice(0, cut);
      const group = groups.get(key) ?? { count: 0, full: true };
      group.count++;
      if (cut !== id.length) group.full = false;
      groups.set(key, group);
    }
  }
  const idGroups = [...groups.entries()]
    .map(([key, group]) => ({
      key,
      group,
      score: similarity(inside ? inside[1] : words, key.replace(/[-_]+/g, ' ')),
    }))
    .filter((entry) => entry.score >= 85 && (entry.group.full || entry.group.count > 1))
    .sort((a, b) => b.score - a.score || b.group.count - a.group.count);
  for (const { key, group } of idGroups.slice(0, 2)) {
    const locator: LocatorSpec = group.full
      ? { by: 'testId', testId: key }
      : { by: 'css', selector: `[data-testid^="${key}${key.endsWith('-') ? '' : '-'}"]` };
    targets.push({ locator });
  }

  // Elements by role and name: '"Add to cart" buttons', 'links', 'checkboxes'.
  if (phrase.role) {
    const role = phrase.role === 'textbox' ? 'textbox' : phrase.role;
    targets.push({ locator: phrase.text ? { by: 'role', role, name: phrase.text } : { by: 'role', role } });
  }

  // Lists named by the words themselves: 'the todo list' counts its items.
  if (!listWords) {
    const list = candidates.find(
      (candidate) => candidate.role === 'list' && candidate.name && similarity(words, candidate.name) >= 85,
    );
    if (list) {
      const [located] = await session.locatorsFor(list.index, { first: true });
      if (located && located.nth === undefined)
        targets.push({ within: located.locator, locator: { by: 'role', role: 'listitem' } });
    }
  }

  if (targets.length === 0) return notFound(phrase, snapshot, 'set of elements');
  // Prefer the reading whose count on the page already agrees; the assertion still waits for it.
  const scored = await Promise.all(
    targets.map(async (target) => ({ target, now: await session.matchCount(target) })),
  );
  const meets = (now: number) => Number(meetsCount(now, count, compare));
  scored.sort((a, b) => meets(b.now) - meets(a.now));
  return {
    ok: true,
    actions: scored.slice(0, MAX_OPTIONS).map(({ target }) => ready(countOf(target, count, compare))),
    note: null,
  };
}

function countOf(target: Target, count: number, compare?: CountCompare): Action {
  return { kind: 'expect', assert: { type: 'count', target, count, ...(compare ? { compare } : {}) } };
}

/** A sentence the grammar could not read may still be the exact name of a button or link ('Place order'). */
export function implicitClick(sentence: string, snapshot: PageSnapshot): number | null {
  const words = normalizeWords(
    sentence
      .replace(/^(?:click|press|tap|select|choose|use|hit)\s+(?:on\s+)?/i, '')
      .replace(/^(?:the|a|an)\s+/i, ''),
  )
    .replace(/\b(?:the|a|an)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words || words.split(' ').length > 5) return null;
  const match = snapshot.candidates.find(
    (candidate) =>
      candidate.visible &&
      (candidate.role === 'button' || candidate.role === 'link') &&
      normalizeWords(candidate.name)
        .replace(/\b(?:the|a|an)\b/g, ' ')
        .replace(/\s+/g, ' ')
        .trim() === words,
  );
  return match ? match.index : null;
}
