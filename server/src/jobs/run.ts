import { type TraceEntry } from '../../../contract/generation';
import { type RunArtifact, type RunFirstFailure, type RunStep } from '../../../contract/runs';
import { describeDataRow, type DataRow, type RunDataRow } from '../../../contract/testData';
import { isRunEvent } from '../realtime/bus';
import {
  type BrowserPool,
  BrowserNotInstalledError,
  ExecutorUnavailableError,
  messageOf,
  replay,
  type ReplayOutcome,
  RunLog,
  RunnerSession,
} from '../runner';
import { type Services } from '../services';
import { type ClaimedRun, MAX_RUN_ATTEMPTS, RUN_QUEUE, type RunJob, type RunResult } from '../services/runs';
import { abandonAfterMs, type TrackedJobControl } from '../tracking/control';
import { type JobQueue } from './queue';
import {
  type Attempt,
  registerTrackedWorker,
  type TrackedKind,
  type TrackedWorker,
} from '../tracking/worker';

/** A worker's run machinery: it shares the worker's browser with generation. */
export type RunWorker = TrackedWorker;

export async function registerRunWorker(
  queue: JobQueue,
  services: Services,
  pool: BrowserPool,
  concurrency: number,
  options: { singleProcess: boolean },
): Promise<RunWorker> {
  return registerTrackedWorker(queue, services.events, runKind(services, pool), concurrency, options);
}

/** What a run's work leaves for its ending. */
interface RunWork {
  session: RunnerSession;
  log: RunLog;
  outcome: ReplayOutcome | null;
  steps: RunStep[];
  artifacts: RunArtifact[];
  executionTimeMs: number;
  /** The first attempt's failure when the run was replayed again once ("Retry once on failure"). */
  firstFailure: RunFirstFailure | null;
  /** A data-driven run's line per row, and the row whose steps and files the run keeps (issue 33). */
  dataRows?: { lines: RunDataRow[]; shown: number };
}

type Control = TrackedJobControl<ClaimedRun>;

/** Runs as a tracked-job kind: it replays the steps; the loop owns the job's lifecycle. */
export function runKind(services: Services, pool: BrowserPool): TrackedKind<RunJob, ClaimedRun, RunWork> {
  const runs = services.runs;
  const run = new RunKind(services, pool);
  // Every ending but a release stores what the run did, the log telling how it ended.
  const end =
    (ending: 'stopped' | 'timed_out' | 'failed' | 'done') =>
    (claimed: ClaimedRun, work: RunWork, failure: unknown) =>
      run.end(claimed, work, ending, failure);
  return {
    label: '[run]',
    queue: RUN_QUEUE,
    config: runs.config,
    service: runs,
    endedKey: (event) => (isRunEvent(event) && event.type === 'run_ended' ? event.runId : null),
    key: (job) => job.runId,
    execute: (claimed, control) => run.execute(claimed, control),
    endings: {
      released: async (claimed, work) => {
        // Shutting down: the run goes back to the queue (pg-boss retries the job) without counting an
        // attempt; what this attempt stored goes when the next one claims it.
        await run.close(work.session);
        await runs.release(claimed);
        throw new Error('The worker shut down; the run will start again on another worker');
      },
      stopped: end('stopped'),
      timed_out: end('timed_out'),
      failed: end('failed'),
      done: end('done'),
    },
  };
}

class RunKind {
  constructor(
    private readonly _services: Services,
    private readonly _pool: BrowserPool,
  ) {}

  async execute(claimed: ClaimedRun, control: Control): Promise<Attempt<RunWork> | null> {
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
    for (const note of claimed.moduleNotes) log.add('INFO', 'run', note);
    if (claimed.stepsOutOfDate)
      log.add(
        'WARNING',
        'run',
        "Steps out of date: the test's instructions or website changed since these steps were generated. This run replays the old steps; regenerate the test to follow its current instructions.",
      );

    // A data-driven run (issue 33) opens each row's browser context with the row's values.
    const rows = claimed.dataRows;
    let session = await this._open(rows.length > 0 ? withRow(claimed, rows[0]!) : claimed, log);
    if (!session) return null;
    control.onAbort(() => session?.abort());
    if (control.stopped || !(await runs.markRunning(claimed))) {
      await session.abort();
      await session.close().catch(() => null);
      return null;
    }

    const started = Date.now();
    // One time limit for the run, its retry included.
    control.startDeadline(config.runTimeoutMs);
    if (rows.length > 0)
      try {
        return await this._replayRows(claimed, control, session, log, started);
      } finally {
        control.clearDeadline();
      }
    const steps: RunStep[] = [];
    const artifacts: RunArtifact[] = [];
    let firstFailure: RunFirstFailure | null = null;
    let replayed: { outcome: ReplayOutcome | null; failure: unknown };
    try {
      replayed = await this._replay(claimed, control, session, log, steps, artifacts);
      const { outcome, failure } = replayed;
      // "Retry once on failure" (issue 12): a test that failed a step (not one that could not run,
      // was cancelled or ran out of time) is replayed once more in a fresh browser context.
      if (claimed.retryOnFailure && outcome?.state === 'failed' && !failure && !control.shouldStop()) {
        firstFailure = { failing_step_index: outcome.stepIndex, error_message: outcome.message };
        const at = outcome.stepIndex === null ? '' : ` at step ${outcome.stepIndex + 1}`;
        log.add(
          'WARNING',
          'run',
          `Failed${at} ("${outcome.message}"); running it again once in a fresh browser context, as its collection asks ("Retry once on failure").`,
        );
        // The first attempt's trace and screenshots go: the run shows the second attempt's evidence.
        await this.close(session);
        session = null;
        steps.length = 0;
        artifacts.length = 0;
        if (!(await runs.startOver(claimed))) return null;
        session = await this._open(claimed, log);
        if (!session) return null;
        if (control.shouldStop()) await session.abort();
        replayed = await this._replay(claimed, control, session, log, steps, artifacts);
      }
    } finally {
      control.clearDeadline();
    }
    return {
      work: {
        session,
        log,
        outcome: replayed.outcome,
        steps,
        artifacts,
        executionTimeMs: Date.now() - started,
        firstFailure,
      },
      failure: replayed.failure ?? (replayed.outcome ? null : new Error('the replay gave no outcome')),
    };
  }

  /**
   * Issue 33: the test once per row of its data table, each row in a fresh browser context with its
   * values, one after the other, in the run's one time limit. The run keeps the steps, screenshots and
   * trace of its first failing row (of its last row when every row passed); the other rows' steps are
   * replayed without screenshots. A failing row does not stop the next; a cancel or the time limit does.
   */
  private async _replayRows(
    claimed: ClaimedRun,
    control: Control,
    first: RunnerSession,
    log: RunLog,
    started: number,
  ): Promise<Attempt<RunWork> | null> {
    const runs = this._services.runs;
    const rows = claimed.dataRows;
    const lines: RunDataRow[] = rows.map((values, index) => ({
      index,
      values,
      status: 'not_run',
      failing_step_index: null,
      error_message: null,
      duration_ms: null,
    }));
    const steps: RunStep[] = [];
    const artifacts: RunArtifact[] = [];
    let kept: {
      session: RunnerSession;
      index: number;
      outcome: ReplayOutcome | null;
      failure: unknown;
    } | null = null;
    for (let index = 0; index < rows.length; index++) {
      const rowClaim = withRow(claimed, rows[index]!);
      const session = index === 0 ? first : await this._open(rowClaim, log);
      if (!session) {
        if (kept) await this.close(kept.session);
        return null;
      }
      if (index > 0 && control.shouldStop()) await session.abort();
      log.add('INFO', 'run', `Row ${index + 1} of ${rows.length}: ${describeDataRow(rows[index]!)}`);
      const evidence = kept === null;
      const rowStarted = Date.now();
      const { outcome, failure } = await this._replay(
        rowClaim,
        control,
        session,
        log,
        evidence ? steps : [],
        evidence ? artifacts : [],
        evidence,
      );
      const passed = outcome?.state === 'passed';
      const stopping = Boolean(failure) || outcome?.state === 'stopped' || control.shouldStop();
      lines[index] = {
        ...lines[index]!,
        status: passed ? 'passed' : stopping && outcome?.state !== 'failed' ? 'not_run' : 'failed',
        failing_step_index: passed ? null : (outcome?.stepIndex ?? null),
        error_message: passed
          ? null
          : (outcome?.message ?? (failure ? messageOf(failure).split('\n')[0]! : null)),
        duration_ms: Date.now() - rowStarted,
      };
      if (passed) log.add('SUCCESS', 'run', `Row ${index + 1} passed`);
      else log.add('ERROR', 'run', `Row ${index + 1} failed: ${lines[index]!.error_message ?? 'stopped'}`);
      if (kept === null && (!passed || stopping || index === rows.length - 1))
        kept = { session, index, outcome, failure };
      else {
        await this.close(session);
        // A passed row's evidence goes: the next row's is the one the run may keep.
        if (kept === null) {
          steps.length = 0;
          artifacts.length = 0;
          if (!(await runs.startOver(claimed))) return null;
        }
      }
      if (stopping) break;
    }
    if (!kept) return null;
    return {
      work: {
        session: kept.session,
        log,
        outcome: kept.outcome,
        steps,
        artifacts,
        executionTimeMs: Date.now() - started,
        firstFailure: null,
        dataRows: { lines, shown: kept.index },
      },
      failure: kept.failure ?? (kept.outcome ? null : new Error('the replay gave no outcome')),
    };
  }

  /** One replay of the run's steps in `session`, its steps and screenshots added to `steps` and `artifacts`. */
  private async _replay(
    claimed: ClaimedRun,
    control: Control,
    session: RunnerSession,
    log: RunLog,
    steps: RunStep[],
    artifacts: RunArtifact[],
    /** False: a data-driven run's row whose evidence the run does not keep (no screenshots, no live steps). */
    evidence = true,
  ): Promise<{ outcome: ReplayOutcome | null; failure: unknown }> {
    const runs = this._services.runs;
    const config = runs.config;
    // Every tab of the run's context: a pop-up a step opens logs into the run as its first tab does.
    const detachLog = log.attachContext(session.page.context());
    // NOTE: the steps were moved onto the website the run opens when it was asked for (RunService.create).
    const replaySteps = claimed.steps;
    try {
      const outcome = await control.guard(
        replay(
          session,
          replaySteps,
          {
            onStep: async (result) => {
              let screenshotId: string | null = null;
              let screenshotError = result.screenshotError;
              if (result.screenshot) {
                const name = result.success ? `step-${result.index}.jpg` : 'failure.jpg';
                try {
                  const saved = await runs.saveArtifact(claimed, 'screenshot', name, result.screenshot);
                  screenshotId = saved.id;
                  artifacts.push(saved.artifact);
                } catch (error) {
                  screenshotId = null;
                  screenshotError = `it could not be stored (${messageOf(error).split('\n')[0]})`;
                }
              }
              // A missing screenshot is never silent: the step says why, and so does the server's log.
              if (screenshotError)
                console.warn(
                  `[runs] run ${claimed.runId}, step ${result.index + 1}: Screenshot failed: ${screenshotError}`,
                );
              steps.push({
                step_index: result.index,
                action_name: result.actionName,
                step_description: result.description,
                run_code: result.runCode,
                screenshot_id: screenshotId,
                screenshot_error: screenshotError,
                trace_zip_path: null,
                success: result.success,
                trace: [],
                error: result.error,
                duration_ms: result.durationMs,
                url: result.url,
                ...(result.email ? { email: result.email } : {}),
                ...(result.note ? { note: result.note } : {}),
              });
              if (evidence) await runs.saveSteps(claimed, steps);
            },
            stopped: control.shouldStop,
          },
          { language: claimed.language, stepTimeoutMs: config.stepTimeoutMs, screenshots: evidence, log },
        ),
      );
      return { outcome, failure: null };
    } catch (error) {
      return { outcome: null, failure: error };
    } finally {
      detachLog();
    }
  }

  async end(
    claimed: ClaimedRun,
    work: RunWork,
    ending: 'stopped' | 'timed_out' | 'failed' | 'done',
    failure: unknown,
  ): Promise<void> {
    const runs = this._services.runs;
    const { session, log, artifacts, steps, executionTimeMs } = work;
    // The end as the log tells it, before the log is stored.
    const result = this._result(claimed, work.outcome, ending, failure, steps, executionTimeMs);
    if (work.firstFailure) {
      result.firstFailure = work.firstFailure;
      // A pass on the retry is not a pass (issue 12): the run is flaky, and says how.
      if (result.status === 'passed') {
        const first = work.firstFailure;
        const at = first.failing_step_index === null ? '' : ` at step ${first.failing_step_index + 1}`;
        const why = first.error_message ? ` ("${first.error_message}")` : '';
        result.status = 'flaky';
        result.errorMessage = `Failed${at} first${why}, then passed when run again.`;
      }
    }
    if (work.dataRows) {
      // Issue 33: the rows as one result: a failing row names its values (secrets hidden when stored).
      const { lines, shown } = work.dataRows;
      result.dataRows = lines;
      const failed = lines.filter((line) => line.status === 'failed').length;
      if (result.status !== 'passed' && result.errorMessage) {
        const others = failed > 1 ? `; ${failed} of ${lines.length} rows failed` : '';
        result.errorMessage = `Row ${shown + 1} of ${lines.length} (${describeDataRow(lines[shown]!.values)}): ${result.errorMessage}${others}`;
      }
      // A row after the shown one may fail too: the run fails.
      if (result.status === 'passed' && failed > 0) {
        const line = lines.find((candidate) => candidate.status === 'failed')!;
        result.status = 'failed';
        result.errorMessage = `Row ${line.index + 1} of ${lines.length} (${describeDataRow(line.values)}): ${line.error_message ?? 'failed'}`;
      }
    }
    if (ending === 'stopped') log.add('WARNING', 'run', 'The run was cancelled');
    else if (result.status === 'passed')
      log.add('SUCCESS', 'run', `Passed: all ${steps.length} steps in ${seconds(executionTimeMs)}`);
    else if (result.status === 'flaky') log.add('WARNING', 'run', `Flaky: ${result.errorMessage}`);
    else log.add('ERROR', 'run', result.errorMessage ?? result.status);

    // A passed run that ran the module of a browser state saves the state it ends with (issue 13).
    const savesState = Boolean(claimed.saveStateId) && result.status === 'passed';
    if (savesState) session.keepStorageStateOnClose();
    const trace = await this.close(session);
    const state = savesState ? session.storageStateAtClose : null;
    if (state && claimed.saveStateId) {
      try {
        await this._services.browserStates.save(claimed.saveStateId, state);
        log.add('INFO', 'run', 'The browser state was saved for the tests that start from it.');
      } catch (error) {
        log.add('WARNING', 'run', `The browser state could not be saved: ${messageOf(error).split('\n')[0]}`);
      }
    }
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
    // The mail its e-mail steps read (issue 32), kept with the run when the inbox has let it go.
    if (result.steps.some((step) => step.email))
      try {
        const inbox = this._services.inbox;
        const text = await inbox.transcript(await inbox.addressForRun(claimed.runId), claimed.values.secrets);
        if (text)
          artifacts.push((await runs.saveArtifact(claimed, 'log', 'inbox.txt', Buffer.from(text))).artifact);
      } catch {
        // Nor without its mail: the run's page still reads it from the inbox.
      }
    result.artifacts = artifacts;

    if (ending === 'stopped') {
      // A person cancelled it (or a sweep took it back): their state stands; what was done is kept.
      await runs.attachEnded(claimed, result.steps, artifacts);
      return;
    }
    await runs.finish(claimed, result);
  }

  /** A context whose close never settles (its browser went away) is left to close whenever it gives up. */
  async close(session: RunnerSession): Promise<Awaited<ReturnType<RunnerSession['close']>> | null> {
    const closing = session.close();
    const grace = abandonAfterMs(this._services.runs.config);
    let timer: NodeJS.Timeout | undefined;
    const abandoned = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), grace);
    });
    try {
      return await Promise.race([closing.catch(() => null), abandoned]);
    } finally {
      clearTimeout(timer);
    }
  }

  private _result(
    claimed: ClaimedRun,
    outcome: ReplayOutcome | null,
    ending: 'stopped' | 'timed_out' | 'failed' | 'done',
    failure: unknown,
    steps: RunStep[],
    executionTimeMs: number,
  ): RunResult {
    const config = this._services.runs.config;
    const base = { steps, artifacts: [], executionTimeMs };
    if (ending === 'timed_out') {
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
    if (ending === 'failed' || !outcome)
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
      storageState: claimed.storageState,
      // The test inbox e-mail steps read (issue 32): the job's port to it, not the runner's.
      inbox: this._services.inbox,
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const browser =
          claimed.browser === 'chromium'
            ? await this._pool.acquire()
            : await this._pool.acquireEngine(claimed.browser);
        try {
          const session = await RunnerSession.open(browser, options);
          return session;
        } catch (error) {
          // A browser that died since it was shared: start a new one once.
          await this._pool.discard(browser);
          if (attempt === 1) throw error;
        }
      } catch (error) {
        if (
          attempt === 1 ||
          error instanceof ExecutorUnavailableError ||
          error instanceof BrowserNotInstalledError
        ) {
          const message =
            error instanceof BrowserNotInstalledError
              ? error.message
              : `No browser could be started for this run: ${messageOf(error).split('\n')[0]}`;
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

/** The run as one row of its data table runs it: the row's values before every other (issue 33). */
function withRow(claimed: ClaimedRun, row: DataRow): ClaimedRun {
  return { ...claimed, values: { ...claimed.values, parameters: { ...claimed.values.parameters, ...row } } };
}
