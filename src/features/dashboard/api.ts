import { baseApi } from '../../api/baseApi';
import type { Dashboard } from './types';

export type { Dashboard } from './types';

const dashboardTag = (suiteId: string) => ({ type: 'Dashboard' as const, id: suiteId });

export const dashboardApi = baseApi.enhanceEndpoints({ addTagTypes: ['Dashboard'] }).injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, string>({
      query: (suiteId) => `/test-suites/${encodeURIComponent(suiteId)}/dashboard`,
      // A test created, changed or deleted in the suite (its tree's tag) shows here too.
      providesTags: (_dashboard, _error, suiteId) => [
        dashboardTag(suiteId),
        { type: 'TestTree', id: suiteId },
      ],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
