import { baseApi } from '../../api/baseApi';
import { validationError } from '../../api/apiError';
import { messages } from './messages';
import type { Schedule, ScheduleBody, SchedulePreview, TestScheduleResult } from './types';

export type { Schedule, SchedulePreview, ScheduleTick } from './types';

const enc = encodeURIComponent;

export interface PreviewArgs {
  cron: string;
  timezone: string;
}

export interface TestScheduleArgs extends ScheduleBody {
  testCaseId: string;
}

const testScheduleTag = (testCaseId: string) => ({ type: 'Schedule' as const, id: `test:${testCaseId}` });

export const schedulesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** What a cron means and when it runs next: the editor asks while a person types. */
    getSchedulePreview: build.query<SchedulePreview, PreviewArgs>({
      query: ({ cron, timezone }) => ({ url: '/schedules/preview', params: { cron, timezone } }),
      // A preview never changes for the same words: keep it a while for the back-and-forth of typing.
      keepUnusedDataFor: 300,
    }),
    getTestSchedule: build.query<TestScheduleResult, string>({
      queryFn: async (testCaseId, _api, _extra, baseQuery) => {
        if (!testCaseId.trim()) return validationError(messages.testIdRequired);
        const result = await baseQuery(`/test-case/${enc(testCaseId)}/schedule`);
        return result.error ? { error: result.error } : { data: result.data as TestScheduleResult };
      },
      providesTags: (_result, _error, testCaseId) => [testScheduleTag(testCaseId)],
    }),
    saveTestSchedule: build.mutation<Schedule, TestScheduleArgs>({
      query: ({ testCaseId, cron, timezone, environment_id }) => ({
        url: `/test-case/${enc(testCaseId)}/schedule`,
        method: 'PUT',
        body: { cron, timezone, environment_id: environment_id ?? null },
      }),
      invalidatesTags: (_schedule, error, { testCaseId }) => (error ? [] : [testScheduleTag(testCaseId)]),
    }),
    deleteTestSchedule: build.mutation<{ success: boolean }, string>({
      query: (testCaseId) => ({ url: `/test-case/${enc(testCaseId)}/schedule`, method: 'DELETE' }),
      invalidatesTags: (_result, error, testCaseId) => (error ? [] : [testScheduleTag(testCaseId)]),
    }),
  }),
});

export const {
  useGetSchedulePreviewQuery,
  useGetTestScheduleQuery,
  useSaveTestScheduleMutation,
  useDeleteTestScheduleMutation,
} = schedulesApi;
