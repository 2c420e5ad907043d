import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Frame,
  type Page,
} from 'playwright-core';
import { type Action, type LocatorSpec, type Target } from './actions';
import { CandidateSet, outsideMenus, type PageChange, type PageSnapshot, watchPage } from './candidates';
import { type EmailAction, type InboxMail, type InboxPort, runEmailAction } from './email';
import { Tabs, where } from './tabs';
import { isOptional, optionalNote, optionalShown } from './optional';
import { describeFailure, executeAction, toLocator } from './execute';
import { secretHostRefusal } from './secretHosts';
import { ACTION_QUIET_MS, PendingRequests, settlePage, settlesAfter } from './settle';
import { pageScripts } from './pageScripts';
import { refuseScheme, TargetGuard, TargetPolicy, type TestTargets } from './targetGuard';
import { processTrace, type ProcessedTrace } from './trace';
import { maskSecrets, type RunValues, substitute, usesSecret } from './values';

export interface SessionOptions {
  viewport: { width: number; height: number };
  userAgent?: string | null;
  values: RunValues;
  /** How long one action may wait for its element (Playwright's auto-wait) or an assertion may poll. */
  stepTimeoutMs: number;
  /** Record a Playwright trace, one group per step. */
  trace: boolean;
  /** Add the screencast (a filmstrip of frames) to the trace. */
  screencast?: boolean;
  /** Where the page may connect (targetGuard.ts); the jobs always pass it. Unset: anywhere (benches). */
  targets?: TestTargets | null;
  /** Cookies and local storage the context starts with (a saved browser state, issue 13). */
  storageState?: StorageState | null;
  /** The test inbox e-mail steps read (issue 32); the job hands it in. Unset: e-mail steps fail. */
  inbox?: InboxPort | null;
}

/** Playwright's storage state: cookies and each origin's local storage. */
export type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export interface LocatorOptions {
  /** Stop at the first unique locator. */
  first?: boolean;
  /** Leave out locators this refuses (e.g. ones made of the very text a check reads). */
  accept?: (spec: LocatorSpec) => boolean;
  /** Locators inside the container of this role holding this text: the checkbox of the "Pay rent" item. */
  within?: { role: string; text?: string; has?: LocatorSpec; nth?: number };
}

export interface ExecutionResult {
  ok: boolean;
  error: { message: string; error_type: string } | null;
  durationMs: number;
  /**
   * Where the action's element was on the page just before it acted (viewport CSS pixels, so on the
   * step's before-screenshot); null for an action without an element or one not on screen.
   */
  box: ElementBox | null;
  /** An optional step's way (issue 32, optional.ts): whether its element was shown and clicked. */
  optional?: { shown: boolean; note: string };
  /** A tab step, or an action that opened a tab the test continues in (issue 32, tabs.ts): what happened. */
  tab?: { note: string; opened: boolean };
}

export interface ElementBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The element an action works on, where one is read before acting (not for a check that it is absent). */
function boxTarget(action: Action): Target | null {
  switch (action.kind) {
    case 'click':
      // The item of a menu shows only once its opener is clicked: the opener is what is on screen before.
      return action.opener ?? action.target;
    case 'fill':
    case 'select':
    case 'check':
    case 'uncheck':
    case 'hover':
      return action.target;
    case 'press':
      return action.target ?? null;
    case 'email':
      return action.op === 'code' ? action.target : null;
    case 'expect': {
      const assert = action.assert;
      if (assert.type === 'url' || assert.type === 'title' || assert.type === 'count') return null;
      if ((assert.type === 'visible' || assert.type === 'text') && assert.negate) return null;
      return assert.target;
    }
    default:
      return null;
  }
}

/** How long the look at an action's element before it acts may wait for it. */
const BOX_TIMEOUT_MS = 250;

// Non-generic roles worth a getByRole locator.
const LOCATABLE_ROLES = new Set([
  'button',
  'link',
  'textbox',
  'searchbox',
  'combobox',
  'listbox',
  'spinbutton',
  'slider',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'option',
  'heading',
  'list',
  'listitem',
  'img',
  'navigation',
  'status',
  'alert',
  'dialog',
  'row',
  'cell',
  'table',
  'treeitem',
  'progressbar',
]);

/** A fresh browser context for one generation or run: the page, its candidates, actions and artifacts. */
export class RunnerSession {
  private _candidates: CandidateSet | null = null;
  private readonly _masks: Target[] = [];
  private _closed = false;
  private _aborted = false;
  private readonly _stop = new AbortController();
  private _keepState = false;
  private _email: InboxMail | null = null;
  private _finalState: StorageState | null = null;
  /** Requests of the page still waiting for their answer (settle() waits for none). */
  private _pending: PendingRequests;
  /** The context's tabs and the one the test is in (issue 32, tabs.ts). */
  private readonly _tabs: Tabs;

  private constructor(
    private readonly _context: BrowserContext,
    page: Page,
    private _options: SessionOptions,
    private readonly _guard: TargetGuard | null,
  ) {
    this._pending = new PendingRequests(page);
    this._tabs = new Tabs(_context, page);
  }

  /** The tab the test is in: the first page, until a step opens or switches to another (issue 32). */
  get page(): Page {
    return this._tabs.current;
  }

  /** How many tabs are open, and whether the test is in the first one. */
  get tabs(): { open: number; inFirst: boolean; where: string } {
    const open = this._tabs.open;
    return { open: open.length, inFirst: open[0] === this.page, where: where(this.page) };
  }

  /**
   * Runs an action in the tab the test is in, then follows the tab it opened (issue 32): a click with
   * `popup` waits for its pop-up; any other action that opened a tab continues in it too, and says so.
   * A tab step switches or closes tabs. Throws ActionError as executeAction does.
   */
  async perform(
    action: Action,
    timeoutMs = this._options.stepTimeoutMs,
  ): Promise<{ note: string; opened: boolean } | null> {
    if (action.kind === 'tab') {
      const note = await this._tabs.run(action);
      this._pending = new PendingRequests(this.page);
      return { note, opened: false };
    }
    const mark = this._tabs.mark();
    const popup = action.kind === 'click' && action.popup ? this._tabs.expectPopup(timeoutMs) : null;
    // NOTE: a pop-up that never comes is awaited only after the click, so its rejection is handled.
    popup?.catch(() => undefined);
    const from = where(this.page);
    if (action.kind === 'email') await this.runEmail(action, timeoutMs);
    else
      await executeAction(this.page, action, this._options.values, timeoutMs, {
        settleMs: 0,
        signal: this.signal,
      });
    if (popup) await this._tabs.switchTo(await popup);
    else {
      // Settled first: a tab opens a moment after the click that opened it.
      await this.settleAfter(action, timeoutMs);
      if (!(await this._tabs.adopt(mark))) return null;
    }
    this._pending = new PendingRequests(this.page);
    await this.settleAfter(action, timeoutMs);
    return {
      note: `It opened a new tab (${where(this.page)}) from ${from}; the test continues in it.`,
      opened: true,
    };
  }

  static async open(browser: Browser, options: SessionOptions): Promise<RunnerSession> {
    // Every connection of the context, loopback included, goes through its own guard.
    const guard = options.targets
      ? await TargetGuard.start(await TargetPolicy.create(options.targets))
      : null;
    let context: BrowserContext;
    try {
      context = await browser.newContext({
        viewport: options.viewport,
        userAgent: options.userAgent ?? undefined,
        // One screenshot pixel is one CSS pixel, so a point clicked on a screenshot is a point on the page.
        deviceScaleFactor: 1,
        // NOTE: '<-loopback>' proxies loopback too, which Chromium would otherwise connect to directly.
        proxy: guard ? { server: guard.proxyServer, bypass: '<-loopback>' } : undefined,
        // NOTE: given before tracing starts, so the trace never holds it.
        storageState: options.storageState ?? undefined,
      });
    } catch (error) {
      await guard?.close();
      throw error;
    }
    try {
      if (options.trace) {
        // Screencast frames are pixels we cannot mask: with secrets in play, only (masked) DOM snapshots are kept.
        // They also cost a fair share of a small machine's CPU, so they are off unless TRACE_SCREENCAST asks.
        const secrets = Object.values(options.values.secrets).some((value) => value.length > 0);
        await context.tracing.start({
          screenshots: Boolean(options.screencast) && !secrets,
          snapshots: true,
          sources: false,
        });
      }
      const page = await context.newPage();
      page.setDefaultTimeout(options.stepTimeoutMs);
      return new RunnerSession(context, page, options, guard);
    } catch (error) {
      await context.close().catch(() => undefined);
      await guard?.close();
      throw error;
    }
  }

  /**
   * Why a step fails for where the test went (issue 9): a connection the guard refused at any time so
   * far (a test that tried once has failed), a page other than http(s) the action would open, or a
   * secret it would send to a host the secret does not name (issue 27).
   */
  refusal(action?: Action): { message: string; error_type: 'target_refused' | 'secret_refused' } | null {
    const secrets = Object.values(this._options.values.secrets);
    // A secret sent to a host it does not name (issue 27): the step does not run.
    const secretRefused = action ? secretHostRefusal(action, this.page.url(), this._options.values) : null;
    if (secretRefused) return { message: secretRefused, error_type: 'secret_refused' };
    let message = this._guard?.refusals[0]?.message ?? null;
    if (!message && action?.kind === 'goto') {
      try {
        message = refuseScheme(substitute(action.url, this._options.values), action.url);
      } catch {
        // An unknown {{name}}: the action fails with its own message.
      }
    }
    return message ? { message: maskSecrets(message, secrets), error_type: 'target_refused' } : null;
  }

  get values(): RunValues {
    return this._options.values;
  }

  /** Variables a module brings (issue 13): used where the test has no variable of that name. */
  addDefaultParameters(parameters: Record<string, string>): void {
    const values = this._options.values;
    this._options = {
      ...this._options,
      values: { ...values, parameters: { ...parameters, ...values.parameters } },
    };
  }

  /** Aborted or closed: no more actions run. */
  get closed(): boolean {
    return this._closed || this._aborted;
  }

  /** The page's candidates now (replacing the previous snapshot). */
  async snapshot(): Promise<PageSnapshot> {
    return this._probing(async () => {
      await this._candidates?.dispose();
      this._candidates = null;
      this._candidates = await CandidateSet.collect(this.page);
      return this._candidates.snapshot;
    });
  }

  /** The coder's reads of the page go in a sub-group of the step, so the trace shows the step's actions first. */
  private async _probing<T>(read: () => Promise<T>): Promise<T> {
    if (!this._options.trace) return read();
    await this._context.tracing.group('Reading the page').catch(() => undefined);
    try {
      return await read();
    } finally {
      await this._context.tracing.groupEnd().catch(() => undefined);
    }
  }

  /**
   * Waits until the page has settled: no request of its own waiting for an answer and no change to
   * its document for `quietMs`, or `maxMs` at most (a page that polls never settles). True if it did.
   */
  async settle(quietMs: number, maxMs: number): Promise<boolean> {
    return settlePage(this.page, this._pending, quietMs, maxMs, () => this.closed);
  }

  /**
   * After an action, until the page has settled (runner/settle.ts), bounded by the step's time: the
   * next read must meet the page the action led to, not the one still waiting for its answer.
   */
  async settleAfter(action: Action, timeoutMs = this._options.stepTimeoutMs): Promise<void> {
    if (!settlesAfter(action) || this.closed) return;
    await this._probing(() => this.settle(ACTION_QUIET_MS, timeoutMs));
  }

  /** The candidate of the last snapshot under a viewport point. */
  async indexAt(x: number, y: number): Promise<number | null> {
    if (!this._candidates) await this.snapshot();
    return this._probing(() => this._candidates!.indexAt(x, y));
  }

  /**
   * Locators for a candidate of the last snapshot, in Playwright's order of preference (role and
   * name, label, placeholder, text, test id, css), each checked to resolve to that very element:
   * unique ones first, then ones that need an index.
   */
  async locatorsFor(index: number, options: LocatorOptions = {}): Promise<Target[]> {
    return this._probing(() => this._locatorsFor(index, options));
  }

  /** Starts watching the page; the function returned tells what changed since (the verifier's evidence). */
  async watchChanges(): Promise<() => Promise<PageChange>> {
    return this._probing(async () => {
      const read = await watchPage(this.page);
      return () => this._probing(read);
    });
  }

  private async _locatorsFor(index: number, options: LocatorOptions): Promise<Target[]> {
    const set = this._candidates;
    const candidate = set?.snapshot.candidates[index];
    if (!set || !candidate) return [];
    const within: Pick<Target, 'within' | 'withinText' | 'withinHas' | 'withinNth'> = options.within
      ? {
          within: { by: 'role', role: options.within.role },
          ...(options.within.text !== undefined ? { withinText: options.within.text } : {}),
          ...(options.within.has ? { withinHas: options.within.has } : {}),
          ...(options.within.nth !== undefined ? { withinNth: options.within.nth } : {}),
        }
      : {};
    // An element of a same-origin iframe is located through `page.frameLocator(…)`.
    const inFrame: Pick<Target, 'frame'> = candidate.frame ? { frame: candidate.frame } : {};
    const specs: LocatorSpec[] = [];
    if (LOCATABLE_ROLES.has(candidate.role) && candidate.name)
      specs.push({ by: 'role', role: candidate.role, name: candidate.name, exact: true });
    if (candidate.label) specs.push({ by: 'label', text: candidate.label, exact: true });
    if (candidate.placeholder) specs.push({ by: 'placeholder', text: candidate.placeholder, exact: true });
    if (candidate.text && !candidate.editable && candidate.text.length <= 80 && candidate.tag !== 'select')
      specs.push({ by: 'text', text: candidate.text, exact: true });
    if (candidate.testId) specs.push({ by: 'testId', testId: candidate.testId });
    if (LOCATABLE_ROLES.has(candidate.role) && !candidate.name)
      specs.push({ by: 'role', role: candidate.role });
    // Inside a row or item, an icon-only control is told apart from its neighbours by its classes.
    if (options.within && !candidate.name)
      for (const selector of await set.classSelectors(index)) specs.push({ by: 'css', selector });
    // The CSS selector of last resort is made only if no better locator was unique (never inside a container).
    if (!options.within) specs.push({ by: 'css', selector: '' });
    const unique: Target[] = [];
    const indexed: Target[] = [];
    for (const spec of specs) {
      if (spec.by === 'css' && !spec.selector) {
        if (options.first && unique.length > 0) break;
        const selector = await set.cssFor(index);
        if (!selector) continue;
        spec.selector = selector;
      }
      if (options.accept && !options.accept(spec)) continue;
      const target: Target = { ...inFrame, ...within, locator: spec };
      const { count, position } = await set.positionIn(
        toLocator(this.page, target, this._options.values),
        index,
      );
      if (position < 0) continue;
      if (count === 1) {
        unique.push(target);
        // The best unique locator is what is used: the others cost a round trip each.
        if (options.first) break;
      } else indexed.push({ ...inFrame, ...within, locator: spec, nth: position });
    }
    return [...unique, ...indexed];
  }

  /** The same-origin iframes of the last snapshot that hold candidates (their selectors). */
  frames(): string[] {
    const frames = this._candidates?.snapshot.candidates.map((candidate) => candidate.frame) ?? [];
    return [...new Set(frames.filter((frame): frame is string => Boolean(frame)))];
  }

  async matchCount(target: Target): Promise<number> {
    return this._probing(() =>
      toLocator(this.page, target, this._options.values)
        .count()
        .catch(() => 0),
    );
  }

  /** Runs one action; never throws for a failing action (the failure is the result). */
  /** The e-mail the last e-mail step read (issue 32): what the next ones read, and their evidence. */
  get email(): InboxMail | null {
    return this._email;
  }

  /** Runs an e-mail step (runner/email.ts); throws ActionError as executeAction does. */
  async runEmail(action: EmailAction, timeoutMs = this._options.stepTimeoutMs): Promise<InboxMail> {
    this._email = await runEmailAction(this.page, action, this._options.values, {
      inbox: this._options.inbox ?? null,
      opened: this._email,
      timeoutMs,
      signal: this.signal,
    });
    return this._email;
  }

  async execute(action: Action, timeoutMs = this._options.stepTimeoutMs): Promise<ExecutionResult> {
    const started = Date.now();
    const refused = this.refusal(action);
    if (refused) return { ok: false, error: refused, durationMs: 0, box: null };
    // An optional step (issue 32) not shown within its wait is skipped, and passes.
    const shown = isOptional(action)
      ? await optionalShown(this.page, action, this._options.values, this.signal).catch(() => false)
      : null;
    const optional =
      isOptional(action) && shown !== null ? { shown, note: optionalNote(action, shown) } : undefined;
    if (optional && !optional.shown)
      return { ok: true, error: null, durationMs: Date.now() - started, box: null, optional };
    const box = await this._boxOf(action);
    try {
      // No fixed wait for a late navigation: settling watches for one (its request is one out).
      // NOTE: perform() settles the page after the action (the tab it opened, if it opened one).
      const tab = await this.perform(action, timeoutMs);
      if (
        (action.kind === 'fill' || action.kind === 'select') &&
        usesSecret(action.value, this._options.values)
      )
        this._masks.push(action.target);
      // A connection refused while the action ran fails it, though the page carried on.
      const late = this.refusal();
      if (late) return { ok: false, error: late, durationMs: Date.now() - started, box };
      return {
        ok: true,
        error: null,
        durationMs: Date.now() - started,
        box,
        ...(optional ? { optional } : {}),
        ...(tab ? { tab } : {}),
      };
    } catch (error) {
      // The browser's own words stay in the trace; the step says what they mean for the site.
      const { message, error_type } = describeFailure(error, Object.values(this._options.values.secrets), {
        action,
      });
      return {
        ok: false,
        error: this.refusal() ?? { message, error_type },
        durationMs: Date.now() - started,
        box,
      };
    }
  }

  /**
   * The action's element on screen before it acts, for the outline on the step's before-screenshot.
   * A short look: an element not there yet is left to the action's own waiting (and gets no outline).
   */
  private async _boxOf(action: Action): Promise<ElementBox | null> {
    const target = boxTarget(action);
    if (!target || this.closed) return null;
    const box = await this._probing(() =>
      toLocator(this.page, target, this._options.values)
        .boundingBox({ timeout: BOX_TIMEOUT_MS })
        .catch(() => null),
    );
    if (!box || box.width <= 0 || box.height <= 0) return null;
    const { width, height } = this._options.viewport;
    // Wholly off screen (below the fold, scrolled away): nothing to outline on the screenshot.
    if (box.x + box.width <= 0 || box.y + box.height <= 0 || box.x >= width || box.y >= height) return null;
    return {
      x: Math.round(box.x),
      y: Math.round(box.y),
      width: Math.round(box.width),
      height: Math.round(box.height),
    };
  }

  /** Reads of the page for the verifier: each answers null when the element cannot be read. */
  readonly probe = {
    inputValue: (target: Target) =>
      toLocator(this.page, target, this._options.values)
        .inputValue({ timeout: 1000 })
        .catch(() => null),
    checked: (target: Target) =>
      toLocator(this.page, target, this._options.values)
        .isChecked({ timeout: 1000 })
        .catch(() => null),
    selectedLabels: (target: Target) =>
      pageScripts
        .selectedLabels(toLocator(this.page, target, this._options.values), { timeout: 1000 })
        .catch(() => null),
    url: () => this.page.url(),
    title: () => this.page.title().catch(() => ''),
    /** The URL, texts and field values outside the page's menus (to tell a menu's own change from an action's). */
    outsideMenus: () => this._probing(() => outsideMenus(this.page)),
  };

  /** The viewport as JPEG (quick to encode, a fraction of a PNG's size), whatever shows a secret masked. */
  async screenshot(): Promise<Buffer> {
    try {
      return await this._screenshot();
    } catch (error) {
      // A page caught between two documents: once it has loaded, try again.
      if (this.closed) throw error;
      await this.page
        .waitForLoadState('load', { timeout: this._options.stepTimeoutMs })
        .catch(() => undefined);
      return this._screenshot();
    }
  }

  private async _screenshot(): Promise<Buffer> {
    return maskedScreenshot(
      this.page,
      this._masks,
      this._options.values,
      Math.max(this._options.stepTimeoutMs, 10_000),
    );
  }

  /** Groups the next calls in the trace under the step's title. */
  async beginStep(title: string): Promise<void> {
    if (this._options.trace) await this._context.tracing.group(title).catch(() => undefined);
  }

  async endStep(): Promise<void> {
    if (this._options.trace) await this._context.tracing.groupEnd().catch(() => undefined);
  }

  /**
   * Stops (a person cancelled, a run timed out, the worker shuts down): no further action starts, the
   * action in flight is aborted through `signal`, and any other call ends by its own timeout at the
   * latest (STEP_TIMEOUT_MS); close() then saves the trace of what was done.
   *
   * NOTE: the page is not closed under calls in flight. Playwright (1.65) can then answer a call with
   * an object it has just disposed (a handle, a response): that call never settles and the client
   * throws outside any promise — a hung job and an uncaught exception. See test/runnerAbort.test.ts.
   */
  async abort(): Promise<void> {
    if (this._closed || this._aborted) return;
    this._aborted = true;
    this._stop.abort();
  }

  /** Aborted by abort(): actions given it stop at once (Playwright cancels the call cleanly). */
  get signal(): AbortSignal {
    return this._stop.signal;
  }

  /** close() reads the context's storage state (after the trace stopped, so the trace never holds it). */
  keepStorageStateOnClose(): void {
    this._keepState = true;
  }

  /** The storage state close() read, when asked to; null otherwise. */
  get storageStateAtClose(): StorageState | null {
    return this._finalState;
  }

  /** Stops tracing (secrets masked, calls summarised per step) and closes the context. */
  async close(): Promise<ProcessedTrace | null> {
    if (this._closed) return null;
    this._closed = true;
    let trace: ProcessedTrace | null = null;
    await this._candidates?.dispose();
    if (this._options.trace) {
      const file = path.join(os.tmpdir(), `plainwright-trace-${crypto.randomUUID()}.zip`);
      try {
        await this._context.tracing.stop({ path: file });
        trace = processTrace(await fs.promises.readFile(file), Object.values(this._options.values.secrets));
      } catch {
        trace = null;
      } finally {
        await fs.promises.rm(file, { force: true });
      }
    }
    if (this._keepState && !this._aborted)
      this._finalState = await this._context.storageState().catch((error: unknown) => {
        console.warn(`[runner] the browser state could not be read: ${(error as Error).message}`);
        return null;
      });
    await this._context.close().catch(() => undefined);
    await this._guard?.close();
    return trace;
  }
}

// Marks the elements a screenshot masks; read by the mask's selector, removed after the screenshot.
const SECRET_ATTRIBUTE = 'data-plainwright-secret';

/**
 * The viewport as JPEG with every element that shows a secret masked: the fields a secret was typed
 * into, and any element whose text, value or placeholder holds a secret value (the page echoing it
 * back), in every frame and open shadow root.
 */
export async function maskedScreenshot(
  page: Page,
  fields: Target[],
  values: RunValues,
  timeoutMs: number,
): Promise<Buffer> {
  const secrets = Object.values(values.secrets).filter((secret) => secret.length > 0);
  const frames = secrets.length > 0 ? await markSecretElements(page, secrets) : [];
  try {
    return await page.screenshot({
      type: 'jpeg',
      quality: 80,
      caret: 'hide',
      timeout: timeoutMs,
      mask: [
        ...fields.map((target) => toLocator(page, target, values)),
        ...frames.map((frame) => frame.locator(`[${SECRET_ATTRIBUTE}]`)),
      ],
    });
  } finally {
    await Promise.all(
      frames.map((frame) =>
        pageScripts
          .unmarkSecrets(frame, SECRET_ATTRIBUTE)
          // A frame that navigated or went away has no marks left to remove.
          .catch(() => undefined),
      ),
    );
  }
}

/** Marks the elements showing a secret in each frame; answers the frames that have some. */
async function markSecretElements(page: Page, secrets: string[]): Promise<Frame[]> {
  const marked = await Promise.all(
    page.frames().map(async (frame) => {
      const count = await pageScripts
        .markSecrets(frame, { secrets, attribute: SECRET_ATTRIBUTE })
        // NOTE: fails closed: only a frame that has gone may go unread; otherwise no screenshot is
        // better than one that shows a secret (the callers try again once the page has loaded).
        .catch((error: unknown) => {
          if (frame.isDetached()) return 0;
          throw error;
        });
      return count > 0 ? frame : null;
    }),
  );
  return marked.filter((frame): frame is Frame => frame !== null);
}
