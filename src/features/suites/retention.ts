import { number, object } from 'yup';
import { RETENTION_LIMITS as LIMITS } from '../../../contract/retention';
import { baseApi } from '../../api/baseApi';
import type { ProjectRetention } from '../../../contract/retention';

export type { ProjectRetention, ProjectUsage } from '../../../contract/retention';

const enc = encodeURIComponent;

// What the retention section says (issue 34); the server's 400 says the same of the same field.
export const retentionMessages = {
  daysInvalid: `Enter a whole number of days from ${LIMITS.minDays} to ${LIMITS.maxDays}`,
  fetchFailed: 'Failed to fetch the retention setting. Please try again.',
  saveFailed: 'Failed to save the retention setting. Please try again.',
  saved: (days: number) => `Runs are now kept for ${days} ${days === 1 ? 'day' : 'days'}`,
  help: "Older runs and their screenshots, traces and logs are deleted every hour. Pinned runs and each test's latest run are kept.",
} as const;

export const retentionSchema = object({
  days: number()
    .typeError(retentionMessages.daysInvalid)
    .required(retentionMessages.daysInvalid)
    .integer(retentionMessages.daysInvalid)
    .min(LIMITS.minDays, retentionMessages.daysInvalid)
    .max(LIMITS.maxDays, retentionMessages.daysInvalid),
});

/** '0 B', '512 B', '1.5 KB', '3.4 MB', '2.1 GB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

const retentionTag = (suiteId: string) => ({ type: 'TestSuite' as const, id: `retention:${suiteId}` });

export const retentionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** GET /test-suites/{suiteId}/retention: the setting and the disk the project uses. */
    getRetention: build.query<ProjectRetention, string>({
      query: (suiteId) => `/test-suites/${enc(suiteId)}/retention`,
      providesTags: (_data, _error, suiteId) => [retentionTag(suiteId)],
    }),
    updateRetention: build.mutation<ProjectRetention, { suiteId: string; retention_days: number }>({
      query: ({ suiteId, retention_days }) => ({
        url: `/test-suites/${enc(suiteId)}/retention`,
        method: 'PUT',
        body: { retention_days },
      }),
      onQueryStarted: async ({ suiteId }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(retentionApi.util.upsertQueryData('getRetention', suiteId, data));
        } catch {
          // The form says why; the setting is as it was.
        }
      },
    }),
  }),
});

export const { useGetRetentionQuery, useUpdateRetentionMutation } = retentionApi;
