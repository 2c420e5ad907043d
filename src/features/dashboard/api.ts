import { baseApi } from '../../api/baseApi';
import type { Dashboard, TestHeadlines } from './types';

export type { Dashboard, TestHeadline, TestHeadlines } from './types';

const dashboardTag = (suiteId: string) => ({ type: 'Dashboard' as const, id: suiteId });

export interface DashboardArgs {
  suiteId: string;
  /**
   * Issue 33: one of the project's environments, or OWN_WEBSITES for the tests' own websites; null
   * for the project's default environment (the server's choice).
   */
  environmentId: string | null;
}

export const dashboardApi = baseApi.enhanceEndpoints({ addTagTypes: ['Dashboard'] }).injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<Dashboard, DashboardArgs>({
      query: ({ suiteId, environmentId }) => ({
        url: `/test-suites/${encodeURIComponent(suiteId)}/dashboard`,
        params: environmentId ? { environment_id: environmentId } : undefined,
      }),
      // A test created, changed or deleted in the suite (its tree's tag) shows here too; a project's
      // environments changed (their tag) may change the default the server shows.
      providesTags: (_dashboard, _error, { suiteId }) => [
        { type: 'Environment', id: `suite:${suiteId}` },
        dashboardTag(suiteId),
        { type: 'TestTree', id: suiteId },
      ],
    }),
    /** Issue 33: a test's newest run on its own website and on each of the project's environments. */
    getTestHeadlines: build.query<TestHeadlines, string>({
      query: (testCaseId) => `/test-case/${encodeURIComponent(testCaseId)}/headlines`,
      // A run asked for the test (its runs' tag) may change a headline.
      providesTags: (_headlines, _error, testCaseId) => [{ type: 'Run', id: `test:${testCaseId}` }],
    }),
  }),
});

export const { useGetDashboardQuery, useGetTestHeadlinesQuery } = dashboardApi;
