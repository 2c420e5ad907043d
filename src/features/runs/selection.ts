import { RUNS_PAGE_SIZE } from '../../../contract/runs';
import type { RunsPage, TestRun } from './types';

// SPEC §4 "runs of a test case": sorted newest first, cut to 20 (then a page more per "Load more"),
// the selected run stays if it is still there, else the newest is selected.

export const RUNS_SHOWN = RUNS_PAGE_SIZE;

const newestFirst = (a: TestRun, b: TestRun) =>
  b.created_at === a.created_at ? (a._id < b._id ? 1 : -1) : b.created_at < a.created_at ? -1 : 1;

/**
 * The loaded pages as one list, newest first. NOTE: offset pages shift when a run starts meanwhile,
 * so a run can arrive twice: the copy from the later request (a later page) is the fresher one.
 */
export function orderRuns(pages: readonly RunsPage[], limit: number = Number.POSITIVE_INFINITY): TestRun[] {
  const byId = new Map<string, TestRun>();
  for (const page of pages) for (const run of page.runs) byId.set(run._id, run);
  return [...byId.values()].sort(newestFirst).slice(0, limit);
}

/** The run shown: the selected one while it is in the list, else the newest; null for no runs. */
export function resolveSelectedRun(runs: readonly TestRun[], selectedId: string | null | undefined) {
  return runs.find((run) => run._id === selectedId) ?? runs[0] ?? null;
}

/** How many runs the server has, when it said; else what was loaded. */
export function totalRuns(pages: readonly RunsPage[]): number | null {
  const last = pages.at(-1);
  return last ? last.total : null;
}

/** The offset of the next page, or undefined when every run is loaded. */
export function nextOffset(lastPage: RunsPage, lastOffset: number): number | undefined {
  const loaded = lastOffset + lastPage.runs.length;
  if (lastPage.total !== null) return loaded < lastPage.total ? loaded : undefined;
  return lastPage.runs.length < RUNS_PAGE_SIZE ? undefined : loaded;
}
