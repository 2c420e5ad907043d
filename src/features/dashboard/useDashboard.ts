import { skipToken } from '@reduxjs/toolkit/query';
import { dashboardApi, useGetDashboardQuery, type DashboardArgs } from './api';
import { IDLE_POLL_MS, LIVE_POLL_MS } from './types';

/**
 * The suite's dashboard (on an environment, issue 33), read again every 3 s while a run or generation
 * is live, else every 30 s.
 */
export function useDashboard(suiteId: string | null, environmentId: string | null = null) {
  const args: DashboardArgs | typeof skipToken = suiteId ? { suiteId, environmentId } : skipToken;
  const { data: cached } = dashboardApi.endpoints.getDashboard.useQueryState(args);
  const live = (cached?.running.length ?? 0) > 0;
  return useGetDashboardQuery(args, {
    pollingInterval: live ? LIVE_POLL_MS : IDLE_POLL_MS,
    skipPollingIfUnfocused: true,
  });
}
