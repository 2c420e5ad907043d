import crypto from 'node:crypto';
import { Generator, createModelSet, type ModelSet, type Outcome } from '../agents';
import { type GenerationStep, type TraceEntry } from '../../../contract/generation';
import {
  BrowserPool,
  ExecutorUnavailableError,
  messageOf,
  RunnerSession,
  type ProcessedTrace,
} from '../runner';
import { type Services } from '../services';
import {
  GENERATE_QUEUE,
  MAX_GENERATION_ATTEMPTS,
  type ClaimedGeneration,
  type FinalState,
  type GenerateJob,
} from '../services/generation';
import { isRunEvent } from '../realtime/bus';
import { type TrackedJobControl } from '../tracking/control';
import { type JobQueue } from './queue';
import { type Attempt, registerTrackedWorker, type TrackedKind } from '../tracking/worker';

/** A worker's generation machinery: one browser and one model set for all its jobs. */
export interface GenerationWorker {
  models: ModelSet;
  pool: BrowserPool;
  /** Hands running generations back to the queue (they resume elsewhere or after a restart). */
  release(): void;
  close(): Promise<void>;
}

export async function registerGenerationWorker(
  queue: JobQueue,
  services: Services,
  concurrency: number,
  options: { singleProcess: boolean },
): Promise<GenerationWorker> {
  const config = services.generation.config;
  const pool = new BrowserPool({ wsEndpoint: config.browserWsEndpoint, niceness: config.browserNiceness });
  if (!pool.reachesWorkerLoopback)
    console.warn(
      `[targets] The browser server at ${config.browserWsEndpoint} cannot reach this worker's target guard: its own network must keep tests from reaching this server and metadata addresses (README, "Test targets").`,
    );
  const models = createModelSet(config);
  const worker = await registerTrackedWorker(
    queue,
    services.events,
    generationKind(services, pool, models),
    concurrency,
    options,
  );
  return {
    models,
    pool,
    release: () => worker.release(),
    async close() {
      await worker.close();
      await pool.close();
    },
  };
}

/** What a generation's work leaves for its ending. */
interface GenerationWork {
  outcome: Outcome | null;
  steps: GenerationStep[] | null;
  traceId: string;
  entries: Map<number, TraceEntry[]>;
}

type Control = TrackedJobControl<ClaimedGeneration>;

/** Generation as a tracked-job kind: it plans and takes steps; the loop owns the job's lifecycle. */
export function generationKind(
  services: Services,
  pool: BrowserPool,
  models: ModelSet,
): TrackedKind<GenerateJob, ClaimedGeneration, GenerationWork> {
  const generation = services.generation;
  const config = generation.config;
  return {
    label: '[generate]',
    queue: GENERATE_QUEUE,
    config,
    service: generation,
    // A cancel, a mark-complete or a restart ends a running generation with not_running.
    endedKey: (event) => (isRunEvent(event) || event.type !== 'not_running' ? null : event.testId),
    key: (job) => job.testCaseId,
    execute: (claimed, control) => generate(services, pool, models, claimed, control),
    endings: {
      released: async (claimed) => {
        // Shutting down: the job goes back to the queue (pg-boss retries it) without counting an attempt.
        await generation.release(claimed);
        throw new Error('The worker shut down; the generation will resume on another worker');
      },
      // A person cancelled or completed it: their state stands; only the trace is added.
      stopped: async (claimed, work) => generation.attachTrace(claimed, work.traceId, work.entries),
      timed_out: async (claimed, work) => {
        await generation.finish(
          claimed,
          'resources_exceeded',
          `The generation took longer than ${Math.round(config.generationTimeoutMs / 60_000)} minutes and was stopped.`,
          work.steps,
        );
      },
      failed: async (claimed, work, failure) => {
        const message = messageOf(failure).split('\n')[0];
        await generation.finish(claimed, 'error', `The generation failed: ${message}`, work.steps);
      },
      done: async (claimed, work) => {
        const outcome = work.outcome!;
        if (outcome.state === 'stopped') return;
        await generation.finish(claimed, outcome.state as FinalState, outcome.message, work.steps);
      },
    },
  };
}

async function generate(
  services: Services,
  pool: BrowserPool,
  models: ModelSet,
  claimed: ClaimedGeneration,
  control: Control,
): Promise<Attempt<GenerationWork> | null> {
  const generation = services.generation;
  const config = generation.config;
  if (claimed.attempts > MAX_GENERATION_ATTEMPTS) {
    await generation.finish(
      claimed,
      'error',
      `The generation was started ${MAX_GENERATION_ATTEMPTS} times and its worker stopped each time. Start it again.`,
      null,
    );
    return null;
  }
  const session = await openSession(services, pool, claimed);
  if (!session) return null;
  control.onAbort(() => session.abort());
  if (!(await generation.markRunning(claimed))) {
    // Cancelled or completed before it started: nothing to keep.
    await session.close();
    return null;
  }

  control.startDeadline(config.generationTimeoutMs);
  const traceId = crypto.randomUUID();
  let outcome: Outcome | null = null;
  let failure: unknown = null;
  try {
    // NOTE: every write below takes the claim: the service hides its secrets in what is stored.
    const generator = new Generator(session, models, generation.cacheFor(claimed), {
      onPlan: (plan) => generation.savePlan(claimed, plan),
      onStep: (_step, steps) => generation.saveSteps(claimed, steps),
      saveScreenshot: (png) => generation.artifacts.save(claimed.testCaseId, 'screenshot', png),
      screenshotFailed: (index, reason) =>
        console.warn(
          `[generation] test ${claimed.testCaseId}, step ${index + 1}: Screenshot failed: ${reason}`,
        ),
      stopped: control.shouldStop,
      moduleSteps: async (moduleId) => generation.modules.resolve(claimed.suiteId, moduleId),
    });
    outcome = await control.guard(
      generator.run({
        website: claimed.website,
        instructions: claimed.instructions,
        language: claimed.language,
        plan: claimed.plan,
        fromStep: claimed.fromStep,
        keptSteps: claimed.keptSteps,
        feedback: claimed.feedback,
        maxSteps: config.maxSteps,
        stepTimeoutMs: config.stepTimeoutMs,
        traceId,
        setupSteps: claimed.setupSteps,
        modules: claimed.modules,
      }),
    );
  } catch (error) {
    failure = error;
  } finally {
    control.clearDeadline();
  }

  const closing = session.close();
  const trace = await control.guard(closing).catch(() => {
    // Abandoned: the context still closes whenever its calls give up.
    void closing.catch(() => undefined);
    return null;
  });
  const entries =
    trace && outcome
      ? await saveTrace(services, claimed, traceId, trace, outcome)
      : new Map<number, TraceEntry[]>();
  const steps = outcome ? withTraces(outcome.steps, entries, traceId) : null;
  return {
    work: { outcome, steps, traceId, entries },
    failure: failure ?? (outcome ? null : new Error('the generation gave no outcome')),
  };
}

async function openSession(
  services: Services,
  pool: BrowserPool,
  claimed: ClaimedGeneration,
): Promise<RunnerSession | null> {
  const generation = services.generation;
  const options = {
    viewport: claimed.viewport,
    userAgent: claimed.userAgent,
    values: { parameters: claimed.parameters, secrets: claimed.secrets, secretHosts: claimed.secretHosts },
    stepTimeoutMs: generation.config.stepTimeoutMs,
    trace: true,
    screencast: generation.config.traceScreencast,
    // The test inbox e-mail steps read (issue 32): the job's port to it, not the runner's.
    inbox: services.inbox,
    targets: pool.reachesWorkerLoopback ? generation.config.testTargets : null,
    storageState: claimed.storageState,
  };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const browser = await pool.acquire();
      try {
        return await RunnerSession.open(browser, options);
      } catch (error) {
        // A browser that died since it was shared: start a new one once.
        await pool.discard(browser);
        if (attempt === 1) throw error;
      }
    } catch (error) {
      if (attempt === 1 || error instanceof ExecutorUnavailableError) {
        const message = messageOf(error).split('\n')[0];
        await generation.finish(
          claimed,
          'executor_not_available',
          `No browser could be started for this generation: ${message}`,
          null,
        );
        return null;
      }
    }
  }
  return null;
}

/** Stores the trace and summarises its groups per step (only steps of this generation; replays keep theirs). */
async function saveTrace(
  services: Services,
  claimed: ClaimedGeneration,
  traceId: string,
  trace: ProcessedTrace,
  outcome: Outcome,
): Promise<Map<number, TraceEntry[]>> {
  const entries = new Map<number, TraceEntry[]>();
  try {
    await services.generation.artifacts.save(claimed.testCaseId, 'trace', trace.zip, traceId);
  } catch {
    return entries;
  }
  outcome.groups.forEach((stepIndex, groupIndex) => {
    if (stepIndex < claimed.fromStep) return;
    const step = outcome.steps[stepIndex];
    const calls = trace.groups[groupIndex] ?? [];
    entries.set(
      stepIndex,
      calls.map((call) => ({ ...call, screenshot_id: step?.screenshot_id ?? null })),
    );
  });
  return entries;
}

function withTraces(
  steps: GenerationStep[],
  entries: Map<number, TraceEntry[]>,
  traceId: string,
): GenerationStep[] {
  return steps.map((step) => {
    const trace = entries.get(step.step_index);
    return trace && step.trace_zip_path === traceId ? { ...step, trace } : step;
  });
}
