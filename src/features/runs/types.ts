import type {
  RunArtifact,
  RunSettings,
  RunStatus,
  RunStep,
  SignedRunArtifact,
  TestRun,
} from '../../../contract/runs';
import { RUNNING_STATES, simplifyRunState, type SimplifiedStatus } from '../../../contract/states';

export type { RunArtifact, RunSettings, RunStatus, RunStep, SignedRunArtifact, TestRun };

/** One page of GET /test-runs/{testCaseId}, with the x-total-count header (null when absent). */
export interface RunsPage {
  runs: TestRun[];
  total: number | null;
}

/** How the runs of a test are laid out (SPEC §4: the selected-runs view type defaults to list). */
export type RunsViewType = 'list' | 'grid';
export const RUNS_VIEW_TYPES: readonly RunsViewType[] = ['list', 'grid'];

/** SPEC §4: running = pending, scheduled, running, waiting_for_executor. */
export const isRunRunning = (status: RunStatus | null | undefined): boolean =>
  status !== null && status !== undefined && RUNNING_STATES.includes(status);

/** Outcome for colours and the chart: passed, failed, error (cancelled, not runnable) or in progress. */
export const runOutcome = (status: RunStatus): SimplifiedStatus => simplifyRunState(status);

export const RUN_STATUS_LABELS: Record<RunStatus, string> = {
  pending: 'Queued',
  scheduled: 'Scheduled',
  waiting_for_executor: 'Starting',
  running: 'Running',
  passed: 'Passed',
  failed: 'Failed',
  cancelled: 'Cancelled',
  not_runnable: 'Not runnable',
  flaky: 'Flaky',
};

/**
 * A run's colour: its outcome's, except a flaky run (failed, then passed on its retry), which is
 * neither a pass nor a failure to look at: the warning colour.
 */
export const RUN_STATUS_COLORS: Record<
  SimplifiedStatus | 'flaky',
  'default' | 'info' | 'success' | 'error' | 'warning'
> = {
  created: 'default',
  in_progress: 'info',
  passed: 'success',
  failed: 'error',
  error: 'warning',
  unknown: 'default',
  flaky: 'warning',
};
export const runStatusColor = (status: RunStatus) =>
  RUN_STATUS_COLORS[status === 'flaky' ? 'flaky' : runOutcome(status)];

/** '0.4 s', '12.3 s', '2 min 5 s'; '—' when unknown. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  if (seconds < 60) return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds - minutes * 60);
  return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
}

/** The step a failed run stopped at (SPEC §3 failing_step_index), when it names one. */
export function failingStepIndex(run: TestRun): number | null {
  if (run.failing_step_index !== null) return run.failing_step_index;
  const failed = run.steps.findIndex((step) => !step.success);
  return failed >= 0 ? failed : null;
}

/**
 * The other website a run opened (its website override), null when it ran on the test's own (issue 28).
 * Such a run tells how that site fares: it is labelled with it, and is not the test's headline status.
 */
export function runOtherSite(run: Pick<TestRun, 'settings'>): string | null {
  return run.settings.website_url_override ?? null;
}

/** Progress of a run: steps replayed out of the steps it will replay. */
export function runProgress(run: TestRun): { done: number; total: number } {
  return { done: run.steps.length, total: Math.max(run.step_descriptions.length, run.steps.length) };
}

/** The run's artifact of that name, if it has one. */
export const findArtifact = (run: TestRun, name: string): RunArtifact | undefined =>
  run.artifacts.find((artifact) => artifact.name === name);

export const TRACE_ARTIFACT = 'trace.zip';
export const LOG_ARTIFACT = 'run.log';

/** '1.2 KB', '3.4 MB'. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
