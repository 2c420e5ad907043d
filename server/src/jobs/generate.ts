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
import { type JobQueue } from './queue';

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
  const pool = new BrowserPool({ wsEndpoint: config.browserWsEndpoint });
  if (!pool.reachesWorkerLoopback)
    console.warn(
      `[targets] The browser server at ${config.browserWsEndpoint} cannot reach this worker's target guard: its own network must keep tests from reaching this server and metadata addresses (README, "Test targets").`,
    );
  const models = createModelSet(config);
  const running = new Set<RunningJob>();
  let releasing = false;

  // One process on PGlite: whatever is "running" at start was running in a process that died. Swept
  // before this worker takes jobs, or a job it had just claimed would be taken for dead.
  await services.generation
    .sweep({ assumeDead: options.singleProcess })
    .catch((error) => console.error('[generate] sweep failed', error));
  await queue.work<GenerateJob>(
    GENERATE_QUEUE,
    async (data) => {
      const job = new RunningJob(data, services, pool, models);
      running.add(job);
      try {
        if (releasing) job.release();
        await job.run();
      } finally {
        running.delete(job);
      }
    },
    concurrency,
  );

  const sweeper = setInterval(
    () => void services.generation.sweep({ assumeDead: false }).catch(() => undefined),
    Math.max(1000, Math.floor(config.staleMs / 2)),
  );
  sweeper.unref();

  return {
    models,
    pool,
    release() {
      releasing = true;
      for (const job of running) job.release();
    },
    async close() {
      clearInterval(sweeper);
      await pool.close();
    },
  };
}

class RunningJob {
  private _session: RunnerSession | null = null;
  private _stopped = false;
  private _released = false;
  private _timedOut = false;
  private _abandonTimer: NodeJS.Timeout | null = null;
  private _heartbeat: NodeJS.Timeout | undefined;
  private _abandon: () => void = () => undefined;
  private readonly _abandoned = new Promise<never>((_, reject) => {
    this._abandon = () => reject(new Error('The browser did not stop in time'));
  });

  constructor(
    private readonly _job: GenerateJob,
    private readonly _services: Services,
    private readonly _pool: BrowserPool,
    private readonly _models: ModelSet,
  ) {
    // Observed by the races in run(); this keeps a late rejection from going unhandled.
    this._abandoned.catch(() => undefined);
  }

  release(): void {
    this._released = true;
    this._abort();
  }

  /**
   * Stops the browser work at once. Should a Playwright call never settle after that (a browser
   * that went away mid-call), the job moves on after a grace period rather than hang its worker.
   */
  private _abort(): void {
    void this._session?.abort();
    // The step in flight ends by its own timeouts (an action, then its screenshot); past twice that,
    // something hangs.
    const grace = 2 * this._services.generation.config.stepTimeoutMs + 10_000;
    this._abandonTimer ??= setTimeout(() => this._abandon(), grace);
  }

  async run(): Promise<void> {
    try {
      await this._run();
    } finally {
      if (this._abandonTimer) clearTimeout(this._abandonTimer);
    }
  }

  private async _run(): Promise<void> {
    const generation = this._services.generation;
    const config = generation.config;
    const claimed = await generation.claim(this._job);
    if (!claimed) return;
    // From the claim on, even while a browser starts: a silent worker is taken for dead.
    this._heartbeat = setInterval(() => {
      void generation
        .heartbeat(this._job)
        .then((alive) => {
          // Cancelled, completed or restarted by a person: stop at once.
          if (!alive && !this._stopped) {
            this._stopped = true;
            this._abort();
          }
        })
        // The database is briefly unreachable: the next beat tries again (the sweep judges staleness).
        .catch(() => undefined);
    }, config.heartbeatMs);
    try {
      await this._generate(claimed);
    } finally {
      clearInterval(this._heartbeat);
    }
  }

  private async _generate(claimed: ClaimedGeneration): Promise<void> {
    const generation = this._services.generation;
    const config = generation.config;
    if (claimed.attempts > MAX_GENERATION_ATTEMPTS) {
      await generation.finish(
        claimed,
        'error',
        `The generation was started ${MAX_GENERATION_ATTEMPTS} times and its worker stopped each time. Start it again.`,
        null,
      );
      return;
    }
    const session = await this._open(claimed);
    if (!session) return;
    if (!(await generation.markRunning(this._job))) {
      // Cancelled or completed before it started: nothing to keep.
      await session.close();
      return;
    }

    const deadline = setTimeout(() => {
      this._timedOut = true;
      this._abort();
    }, config.generationTimeoutMs);

    const traceId = crypto.randomUUID();
    let outcome: Outcome | null = null;
    let failure: unknown = null;
    try {
      // NOTE: every write below takes the claim: the service hides its secrets in what is stored.
      const generator = new Generator(session, this._models, generation.cacheFor(claimed), {
        onPlan: (plan) => generation.savePlan(claimed, plan),
        onStep: (_step, steps) => generation.saveSteps(claimed, steps),
        saveScreenshot: (png) => generation.artifacts.save(claimed.testCaseId, 'screenshot', png),
        stopped: () => this._stopped || this._released || this._timedOut,
      });
      const running = generator.run({
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
      });
      outcome = await Promise.race([running, this._abandoned]);
    } catch (error) {
      failure = error;
    } finally {
      clearTimeout(deadline);
    }

    const closing = session.close();
    const trace = await Promise.race([closing, this._abandoned]).catch(() => {
      // Abandoned: the context still closes whenever its calls give up.
      void closing.catch(() => undefined);
      return null;
    });
    const entries =
      trace && outcome
        ? await this._saveTrace(claimed, traceId, trace, outcome)
        : new Map<number, TraceEntry[]>();
    const steps = outcome ? withTraces(outcome.steps, entries, traceId) : null;

    if (this._released && !this._stopped) {
      // Shutting down: the job goes back to the queue (pg-boss retries it) without counting an attempt.
      await generation.release(this._job);
      throw new Error('The worker shut down; the generation will resume on another worker');
    }
    if (this._stopped) {
      // A person cancelled or completed it: their state stands; only the trace is added.
      await generation.attachTrace(claimed, traceId, entries);
      return;
    }
    if (this._timedOut) {
      await generation.finish(
        claimed,
        'resources_exceeded',
        `The generation took longer than ${Math.round(config.generationTimeoutMs / 60_000)} minutes and was stopped.`,
        steps,
      );
      return;
    }
    if (failure || !outcome) {
      const message = messageOf(failure).split('\n')[0];
      await generation.finish(claimed, 'error', `The generation failed: ${message}`, steps);
      return;
    }
    if (outcome.state === 'stopped') return;
    await generation.finish(claimed, outcome.state as FinalState, outcome.message, steps);
  }

  private async _open(claimed: ClaimedGeneration): Promise<RunnerSession | null> {
    const generation = this._services.generation;
    const options = {
      viewport: claimed.viewport,
      userAgent: claimed.userAgent,
      values: { parameters: claimed.parameters, secrets: claimed.secrets },
      stepTimeoutMs: generation.config.stepTimeoutMs,
      trace: true,
      screencast: generation.config.traceScreencast,
      targets: this._pool.reachesWorkerLoopback ? generation.config.testTargets : null,
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const browser = await this._pool.acquire();
        try {
          const session = await RunnerSession.open(browser, options);
          this._session = session;
          return session;
        } catch (error) {
          // A browser that died since it was shared: start a new one once.
          await this._pool.discard(browser);
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
  private async _saveTrace(
    claimed: ClaimedGeneration,
    traceId: string,
    trace: ProcessedTrace,
    outcome: Outcome,
  ): Promise<Map<number, TraceEntry[]>> {
    const entries = new Map<number, TraceEntry[]>();
    try {
      await this._services.generation.artifacts.save(claimed.testCaseId, 'trace', trace.zip, traceId);
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
