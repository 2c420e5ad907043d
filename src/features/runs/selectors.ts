import type { RunsSliceState } from './slice';

interface WithRuns {
  runs: RunsSliceState;
}

/** The run a person chose for the test (it may have left the list: see resolveSelectedRun). */
export const selectSelectedRunId = (state: WithRuns, testId: string): string | null =>
  state.runs.selected[testId] ?? null;

export const selectRunsViewType = (state: WithRuns) => state.runs.viewType;
