export type {
  Dashboard,
  FlakyTest,
  LatestFailure,
  OutOfDateTest,
  PassRateDay,
  PassRateWindow,
  RunningItem,
  TestHeadline,
  TestHeadlines,
} from '../../../contract/dashboard';

/** How often the dashboard is read again: often while something runs, else now and then. */
export const LIVE_POLL_MS = 3000;
export const IDLE_POLL_MS = 30_000;

/** A share as a whole percentage ("83%"), or a dash when nothing finished. */
export function formatRate(rate: number | null): string {
  return rate === null ? '–' : `${Math.round(rate * 100)}%`;
}
