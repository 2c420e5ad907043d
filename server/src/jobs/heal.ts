import { compareHealing } from '../agents/healer/assertions';
import { healTest, type HealedStep, type HealOutcome } from '../agents/healer/healer';
import { type GenerationStep } from '../../../contract/generation';
import { type HealingStep } from '../../../contract/healing';
import {
  type Action,
  actionCode,
  type BrowserPool,
  describeAction,
  messageOf,
  pythonScript,
  rebaseAction,
  RunnerSession,
  type ScriptStep,
  typescriptScript,
} from '../runner';
import { type Services } from '../services';
import { exportedSpec } from '../services/exportedCode';
import {
  type ClaimedHealing,
  failedResult,
  HEAL_QUEUE,
  type HealingResult,
  type HealJob,
  type HealingService,
} from '../services/healing';
import { abandonAfterMs, type TrackedJobControl } from '../tracking/control';
import { isHealingEvent } from '../realtime/bus';
import { type JobQueue } from './queue';
import {
  type Attempt,
  registerTrackedWorker,
  type TrackedKind,
  type TrackedWorker,
} from '../tracking/worker';

// The healer as a tracked job (issue 14): claimed with a lease like a run, in the worker's browser
// pool, on the website the failed run opened. Its proposal is offered only when the comparator finds
// every check of the test kept: a proposal that would weaken one ends the healing failed.

/** What a healing's work leaves for its ending. */
interface HealWork {
  session: RunnerSession;
  outcome: HealOutcome | null;
  /** Screenshot ids of the healing's steps, by step index. */
  screenshots: Map<number, string>;
}

type Control = TrackedJobControl<ClaimedHealing>;

export async function registerHealWorker(
  queue: JobQueue,
  services: Services,
  pool: BrowserPool,
  concurrency: number,
  options: { singleProcess: boolean },
): Promise<TrackedWorker> {
  return registerTrackedWorker(
    queue,
    services.events,
    healKind(services.healing, pool),
    concurrency,
    options,
  );
}

export function healKind(
  healing: HealingService,
  pool: BrowserPool,
): TrackedKind<HealJob, ClaimedHealing, HealWork> {
  const close = (session: RunnerSession) => closeWithin(session, abandonAfterMs(healing.config));
  return {
    label: '[heal]',
    queue: HEAL_QUEUE,
    config: healing.config,
    service: healing,
    // A healing that ended elsewhere (a sweep took it back and ended it) is checked at once, not at
    // its next heartbeat.
    endedKey: (event) => (isHealingEvent(event) && event.type === 'healing_ended' ? event.healingId : null),
    key: (job) => job.healingId,
    execute: (claimed, control) => execute(healing, pool, claimed, control),
    endings: {
      released: async (claimed, work) => {
        await close(work.session);
        await healing.release(claimed);
        throw new Error('The worker shut down; the healing will start again on another worker');
      },
      // Taken back by a sweep: its state stands.
      stopped: async (_claimed, work) => {
        await close(work.session);
      },
      timed_out: async (claimed, work) => {
        await close(work.session);
        const limit = Math.round(healing.config.runTimeoutMs / 1000);
        await healing.finish(
          claimed,
          failedResult(`The healing took longer than ${limit} s and was stopped.`, stepsOf(claimed, work)),
        );
      },
      failed: async (claimed, work, failure) => {
        await close(work.session);
        await healing.finish(
          claimed,
          failedResult(
            `The healing could not finish: ${messageOf(failure).split('\n')[0]}`,
            stepsOf(claimed, work),
          ),
        );
      },
      done: async (claimed, work) => {
        await close(work.session);
        await healing.finish(claimed, work.outcome ? resultOf(claimed, work) : failedResult('No outcome.'));
      },
    },
  };
}

async function execute(
  healing: HealingService,
  pool: BrowserPool,
  claimed: ClaimedHealing,
  control: Control,
): Promise<Attempt<HealWork> | null> {
  let session: RunnerSession;
  try {
    session = await open(pool, healing, claimed);
  } catch (error) {
    await healing.finish(
      claimed,
      failedResult(`No browser could be started for this healing: ${messageOf(error).split('\n')[0]}`),
    );
    return null;
  }
  control.onAbort(() => session.abort());
  if (control.stopped || !(await healing.markRunning(claimed))) {
    await closeWithin(session, abandonAfterMs(healing.config));
    return null;
  }
  const work: HealWork = { session, outcome: null, screenshots: new Map() };
  const progress: HealedStep[] = [];
  control.startDeadline(healing.config.runTimeoutMs);
  try {
    work.outcome = await control.guard(
      healTest(
        session,
        {
          website: claimed.website,
          steps: claimed.steps,
          stepTimeoutMs: healing.config.stepTimeoutMs,
          failingStepIndex: claimed.failingStepIndex,
        },
        {
          onStep: async (step, index) => {
            progress[index] = step;
            if (step.screenshot) {
              const id = await healing.saveScreenshot(claimed, index, step.screenshot).catch(() => null);
              if (id) work.screenshots.set(index, id);
            }
            await healing.saveSteps(claimed, healingSteps(claimed, progress, work.screenshots));
          },
          stopped: control.shouldStop,
        },
      ),
    );
    return { work, failure: null };
  } catch (error) {
    work.outcome = { status: 'failed', message: messageOf(error), steps: progress };
    return { work, failure: error };
  } finally {
    control.clearDeadline();
  }
}

async function open(pool: BrowserPool, healing: HealingService, claimed: ClaimedHealing) {
  const options = {
    viewport: claimed.viewport,
    userAgent: claimed.userAgent,
    values: claimed.values,
    stepTimeoutMs: healing.config.stepTimeoutMs,
    trace: false,
    targets: pool.reachesWorkerLoopback ? healing.config.testTargets : null,
    storageState: claimed.storageState,
    // The test inbox e-mail steps read (issue 32), as a run's job hands it in.
    inbox: healing.inbox,
  };
  for (let attempt = 0; ; attempt++) {
    const browser =
      claimed.browser === 'chromium' ? await pool.acquire() : await pool.acquireEngine(claimed.browser);
    try {
      return await RunnerSession.open(browser, options);
    } catch (error) {
      // A browser that died since it was shared: start a new one once.
      await pool.discard(browser);
      if (attempt === 1) throw error;
    }
  }
}

/** A context whose close never settles (its browser went away) is left to close whenever it gives up. */
async function closeWithin(session: RunnerSession, graceMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const abandoned = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs);
  });
  try {
    await Promise.race([
      session.close().then(
        () => undefined,
        () => undefined,
      ),
      abandoned,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

function stepsOf(claimed: ClaimedHealing, work: HealWork): HealingStep[] {
  return healingSteps(claimed, work.outcome?.steps ?? [], work.screenshots);
}

/** Every replayed step beside what the healer made of it (those it did not reach: not_run). */
function healingSteps(
  claimed: ClaimedHealing,
  healed: HealedStep[],
  screenshots: Map<number, string>,
): HealingStep[] {
  const code = (action: Action) => actionCode(action, claimed.language, claimed.secretNames);
  return claimed.steps.map((step, index): HealingStep => {
    const result = healed[index];
    return {
      step_index: index,
      step_description: step.description,
      outcome: !result ? 'not_run' : !result.ok ? 'failed' : result.changed ? 'retargeted' : 'kept',
      original_code: code(step.action),
      healed_code: result?.action ? code(result.action) : null,
      note: result?.note ?? null,
      original_screenshot_id: claimed.runScreenshots.get(index) ?? null,
      screenshot_id: screenshots.get(index) ?? null,
    };
  });
}

/** The healing's end: a proposal only when the healer passed and the comparator keeps every check. */
function resultOf(claimed: ClaimedHealing, work: HealWork): HealingResult {
  const outcome = work.outcome as HealOutcome;
  const steps = healingSteps(claimed, outcome.steps, work.screenshots);
  const own: ScriptStep[] = claimed.ownSteps.map((step) => ({
    description: step.step_description,
    action: step.action as Action,
  }));
  const checksTotal = own.filter((step) => step.action.kind === 'expect').length;
  if (outcome.status !== 'passed')
    return {
      status: outcome.status,
      message: outcome.message,
      steps,
      checksTotal,
      // A healing that passed as stored changed nothing, so every check stands as it was.
      checksKept: outcome.status === 'flaky' ? checksTotal : 0,
      proposal: null,
    };
  const ownIndexes = new Set(claimed.ownAt);
  const moduleStep = outcome.steps.findIndex((step, index) => step.changed && !ownIndexes.has(index));
  if (moduleStep >= 0)
    return failedResult(
      `Step ${moduleStep + 1}, "${claimed.steps[moduleStep].description}", comes from a module: heal the module's test instead.`,
      steps,
    );
  const proposed = claimed.ownSteps.map((step, index) => {
    const at = claimed.ownAt[index];
    return proposedStep(claimed, step, outcome.steps[at], work.screenshots.get(at) ?? null);
  });
  const comparison = compareHealing(
    own,
    proposed.map((step) => ({ description: step.step_description, action: step.action as Action })),
  );
  if (!comparison.ok)
    return {
      ...failedResult(
        `The proposal would weaken the test, so it is not offered: ${comparison.violations.map((violation) => violation.message).join(' ')}`,
        steps,
      ),
      checksTotal: comparison.checksTotal,
      checksKept: comparison.checksKept,
    };
  // The script the test will export once it takes the proposal: its steps moved onto the test's
  // website and its variables, as every export writes them (issue 28).
  const spec = exportedSpec({ ...claimed.exportable, testGenerationSteps: proposed });
  return {
    status: 'passed',
    message: outcome.message,
    steps,
    checksTotal: comparison.checksTotal,
    checksKept: comparison.checksKept,
    proposal: { steps: proposed, script: typescriptScript(spec), scriptPy: pythonScript(spec) },
  };
}

/** A stored step as the proposal has it: kept exactly, or with the healer's new target and its code. */
function proposedStep(
  claimed: ClaimedHealing,
  step: GenerationStep,
  healed: HealedStep | undefined,
  screenshotId: string | null,
): GenerationStep {
  if (!healed?.changed || !healed.action) return step;
  // Back onto the website the test's steps are stored for (the run may have opened another one).
  const action =
    claimed.website === claimed.storedOn
      ? healed.action
      : rebaseAction(healed.action, claimed.website, claimed.storedOn);
  const ts = actionCode(action, 'typescript', claimed.secretNames);
  const py = actionCode(action, 'python', claimed.secretNames);
  return {
    ...step,
    action_name: describeAction(action),
    generated_code: claimed.language === 'python' ? py : ts,
    generated_code_ts: ts,
    generated_code_py: py,
    cached_action_id: null,
    trace: [],
    trace_zip_path: null,
    screenshot_id: screenshotId,
    before_screenshot_id: null,
    verification: { passed: true, message: healed.note ?? 'Re-targeted by the healer.' },
    action,
  };
}
