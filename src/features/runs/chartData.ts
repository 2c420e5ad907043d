import { isRunRunning, runOutcome, type TestRun } from './types';

/** How many runs the history chart shows. */
export const CHART_RUNS = 20;

export type ChartOutcome = 'passed' | 'failed' | 'error';
export const CHART_OUTCOMES: readonly ChartOutcome[] = ['passed', 'failed', 'error'];

export interface RunHistory {
  /** Oldest first, as time reads left to right; also the band axis's keys, so each run is its own bar. */
  runIds: string[];
  /** Per run, its start as a tick reads (runs of the same minute may share one). */
  labels: string[];
  /** Per run, its start to the second, for the tooltip. */
  times: string[];
  /** Per outcome, the run's duration in seconds where the run had that outcome, else null. */
  series: Record<ChartOutcome, (number | null)[]>;
  counts: Record<ChartOutcome, number>;
  medianSeconds: number | null;
}

const labelFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

const timeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const chartOutcome = (run: TestRun): ChartOutcome => {
  const outcome = runOutcome(run.status);
  return outcome === 'passed' || outcome === 'failed' ? outcome : 'error';
};

/** The last ended runs' durations and outcomes (runs come newest first, as the list has them). */
export function runHistory(runs: readonly TestRun[], limit: number = CHART_RUNS): RunHistory {
  const ended = runs
    .filter((run) => !isRunRunning(run.status))
    .slice(0, limit)
    .reverse();
  const series: RunHistory['series'] = { passed: [], failed: [], error: [] };
  const counts: RunHistory['counts'] = { passed: 0, failed: 0, error: 0 };
  for (const run of ended) {
    const outcome = chartOutcome(run);
    counts[outcome] += 1;
    for (const key of CHART_OUTCOMES)
      series[key].push(key === outcome ? (run.execution_time_in_secs ?? 0) : null);
  }
  const durations = ended.map((run) => run.execution_time_in_secs ?? 0).sort((a, b) => a - b);
  const middle = Math.floor(durations.length / 2);
  const medianSeconds =
    durations.length === 0
      ? null
      : durations.length % 2
        ? durations[middle]
        : (durations[middle - 1] + durations[middle]) / 2;
  return {
    runIds: ended.map((run) => run._id),
    labels: ended.map((run) => labelFormat.format(new Date(run.created_at))),
    times: ended.map((run) => timeFormat.format(new Date(run.created_at))),
    series,
    counts,
    medianSeconds,
  };
}

/**
 * The band axis of the history chart: one band per run, keyed by its id (labels alone would merge the
 * runs of one minute into a single bar); ticks read the short time, the tooltip the time to the second.
 */
export function runHistoryAxis(history: RunHistory) {
  const at = new Map(history.runIds.map((id, index) => [id, index]));
  return {
    scaleType: 'band' as const,
    data: history.runIds,
    valueFormatter: (runId: string, context: { location: string }) => {
      const index = at.get(runId);
      if (index === undefined) return '';
      return context.location === 'tooltip' ? history.times[index] : history.labels[index];
    },
  };
}
