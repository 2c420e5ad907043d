import { type Page } from 'playwright-core';
import { stepUrl } from '../lib/stepUrl';
import { type Action, type LocatorSpec, type Target, describeTarget, targetOf } from './actions';
import { type PageSnapshot } from './candidates';
import { isOnSite, type Language, stepCode } from './codegen';
import { describeMail, type EmailEvidence, emailEvidence } from './email';
import { isOptional, optionalNote, optionalShown } from './optional';
import { ActionError, describeFailure, messageOf, NavigationTracker, toLocator } from './execute';
import { elementState } from './errorSentences';
import { type RunLog } from './runLog';
import { maskedScreenshot, type RunnerSession } from './session';
import { maskSecrets, referencedNames, type RunValues, usesSecret } from './values';

// A run replays a test's stored actions: no model, no agent, no fixed waits. Each action waits for
// its page as Playwright's auto-waiting does, within the step timeout; the first failing step ends
// the run, explained in words a person reads (what was looked for, what the page shows instead).

export interface ReplayStep {
  description: string;
  actionName: string;
  action: Action;
  /** The test's opening step after its setup module: skipped while the page is on its site (codegen). */
  continuesSetup?: boolean;
}

export interface StepError {
  message: string;
  error_type: string;
}

export interface ReplayStepResult {
  index: number;
  actionName: string;
  description: string;
  runCode: string;
  success: boolean;
  error: StepError | null;
  /** JPEG of the viewport after the step (after the failure for a failing step). */
  screenshot: Buffer | null;
  /** Why a screenshot that was due could not be taken (secrets masked); null otherwise. */
  screenshotError: string | null;
  durationMs: number;
  url: string | null;
  /** The e-mail an e-mail step read (issue 32): subject, sender, time, never its body. */
  email?: EmailEvidence;
  /** Which way an optional step went (issue 32): 'The "Accept all" button was not shown …, so the step was skipped.' */
  note?: string;
}

export interface ReplayHooks {
  /** Called after each step, before the next begins (store it, publish it). */
  onStep(result: ReplayStepResult): Promise<void>;
  /** True once the run must stop (cancelled, timed out, worker shutting down). */
  stopped(): boolean;
}

export interface ReplayOptions {
  language: Language;
  stepTimeoutMs: number;
  /** A screenshot after every step; a failing step always gets one. */
  screenshots: boolean;
  log: RunLog | null;
}

export interface ReplayOutcome {
  state: 'passed' | 'failed' | 'not_runnable' | 'stopped';
  /** The failing step (failed, not_runnable), or the step in progress when stopped. */
  stepIndex: number | null;
  /** The run's error_message: the step, its words, and what went wrong. */
  message: string | null;
  /** Steps reported through onStep. */
  stepsDone: number;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** Replays the steps in the session; never throws for a failing step (the failure is the outcome). */
export async function replay(
  session: RunnerSession,
  steps: ReplayStep[],
  hooks: ReplayHooks,
  options: ReplayOptions,
): Promise<ReplayOutcome> {
  const values = session.values;
  const secretNames = Object.keys(values.secrets);
  const log = options.log;

  const missing = missingValue(steps, values);
  if (missing) {
    const step = steps[missing.index];
    const message = `Step ${missing.index + 1}, "${step.description}", cannot run: {{${missing.name}}} is not a variable or secret of this test. Add it under Variables (or Secrets), or fix the name.`;
    log?.add('ERROR', 'run', message);
    return { state: 'not_runnable', stepIndex: missing.index, message, stepsDone: 0 };
  }

  // NOTE: the first tab's navigations; a step that opens a tab continues in session.page (issue 32).
  const navigation = new NavigationTracker(session.page);
  const masks: Target[] = [];
  let stepsDone = 0;
  try {
    for (let index = 0; index < steps.length; index++) {
      if (hooks.stopped() || session.closed)
        return { state: 'stopped', stepIndex: index, message: null, stepsDone };
      const step = steps[index];
      // The tab the test is in (issue 32): a step may open, switch to or close one.
      let page = session.page;
      const title = `${index + 1}. ${step.description}`;
      const runCode = stepCode(step, options.language, secretNames);
      const started = Date.now();
      navigation.reset();
      await session.beginStep(title);
      // A page other than http(s), or a connection refused before, fails the step before it runs.
      let error: StepError | null = session.refusal(step.action);
      const keepsPage = keepsSetupPage(step, page.url());
      let email: EmailEvidence | null = null;
      let note: string | null = null;
      let skipped = false;
      // NOTE: a line of the run, not of the step: the log keeps one 'step' line per step.
      if (keepsPage)
        log?.add(
          'INFO',
          'run',
          `${title}: the page stays where the setup module left it (${stepUrl(page.url())}).`,
        );
      try {
        // An optional step (issue 32) acts only if its element is shown within its short wait.
        skipped =
          !error && !keepsPage && isOptional(step.action)
            ? !(await optionalShown(page, step.action, values, session.signal))
            : false;
        if (!error && !keepsPage && isOptional(step.action)) note = optionalNote(step.action, !skipped);
        if (skipped) {
          // Nothing to do: the page is as it was.
        } else if (!error && !keepsPage && step.action.kind === 'email') {
          email = emailEvidence(await session.runEmail(step.action, options.stepTimeoutMs));
          // The next step meets the page this one led to, as generation did (runner/settle.ts).
          await session.settleAfter(step.action, options.stepTimeoutMs);
        } else if (!error && !keepsPage) {
          // The session follows a tab the step opens or switches to (issue 32, tabs.ts), and settles
          // the page the step led to, as generation did (runner/settle.ts).
          const tab = await session.perform(step.action, options.stepTimeoutMs);
          if (tab) note = tab.note;
          page = session.page;
        }
        if (
          (step.action.kind === 'fill' || step.action.kind === 'select') &&
          usesSecret(step.action.value, values)
        )
          masks.push(step.action.target);
      } catch (failure) {
        if (hooks.stopped() || session.closed) {
          await session.endStep();
          return { state: 'stopped', stepIndex: index, message: null, stepsDone };
        }
        error = await explainFailure(session, step.action, failure, options.stepTimeoutMs);
        // The browser's own words, for whoever reads the log; the step shows the sentence.
        const detail = describeFailure(failure, secretValues(values)).detail;
        if (detail !== error.message) log?.add('INFO', 'step', `${title}: the browser said: ${detail}`);
      }
      let screenshot: Buffer | null = null;
      let screenshotError: string | null = null;
      if (options.screenshots || error) {
        await navigation.settle(options.stepTimeoutMs);
        screenshot = await takeScreenshot(page, masks, values).catch(async () => {
          // A page caught between two documents (a navigation began after the action returned).
          await navigation.settle(options.stepTimeoutMs);
          await page.waitForLoadState('load', { timeout: options.stepTimeoutMs }).catch(() => undefined);
          return takeScreenshot(page, masks, values).catch((failure: unknown) => {
            screenshotError = screenshotFailure(failure, values);
            return null;
          });
        });
        if (screenshotError) log?.add('WARNING', 'step', `${title}: Screenshot failed: ${screenshotError}`);
      }
      // A connection the guard refused during the step fails it, whatever the page made of it.
      error = session.refusal() ?? error;
      await session.endStep();
      const durationMs = Date.now() - started;
      if (error) log?.add('ERROR', 'step', `${title}: ${error.message}`);
      else log?.add('SUCCESS', 'step', `${title} (${durationMs} ms)`);
      if (email) log?.add('INFO', 'step', `${title}: read ${describeMail(email)}.`);
      if (note && !error) log?.add('INFO', 'step', `${title}: ${note}`);
      await hooks.onStep({
        index,
        actionName: step.actionName,
        description: step.description,
        runCode,
        success: !error,
        error,
        screenshot,
        screenshotError,
        durationMs,
        url: page.isClosed() ? null : stepUrl(page.url()),
        ...(email ? { email } : {}),
        ...(note && !error ? { note } : {}),
      });
      stepsDone++;
      if (error)
        return {
          state: 'failed',
          stepIndex: index,
          message: `Step ${index + 1}, "${step.description}", failed: ${error.message}`,
          stepsDone,
        };
    }
    return { state: 'passed', stepIndex: null, message: null, stepsDone };
  } finally {
    navigation.dispose();
  }
}

/**
 * A test continues where its setup module left the page (issue 28): its opening step does not open
 * the site again while the page is on it, which would throw away what the module did there.
 */
function keepsSetupPage(step: ReplayStep, pageUrl: string): boolean {
  return Boolean(step.continuesSetup) && step.action.kind === 'goto' && isOnSite(pageUrl, step.action.url);
}

/** The first step whose values name a {{reference}} that has no value: it could never run. */
export function missingValue(steps: ReplayStep[], values: RunValues): { index: number; name: string } | null {
  for (const [index, step] of steps.entries()) {
    for (const text of valueTexts(step.action)) {
      const name = referencedNames(text).find((n) => !(n in values.secrets) && !(n in values.parameters));
      if (name) return { index, name };
    }
  }
  return null;
}

/** The texts of an action that are substituted strictly (locator texts fall back to literal braces). */
function valueTexts(action: Action): string[] {
  switch (action.kind) {
    case 'goto':
      return [action.url];
    case 'fill':
    case 'type':
    case 'select':
      return [action.value];
    case 'expect': {
      const assert = action.assert;
      return 'value' in assert && typeof assert.value === 'string' ? [assert.value] : [];
    }
    default:
      return [];
  }
}

/**
 * A run's website override: a URL under the test's website moves under the override (its path kept
 * relative to the website), another URL on the website's origin moves to the override's origin.
 */
export function rebaseUrl(url: string, website: string, override: string): string {
  const base = normalizeBase(website);
  const target = normalizeBase(override);
  if (url.startsWith(base)) return target + url.slice(base.length);
  if (!base.endsWith('/') && url === base.slice(0, -1)) return target;
  try {
    const from = new URL(url);
    if (from.origin !== new URL(base).origin) return url;
    // NOTE: the rest is kept as written: re-serialized, a {{reference}} in the path would be
    // percent-encoded and no longer substituted.
    const rest = url.slice(from.origin.length);
    const asWritten =
      url.slice(0, from.origin.length).toLowerCase() === from.origin && /^(?:[/?#]|$)/.test(rest);
    return `${new URL(target).origin}${asWritten ? rest : `${from.pathname}${from.search}${from.hash}`}`;
  } catch {
    return url;
  }
}

function normalizeBase(url: string): string {
  try {
    const parsed = new URL(url);
    // A directory-like website ('…/login/') keeps its slash; a page ('…/index.html') names its folder.
    const href = parsed.href;
    return parsed.search || parsed.hash
      ? href
      : href.endsWith('/')
        ? href
        : href.slice(0, href.lastIndexOf('/') + 1);
  } catch {
    return url;
  }
}

/** The action with its URLs (pages opened, URL checks) moved to the override. */
export function rebaseAction(action: Action, website: string, override: string | null): Action {
  if (!override) return action;
  if (action.kind === 'goto') return { ...action, url: rebaseUrl(action.url, website, override) };
  if (action.kind === 'expect' && action.assert.type === 'url' && /^https?:\/\//.test(action.assert.value))
    return {
      ...action,
      assert: { ...action.assert, value: rebaseUrl(action.assert.value, website, override) },
    };
  return action;
}

/**
 * A step moved from the website its steps were generated on to the one the run opens (a changed
 * website, or a run's override): its pages, URL checks and the URLs its words name, so what the run
 * shows is the address it actually opened.
 */
export function rebaseStep<T extends { description: string; action: Action }>(
  step: T,
  generatedOn: string,
  opens: string,
): T {
  if (generatedOn === opens) return step;
  return {
    ...step,
    action: rebaseAction(step.action, generatedOn, opens),
    description: rebaseText(step.description, generatedOn, opens),
  };
}

/** Every http(s) URL in the text moved as rebaseUrl moves it. */
export function rebaseText(text: string, generatedOn: string, opens: string): string {
  return text.replace(/https?:\/\/[^\s"'<>`]+/g, (url) => {
    // A sentence's own full stop or comma is not part of the address.
    const end = /[.,;:!?)]+$/.exec(url)?.[0] ?? '';
    const bare = url.slice(0, url.length - end.length);
    return rebaseUrl(bare, generatedOn, opens) + end;
  });
}

// ── Failures in words ─────────────────────────────────────────────────────────────────────────────

/** What went wrong: the element looked for and what the page shows instead, or the check's own sentence. */
export async function explainFailure(
  session: RunnerSession,
  action: Action,
  failure: unknown,
  timeoutMs: number,
): Promise<StepError> {
  const secrets = secretValues(session.values);
  const { message, error_type } = describeFailure(failure, secrets, { action });
  const base = { message, error_type };
  // A check says what it expected and what it saw; an unknown value or a page load says it all too.
  if (
    failure instanceof ActionError ||
    base.error_type === 'unknown_value' ||
    base.error_type === 'navigation_failed'
  )
    return base;
  const target = targetOf(action);
  if (!target || session.closed) return base;
  const page = session.page;
  const count = await toLocator(page, target, session.values)
    .count()
    .catch(() => -1);
  const described = capitalize(describeTarget(target));
  if (count === 0 || (count > 0 && target.nth !== undefined && target.nth >= count)) {
    const seen = await describeSeen(session, target.locator).catch(() => '');
    return {
      message: `${described} was not found on the page within ${seconds(timeoutMs)}.${seen ? ` ${seen}` : ''}`,
      error_type: 'element_not_found',
    };
  }
  if (count > 1 && target.nth === undefined && base.error_type === 'not_unique')
    return {
      message: `${described} matched ${count} elements; the step needs exactly one.`,
      error_type: 'not_unique',
    };
  if (count >= 1) {
    const state = elementState(messageOf(failure));
    return {
      message: `${described} was found but ${state?.sentence ?? 'could not be used'} within ${seconds(timeoutMs)}.`,
      error_type: base.error_type === 'timeout' ? 'not_actionable' : base.error_type,
    };
  }
  return base;
}

const PLURALS: Record<string, string> = {
  button: 'buttons',
  link: 'links',
  textbox: 'fields',
  searchbox: 'search fields',
  combobox: 'lists',
  checkbox: 'checkboxes',
  radio: 'options',
  heading: 'headings',
  tab: 'tabs',
  listitem: 'items',
  menuitem: 'menu items',
  option: 'options',
};

/** "The page (Sign in, /login/) shows these buttons: "Log in", "Help"." */
async function describeSeen(session: RunnerSession, locator: LocatorSpec): Promise<string> {
  const snapshot: PageSnapshot = await session.snapshot();
  const visible = snapshot.candidates.filter((candidate) => candidate.visible);
  let kind: string;
  let names: string[];
  if (locator.by === 'role') {
    kind = PLURALS[locator.role] ?? `${locator.role} elements`;
    names = visible.filter((candidate) => candidate.role === locator.role).map((candidate) => candidate.name);
  } else if (locator.by === 'label' || locator.by === 'placeholder') {
    kind = 'fields';
    names = visible
      .filter((candidate) => candidate.editable || candidate.tag === 'select')
      .map((candidate) => candidate.label || candidate.placeholder || candidate.name);
  } else {
    kind = 'buttons and links';
    names = visible
      .filter((candidate) => candidate.role === 'button' || candidate.role === 'link')
      .map((candidate) => candidate.name);
  }
  const unique = [...new Set(names.map((name) => name.trim()).filter(Boolean))];
  const page = `The page (${snapshot.title || 'untitled'}, ${pathOf(snapshot.url)})`;
  if (unique.length === 0) return `${page} shows no ${kind}.`;
  const shown = unique.slice(0, 8).map((name) => `"${name.length > 60 ? `${name.slice(0, 60)}…` : name}"`);
  const more = unique.length > 8 ? ` and ${unique.length - 8} more` : '';
  return `${page} shows these ${kind}: ${shown.join(', ')}${more}.`;
}

function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

function capitalize(text: string): string {
  return /^"/.test(text) ? `The ${text}` : text.charAt(0).toUpperCase() + text.slice(1);
}

const secretValues = (values: RunValues) => Object.values(values.secrets);

// ── Page helpers ──────────────────────────────────────────────────────────────────────────────────

/** The viewport as JPEG, the fields that received secrets and whatever shows a secret masked. */
/** A screenshot's failure in one line, secrets masked (it is stored with the step and logged). */
export function screenshotFailure(failure: unknown, values: RunValues): string {
  return maskSecrets(messageOf(failure).split('\n')[0], Object.values(values.secrets));
}

async function takeScreenshot(page: Page, masks: Target[], values: RunValues): Promise<Buffer> {
  return maskedScreenshot(page, masks, values, 10_000);
}
