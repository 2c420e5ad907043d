// Actions are data: the runner executes them and codegen writes them out, so what runs is what is
// exported. Values may hold {{name}} references, substituted at run time and never stored resolved.
import { ordinalWord } from '../lib/words';

export type LocatorSpec =
  | { by: 'role'; role: string; name?: string; exact?: boolean }
  | { by: 'label'; text: string; exact?: boolean }
  | { by: 'placeholder'; text: string; exact?: boolean }
  | { by: 'text'; text: string; exact?: boolean }
  | { by: 'testId'; testId: string }
  | { by: 'css'; selector: string };

export interface Target {
  locator: LocatorSpec;
  /** A CSS selector of the same-origin iframe the element is in (`page.frameLocator(frame)`). */
  frame?: string;
  /** Narrows the locator to descendants of this one (e.g. a list's items). */
  within?: LocatorSpec;
  /** Keeps only the `within` elements holding this text: the row or item of "Pay rent". */
  withinText?: string;
  /** Keeps only the `within` elements holding such an element (a table's rows with cells, not its header). */
  withinHas?: LocatorSpec;
  /** 0-based among the `within` elements; -1 is the last ('the trash icon in the third row'). */
  withinNth?: number;
  /** Keeps only the matches holding such an element ('the first row': rows with cells). */
  has?: LocatorSpec;
  /** Only the visible matches (text that also appears hidden elsewhere). */
  visible?: boolean;
  /** 0-based among the locator's matches; -1 is the last. */
  nth?: number;
}

export type Assertion =
  | { type: 'visible'; target: Target; negate?: boolean }
  | { type: 'text'; target: Target; value: string; negate?: boolean }
  | { type: 'value'; target: Target; value: string }
  // `selected`: a tab, option or tree item, whose state is aria-selected (it cannot be checked).
  | { type: 'checked'; target: Target; checked: boolean; selected?: true }
  | { type: 'enabled'; target: Target; enabled: boolean }
  // `compare`: more than (gt), at least (ge), fewer than (lt), at most (le) `count`; else exactly.
  | { type: 'count'; target: Target; count: number; compare?: 'gt' | 'ge' | 'lt' | 'le' }
  | { type: 'url'; value: string; match: 'contains' | 'equals' }
  | { type: 'title'; value: string; match: 'contains' | 'equals' };

export type ScrollTo = 'top' | 'bottom' | 'up' | 'down';

export type Action =
  | { kind: 'goto'; url: string }
  | { kind: 'goBack' }
  | { kind: 'reload' }
  // `opener`: the button whose menu holds the target ('More actions'), clicked first in the same step.
  // `unfolds`: the tree item the click expands or collapses (its toggle is the target); the click has
  // worked once the item says so (aria-expanded), in a run and in the exported code.
  | {
      kind: 'click';
      target: Target;
      clickCount?: 1 | 2;
      button?: 'left' | 'right';
      opener?: Target;
      unfolds?: { item: Target; expanded: boolean };
      // An optional step (issue 32, runner/optional.ts): 'If a cookie banner is shown, click "Accept all"'
      // waits up to waitMs for the target and clicks it only if it is shown; else the step is skipped.
      optional?: { waitMs: number };
      // A click that opens a new tab or pop-up (issue 32, runner/tabs.ts): the test continues in it.
      popup?: true;
    }
  // `widget: 'slider'`: an ARIA slider (a handle, not an input), set with its arrow keys.
  // `widget: 'calendar'`: a date picker's field that opens a calendar (a dialog): the day is clicked
  // there, paging months as needed; `day` is the name of the day's button once found ("10 December 2026").
  | { kind: 'fill'; target: Target; value: string; widget?: 'slider' | 'calendar'; day?: string }
  | { kind: 'type'; value: string }
  // `widget`: not a native <select> — 'listbox': click it, then the option named value (MUI's Select);
  // 'autocomplete': type value into it, then click that option. `expands`: the listbox widget's field said
  // its list was open (aria-expanded "true") when the runner opened it (execute.ts records it on the
  // action); the exported code waits for that before clicking the option.
  | { kind: 'select'; target: Target; value: string; widget?: 'listbox' | 'autocomplete'; expands?: boolean }
  | { kind: 'check'; target: Target }
  | { kind: 'uncheck'; target: Target }
  | { kind: 'hover'; target: Target }
  | { kind: 'press'; key: string; target?: Target }
  | { kind: 'scroll'; to: ScrollTo }
  | { kind: 'scrollTo'; target: Target }
  | { kind: 'wait'; ms: number }
  | { kind: 'waitFor'; target: Target; state: 'visible' | 'hidden' }
  | { kind: 'waitForLoad' }
  | { kind: 'expect'; assert: Assertion }
  // A module's steps (issue 13): expanded when a run or generation starts, never executed as such.
  | { kind: 'module'; moduleId: string; name: string }
  // The test inbox (issue 32, runner/email.ts): open the newest e-mail to an address (`{{inbox}}`),
  // then check its subject or words, open one of its links in the page, or fill a field with its code.
  | { kind: 'email'; op: 'open'; to: string }
  | { kind: 'email'; op: 'expect'; field: 'subject' | 'text'; value: string }
  | { kind: 'email'; op: 'link'; text: string }
  | { kind: 'email'; op: 'code'; target: Target }
  // A file upload (issue 32, runner/uploads.ts): `file` names one of the project's files (sample.pdf …);
  // `target` is the file input, or with `chooser` the button that opens the file chooser.
  | { kind: 'upload'; target: Target; file: string; chooser?: true }
  // Tabs (issue 32, runner/tabs.ts): switch to the first or the newest tab; close the tab the test is
  // in (it continues in the newest tab still open).
  | { kind: 'tab'; op: 'switch'; to: 'first' | 'last' }
  | { kind: 'tab'; op: 'close' }
  // Drag and drop (issue 32): `target` dropped on `to` (a column, a list, a drop zone), with the mouse
  // moving in steps, so HTML5 drag and drop and pointer-driven libraries both see a drag.
  | { kind: 'drag'; target: Target; to: Target };

export type ActionKind = Action['kind'];

/** The mouse moves of a drag, from its element to where it is dropped (the runner's and the export's). */
export const DRAG_STEPS = 8;

/**
 * The option a select on a listbox widget clicks once the listbox is open: the last visible element
 * saying exactly the value. The open listbox is the page's newest layer (often a portal at the end of
 * the body), after a table cell or the field itself saying the same; and a library may show its options
 * as plain elements while its role=option ones sit in a zero-size list for screen readers (Ant Design).
 */
export function optionTarget(action: Extract<Action, { kind: 'select' }>): Target {
  return {
    locator: { by: 'text', text: action.value, exact: true },
    visible: true,
    nth: -1,
    ...(action.target.frame ? { frame: action.target.frame } : {}),
  };
}

const ROLE_WORDS: Record<string, string> = {
  textbox: 'field',
  searchbox: 'search field',
  combobox: 'list',
  spinbutton: 'field',
  checkbox: 'checkbox',
  radio: 'option',
  link: 'link',
  button: 'button',
  heading: 'heading',
  tab: 'tab',
  listitem: 'item',
  row: 'row',
};

/** A person's words for a target: 'the "Sign in" button', '"Email" field'. */
export function describeTarget(target: Target): string {
  const locator = target.locator;
  const ordinal =
    target.nth === undefined ? '' : target.nth === -1 ? 'last ' : `${ordinalWord(target.nth + 1)} `;
  let words: string;
  switch (locator.by) {
    case 'role':
      words = locator.name
        ? `"${locator.name}" ${ROLE_WORDS[locator.role] ?? locator.role}`
        : (ROLE_WORDS[locator.role] ?? locator.role);
      break;
    case 'label':
      words = `"${locator.text}" field`;
      break;
    case 'placeholder':
      words = `field "${locator.text}"`;
      break;
    case 'text':
      words = `text "${locator.text}"`;
      break;
    case 'testId':
      words = `"${locator.testId.replace(/[-_]+/g, ' ')}"`;
      break;
    case 'css':
      words = `element ${locator.selector}`;
      break;
  }
  const within = target.within
    ? target.withinNth !== undefined
      ? ` in the ${target.withinNth === -1 ? 'last' : ordinalWord(target.withinNth + 1)} ${ROLE_WORDS[target.within.by === 'role' ? target.within.role : ''] ?? 'element'}`
      : target.withinText !== undefined
        ? ` in the ${ROLE_WORDS[target.within.by === 'role' ? target.within.role : ''] ?? (target.within.by === 'role' ? target.within.role : 'element')} with "${target.withinText}"`
        : ` in ${describeTarget({ locator: target.within })}`
    : '';
  return `${ordinal}${words}${within}${target.frame ? ` in the frame ${target.frame}` : ''}`;
}

/** A short name for the action (SPEC §3 action_name, before truncation). */
export function describeAction(action: Action): string {
  switch (action.kind) {
    case 'goto':
      return `Open ${action.url}`;
    case 'goBack':
      return 'Go back';
    case 'reload':
      return 'Reload the page';
    case 'click': {
      const verb =
        action.button === 'right' ? 'right-click' : action.clickCount === 2 ? 'double-click' : 'click';
      const clicked = `${verb} ${describeTarget(action.target)}${action.opener ? ` in the menu of ${describeTarget(action.opener)}` : ''}`;
      // An optional click (issue 32) says so first: 'If shown, click the "Accept all" button'.
      if (action.optional) return `If shown, ${clicked}`;
      const said = clicked.charAt(0).toUpperCase() + clicked.slice(1);
      return action.popup ? `${said} and switch to the new tab` : said;
    }
    case 'fill':
      if (action.widget === 'slider') return `Set ${describeTarget(action.target)} to ${action.value}`;
      if (action.widget === 'calendar')
        return `Pick ${action.value} in the calendar of ${describeTarget(action.target)}`;
      return action.value === ''
        ? `Clear ${describeTarget(action.target)}`
        : `Fill ${describeTarget(action.target)} with "${action.value}"`;
    case 'type':
      return `Type "${action.value}"`;
    case 'select':
      return `Select "${action.value}" in ${describeTarget(action.target)}`;
    case 'check':
      return `Check ${describeTarget(action.target)}`;
    case 'uncheck':
      return `Uncheck ${describeTarget(action.target)}`;
    case 'hover':
      return `Hover over ${describeTarget(action.target)}`;
    case 'press':
      return action.target
        ? `Press ${action.key} in ${describeTarget(action.target)}`
        : `Press ${action.key}`;
    case 'scroll':
      return action.to === 'top' || action.to === 'bottom'
        ? `Scroll to the ${action.to}`
        : `Scroll ${action.to}`;
    case 'scrollTo':
      return `Scroll to ${describeTarget(action.target)}`;
    case 'wait':
      return `Wait ${formatMs(action.ms)}`;
    case 'waitFor':
      return `Wait for ${describeTarget(action.target)} to ${action.state === 'visible' ? 'appear' : 'disappear'}`;
    case 'waitForLoad':
      return 'Wait for the page to load';
    case 'expect':
      return describeAssertion(action.assert);
    case 'module':
      return `Use the "${action.name}" module`;
    case 'email':
      return describeEmail(action);
    case 'upload':
      return `Upload ${action.file} to ${describeTarget(action.target)}`;
    case 'drag':
      return `Drag ${describeTarget(action.target)} to ${describeTarget(action.to)}`;
    case 'tab':
      return action.op === 'close'
        ? 'Close the tab and go back to the one before'
        : `Switch to the ${action.to === 'first' ? 'first' : 'newest'} tab`;
  }
}

function describeEmail(action: Extract<Action, { kind: 'email' }>): string {
  switch (action.op) {
    case 'open':
      return `Open the latest e-mail to ${action.to}`;
    case 'expect':
      return action.field === 'subject'
        ? `Expect the e-mail's subject to contain "${action.value}"`
        : `Expect the e-mail to say "${action.value}"`;
    case 'link':
      return `Open the "${action.text}" link of the e-mail`;
    case 'code':
      return `Fill ${describeTarget(action.target)} with the code from the e-mail`;
  }
}

function describeAssertion(assert: Assertion): string {
  switch (assert.type) {
    case 'visible':
      return assert.target.locator.by === 'text'
        ? `Expect the page ${assert.negate ? 'not to show' : 'to show'} "${assert.target.locator.text}"`
        : `Expect ${describeTarget(assert.target)} ${assert.negate ? 'to be hidden' : 'to be visible'}`;
    case 'text':
      return `Expect ${describeTarget(assert.target)} ${assert.negate ? 'not to contain' : 'to contain'} "${assert.value}"`;
    case 'value':
      return `Expect ${describeTarget(assert.target)} to have value "${assert.value}"`;
    case 'checked':
      return `Expect ${describeTarget(assert.target)} ${assert.checked ? 'to be' : 'not to be'} ${assert.selected ? 'selected' : 'checked'}`;
    case 'enabled':
      return `Expect ${describeTarget(assert.target)} to be ${assert.enabled ? 'enabled' : 'disabled'}`;
    case 'count':
      return `Expect ${countWords(assert.count, assert.compare)} × ${describeTarget(assert.target)}`;
    case 'url':
      return `Expect the URL ${assert.match === 'equals' ? 'to be' : 'to contain'} "${assert.value}"`;
    case 'title':
      return `Expect the title ${assert.match === 'equals' ? 'to be' : 'to contain'} "${assert.value}"`;
  }
}

/** 'more than 3': a count check's number with its comparison, for descriptions and messages. */
export function countWords(count: number, compare?: 'gt' | 'ge' | 'lt' | 'le'): string {
  const words = { gt: 'more than ', ge: 'at least ', lt: 'fewer than ', le: 'at most ' };
  return `${compare ? words[compare] : ''}${count}`;
}

/** Whether `found` elements meet a count check: exactly `count`, or as compared. */
export function meetsCount(found: number, count: number, compare?: 'gt' | 'ge' | 'lt' | 'le'): boolean {
  if (compare === 'gt') return found > count;
  if (compare === 'ge') return found >= count;
  if (compare === 'lt') return found < count;
  if (compare === 'le') return found <= count;
  return found === count;
}

export { ordinalWord };

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** The target an action acts on, if any (for masks and element checks). */
export function targetOf(action: Action): Target | null {
  if ('target' in action && action.target) return action.target;
  if (action.kind === 'expect' && 'target' in action.assert) return action.assert.target;
  return null;
}

/** Checks the shape of an action read back from storage or from a model (it is data, never code). */
export function isAction(value: unknown): value is Action {
  if (!value || typeof value !== 'object') return false;
  const action = value as Record<string, unknown>;
  const str = (v: unknown) => typeof v === 'string';
  switch (action.kind) {
    case 'goto':
      return str(action.url);
    case 'goBack':
    case 'reload':
    case 'waitForLoad':
      return true;
    case 'click':
      return (
        isTarget(action.target) &&
        (action.opener === undefined || isTarget(action.opener)) &&
        (action.popup === undefined || action.popup === true) &&
        (action.optional === undefined ||
          (typeof action.optional === 'object' &&
            action.optional !== null &&
            typeof (action.optional as { waitMs?: unknown }).waitMs === 'number')) &&
        (action.unfolds === undefined ||
          (typeof action.unfolds === 'object' &&
            action.unfolds !== null &&
            isTarget((action.unfolds as { item?: unknown }).item) &&
            typeof (action.unfolds as { expanded?: unknown }).expanded === 'boolean'))
      );
    case 'check':
    case 'uncheck':
    case 'hover':
    case 'scrollTo':
      return isTarget(action.target);
    case 'fill':
      return (
        isTarget(action.target) &&
        str(action.value) &&
        (action.widget === undefined || action.widget === 'slider' || action.widget === 'calendar') &&
        (action.day === undefined || (action.widget === 'calendar' && str(action.day)))
      );
    case 'select':
      return (
        isTarget(action.target) &&
        str(action.value) &&
        (action.widget === undefined || action.widget === 'listbox' || action.widget === 'autocomplete') &&
        (action.expands === undefined || typeof action.expands === 'boolean')
      );
    case 'type':
      return str(action.value);
    case 'press':
      return str(action.key) && (action.target === undefined || isTarget(action.target));
    case 'scroll':
      return ['top', 'bottom', 'up', 'down'].includes(action.to as string);
    case 'wait':
      return typeof action.ms === 'number' && action.ms >= 0 && action.ms <= 60_000;
    case 'waitFor':
      return isTarget(action.target) && (action.state === 'visible' || action.state === 'hidden');
    case 'expect':
      return isAssertion(action.assert);
    case 'module':
      return str(action.moduleId) && str(action.name);
    case 'drag':
      return isTarget(action.target) && isTarget(action.to);
    case 'tab':
      return (
        action.op === 'close' || (action.op === 'switch' && (action.to === 'first' || action.to === 'last'))
      );
    case 'upload':
      return (
        isTarget(action.target) &&
        str(action.file) &&
        (action.chooser === undefined || action.chooser === true)
      );
    case 'email':
      switch (action.op) {
        case 'open':
          return str(action.to);
        case 'expect':
          return (action.field === 'subject' || action.field === 'text') && str(action.value);
        case 'link':
          return str(action.text);
        case 'code':
          return isTarget(action.target);
        default:
          return false;
      }
    default:
      return false;
  }
}

function isAssertion(value: unknown): value is Assertion {
  if (!value || typeof value !== 'object') return false;
  const a = value as Record<string, unknown>;
  switch (a.type) {
    case 'visible':
      return isTarget(a.target);
    case 'text':
    case 'value':
      return isTarget(a.target) && typeof a.value === 'string';
    case 'checked':
      return (
        isTarget(a.target) &&
        typeof a.checked === 'boolean' &&
        (a.selected === undefined || a.selected === true)
      );
    case 'enabled':
      return isTarget(a.target) && typeof a.enabled === 'boolean';
    case 'count':
      return (
        isTarget(a.target) &&
        Number.isInteger(a.count) &&
        (a.compare === undefined || ['gt', 'ge', 'lt', 'le'].includes(String(a.compare)))
      );
    case 'url':
    case 'title':
      return typeof a.value === 'string' && (a.match === 'contains' || a.match === 'equals');
    default:
      return false;
  }
}

function isTarget(value: unknown): value is Target {
  if (!value || typeof value !== 'object') return false;
  const t = value as Record<string, unknown>;
  return (
    isLocator(t.locator) &&
    (t.within === undefined || isLocator(t.within)) &&
    (t.withinText === undefined || (typeof t.withinText === 'string' && t.within !== undefined)) &&
    (t.visible === undefined || typeof t.visible === 'boolean') &&
    (t.nth === undefined || Number.isInteger(t.nth)) &&
    (t.frame === undefined || (typeof t.frame === 'string' && t.frame.length > 0)) &&
    (t.has === undefined || isLocator(t.has)) &&
    (t.withinHas === undefined || (isLocator(t.withinHas) && t.within !== undefined)) &&
    (t.withinNth === undefined || (Number.isInteger(t.withinNth) && t.within !== undefined))
  );
}

function isLocator(value: unknown): value is LocatorSpec {
  if (!value || typeof value !== 'object') return false;
  const l = value as Record<string, unknown>;
  switch (l.by) {
    case 'role':
      return (
        typeof l.role === 'string' &&
        /^[a-z]+$/.test(l.role) &&
        (l.name === undefined || typeof l.name === 'string')
      );
    case 'label':
    case 'placeholder':
    case 'text':
      return typeof l.text === 'string';
    case 'testId':
      return typeof l.testId === 'string';
    case 'css':
      return typeof l.selector === 'string';
    default:
      return false;
  }
}
