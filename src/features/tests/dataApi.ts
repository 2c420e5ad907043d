import { baseApi } from '../../api/baseApi';
import type { DataRow, TestData } from '../../../contract/testData';

export type { DataRow, TestData } from '../../../contract/testData';

const enc = encodeURIComponent;
/** Issue 33: a test's data table. */
const dataTag = (testCaseId: string) => ({ type: 'TestData' as const, id: testCaseId });

export const testDataApi = baseApi.enhanceEndpoints({ addTagTypes: ['TestData'] }).injectEndpoints({
  endpoints: (build) => ({
    getTestData: build.query<TestData, string>({
      query: (testCaseId) => `/test-case/${enc(testCaseId)}/data`,
      providesTags: (_data, _error, testCaseId) => [dataTag(testCaseId)],
    }),
    /** Replaces the table (rows: [] removes it); the server judges it as the grid did. */
    putTestData: build.mutation<TestData, { testCaseId: string; rows: DataRow[] }>({
      query: ({ testCaseId, rows }) => ({
        url: `/test-case/${enc(testCaseId)}/data`,
        method: 'PUT',
        body: { rows },
      }),
      invalidatesTags: (_data, error, { testCaseId }) => (error ? [] : [dataTag(testCaseId)]),
    }),
  }),
});

export const { useGetTestDataQuery, usePutTestDataMutation } = testDataApi;
