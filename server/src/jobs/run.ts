import { type TraceEntry } from '../../../contract/generation';
import { type RunArtifact, type RunStep } from '../../../contract/runs';
import { isRunEvent } from '../realtime/bus';
import {
  type BrowserPool,
  ExecutorUnavailableError,
  messageOf,
  replay,
  type ReplayOutcome,
  RunLog,
  RunnerSession,
} from '../runner';
import { type Services } from '../services';
import { type ClaimedRun, MAX_RUN_ATTEMPTS, RUN_QUEUE, type RunJob, type RunResult } from '../services/runs';
import { type JobQueue } from './queue';

/** A worker's run machinery: it shares the worker's browser with generation. */
export interface RunWorker {
  /** Hands running runs back to the queue (they run again elsewhere or after a restart). */
  release(): void;
  close(): Promise<void>;
}

export async function registerRunWorker(
  queue: JobQueue,
  services: Services,
  pool: BrowserPool,
  concurrency: number,
  options: { singleProcess: boolean },
): Promise<RunWorker> {
  const runs = services.runs;
  const running = new Set<RunningRun>();
  let releasing = false;

  // A person's cancel reaches the worker at once over LISTEN/NOTIFY (the heartbeat is the fallback).
  const unsubscribe = services.events.subscribe((event) => {
    if (!isRunEvent(event) || event.type !== 'run_ended') return;
    for (const job of running) if (job.runId === event.runId) job.checkStillOwned();
  });

  // One process on PGlite: whatever is "running" at start was running in a process that died.
  // NOTE: swept before this worker takes jobs, so a run it has just claimed is never taken for dead.
  await runs
    .sweep({ assumeDead: options.singleProcess })
    .catch((error) => console.error('[run] sweep failed', error));
  await queue.work<RunJob>(
    RUN_QUEUE,
    async (data) => {
      const job = new RunningRun(data, services, pool);
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
    () => void runs.sweep({ assumeDead: false }).catch(() => undefined),
    Math.max(1000, Math.floor(runs.config.staleMs / 2)),
  );
  sweeper.unref();

  return {
    release() {
      releasing = true;
      for (const job of running) job.release();
    },
    async close() {
      clearInterval(sweeper);
      unsubscribe();
    },
  };
}

class RunningRun {
  private _session: RunnerSession | null = null;
  private _claimed: ClaimedRun | null = null;
  private _replaying = false;
  private _stopped = false;
  private _released = false;
  private _timedOut = false;

  constructor(
    private readonly _job: RunJob,
    private readonly _services: Services,
    private readonly _pool: BrowserPool,
  ) {}

  get runId(): string {
    return this._job.runId;
  }

  release(): void {
    this._released = true;
    void this._session?.abort();
  }

  /** Stops at once when the run is no longer this worker's (cancelled by a person, or taken back). */
  checkStillOwned(): void {
    const claimed = this._claimed;
    if (!claimed || !this._replaying || this._stopped) return;
    void this._services.runs
      .heartbeat(claimed)
      .then((alive) => {
        if (!alive && this._replaying && !this._stopped) {
          this._stopped = true;
          void this._session?.abort();
        }
      })
      .catch(() => undefined);
  }

  async run(): Promise<void> {
    const runs = this._services.runs;
    const claimed = await runs.claim(this._job);
    if (!claimed) return;
    this._claimed = claimed;
    // From the claim on, even while a browser starts: a silent worker is taken for dead.
    const heartbeat = setInterval(() => {
      void runs
        .heartbeat(claimed)
        .then((alive) => {
          // Cancelled by a person, or taken back by a sweep: stop at once.
          if (!alive && !this._stopped) {
            this._stopped = true;
            void this._session?.abort();
          }
        })
        // The database is briefly unreachable: the next beat tries again (the sweep judges staleness).
        .catch(() => undefined);
    }, runs.config.heartbeatMs);
    try {
      await this._execute(claimed);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async _execute(claimed: ClaimedRun): Promise<void> {
    const runs = this._services.runs;
    const config = runs.config;
    const secrets = Object.values(claimed.values.secrets);
    const log = new RunLog(secrets);
    const website = claimed.website;
    const instead = claimed.websiteOverride ? ` (instead of ${claimed.testWebsite})` : '';
    const moved = claimed.generatedOn ? `; its steps were generated on ${claimed.generatedOn}` : '';
    log.add(
      'INFO',
      'run',
      `Run ${claimed.runId} of "${claimed.testName}" (${claimed.steps.length} steps) on ${website}${instead}${moved}; attempt ${claimed.attempts} of ${MAX_RUN_ATTEMPTS}`,
    );
    if (claimed.stepsOutOfDate)
      log.add(
        'WARNING',
        'run',
        "Steps out of date: the test's instructions or website changed since these steps were generated. This run replays the old steps; regenerate the test to follow its current instructions.",
      );

    const session = await this._open(claimed, log);
    if (!session) return;
    if (this._stopped || !(await runs.markRunning(claimed))) {
      await session.abort();
      await session.close().catch(() => null);
      return;
    }

    const started = Date.now();
    const deadline = setTimeout(() => {
      this._timedOut = true;
      void session.abort();
    }, config.runTimeoutMs);
    const detachLog = log.attach(session.page);

    const steps: RunStep[] = [];
    const artifacts: RunArtifact[] = [];
    // NOTE: the steps were moved onto the website the run opens when it was asked for (RunService.create).
    const replaySteps = claimed.steps;
    let outcome: ReplayOutcome | null = null;
    let failure: unknown = null;
    this._replaying = true;
    try {
      outcome = await replay(
        session,
        replaySteps,
        {
          onStep: async (result) => {
            let screenshotId: string | null = null;
            if (result.screenshot) {
              const name = result.success ? `step-${result.index}.jpg` : 'failure.jpg';
              try {
                const saved = await runs.saveArtifact(claimed, 'screenshot', name, result.screenshot);
                screenshotId = saved.id;
                artifacts.push(saved.artifact);
              } catch {
                screenshotId = null;
              }
            }
            steps.push({
              step_index: result.index,
              action_name: result.actionName,
              step_description: result.description,
              run_code: result.runCode,
              screenshot_id: screenshotId,
              trace_zip_path: null,
              success: result.success,
              trace: [],
              error: result.error,
              duration_ms: result.durationMs,
              url: result.url,
            });
            await runs.saveSteps(claimed, steps);
          },
          stopped: () => this._stopped || this._released || this._timedOut,
        },
        { language: claimed.language, stepTimeoutMs: config.stepTimeoutMs, screenshots: true, log },
      );
    } catch (error) {
      failure = error;
    } finally {
      this._replaying = false;
      clearTimeout(deadline);
      detachLog();
    }
    const executionTimeMs = Date.now() - started;

    if (this._released && !this._stopped) {
      // Shutting down: the run goes back to the queue (pg-boss retries the job) without counting an
      // attempt; what this attempt stored goes when the next one claims it.
      await session.close().catch(() => null);
      await runs.release(claimed);
      throw new Error('The worker shut down; the run will start again on another worker');
    }

    // The end as the log tells it, before the log is stored.
    const result = this._result(claimed, outcome, failure, steps, executionTimeMs);
    if (this._stopped) log.add('WARNING', 'run', 'The run was cancelled');
    else if (result.status === 'passed')
      log.add('SUCCESS', 'run', `Passed: all ${steps.length} steps in ${seconds(executionTimeMs)}`);
    else log.add('ERROR', 'run', result.errorMessage ?? result.status);

    const trace = await session.close().catch(() => null);
    let traceSaved = false;
    if (trace) {
      try {
        const saved = await runs.saveArtifact(claimed, 'trace', 'trace.zip', trace.zip);
        artifacts.unshift(saved.artifact);
        traceSaved = true;
        for (const step of result.steps) {
          step.trace_zip_path = saved.id;
          const calls = trace.groups[step.step_index] ?? [];
          step.trace = calls.map((call): TraceEntry => ({ ...call, screenshot_id: step.screenshot_id }));
        }
      } catch {
        // The run's result stands without its trace.
      }
    }
    try {
      const saved = await runs.saveArtifact(claimed, 'log', 'run.log', Buffer.from(log.text(), 'utf8'));
      artifacts.splice(traceSaved ? 1 : 0, 0, saved.artifact);
    } catch {
      // Nor without its log.
    }
    result.artifacts = artifacts;

    if (this._stopped) {
      // A person cancelled it (or a sweep took it back): their state stands; what was done is kept.
      await runs.attachEnded(claimed, result.steps, artifacts);
      return;
    }
    await runs.finish(claimed, result);
  }

  private _result(
    claimed: ClaimedRun,
    outcome: ReplayOutcome | null,
    failure: unknown,
    steps: RunStep[],
    executionTimeMs: number,
  ): RunResult {
    const config = this._services.runs.config;
    const base = { steps, artifacts: [], executionTimeMs };
    if (this._timedOut) {
      const index = outcome?.stepIndex ?? steps.length;
      const description = claimed.steps[index]?.description ?? '';
      const message = `The run took longer than ${seconds(config.runTimeoutMs)} and was stopped${description ? ` at step ${index + 1}, "${description}"` : ''}.`;
      if (claimed.steps[index] && !steps.some((step) => step.step_index === index))
        steps.push({
          step_index: index,
          action_name: claimed.steps[index].actionName,
          step_description: description,
          run_code: '',
          screenshot_id: null,
          trace_zip_path: null,
          success: false,
          trace: [],
          error: { message, error_type: 'timeout' },
          duration_ms: 0,
          url: null,
        });
      return { ...base, status: 'failed', failingStepIndex: index, errorMessage: message };
    }
    if (failure || !outcome)
      return {
        ...base,
        status: 'not_runnable',
        failingStepIndex: null,
        errorMessage: `The run could not finish: ${messageOf(failure).split('\n')[0]}`,
      };
    switch (outcome.state) {
      case 'passed':
        return { ...base, status: 'passed', failingStepIndex: null, errorMessage: null };
      case 'failed':
        return {
          ...base,
          status: 'failed',
          failingStepIndex: outcome.stepIndex,
          errorMessage: outcome.message,
        };
      case 'not_runnable':
        return {
          ...base,
          status: 'not_runnable',
          failingStepIndex: outcome.stepIndex,
          errorMessage: outcome.message,
        };
      case 'stopped':
        // Cancelled or released: the caller keeps the person's state or hands the run back.
        return {
          ...base,
          status: 'not_runnable',
          failingStepIndex: null,
          errorMessage: 'The run was stopped.',
        };
    }
  }

  private async _open(claimed: ClaimedRun, log: RunLog): Promise<RunnerSession | null> {
    const runs = this._services.runs;
    const options = {
      viewport: claimed.viewport,
      userAgent: claimed.userAgent,
      values: claimed.values,
      stepTimeoutMs: runs.config.stepTimeoutMs,
      trace: true,
      screencast: runs.config.traceScreencast,
      targets: this._pool.reachesWorkerLoopback ? runs.config.testTargets : null,
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const browser = await this._pool.acquire();
        try {
          const session = await RunnerSession.open(browser, options);
          this._session = session;
          if (this._released) await session.abort();
          return session;
        } catch (error) {
          // A browser that died since it was shared: start a new one once.
          await this._pool.discard(browser);
          if (attempt === 1) throw error;
        }
      } catch (error) {
        if (attempt === 1 || error instanceof ExecutorUnavailableError) {
          const message = `No browser could be started for this run: ${messageOf(error).split('\n')[0]}`;
          log.add('ERROR', 'run', message);
          const artifacts: RunArtifact[] = [];
          try {
            const saved = await runs.saveArtifact(claimed, 'log', 'run.log', Buffer.from(log.text(), 'utf8'));
            artifacts.push(saved.artifact);
          } catch {
            // The message says it all.
          }
          await runs.finish(claimed, {
            status: 'not_runnable',
            failingStepIndex: null,
            errorMessage: message,
            steps: [],
            artifacts,
            executionTimeMs: 0,
          });
          return null;
        }
      }
    }
    return null;
  }
}

function seconds(ms: number): string {
  if (ms >= 120_000) return `${Math.round(ms / 60_000)} minutes`;
  return `${Math.round(ms / 100) / 10} s`;
}
