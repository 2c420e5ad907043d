import { type Frame, type FrameLocator, type Locator, type Page, type Request } from 'playwright-core';
import {
  type Action,
  type Assertion,
  type LocatorSpec,
  type Target,
  countWords,
  DRAG_STEPS,
  describeTarget,
  meetsCount,
  optionTarget,
} from './actions';
import { type ErrorContext, translateRunnerError } from './errorSentences';
import { pickDay } from './calendar';
import { pageScripts } from './pageScripts';
import { runUpload } from './uploads';
import { maskSecrets, substitute, UnknownValueError, type RunValues } from './values';

type AriaRole = Parameters<Page['getByRole']>[0];

const NO_VALUES: RunValues = { parameters: {}, secrets: {} };

function build(base: Page | Locator | FrameLocator, spec: LocatorSpec, values: RunValues): Locator {
  // Texts may name a {{parameter}} ('Verify the page shows {{task}}'): substituted here, as in values.
  const text = (value: string) => {
    if (!value.includes('{{')) return value;
    try {
      return substitute(value, values);
    } catch {
      // Braces the page itself shows, not a reference of ours.
      return value;
    }
  };
  switch (spec.by) {
    case 'role': {
      const options: { name?: string; exact?: boolean } = {};
      if (spec.name !== undefined) options.name = text(spec.name);
      if (spec.exact) options.exact = true;
      return base.getByRole(spec.role as AriaRole, options);
    }
    case 'label':
      return base.getByLabel(text(spec.text), spec.exact ? { exact: true } : undefined);
    case 'placeholder':
      return base.getByPlaceholder(text(spec.text), spec.exact ? { exact: true } : undefined);
    case 'text':
      return base.getByText(text(spec.text), spec.exact ? { exact: true } : undefined);
    case 'testId':
      return base.getByTestId(spec.testId);
    case 'css':
      return base.locator(spec.selector);
  }
}

export function toLocator(page: Page, target: Target, values: RunValues = NO_VALUES): Locator {
  const root: Page | FrameLocator = target.frame ? page.frameLocator(target.frame) : page;
  let base: Page | Locator | FrameLocator = root;
  if (target.within) {
    base = build(root, target.within, values);
    if (target.withinText !== undefined)
      base = base.filter({ hasText: substitute(target.withinText, values) });
    if (target.withinHas) base = base.filter({ has: build(root, target.withinHas, values) });
    if (target.withinNth !== undefined) base = base.nth(target.withinNth);
  }
  let locator = build(base, target.locator, values);
  if (target.has) locator = locator.filter({ has: build(root, target.has, values) });
  if (target.visible) locator = locator.filter({ visible: true });
  return target.nth === undefined ? locator : locator.nth(target.nth);
}

/** A failed step as a person should read it. */
export class ActionError extends Error {
  override name = 'ActionError';
  constructor(
    message: string,
    readonly errorType: string,
  ) {
    super(message);
  }
}

const POLL_INTERVALS = [0, 100, 250, 500, 1000];

/** Checks until the condition holds or the time is up; returns the last observed value on failure. */
async function poll<T>(
  read: () => Promise<T>,
  holds: (value: T) => boolean,
  timeoutMs: number,
): Promise<{ ok: boolean; last: T | undefined }> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  for (let round = 0; ; round++) {
    try {
      last = await read();
      if (holds(last)) return { ok: true, last };
    } catch (error) {
      // A page navigating under the check is retried; anything else is an answer.
      if (!/context was destroyed|navigat|Target closed/i.test(String(error))) throw error;
    }
    if (Date.now() >= deadline) return { ok: false, last };
    const wait = POLL_INTERVALS[Math.min(round + 1, POLL_INTERVALS.length - 1)];
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, Math.max(0, deadline - Date.now()))));
  }
}

const normalize = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();
const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

async function checkAssertion(
  page: Page,
  assert: Assertion,
  values: RunValues,
  timeoutMs: number,
): Promise<void> {
  const fail = (message: string): never => {
    throw new ActionError(maskSecrets(message, Object.values(values.secrets)), 'assertion_failed');
  };
  switch (assert.type) {
    case 'visible': {
      const locator = toLocator(page, assert.target, values);
      try {
        await locator.waitFor({ state: assert.negate ? 'hidden' : 'visible', timeout: timeoutMs });
      } catch (error) {
        if (!isTimeoutError(error)) throw error;
        fail(
          `Expected ${describeTarget(assert.target)} ${assert.negate ? 'to be hidden' : 'to be visible'} within ${seconds(timeoutMs)}, but it ${assert.negate ? 'stayed visible' : 'was not'}.`,
        );
      }
      return;
    }
    case 'text': {
      const expected = normalize(substitute(assert.value, values));
      const result = await poll(
        async () =>
          normalize(await toLocator(page, assert.target, values).textContent({ timeout: timeoutMs })),
        (text) => text.includes(expected) !== Boolean(assert.negate),
        timeoutMs,
      );
      if (!result.ok)
        fail(
          `Expected ${describeTarget(assert.target)} ${assert.negate ? 'not to contain' : 'to contain'} "${expected}", but it reads "${result.last ?? ''}".`,
        );
      return;
    }
    case 'value': {
      const expected = substitute(assert.value, values);
      const result = await poll(
        () => toLocator(page, assert.target, values).inputValue({ timeout: timeoutMs }),
        (value) => value === expected,
        timeoutMs,
      );
      if (!result.ok)
        fail(
          `Expected ${describeTarget(assert.target)} to have the value "${expected}", but it has "${result.last ?? ''}".`,
        );
      return;
    }
    case 'checked': {
      const locator = toLocator(page, assert.target, values);
      const result = await poll(
        async () =>
          assert.selected
            ? (await locator.getAttribute('aria-selected', { timeout: timeoutMs })) === 'true'
            : locator.isChecked({ timeout: timeoutMs }),
        (checked) => checked === assert.checked,
        timeoutMs,
      );
      const state = assert.selected ? 'selected' : 'checked';
      if (!result.ok)
        fail(
          `Expected ${describeTarget(assert.target)} ${assert.checked ? 'to be' : 'not to be'} ${state}, but it is ${assert.checked ? 'not' : ''} ${state}.`.replace(
            '  ',
            ' ',
          ),
        );
      return;
    }
    case 'enabled': {
      const result = await poll(
        () => toLocator(page, assert.target, values).isEnabled({ timeout: timeoutMs }),
        (enabled) => enabled === assert.enabled,
        timeoutMs,
      );
      if (!result.ok)
        fail(
          `Expected ${describeTarget(assert.target)} to be ${assert.enabled ? 'enabled' : 'disabled'}, but it is not.`,
        );
      return;
    }
    case 'count': {
      const result = await poll(
        () => toLocator(page, assert.target, values).count(),
        (count) => meetsCount(count, assert.count, assert.compare),
        timeoutMs,
      );
      if (!result.ok)
        fail(
          `Expected ${countWords(assert.count, assert.compare)} × ${describeTarget(assert.target)}, but found ${result.last ?? 0}.`,
        );
      return;
    }
    case 'url':
    case 'title': {
      const expected = substitute(assert.value, values);
      const read = assert.type === 'url' ? async () => page.url() : async () => normalize(await page.title());
      const result = await poll(
        read,
        (actual) => (assert.match === 'equals' ? actual === expected : actual.includes(expected)),
        timeoutMs,
      );
      if (!result.ok)
        fail(
          `Expected the ${assert.type === 'url' ? 'URL' : 'title'} ${assert.match === 'equals' ? 'to be' : 'to contain'} "${expected}", but it is "${result.last ?? ''}".`,
        );
      return;
    }
  }
}

// Actions that may start a navigation (a link, a form submitted by a click or by Enter).
const MAY_NAVIGATE = new Set<Action['kind']>(['click', 'press', 'select', 'check', 'uncheck']);
const NAVIGATION_SETTLE_MS = 60;

/**
 * Runs an action and, if it started a navigation of the main frame (now or within a moment), waits
 * for the new page to load: the next snapshot or screenshot must not meet a page half replaced.
 */
async function settlingNavigation(
  page: Page,
  timeoutMs: number,
  settleMs: number,
  act: () => Promise<void>,
): Promise<void> {
  const navigation = new NavigationTracker(page);
  try {
    await act();
    if (!navigation.requested && settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
    await navigation.settle(timeoutMs);
  } finally {
    navigation.dispose();
  }
}

/**
 * The main frame's navigation as its events tell it (requested, committed, loaded). Listening from
 * the start means no event is missed between an action's end and a wait that begins after it.
 */
export class NavigationTracker {
  private _requested = false;
  private _committed = false;
  private _loaded = false;
  private _wake: (() => void) | null = null;

  private readonly _onRequest = (request: Request) => {
    if (!request.isNavigationRequest() || request.frame() !== this._page.mainFrame()) return;
    this._requested = true;
    this._committed = false;
    this._loaded = false;
    this._notify();
  };
  private readonly _onRequestFailed = (request: Request) => {
    // A navigation that never happens (blocked, aborted, a download): nothing to wait for.
    if (request.isNavigationRequest() && request.frame() === this._page.mainFrame() && !this._committed) {
      this._requested = false;
      this._notify();
    }
  };
  private readonly _onNavigated = (frame: Frame) => {
    if (frame !== this._page.mainFrame()) return;
    this._committed = true;
    this._notify();
  };
  private readonly _onLoad = () => {
    this._loaded = true;
    this._notify();
  };
  private readonly _onClose = () => this._notify();

  constructor(private readonly _page: Page) {
    _page.on('request', this._onRequest);
    _page.on('requestfailed', this._onRequestFailed);
    _page.on('framenavigated', this._onNavigated);
    _page.on('load', this._onLoad);
    _page.on('close', this._onClose);
  }

  /** A navigation of the main frame began since the tracker started (or was reset). */
  get requested(): boolean {
    return this._requested;
  }

  reset(): void {
    this._requested = false;
    this._committed = false;
    this._loaded = false;
  }

  /** Once a navigation began: waits until its page has committed and loaded, or the time is up. */
  async settle(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this._requested && !(this._committed && this._loaded) && !this._page.isClosed()) {
      const left = deadline - Date.now();
      if (left <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this._wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this._wake = null;
    }
  }

  dispose(): void {
    this._page.off('request', this._onRequest);
    this._page.off('requestfailed', this._onRequestFailed);
    this._page.off('framenavigated', this._onNavigated);
    this._page.off('load', this._onLoad);
    this._page.off('close', this._onClose);
    this._notify();
  }

  private _notify(): void {
    this._wake?.();
  }
}

/**
 * Executes one structured action; throws ActionError (or a Playwright error) when it fails.
 * `settleMs` is how long to watch for a navigation the action may start late: generation reads the
 * page right after, so it waits a moment; a replay (0) relies on the next action's auto-waiting.
 */
export async function executeAction(
  page: Page,
  action: Action,
  values: RunValues,
  timeoutMs: number,
  options: { settleMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  if (MAY_NAVIGATE.has(action.kind))
    return settlingNavigation(page, timeoutMs, options.settleMs ?? NAVIGATION_SETTLE_MS, () =>
      perform(page, action, values, timeoutMs, options.signal),
    );
  return perform(page, action, values, timeoutMs, options.signal);
}

/** Resolves when the signal aborts (never without one). */
function aborted(signal: AbortSignal | undefined): Promise<never> {
  return new Promise((_, reject) => {
    if (!signal) return;
    if (signal.aborted) reject(new ActionError('The step was stopped.', 'execution_failed'));
    else
      signal.addEventListener(
        'abort',
        () => reject(new ActionError('The step was stopped.', 'execution_failed')),
        { once: true },
      );
  });
}

async function perform(
  page: Page,
  action: Action,
  values: RunValues,
  timeoutMs: number,
  // Stops the action at once (Playwright aborts the call cleanly; the page stays open).
  signal?: AbortSignal,
): Promise<void> {
  const value = (text: string) => substitute(text, values);
  const options = { timeout: timeoutMs, signal };
  switch (action.kind) {
    case 'goto': {
      const response = await page.goto(value(action.url), {
        ...options,
        timeout: Math.max(timeoutMs, 15_000),
      });
      if (response && response.status() >= 400)
        throw new ActionError(
          `The page answered HTTP ${response.status()} (${response.url()}).`,
          'navigation_failed',
        );
      return;
    }
    case 'goBack':
      await page.goBack(options);
      return;
    case 'reload':
      await page.reload(options);
      return;
    case 'click': {
      // A control inside a menu: its opener first ('More actions'), then the item, as a person would.
      if (action.opener)
        await (await revealed(toLocator(page, action.opener, values), options)).click(options);
      const locator = await revealed(toLocator(page, action.target, values), options);
      const click = () =>
        action.clickCount === 2
          ? locator.dblclick(options)
          : locator.click({ ...options, button: action.button ?? 'left' });
      await click();
      if (action.unfolds) {
        // A tree item's toggle: the item must then say it is open (or closed), as the export checks.
        const wanted = String(action.unfolds.expanded);
        const item = toLocator(page, action.unfolds.item, values);
        const unfolded = () =>
          poll(
            () => item.getAttribute('aria-expanded', { timeout: timeoutMs }),
            (state) => state === wanted,
            Math.min(timeoutMs, UNFOLD_MS),
          );
        let result = await unfolded();
        // A tree still moving from its last toggle ignores the next (Ant Design's tree while an item
        // opens): as a person would, the toggle is clicked once more. A toggle that does nothing fails.
        if (!result.ok) {
          await click();
          result = await unfolded();
        }
        if (!result.ok)
          throw new ActionError(
            `${describeTarget(action.unfolds.item)} did not ${action.unfolds.expanded ? 'expand' : 'collapse'} (aria-expanded is "${result.last ?? ''}").`.replace(
              /^./,
              (first) => first.toUpperCase(),
            ),
            'execution_failed',
          );
      }
      return;
    }
    case 'fill': {
      const field = await revealed(toLocator(page, action.target, values), options);
      if (action.widget === 'slider') {
        await setSlider(field, value(action.value), options);
        return;
      }
      if (action.widget === 'calendar') {
        // The day's button is kept by name, so the exported code clicks the same one.
        action.day = await pickDay(page, field, value(action.value), action.day, options);
        return;
      }
      await field.fill(value(action.value), options);
      // The pointer on the field, where a person's is when typing into it: not left over the popup the
      // field opened (a date picker's calendar shows the day under the pointer in the field, unchosen).
      await field.hover({ timeout: FILL_HOVER_MS, signal }).catch(() => undefined);
      return;
    }
    case 'type':
      await page.keyboard.type(value(action.value));
      return;
    case 'select': {
      const field = await revealed(toLocator(page, action.target, values), options);
      // A listbox widget: open it (or type to filter it), then click the option, as a person would.
      if (action.widget === 'listbox') {
        // Some libraries draw the listbox a frame after the click (Ant Design): wait a moment for the
        // option to be a new match of its words, or a cell saying the same would be clicked instead.
        const option = toLocator(page, optionTarget(action), values);
        const before = await option.count();
        const expanded = () => field.getAttribute('aria-expanded', { timeout: 100 }).catch(() => null);
        const says = (await expanded()) !== null;
        await field.click(options);
        const wait = Math.min(LISTBOX_OPEN_MS, timeoutMs / 2);
        for (let waited = 0; waited < wait && (await option.count()) <= before; waited += 50)
          await page.waitForTimeout(50);
        // A field that says whether its list is open (WAI-ARIA's combobox): the option waits for "true",
        // and the action keeps that it does, so its exported code waits for the same (codegen.ts).
        if (says) {
          for (let waited = 0; waited < EXPANDED_MS && (await expanded()) !== 'true'; waited += 50)
            await page.waitForTimeout(50);
          // Then the newest element saying the value (the list just drawn, in a portal at the end of the
          // body) shown: Ant Design scales its list from nothing, and meanwhile a cell saying the same would
          // be "the last visible one". A list drawn before others saying the same is not waited for.
          if ((await expanded()) === 'true') {
            const drawn = toLocator(page, { ...optionTarget(action), visible: undefined }, values);
            const shown = await drawn.waitFor({ state: 'visible', timeout: EXPANDED_MS, signal }).then(
              () => true,
              () => false,
            );
            if (shown) action.expands = true;
          }
        }
        if ((await option.count()) === 0)
          await offersOption(page, action, option, value(action.value), options);
      } else if (action.widget === 'autocomplete') await field.fill(value(action.value), options);
      else return void (await field.selectOption(value(action.value), options));
      await (await revealed(toLocator(page, optionTarget(action), values), options)).click(options);
      return;
    }
    case 'check':
      await (await revealed(toLocator(page, action.target, values), options)).check(options);
      return;
    case 'uncheck':
      await (await revealed(toLocator(page, action.target, values), options)).uncheck(options);
      return;
    case 'hover':
      await (await revealed(toLocator(page, action.target, values), options)).hover(options);
      return;
    case 'press':
      if (action.target)
        await (await revealed(toLocator(page, action.target, values), options)).press(action.key, options);
      else await page.keyboard.press(action.key);
      return;
    case 'scroll':
      if (action.to === 'up' || action.to === 'down')
        await page.mouse.wheel(0, action.to === 'down' ? 600 : -600);
      else await pageScripts.scrollPage(page, action.to);
      return;
    case 'scrollTo':
      await toLocator(page, action.target, values).scrollIntoViewIfNeeded(options);
      return;
    case 'wait': {
      // The page's timer (it shows in the trace); a stop does not wait for it to run out.
      const waiting = page.waitForTimeout(action.ms);
      const stopped = aborted(signal);
      // Whichever loses settles later, unobserved.
      waiting.catch(() => undefined);
      stopped.catch(() => undefined);
      await Promise.race([waiting, stopped]);
      return;
    }
    case 'waitFor':
      await toLocator(page, action.target, values).waitFor({ state: action.state, ...options });
      return;
    case 'waitForLoad':
      await page.waitForLoadState('load', options);
      return;
    case 'expect':
      await checkAssertion(page, action.assert, values, timeoutMs);
      return;
    case 'module':
      // NOTE: runs and generation expand a module into its steps before anything executes.
      throw new ActionError(
        `The "${action.name}" module was not expanded into its steps before it ran.`,
        'execution_failed',
      );
    case 'upload':
      // A file of the project into a file input or the file chooser its button opens (uploads.ts).
      await runUpload(page, action, values, timeoutMs, signal);
      return;
    case 'drag':
      // The mouse moves in steps: a library that starts a drag past a few pixels sees one (issue 32).
      await (
        await revealed(toLocator(page, action.target, values), options)
      ).dragTo(toLocator(page, action.to, values), { ...options, steps: DRAG_STEPS });
      return;
    case 'tab':
      // NOTE: the session runs tab steps (runner/tabs.ts): it owns the tab the test is in.
      throw new ActionError('A tab step runs only in a session.', 'execution_failed');
    case 'email':
      // NOTE: the session runs e-mail steps (runner/email.ts): they read its inbox and its open e-mail.
      throw new ActionError('An e-mail step runs only in a session with the test inbox.', 'execution_failed');
  }
}

/** How many ancestors up a hidden element's revealing container may be (button → cell → row → list). */
const HOVER_LEVELS = 6;
const HOVER_TIMEOUT_MS = 1000;

/**
 * The element, shown if it is there but hidden until the pointer is over its container (a row's
 * icon-only delete, a card's menu button): like a person, the nearest ancestor whose hover shows it
 * is hovered first. An element not there yet, or hidden for another reason, is left to the action's
 * own waiting and its own error. Throws as the action would when the element never appears.
 */
/** How long a fill tries to bring the pointer onto its field (a covered field is filled all the same). */
const FILL_HOVER_MS = 200;

/** How long a select waits for its listbox to show the option after the click that opens it. */
const LISTBOX_OPEN_MS = 1500;
// How long an open list showing other options is given to show the one wanted.
const NO_OPTION_MS = 500;

/** How long a tree item may take to say it expanded or collapsed after its toggle's click. */
const UNFOLD_MS = 1500;

/** How long a select then waits for its field to say the list is open (aria-expanded "true"). */
const EXPANDED_MS = 500;

// Arrow key presses a slider may need: a range of a few hundred steps at most.
const MAX_SLIDER_KEYS = 400;

/**
 * An ARIA slider (a handle with aria-valuenow, as component libraries draw it) set as a person with a
 * keyboard would: focused, then moved with the arrow keys until it says the value. A value it cannot
 * stop at (between two steps, beyond its ends) fails the step naming where it stopped.
 */
async function setSlider(
  slider: Locator,
  wanted: string,
  options: { timeout: number; signal?: AbortSignal },
): Promise<void> {
  const target = Number(wanted.replace(/[^\d.-]/g, ''));
  if (wanted.trim() === '' || !Number.isFinite(target))
    throw new Error(`A slider is set to a number, and "${wanted}" is not one.`);
  await slider.focus(options);
  const now = async () => Number(await slider.getAttribute('aria-valuenow', options));
  const seen = new Set<number>();
  for (let pressed = 0; pressed < MAX_SLIDER_KEYS; pressed++) {
    const value = await now();
    if (value === target) return;
    // Back at a value already passed: it steps over the target, or stays at an end.
    if (seen.has(value) || Number.isNaN(value)) break;
    seen.add(value);
    await slider.press(value < target ? 'ArrowRight' : 'ArrowLeft', options);
  }
  throw new Error(`The slider stopped at ${await now()} and cannot be set to ${target}.`);
}

/**
 * An open listbox that shows its options and none of them is the value ('Pick "Dr. Gregory House" in
 * the All doctors dropdown'): the step fails at once naming the options it offers, the closest first,
 * rather than waiting out the step for an option that is not there. A list whose options are not
 * role=option elements (or not shown yet) is left to the click's own wait.
 */
async function offersOption(
  page: Page,
  action: Extract<Action, { kind: 'select' }>,
  option: Locator,
  wanted: string,
  options: { timeout: number; signal?: AbortSignal },
): Promise<void> {
  const root: Page | FrameLocator = action.target.frame ? page.frameLocator(action.target.frame) : page;
  const offered = root.getByRole('option').filter({ visible: true });
  // The list's options first drawn, then a moment for the wanted one (a list that filters as it draws).
  for (let waited = 0; waited < NO_OPTION_MS; waited += 100) {
    if ((await option.count()) > 0) return;
    if (options.signal?.aborted) return;
    await page.waitForTimeout(100);
  }
  const shown = [...new Set((await offered.allInnerTexts()).map((text) => text.trim()).filter(Boolean))];
  if (shown.length === 0 || (await option.count()) > 0) return;
  const words = (text: string) =>
    new Set(
      text
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    );
  const mine = words(wanted);
  const shared = (text: string) => [...words(text)].filter((word) => mine.has(word)).length;
  const closest = shown
    .map((text, index) => ({ text, index, shared: shared(text) }))
    .sort((a, b) => b.shared - a.shared || a.index - b.index)
    .slice(0, 5)
    .map(({ text }) => `"${text.length > 60 ? `${text.slice(0, 60)}…` : text}"`);
  const list = describeTarget(action.target);
  throw new ActionError(
    `${list.startsWith('"') ? 'The ' : ''}${list.charAt(0).toUpperCase()}${list.slice(1)} has no option "${wanted}". The closest are: ${closest.join(', ')}.`,
    'element_not_found',
  );
}

async function revealed(
  locator: Locator,
  options: { timeout: number; signal?: AbortSignal },
): Promise<Locator> {
  await locator.waitFor({ state: 'attached', ...options });
  if (await locator.isVisible()) return locator;
  let ancestor = locator;
  try {
    for (let level = 0; level < HOVER_LEVELS; level++) {
      ancestor = ancestor.locator('xpath=..');
      // Beyond the document (or out of a shadow root): nothing left to hover.
      if ((await ancestor.count()) === 0) break;
      if (!(await ancestor.isVisible())) continue;
      await ancestor.hover({ timeout: HOVER_TIMEOUT_MS, signal: options.signal });
      if (await locator.isVisible()) return locator;
    }
  } catch {
    // An ancestor that cannot be hovered (covered, the document itself): the action tells the rest.
  }
  return locator;
}

/**
 * Turns any failure into SPEC §3's user_visible_error, with secrets masked: a sentence about the
 * person's site (errorSentences.ts), never the browser's own words (`detail`, for the log).
 */
export function describeFailure(
  error: unknown,
  secrets: Iterable<string>,
  context: ErrorContext = {},
): { message: string; error_type: string; detail: string } {
  const mask = (text: string) => maskSecrets(text, secrets);
  if (error instanceof ActionError)
    return { message: mask(error.message), error_type: error.errorType, detail: mask(error.message) };
  if (error instanceof UnknownValueError)
    return { message: mask(error.message), error_type: 'unknown_value', detail: mask(error.message) };
  const translated = translateRunnerError(error, messageOf(error), context);
  return {
    message: mask(translated.message),
    error_type: translated.error_type,
    detail: mask(translated.detail),
  };
}

/** An error's message, whatever realm it was made in (instanceof Error is not reliable across them). */
export function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && typeof (error as { message?: unknown }).message === 'string')
    return (error as { message: string }).message;
  return String(error);
}

/**
 * Playwright's errors.TimeoutError, known by its name: playwright-core is loaded when a browser is
 * first needed, not when the server starts (it takes ~0.4 s to load).
 */
function isTimeoutError(error: unknown): boolean {
  return error instanceof Error && error.name === 'TimeoutError';
}
