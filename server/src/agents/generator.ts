import crypto from 'node:crypto';
import {
  type GenerationStep,
  type StoredUserFeedback,
  type UnsuccessfulAttempt,
  truncateActionName,
} from '../../../contract/generation';
import { stepUrl } from '../lib/stepUrl';
import {
  type Action,
  type ElementBox,
  type Language,
  type PageSnapshot,
  type RunnerSession,
  actionCode,
  describeAction,
  isAction,
  isOnSite,
  messageOf,
  referencedNames,
  type ReplayStep,
  screenshotFailure,
  describeMail,
  describeTarget,
  type LocatorSpec,
  type Target,
  OPTIONAL_WAIT_MS,
  type OptionalClick,
  optionalNote,
  optionalShown,
} from '../runner';
import { checkPick, implicitClick, resolveIntent, type UserVisibleError } from './coder';
import { emailSentence, type EmailSentence } from './sentences/email';
import { optionalSentence, type OptionalSentence } from './sentences/optional';
import { dragSentence, type DragSentence } from './sentences/drag';
import { tabSentence, type TabSentence } from './sentences/tabs';
import { uploadSentence, type UploadSentence } from './sentences/upload';
import { parseStep } from './grammar';
import { findModule, moduleCall, moduleCallName } from './moduleCall';
import { type Intent, intentPhrase, withTarget } from './intent';
import { type ModelSet } from './models';
import { withStartPage } from './planner';
import { fingerprintAt } from './healer/fingerprint';
import { verifyAction } from './verifier';

// One generation: plan the steps, then for each step let the coder choose an action on the live
// page (from the cache when the page is unchanged), execute it, verify it, screenshot it, and
// hand the step over to be stored before the next one starts.

export interface ActionCache {
  getAction(step: string, fingerprint: string): Promise<{ id: string; action: Action } | null>;
  putAction(step: string, fingerprint: string, action: Action, model: string): Promise<string>;
  getPlan(instructions: string, website: string): Promise<string[] | null>;
  putPlan(instructions: string, website: string, steps: string[], model: string): Promise<void>;
}

/** Lower case, single spaces, no final full stop: the step half of the cache key. */
export function normalizeStepText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[.!;]+$/, '')
    .toLowerCase();
}

export function cacheKey(text: string): string {
  return crypto.createHash('sha256').update(normalizeStepText(text)).digest('hex');
}

/** An in-memory cache (benchmarks and unit tests; the server keeps its cache in the database). */
export class MemoryActionCache implements ActionCache {
  private readonly _actions = new Map<string, { id: string; action: Action }>();
  private readonly _plans = new Map<string, string[]>();

  async getAction(step: string, fingerprint: string) {
    return this._actions.get(`${cacheKey(step)}|${fingerprint}`) ?? null;
  }

  async putAction(step: string, fingerprint: string, action: Action): Promise<string> {
    const id = crypto.randomUUID();
    this._actions.set(`${cacheKey(step)}|${fingerprint}`, { id, action });
    return id;
  }

  async getPlan(instructions: string, website: string) {
    return this._plans.get(`${cacheKey(instructions)}|${website}`) ?? null;
  }

  async putPlan(instructions: string, website: string, steps: string[]) {
    this._plans.set(`${cacheKey(instructions)}|${website}`, steps);
  }
}

/** What a person said about the step generation resumes from. */
export interface StepFeedback {
  /** Visual feedback: a point (CSS pixels) on the page the step acts on. */
  point: { x: number; y: number } | null;
  /** Words naming the element meant. */
  hint: string | null;
  /** An action to try first (a chosen unsuccessful attempt, or a person's Python statement). */
  action: Action | null;
  stored: StoredUserFeedback;
}

export interface GeneratorInput {
  website: string;
  instructions: string;
  language: Language;
  /** The plan to follow (a resumed generation); null plans afresh. */
  plan: string[] | null;
  /** Steps before this index are kept and replayed, not generated. */
  fromStep: number;
  keptSteps: GenerationStep[];
  feedback: StepFeedback | null;
  maxSteps: number;
  stepTimeoutMs: number;
  /** The id the generation's trace will be stored under (null without tracing). */
  traceId: string | null;
  /** The setup module's recorded steps (issue 13): replayed first, without a model. */
  setupSteps?: ReplayStep[];
  /** The suite's modules, for 'Use the "…" module' steps. */
  modules?: { id: string; name: string }[];
}

export interface GeneratorHooks {
  onPlan(plan: string[]): Promise<boolean>;
  /** Stores a finished step; false means the generation was stopped meanwhile. */
  onStep(step: GenerationStep, steps: GenerationStep[]): Promise<boolean>;
  saveScreenshot(png: Buffer): Promise<string>;
  /** A step's screenshot failed (it is logged with the generation's id). */
  screenshotFailed?(stepIndex: number, reason: string): void;
  stopped(): boolean;
  /** A module's steps as they are now, or why it cannot run (issue 13). */
  moduleSteps?(
    moduleId: string,
  ): Promise<
    { ok: true; steps: ReplayStep[]; parameters: Record<string, string> } | { ok: false; message: string }
  >;
}

export type OutcomeState = 'passed' | 'failed' | 'not_runnable' | 'stopped' | 'resources_exceeded';

export interface Outcome {
  state: OutcomeState;
  message: string;
  steps: GenerationStep[];
  plan: string[];
  /** The trace group of each step, in order (replays included), for the trace summary. */
  groups: number[];
}

interface StepResult {
  step: GenerationStep;
  ok: boolean;
  notUnderstood: string | null;
}

const SETUP_PAGE_KEPT = 'The page stays where the setup module left it: it is on this site already.';

export class Generator {
  /** The words of the element the last step acted on: what 'its' and 'the same' refer to. */
  private _previousWords: string | null = null;

  constructor(
    private readonly _session: RunnerSession,
    private readonly _models: ModelSet,
    private readonly _cache: ActionCache,
    private readonly _hooks: GeneratorHooks,
  ) {}

  async run(input: GeneratorInput): Promise<Outcome> {
    const groups: number[] = [];
    let plan = input.plan;
    let planNote: string | null = null;
    if (!plan) {
      const cached = await this._cache.getPlan(input.instructions, input.website);
      if (cached) plan = cached;
      else {
        const answer = await this._models.plan(input.instructions, input.website);
        plan = answer.value;
        planNote = answer.fallback;
        // A plan that failed over to the rules is not the model's: keep it out of the cache.
        if (!answer.fallback)
          await this._cache.putPlan(input.instructions, input.website, plan, answer.model);
      }
    }
    // A resumed plan already starts where its first generation did.
    if (!input.plan) plan = withStartPage(plan, input.website);
    const steps: GenerationStep[] = input.keptSteps.slice(0, input.fromStep);
    const outcome = (state: OutcomeState, message: string): Outcome => ({
      state,
      message,
      steps,
      plan: plan!,
      groups,
    });
    if (plan.length > input.maxSteps)
      return outcome(
        'resources_exceeded',
        `The instructions make ${plan.length} steps; a test may have at most ${input.maxSteps}. Split it into smaller tests.`,
      );
    if (plan.length === 0)
      return outcome('not_runnable', 'The instructions are empty: say what the test should do.');
    if (!(await this._hooks.onPlan(plan))) return outcome('stopped', 'Stopped.');

    // The setup module's recorded steps bring the page where the test starts (no model call).
    for (const [index, setup] of (input.setupSteps ?? []).entries()) {
      if (this._hooks.stopped()) return outcome('stopped', 'Stopped.');
      await this._session.beginStep(`Setup ${index + 1}. ${setup.description}`);
      // NOTE: -1 keeps the setup's trace groups out of the steps' summaries.
      groups.push(-1);
      const result = await this._session.execute(setup.action);
      await this._session.endStep();
      if (!result.ok)
        return outcome(
          'failed',
          `The setup module's step ${index + 1}, "${setup.description}", failed: ${result.error?.message} Fix the module (or its test), then generate this test again.`,
        );
    }

    // Resuming: replay the kept steps so the page is where the next step expects it.
    for (let index = 0; index < input.fromStep; index++) {
      const kept = input.keptSteps[index];
      if (this._hooks.stopped()) return outcome('stopped', 'Stopped.');
      if (!isAction(kept?.action))
        return outcome('failed', `Step ${index + 1} has no stored action to replay; regenerate the test.`);
      await this._session.beginStep(`${index + 1}. ${kept.step_description} (replayed)`);
      groups.push(index);
      // A kept module call runs the module's steps as they are now.
      const result =
        kept.action.kind === 'module'
          ? await this._runModule(kept.action.moduleId)
          : index === 0 && this._keepsSetupPage(input, kept.action)
            ? { ok: true as const, error: null }
            : await this._session.execute(kept.action);
      await this._session.endStep();
      if (!result.ok)
        return outcome(
          'failed',
          `Replaying step ${index + 1} ("${kept.step_description}") failed: ${result.error?.message} The site may have changed; regenerate the test.`,
        );
    }

    if (input.fromStep > 0) {
      const kept = parseStep(plan[input.fromStep - 1] ?? '', input.website);
      this._previousWords = kept.ok ? referenceWords(kept.intent, null) : null;
    }
    for (let index = input.fromStep; index < plan.length; index++) {
      if (this._hooks.stopped()) return outcome('stopped', 'Stopped.');
      groups.push(index);
      const result = await this._step(
        index,
        plan,
        input,
        steps,
        index === input.fromStep ? input.feedback : null,
        index === 0 ? planNote : null,
      );
      steps.push(result.step);
      if (!(await this._hooks.onStep(result.step, steps))) return outcome('stopped', 'Stopped.');
      if (result.notUnderstood !== null)
        return outcome(
          'not_runnable',
          `Step ${index + 1}, "${plan[index]}", could not be understood. ${result.notUnderstood}`,
        );
      if (!result.ok) {
        const last =
          result.step.unsuccessful_code_attempts.at(-1)?.user_visible_error.message ??
          result.step.verification.message;
        return outcome('failed', `Step ${index + 1}, "${plan[index]}", failed: ${last}`);
      }
    }
    return outcome('passed', `All ${plan.length} steps passed.`);
  }

  /**
   * The test's first step opens a page its setup module left the browser on already (issue 28): it is
   * recorded but not run, as a run of the test will not run it (runner/codegen.ts isOnSite), so what
   * the module did in the page is what the next steps are generated from.
   */
  private _keepsSetupPage(input: GeneratorInput, action: Action): boolean {
    if (!input.setupSteps?.length || action.kind !== 'goto' || this._session.closed) return false;
    return isOnSite(this._session.probe.url(), action.url);
  }

  /** 'Use the "Sign in" module': the module's steps run as they are now, without a model call. */
  private async _moduleStep(
    index: number,
    plan: string[],
    input: GeneratorInput,
    steps: GenerationStep[],
    name: string,
  ): Promise<StepResult> {
    const text = plan[index];
    const started = Date.now();
    const session = this._session;
    const modules = input.modules ?? [];
    await session.beginStep(`${index + 1}. ${text}`);
    let action: Action | null = null;
    let error: UserVisibleError | null = null;
    let done = 0;
    const found = findModule(modules, name, moduleCall(text)?.argument);
    if (!found.ok) error = { message: found.message, error_type: 'module_not_found' };
    else {
      action = { kind: 'module', moduleId: found.module.id, name: found.module.name };
      const ran = await this._runModule(found.module.id);
      if (ran.ok) done = ran.done;
      else error = ran.error;
    }
    const ok = Boolean(action) && !error;
    const plannerMessage = [
      `Step ${index + 1} of ${plan.length}: ${text}.`,
      found.ok && ok
        ? `The module "${found.module.name}" ran its ${done} recorded steps, without a model call.`
        : `The module could not run: ${error?.message}`,
    ].join(' ');
    const step = await this._recordStep(index, input, steps, started, {
      description: text,
      plannerMessage,
      action,
      ok,
      error,
    });
    return { step, ok, notUnderstood: null };
  }

  /**
   * An e-mail step (issue 32): read from the inbox the job handed the session, without a model. A code
   * step finds its field as a fill would ('the "Code" field'), then types the e-mail's code into it. The
   * step says which e-mail it read (subject, sender, time), never the code or the body.
   */
  private async _emailStep(
    index: number,
    plan: string[],
    input: GeneratorInput,
    steps: GenerationStep[],
    email: EmailSentence,
  ): Promise<StepResult> {
    const text = plan[index];
    const started = Date.now();
    const session = this._session;
    await session.beginStep(`${index + 1}. ${text}`);
    let action: Action | null = null;
    let error: UserVisibleError | null = null;
    try {
      const candidates: Action[] =
        email.op === 'open'
          ? [{ kind: 'email', op: 'open', to: email.to }]
          : email.op === 'expect'
            ? [{ kind: 'email', op: 'expect', field: email.field, value: email.value }]
            : email.op === 'link'
              ? [{ kind: 'email', op: 'link', text: email.text }]
              : await this._codeFields(email.field, input.website);
      if (candidates.length === 0)
        error = {
          message: `No field for the code was found: ${email.op === 'code' ? email.field : ''} is not on the page.`,
          error_type: 'element_not_found',
        };
      for (const candidate of candidates) {
        const result = await session.execute(candidate);
        if (result.ok) {
          action = candidate;
          error = null;
          break;
        }
        error = result.error;
        if (session.closed || result.error?.error_type !== 'element_not_found') break;
      }
    } catch (failure) {
      error = { message: messageOf(failure).split('\n')[0], error_type: 'execution_failed' };
    }
    const ok = Boolean(action) && !error;
    const read = session.email;
    const message =
      ok && read
        ? `Read ${describeMail(read)}${email.op === 'code' ? `, and typed its code into ${describeTarget((action as { target: Target }).target)}` : ''}.`
        : (error?.message ?? 'Not run.');
    const step = await this._recordStep(index, input, steps, started, {
      description: text,
      plannerMessage: `Step ${index + 1} of ${plan.length}: ${text}. ${ok ? message : `The e-mail step failed: ${message}`}`,
      action: action ?? candidateOrNull(email),
      ok,
      error,
      verificationMessage: message,
    });
    return { step, ok, notUnderstood: null };
  }

  /**
   * An optional step (issue 32): when its element is shown, the click is found and run as any click's
   * step is, then marked optional; when it is not, the step passes as skipped, its target the element's
   * words, which a run clicks whenever they are shown.
   */
  private async _optionalStep(
    index: number,
    plan: string[],
    input: GeneratorInput,
    steps: GenerationStep[],
    feedback: StepFeedback | null,
    planNote: string | null,
    optional: OptionalSentence,
  ): Promise<StepResult> {
    const text = plan[index];
    const session = this._session;
    const secretNames = Object.keys(session.values.secrets);
    const wait = { waitMs: OPTIONAL_WAIT_MS };
    const failure = (message: string, error_type: string): Promise<StepResult> =>
      this._plainStep(index, plan, input, steps, null, false, { message, error_type });
    if (!optional.click)
      return failure(
        `Only a click can be optional ("If … is shown, click …"); "${optional.act}" is not a click.`,
        'not_understood',
      );
    if (!optional.words)
      return failure(
        `The optional step names nothing to click: write its words in quotes, as in If a cookie banner is shown, click "Accept all".`,
        'not_understood',
      );
    const byWords: OptionalClick = {
      kind: 'click',
      target: { locator: { by: 'text', text: optional.words, exact: true } },
      optional: wait,
    };
    const shown = await optionalShown(session.page, byWords, session.values).catch(() => false);
    if (!shown) return this._plainStep(index, plan, input, steps, byWords, true, null);
    // Shown: the click is found as the act's own step would find it, then made optional.
    const acted = await this._step(
      index,
      plan.map((step, at) => (at === index ? optional.act : step)),
      input,
      steps,
      feedback,
      planNote,
    );
    const action = acted.step.action as Action | null;
    if (!acted.ok || !action || action.kind !== 'click')
      return {
        ...acted,
        ok: false,
        step: {
          ...acted.step,
          step_description: text,
          execution_succeded: false,
          verification: {
            passed: false,
            message: acted.ok
              ? `Only a click can be optional; "${optional.act}" did not make one.`
              : acted.step.verification.message,
          },
        },
      };
    const made: OptionalClick = { ...action, optional: wait };
    const note = optionalNote(made, true);
    return {
      ...acted,
      step: {
        ...acted.step,
        step_description: text,
        action_name: truncateActionName(describeAction(made)),
        generated_code: actionCode(made, input.language, secretNames),
        generated_code_ts: actionCode(made, 'typescript', secretNames),
        generated_code_py: actionCode(made, 'python', secretNames),
        cached_action_id: null,
        verification: { passed: true, message: note },
        action: made,
      },
    };
  }

  /**
   * An upload (issue 32): the field named (its label), else a button of that name opening the file
   * chooser, else the page's one file field. A file the project does not have fails the step at once.
   */
  private async _uploadStep(
    index: number,
    plan: string[],
    input: GeneratorInput,
    steps: GenerationStep[],
    upload: UploadSentence,
  ): Promise<StepResult> {
    const text = plan[index];
    const started = Date.now();
    const session = this._session;
    await session.beginStep(`${index + 1}. ${text}`);
    const base = { kind: 'upload' as const, file: upload.file };
    const candidates: Action[] = upload.field
      ? [
          { ...base, target: { locator: { by: 'label', text: upload.field, exact: true } } },
          {
            ...base,
            target: { locator: { by: 'role', role: 'button', name: upload.field, exact: true } },
            chooser: true,
          },
          { ...base, target: { locator: { by: 'text', text: upload.field, exact: true } }, chooser: true },
        ]
      : [{ ...base, target: { locator: { by: 'css', selector: 'input[type=file]' } } }];
    let action: Action | null = null;
    let error: UserVisibleError | null = null;
    const present: Action[] = [];
    for (const candidate of candidates)
      if ((await session.matchCount((candidate as { target: Target }).target).catch(() => 0)) > 0)
        present.push(candidate);
    for (const candidate of present.length > 0 ? present : candidates.slice(0, 1)) {
      // Only elements that are there are tried (the others would each wait a whole step's timeout),
      // unless none is: then the first, which waits for it and says what is missing.
      const result = await session.execute(candidate);
      if (result.ok) {
        action = candidate;
        error = null;
        break;
      }
      error ??= result.error;
      if (session.closed || result.error?.error_type === 'file_not_found') {
        error = result.error;
        break;
      }
    }
    const ok = Boolean(action) && !error;
    const message = ok
      ? `Uploaded ${upload.file} to ${describeTarget((action as { target: Target }).target)}${(action as { chooser?: true }).chooser ? ' through its file chooser' : ''}.`
      : (error?.message ?? 'Not run.');
    const step = await this._recordStep(index, input, steps, started, {
      description: text,
      plannerMessage: `Step ${index + 1} of ${plan.length}: ${text}. ${message}`,
      action: action ?? candidates[0],
      ok,
      error,
      verificationMessage: message,
    });
    return { step, ok, notUnderstood: null };
  }

  /**
   * A tab step (issue 32, runner/tabs.ts): a switch or a close runs as it is; a check of what the new
   * tab shows is the page's check, once the test is in a tab a step opened; a click said to open a tab
   * is the click's own step, which must have opened one.
   */
  private async _tabStep(
    index: number,
    plan: string[],
    input: GeneratorInput,
    steps: GenerationStep[],
    feedback: StepFeedback | null,
    planNote: string | null,
    tab: TabSentence,
  ): Promise<StepResult> {
    const text = plan[index];
    const session = this._session;
    const as = async (sentence: string, check: (step: GenerationStep) => string | null) => {
      const acted = await this._step(
        index,
        plan.map((step, at) => (at === index ? sentence : step)),
        input,
        steps,
        feedback,
        planNote,
      );
      const failed = acted.ok ? check(acted.step) : null;
      const message = failed ?? acted.step.verification.message;
      return {
        ...acted,
        ok: acted.ok && !failed,
        step: {
          ...acted.step,
          step_description: text,
          planner_message: acted.step.planner_message.replace(`: ${sentence}.`, `: ${text}.`),
          execution_succeded: acted.ok && !failed,
          verification: { passed: acted.ok && !failed, message },
        },
      };
    };
    if (tab.op === 'expect') {
      if (session.tabs.inFirst) {
        const started = Date.now();
        await session.beginStep(`${index + 1}. ${text}`);
        const message = `No new tab is open: the test is in its first tab (${session.tabs.where}). A step before should open one (a link that opens a new tab).`;
        const step = await this._recordStep(index, input, steps, started, {
          description: text,
          plannerMessage: `Step ${index + 1} of ${plan.length}: ${text}. ${message}`,
          action: null,
          ok: false,
          error: { message, error_type: 'tab_not_found' },
        });
        return { step, ok: false, notUnderstood: null };
      }
      return as(`Check that the page shows "${tab.value}"`, () => null);
    }
    if (tab.op === 'click')
      return as(tab.act, (step) =>
        (step.action as Action | null)?.kind === 'click' && (step.action as { popup?: true }).popup
          ? null
          : `${tab.act.replace(/^please\s+/i, '')} opened no new tab: the test is still on ${session.tabs.where}.`,
      );
    const started = Date.now();
    await session.beginStep(`${index + 1}. ${text}`);
    const action: Action =
      tab.op === 'close' ? { kind: 'tab', op: 'close' } : { kind: 'tab', op: 'switch', to: tab.to };
    const result = await session.execute(action);
    const ok = result.ok;
    const message = ok ? (result.tab?.note ?? 'Done.') : (result.error?.message ?? 'Not run.');
    const step = await this._recordStep(index, input, steps, started, {
      description: text,
      plannerMessage: `Step ${index + 1} of ${plan.length}: ${text}. ${message}`,
      action,
      ok,
      error: ok ? null : result.error,
      verificationMessage: message,
    });
    return { step, ok, notUnderstood: null };
  }

  /**
   * A drag (issue 32): the element saying the words dropped on the place named (a region, list or group
   * of that name, else the words themselves, as a column's heading). It has worked when the element is
   * then inside that place, or, dropped on words, when the page changed.
   */
  private async _dragStep(
    index: number,
    plan: string[],
    input: GeneratorInput,
    steps: GenerationStep[],
    drag: DragSentence,
  ): Promise<StepResult> {
    const text = plan[index];
    const started = Date.now();
    const session = this._session;
    await session.beginStep(`${index + 1}. ${text}`);
    const item: LocatorSpec = { by: 'text', text: drag.item, exact: true };
    const places: LocatorSpec[] = [
      ...['region', 'list', 'group'].map((role): LocatorSpec => ({
        by: 'role',
        role,
        name: drag.to,
        exact: true,
      })),
      { by: 'text', text: drag.to, exact: true },
    ];
    let action: Action | null = null;
    let error: UserVisibleError | null = null;
    let message = '';
    try {
      if ((await session.matchCount({ locator: item })) === 0)
        error = {
          message: `"${drag.item}" is not on the page: there is nothing of that name to drag.`,
          error_type: 'element_not_found',
        };
      const present: LocatorSpec[] = [];
      for (const place of places) if ((await session.matchCount({ locator: place })) > 0) present.push(place);
      if (!error && present.length === 0)
        error = {
          message: `There is no "${drag.to}" on the page to drop "${drag.item}" on (no column, list or words of that name).`,
          error_type: 'element_not_found',
        };
      for (const place of error ? [] : present) {
        const candidate: Action = { kind: 'drag', target: { locator: item }, to: { locator: place } };
        const watch = await session.watchChanges().catch(() => null);
        const result = await session.execute(candidate);
        const change = watch ? await watch().catch(() => null) : null;
        if (!result.ok) {
          error = result.error;
          if (session.closed) break;
          continue;
        }
        const container = place.by === 'role';
        const inside = container
          ? (await session.matchCount({ locator: item, within: place })) > 0
          : Boolean(change && (change.mutations > 0 || change.replaced));
        const where = describeTarget({ locator: place });
        if (inside) {
          action = candidate;
          error = null;
          message = container
            ? `Dragged "${drag.item}" to ${where}: it is there now.`
            : `Dragged "${drag.item}" to ${where}; the page changed.`;
          break;
        }
        error = {
          message: container
            ? `"${drag.item}" is not in ${where} after the drag: the page did not take the drop there.`
            : `Nothing changed on the page after dragging "${drag.item}" to ${where}.`,
          error_type: 'verification_failed',
        };
      }
    } catch (failure) {
      error = { message: messageOf(failure).split('\n')[0], error_type: 'execution_failed' };
    }
    const ok = Boolean(action) && !error;
    if (!ok) message = error?.message ?? 'Not run.';
    const step = await this._recordStep(index, input, steps, started, {
      description: text,
      plannerMessage: `Step ${index + 1} of ${plan.length}: ${text}. ${message}`,
      action: action ?? { kind: 'drag', target: { locator: item }, to: { locator: places[0] } },
      ok,
      error: ok ? null : error,
      verificationMessage: message,
    });
    return { step, ok, notUnderstood: null };
  }

  /** A step made without looking for its element: an optional step not shown, or one not understood. */
  private async _plainStep(
    index: number,
    plan: string[],
    input: GeneratorInput,
    steps: GenerationStep[],
    action: OptionalClick | null,
    ok: boolean,
    error: UserVisibleError | null,
  ): Promise<StepResult> {
    const text = plan[index];
    const started = Date.now();
    const session = this._session;
    await session.beginStep(`${index + 1}. ${text}`);
    const message = action
      ? `${optionalNote(action, false)} A run clicks it whenever it is shown.`
      : (error?.message ?? 'Not run.');
    const step = await this._recordStep(index, input, steps, started, {
      description: text,
      plannerMessage: `Step ${index + 1} of ${plan.length}: ${text}. ${message}`,
      action,
      ok,
      error,
      verificationMessage: message,
    });
    return { step, ok, notUnderstood: ok ? null : message };
  }

  /**
   * The record of a step made without the coder (a module call, an e-mail, an upload, an optional or
   * tab step): its screenshot taken (which ends its trace group), then the step as the generator stores it.
   */
  private async _recordStep(
    index: number,
    input: GeneratorInput,
    steps: GenerationStep[],
    started: number,
    fields: {
      description: string;
      plannerMessage: string;
      action: Action | null;
      ok: boolean;
      error: UserVisibleError | null;
      verificationMessage?: string;
    },
  ): Promise<GenerationStep> {
    const session = this._session;
    const { screenshotId, screenshotError } = await this._screenshot(index);
    return moduleGenerationStep({
      step_index: index,
      planner_message: fields.plannerMessage,
      step_description: fields.description,
      screenshot_id: screenshotId,
      screenshot_error: screenshotError,
      before_screenshot_id: steps[index - 1]?.screenshot_id ?? null,
      url: session.closed ? null : stepUrl(session.probe.url()),
      action: fields.action,
      ok: fields.ok,
      error: fields.error,
      language: input.language,
      secretNames: Object.keys(session.values.secrets),
      traceId: input.traceId,
      durationMs: Date.now() - started,
      ...(fields.verificationMessage !== undefined
        ? { verificationMessage: fields.verificationMessage }
        : {}),
    });
  }

  /** The fields a code may go into, best first: the targets a fill of `field` would have. */
  private async _codeFields(field: string, website: string): Promise<Action[]> {
    const parsed = parseStep(`Type "0000" into ${field}`, website);
    if (!parsed.ok || parsed.intent.kind !== 'fill') return [];
    const snapshot = await this._session.snapshot();
    const resolution = await resolveIntent(parsed.intent, this._session, snapshot);
    if (!resolution.ok) return [];
    const found: Action[] = [];
    for (const option of resolution.actions) {
      const fill = await option();
      if (fill?.kind === 'fill') found.push({ kind: 'email', op: 'code', target: fill.target });
    }
    return found;
  }

  /** Runs a module's steps, as they are now, in the page; the first failing one says why. */
  /**
   * The step's screenshot, stored, and the end of its trace group. A screenshot that fails is never
   * silently absent: the step says why (secrets masked) and the hook logs it.
   */
  private async _screenshot(
    index: number,
  ): Promise<{ screenshotId: string | null; screenshotError: string | null }> {
    const session = this._session;
    try {
      if (session.closed) return { screenshotId: null, screenshotError: null };
      const jpeg = await session.screenshot();
      return { screenshotId: await this._hooks.saveScreenshot(jpeg), screenshotError: null };
    } catch (error) {
      // A session closed meanwhile (stopped, cancelled) is no failure of the screenshot.
      if (session.closed) return { screenshotId: null, screenshotError: null };
      const reason = screenshotFailure(error, session.values);
      this._hooks.screenshotFailed?.(index, reason);
      return { screenshotId: null, screenshotError: reason };
    } finally {
      await session.endStep();
    }
  }

  private async _runModule(
    moduleId: string,
  ): Promise<{ ok: true; done: number } | { ok: false; error: UserVisibleError }> {
    const session = this._session;
    try {
      const resolved = this._hooks.moduleSteps
        ? await this._hooks.moduleSteps(moduleId)
        : { ok: false as const, message: 'Modules cannot run here.' };
      if (!resolved.ok)
        return { ok: false, error: { message: resolved.message, error_type: 'module_not_runnable' } };
      session.addDefaultParameters(resolved.parameters);
      for (const [position, step] of resolved.steps.entries()) {
        if (this._hooks.stopped() || session.closed)
          return { ok: false, error: { message: 'Stopped.', error_type: 'stopped' } };
        const result = await session.execute(step.action);
        if (!result.ok)
          return {
            ok: false,
            error: {
              message: `Step ${position + 1} of the module, "${step.description}", failed: ${result.error?.message ?? 'it did not run'}`,
              error_type: result.error?.error_type ?? 'execution_failed',
            },
          };
      }
      return { ok: true, done: resolved.steps.length };
    } catch (failure) {
      return {
        ok: false,
        error: { message: messageOf(failure).split('\n')[0], error_type: 'execution_failed' },
      };
    }
  }

  private async _step(
    index: number,
    plan: string[],
    input: GeneratorInput,
    steps: GenerationStep[],
    feedback: StepFeedback | null,
    planNote: string | null,
  ): Promise<StepResult> {
    const text = plan[index];
    const called = moduleCallName(text);
    if (called !== null) return this._moduleStep(index, plan, input, steps, called);
    // The test inbox (issue 32): 'the e-mail says X' reads the e-mail once an earlier step opened one.
    const opened = plan.slice(0, index).some((earlier) => emailSentence(earlier)?.op === 'open');
    const email = emailSentence(text, { opened });
    if (email) return this._emailStep(index, plan, input, steps, email);
    // 'If a cookie banner is shown, click "Accept all"' (issue 32): a click only when its element is there.
    const optional = optionalSentence(text);
    if (optional) return this._optionalStep(index, plan, input, steps, feedback, planNote, optional);
    // 'Upload sample.pdf to the "Attachment" field' (issue 32): one of the project's files into a file field.
    const upload = uploadSentence(text);
    if (upload) return this._uploadStep(index, plan, input, steps, upload);
    // 'Drag "Write report" to the "Done" column' (issue 32): dropped where it is said, checked there.
    const drag = dragSentence(text);
    if (drag) return this._dragStep(index, plan, input, steps, drag);
    // 'Switch to the new tab', 'Close it', 'Check that the new tab shows "Help centre"' (issue 32).
    const tab = tabSentence(text);
    // 'Close it' closes a tab only when the test is in one a step opened (else: a dialog, a banner …).
    if (tab && !(tab.op === 'close' && tab.it && this._session.tabs.inFirst))
      return this._tabStep(index, plan, input, steps, feedback, planNote, tab);
    const started = Date.now();
    const session = this._session;
    const language = input.language;
    const secretNames = Object.keys(session.values.secrets);
    const attempts: UnsuccessfulAttempt[] = [];
    const usage = { input_tokens: 0, output_tokens: 0, model_calls: 0 };
    let cost = 0;
    let model = 'rules';
    let fallback: string | null = null;
    let chosen: Action | null = null;
    let cachedActionId: string | null = null;
    let verification = { passed: false, message: 'Not run.' };
    let notUnderstood: string | null = null;
    const notes: string[] = [];
    let snapshot: PageSnapshot | null = null;
    let decisionRefused = false;
    let chosenIntent: Intent | null = null;
    // The element of the last action tried: the one kept when it is the step's action.
    let targetBox: ElementBox | null = null;
    // A tab the chosen click opened (issue 32): the test continues in it, and the step says so.
    let openedTab: string | null = null;

    const attempt = (action: Action | null, error: UserVisibleError) =>
      attempts.push({
        attempted_code: action ? actionCode(action, language, secretNames) : '',
        language,
        execution_succeeded: false,
        user_visible_error: error,
        action,
      });
    const run = async (action: Action, timeoutMs?: number): Promise<boolean> => {
      if (index === 0 && this._keepsSetupPage(input, action)) {
        verification = { passed: true, message: SETUP_PAGE_KEPT };
        return true;
      }
      // A click must change something a person could see; watching starts before it.
      const watch = action.kind === 'click' ? await session.watchChanges().catch(() => null) : null;
      const result = await session.execute(action, timeoutMs);
      targetBox = result.box;
      if (!result.ok) {
        if (watch) await watch().catch(() => undefined);
        attempt(action, result.error!);
        return false;
      }
      // A new tab is what the action changed: its page is the one the next step reads.
      if (result.tab?.opened) {
        if (watch) await watch().catch(() => undefined);
        openedTab = result.tab.note;
        verification = { passed: true, message: result.tab.note };
        return true;
      }
      const change = watch ? await watch().catch(() => null) : null;
      const checked = await verifyAction(action, session, { url: snapshot!.url, change });
      // The model judges clicks and key presses it chose itself (not cached ones, not after a fallback).
      if (
        checked.passed &&
        !cachedActionId &&
        !fallback &&
        (action.kind === 'click' || action.kind === 'press')
      ) {
        const after = await session.snapshot();
        const judged = await this._models.judge({
          step: text,
          action,
          before: {
            url: snapshot!.url,
            title: snapshot!.title,
            names: snapshot!.candidates.filter((c) => c.visible).map((c) => `${c.role} "${c.name}"`),
          },
          after,
        });
        if (judged) {
          usage.input_tokens += judged.usage.inputTokens;
          usage.output_tokens += judged.usage.outputTokens;
          usage.model_calls += judged.usage.calls;
          cost += judged.costUsd;
          if (!judged.value.achieved) {
            verification = { passed: false, message: judged.value.reason };
            attempt(action, {
              message: `The verifier says the step did not happen: ${judged.value.reason}`,
              error_type: 'verification_failed',
            });
            return false;
          }
        }
      }
      verification = checked;
      if (!checked.passed) {
        attempt(action, { message: checked.message, error_type: 'verification_failed' });
        return false;
      }
      return true;
    };

    await session.beginStep(`${index + 1}. ${text}`);
    try {
      snapshot = await session.snapshot();
      const unknown = referencedNames(text).filter(
        (name) => !(name in session.values.secrets) && !(name in session.values.parameters),
      );
      if (unknown.length > 0) {
        notUnderstood = `{{${unknown[0]}}} is not a variable or secret of this test: add it under Variables or Secrets, or fix the name.`;
      }

      if (!notUnderstood && !feedback) {
        const cached = await this._cache.getAction(text, snapshot.fingerprint);
        if (cached && isAction(cached.action)) {
          cachedActionId = cached.id;
          if (await run(cached.action)) {
            chosen = cached.action;
            notes.push('The action cached for this step on this page was reused, without a model call.');
          } else {
            cachedActionId = null;
            attempts[attempts.length - 1].user_visible_error.error_type = 'cached_action_failed';
          }
        }
      }
      if (!notUnderstood && !chosen && feedback?.action) {
        if (await run(feedback.action)) {
          chosen = feedback.action;
          notes.push('The action you chose was used.');
        }
      }
      if (!notUnderstood && !chosen) {
        const decision = await this._models.decide({
          step: text,
          snapshot,
          website: input.website,
          hint: feedback?.hint ?? null,
        });
        model = decision.model;
        fallback = decision.fallback;
        usage.input_tokens += decision.usage.inputTokens;
        usage.output_tokens += decision.usage.outputTokens;
        usage.model_calls += decision.usage.calls;
        cost += decision.costUsd;
        let intent: Intent | null = decision.value.kind === 'intent' ? decision.value.intent : null;
        // 'its remove button', 'the same item': the words of the element the step before acted on.
        if (intent) intent = bindAnaphor(intent, this._previousWords);
        // A model's pick must account for the words the step names, as the rules' would.
        if (intent && decision.model !== 'rules') {
          const parsed = parseStep(text, input.website);
          const named = parsed.ok ? intentPhrase(bindAnaphor(parsed.intent, this._previousWords)) : null;
          const ref = 'target' in intent && intent.target ? intent.target : null;
          if (ref) {
            const checkedPick = checkPick(ref, named, snapshot, intent.kind === 'fill' ? 'fill' : 'read');
            if (!checkedPick.ok) {
              attempt(null, checkedPick.error);
              intent = null;
              decisionRefused = true;
            } else intent = withTarget(intent, checkedPick.ref);
          }
        }
        if (feedback?.point) {
          const pointed = await session.indexAt(feedback.point.x, feedback.point.y);
          if (pointed === null) {
            attempt(null, {
              message: `There is no element at (${Math.round(feedback.point.x)}, ${Math.round(feedback.point.y)}) on the page.`,
              error_type: 'element_not_found',
            });
          } else {
            intent = retarget(intent, pointed, text);
            notes.push(
              `Following your feedback, the step acts on the element you clicked (${describeCandidate(snapshot, pointed)}).`,
            );
          }
        }
        if (!intent && !decisionRefused) {
          const implicit = implicitClick(text, snapshot);
          if (implicit !== null)
            intent = { kind: 'click', target: { kind: 'candidates', indexes: [implicit] } };
          else
            notUnderstood =
              decision.value.kind === 'not_understood' ? decision.value.hint : 'The step could not be read.';
        }
        if (intent) {
          const resolution = await resolveIntent(intent, session, snapshot);
          if (!resolution.ok) attempt(null, resolution.error);
          else {
            if (resolution.note) notes.push(resolution.note);
            for (const [position, option] of resolution.actions.entries()) {
              const action = await option();
              if (!action) {
                attempt(null, {
                  message: 'No locator resolves to the element any more: the page changed.',
                  error_type: 'element_not_found',
                });
                continue;
              }
              // Alternatives of a check are tried quickly; the last one gets the full wait.
              const last = position === resolution.actions.length - 1;
              const quick =
                action.kind === 'expect' && !last ? Math.min(1500, input.stepTimeoutMs) : undefined;
              if (await run(action, quick)) {
                chosen = action;
                chosenIntent = intent;
                break;
              }
              if (session.closed) break;
            }
          }
        }
      }
      if (chosen && openedTab) {
        notes.push(openedTab);
        if (chosen.kind === 'click') chosen = { ...chosen, popup: true };
      }
      // NOTE: an action chosen after feedback replaces the cached one, so a regeneration does not repeat the mistake.
      if (chosen && !cachedActionId)
        await this._cache.putAction(text, snapshot.fingerprint, chosen, model).catch(() => undefined);
    } catch (error) {
      attempt(null, { message: messageOf(error).split('\n')[0], error_type: 'execution_failed' });
    }
    const { screenshotId, screenshotError } = await this._screenshot(index);
    const shown = chosen ?? null;
    const ok = Boolean(chosen) && !notUnderstood;
    if (ok && chosenIntent)
      this._previousWords = referenceWords(chosenIntent, snapshot) ?? this._previousWords;
    if (notUnderstood) verification = { passed: false, message: notUnderstood };
    else if (!ok && attempts.length > 0)
      verification = { passed: false, message: attempts[attempts.length - 1].user_visible_error.message };
    const page = snapshot ? `On "${snapshot.title}" (${safePath(snapshot.url)})` : 'On the page';
    const plannerMessage = [
      `Step ${index + 1} of ${plan.length}: ${text}.`,
      shown
        ? `${page}, the coder will ${lowerFirst(describeAction(shown))}.`
        : `${page}, the coder found no way to do this.`,
      ...(planNote ? [`Planning: ${planNote}`] : []),
      ...(fallback ? [fallback] : []),
      ...notes,
    ].join(' ');
    // What else its element is (issue 30), for a healing when all its words change: not for a check.
    const fingerprint =
      shown && ok && shown.kind !== 'expect' && !session.closed
        ? fingerprintAt(snapshot, targetBox, Object.values(session.values.secrets))
        : null;
    const step: GenerationStep = {
      step_index: index,
      planner_message: plannerMessage,
      action_name: truncateActionName(shown ? describeAction(shown) : text),
      step_description: text,
      cost,
      generated_code: shown ? actionCode(shown, language, secretNames) : '',
      generated_code_ts: shown ? actionCode(shown, 'typescript', secretNames) : '',
      generated_code_py: shown ? actionCode(shown, 'python', secretNames) : '',
      execution_succeded: ok,
      screenshot_id: screenshotId,
      screenshot_error: screenshotError,
      before_screenshot_id: steps[index - 1]?.screenshot_id ?? null,
      unsuccessful_code_attempts: attempts,
      cached_action_id: cachedActionId,
      trace: [],
      trace_zip_path: input.traceId,
      user_feedback: feedback?.stored ?? null,
      verification,
      model,
      model_fallback: fallback,
      usage,
      action: shown,
      target_box: shown && ok ? targetBox : null,
      ...(fingerprint ? { target_fingerprint: fingerprint } : {}),
      url: snapshot && !session.closed ? stepUrl(session.probe.url()) : null,
      duration_ms: Date.now() - started,
    };
    return { step, ok, notUnderstood };
  }
}

/** The step of a module call, as the generator stores a step. */
/** The action an e-mail step meant, for its failed attempt's code (a code step's field was not found). */
function candidateOrNull(email: EmailSentence): Action | null {
  switch (email.op) {
    case 'open':
      return { kind: 'email', op: 'open', to: email.to };
    case 'expect':
      return { kind: 'email', op: 'expect', field: email.field, value: email.value };
    case 'link':
      return { kind: 'email', op: 'link', text: email.text };
    case 'code':
      return null;
  }
}

function moduleGenerationStep(
  fields: Pick<
    GenerationStep,
    | 'step_index'
    | 'planner_message'
    | 'step_description'
    | 'screenshot_id'
    | 'screenshot_error'
    | 'before_screenshot_id'
    | 'url'
  > & {
    action: Action | null;
    ok: boolean;
    error: UserVisibleError | null;
    language: Language;
    secretNames: string[];
    traceId: string | null;
    durationMs: number;
    /** What the step checked (an e-mail step: the e-mail it read). */
    verificationMessage?: string;
  },
): GenerationStep {
  const { action, ok, error, language, secretNames } = fields;
  return {
    step_index: fields.step_index,
    planner_message: fields.planner_message,
    action_name: truncateActionName(action ? describeAction(action) : fields.step_description),
    step_description: fields.step_description,
    cost: 0,
    generated_code: action ? actionCode(action, language, secretNames) : '',
    generated_code_ts: action ? actionCode(action, 'typescript', secretNames) : '',
    generated_code_py: action ? actionCode(action, 'python', secretNames) : '',
    execution_succeded: ok,
    screenshot_id: fields.screenshot_id,
    screenshot_error: fields.screenshot_error,
    before_screenshot_id: fields.before_screenshot_id,
    unsuccessful_code_attempts: error
      ? [
          {
            attempted_code: action ? actionCode(action, language, secretNames) : '',
            language,
            execution_succeeded: false,
            user_visible_error: error,
            action,
          },
        ]
      : [],
    cached_action_id: null,
    trace: [],
    trace_zip_path: fields.traceId,
    user_feedback: null,
    verification: ok
      ? { passed: true, message: fields.verificationMessage ?? 'Every step of the module passed.' }
      : { passed: false, message: error?.message ?? 'Not run.' },
    model: 'none',
    model_fallback: null,
    usage: { input_tokens: 0, output_tokens: 0, model_calls: 0 },
    action: ok ? action : null,
    target_box: null,
    url: fields.url,
    duration_ms: fields.durationMs,
  };
}

/** Points the intent at the element a person clicked; a step the words did not fix becomes a click. */
function retarget(intent: Intent | null, index: number, text: string): Intent {
  const target = { kind: 'candidates' as const, indexes: [index] };
  if (!intent) return { kind: 'click', target };
  switch (intent.kind) {
    case 'click':
    case 'fill':
    case 'select':
    case 'check':
    case 'uncheck':
    case 'hover':
    case 'clear':
    case 'scrollTo':
    case 'waitFor':
      return { ...intent, target };
    case 'press':
      return { ...intent, target };
    case 'expect': {
      const assert = intent.assert;
      if (assert.type === 'visible' && assert.target.kind === 'text')
        return {
          kind: 'expect',
          assert: {
            type: 'text',
            target,
            value: assert.target.text,
            ...(assert.negate ? { negate: true } : {}),
          },
        };
      if ('target' in assert) return { kind: 'expect', assert: { ...assert, target } };
      return intent;
    }
    default:
      void text;
      return { kind: 'click', target };
  }
}

function describeCandidate(snapshot: PageSnapshot, index: number): string {
  const candidate = snapshot.candidates[index];
  return candidate ? `${candidate.role} "${candidate.name || candidate.text || `#${index}`}"` : 'an element';
}

function safePath(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The words naming the element an intent acts on ('Pay rent'), for the next step's 'its' or 'the same'. */
function referenceWords(intent: Intent, snapshot: PageSnapshot | null): string | null {
  const ref =
    'target' in intent && intent.target
      ? intent.target
      : intent.kind === 'expect' && 'target' in intent.assert
        ? intent.assert.target
        : null;
  if (!ref) return null;
  if (ref.kind === 'text') return ref.text;
  if (ref.kind === 'phrase') return ref.phrase.context ?? (ref.phrase.text || null);
  const candidate = snapshot?.candidates[ref.indexes[0]];
  return candidate ? candidate.name || candidate.text || null : null;
}

/** Puts the previous step's words where the sentence said 'its' or 'the same'. */
function bindAnaphor(intent: Intent, previous: string | null): Intent {
  const phrase = intentPhrase(intent);
  if (!phrase?.anaphor || !previous) return intent;
  const { anaphor, ...rest } = phrase;
  const bound = anaphor === 'its' ? { ...rest, context: previous } : { ...rest, text: previous, exact: true };
  return withTarget(intent, { kind: 'phrase', phrase: bound });
}
