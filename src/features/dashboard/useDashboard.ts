import { skipToken } from '@reduxjs/toolkit/query';
import { dashboardApi, useGetDashboardQuery } from './api';
import { IDLE_POLL_MS, LIVE_POLL_MS } from './types';

/** The suite's dashboard, read again every 3 s while a run or generation is live, else every 30 s. */
export function useDashboard(suiteId: string | null) {
  const { data: cached } = dashboardApi.endpoints.getDashboard.useQueryState(suiteId ?? skipToken);
  const live = (cached?.running.length ?? 0) > 0;
  return useGetDashboardQuery(suiteId ?? skipToken, {
    pollingInterval: live ? LIVE_POLL_MS : IDLE_POLL_MS,
    skipPollingIfUnfocused: true,
  });
}
