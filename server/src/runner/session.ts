import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, type BrowserContext, type Page } from 'playwright-core';
import { type Action, type LocatorSpec, type Target } from './actions';
import { CandidateSet, type PageSnapshot } from './candidates';
import { describeFailure, executeAction, toLocator } from './execute';
import { processTrace, type ProcessedTrace } from './trace';
import { type RunValues, usesSecret } from './values';

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
}

export interface LocatorOptions {
  /** Stop at the first unique locator. */
  first?: boolean;
  /** Leave out locators this refuses (e.g. ones made of the very text a check reads). */
  accept?: (spec: LocatorSpec) => boolean;
}

export interface ExecutionResult {
  ok: boolean;
  error: { message: string; error_type: string } | null;
  durationMs: number;
}

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

  private constructor(
    private readonly _context: BrowserContext,
    readonly page: Page,
    private readonly _options: SessionOptions,
  ) {}

  static async open(browser: Browser, options: SessionOptions): Promise<RunnerSession> {
    const context = await browser.newContext({
      viewport: options.viewport,
      userAgent: options.userAgent ?? undefined,
      // One screenshot pixel is one CSS pixel, so a point clicked on a screenshot is a point on the page.
      deviceScaleFactor: 1,
    });
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
      return new RunnerSession(context, page, options);
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  }

  get values(): RunValues {
    return this._options.values;
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

  private async _locatorsFor(index: number, options: LocatorOptions): Promise<Target[]> {
    const set = this._candidates;
    const candidate = set?.snapshot.candidates[index];
    if (!set || !candidate) return [];
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
    // The CSS selector of last resort is made only if no better locator was unique.
    specs.push({ by: 'css', selector: '' });
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
      const target: Target = { locator: spec };
      const { count, position } = await set.positionIn(
        toLocator(this.page, target, this._options.values),
        index,
      );
      if (position < 0) continue;
      if (count === 1) {
        unique.push(target);
        // The best unique locator is what is used: the others cost a round trip each.
        if (options.first) break;
      } else indexed.push({ locator: spec, nth: position });
    }
    return [...unique, ...indexed];
  }

  async matchCount(target: Target): Promise<number> {
    return this._probing(() =>
      toLocator(this.page, target, this._options.values)
        .count()
        .catch(() => 0),
    );
  }

  /** Runs one action; never throws for a failing action (the failure is the result). */
  async execute(action: Action, timeoutMs = this._options.stepTimeoutMs): Promise<ExecutionResult> {
    const started = Date.now();
    try {
      await executeAction(this.page, action, this._options.values, timeoutMs, { signal: this.signal });
      if (
        (action.kind === 'fill' || action.kind === 'select') &&
        usesSecret(action.value, this._options.values)
      )
        this._masks.push(action.target);
      return { ok: true, error: null, durationMs: Date.now() - started };
    } catch (error) {
      return {
        ok: false,
        error: describeFailure(error, Object.values(this._options.values.secrets)),
        durationMs: Date.now() - started,
      };
    }
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
      toLocator(this.page, target, this._options.values)
        .evaluate(
          (select) =>
            Array.from((select as HTMLSelectElement).selectedOptions ?? []).map((option) => [
              option.label,
              option.value,
            ]),
          undefined,
          { timeout: 1000 },
        )
        .catch(() => null),
    url: () => this.page.url(),
    title: () => this.page.title().catch(() => ''),
  };

  /** The viewport as JPEG (quick to encode, a fraction of a PNG's size), fields that hold secrets masked. */
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
    return this.page.screenshot({
      type: 'jpeg',
      quality: 80,
      caret: 'hide',
      timeout: Math.max(this._options.stepTimeoutMs, 10_000),
      mask: this._masks.map((target) => toLocator(this.page, target, this._options.values)),
    });
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
    await this._context.close().catch(() => undefined);
    return trace;
  }
}
