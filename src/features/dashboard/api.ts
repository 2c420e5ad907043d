import { baseApi } from '../../api/baseApi';
import type { Quarantine, QuarantineList, TestQuarantineResult } from '../../../contract/quarantine';
import type { Dashboard, TestHeadlines } from './types';

export type { Dashboard, TestHeadline, TestHeadlines } from './types';
export type {
  Quarantine,
  QuarantineCandidate,
  QuarantineList,
  TestQuarantineResult,
} from '../../../contract/quarantine';

const enc = encodeURIComponent;
/** Issue 33: a suite's quarantined tests, and one test's quarantine. */
const quarantineListTag = (suiteId: string) => ({ type: 'Quarantine' as const, id: `suite:${suiteId}` });
const testQuarantineTag = (testCaseId: string) => ({ type: 'Quarantine' as const, id: `test:${testCaseId}` });

export interface QuarantineArgs {
  testCaseId: string;
  suiteId: string;
  reason: string;
}

const dashboardTag = (suiteId: string) => ({ type: 'Dashboard' as const, id: suiteId });

export interface DashboardArgs {
  suiteId: string;
  /**
   * Issue 33: one of the project's environments, or OWN_WEBSITES for the tests' own websites; null
   * for the project's default environment (the server's choice).
   */
  environmentId: string | null;
}

export const dashboardApi = baseApi
  .enhanceEndpoints({ addTagTypes: ['Dashboard', 'Quarantine'] })
  .injectEndpoints({
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
      getSuiteQuarantine: build.query<QuarantineList, string>({
        query: (suiteId) => `/test-suites/${enc(suiteId)}/quarantine`,
        providesTags: (_list, _error, suiteId) => [quarantineListTag(suiteId), { type: 'Run', id: 'LIST' }],
      }),
      getTestQuarantine: build.query<TestQuarantineResult, string>({
        query: (testCaseId) => `/test-case/${enc(testCaseId)}/quarantine`,
        providesTags: (_result, _error, testCaseId) => [testQuarantineTag(testCaseId)],
      }),
      quarantineTest: build.mutation<Quarantine, QuarantineArgs>({
        query: ({ testCaseId, reason }) => ({
          url: `/test-case/${enc(testCaseId)}/quarantine`,
          method: 'PUT',
          body: { reason },
        }),
        // Collections' groups count the test's failures apart once it is quarantined.
        invalidatesTags: (_result, error, { testCaseId, suiteId }) =>
          error ? [] : [testQuarantineTag(testCaseId), quarantineListTag(suiteId), 'Collection'],
      }),
      releaseTest: build.mutation<null, Omit<QuarantineArgs, 'reason'>>({
        query: ({ testCaseId }) => ({ url: `/test-case/${enc(testCaseId)}/quarantine`, method: 'DELETE' }),
        transformResponse: () => null,
        invalidatesTags: (_result, error, { testCaseId, suiteId }) =>
          error ? [] : [testQuarantineTag(testCaseId), quarantineListTag(suiteId), 'Collection'],
      }),
      /** Issue 33: a person keeps a candidate for quarantine counting; the mark goes. */
      dismissCandidate: build.mutation<null, Omit<QuarantineArgs, 'reason'>>({
        query: ({ testCaseId }) => ({
          url: `/test-case/${enc(testCaseId)}/quarantine/candidate`,
          method: 'DELETE',
        }),
        transformResponse: () => null,
        invalidatesTags: (_result, error, { suiteId }) => (error ? [] : [quarantineListTag(suiteId)]),
      }),
    }),
  });

export const {
  useGetDashboardQuery,
  useGetTestHeadlinesQuery,
  useGetSuiteQuarantineQuery,
  useGetTestQuarantineQuery,
  useQuarantineTestMutation,
  useReleaseTestMutation,
  useDismissCandidateMutation,
} = dashboardApi;
