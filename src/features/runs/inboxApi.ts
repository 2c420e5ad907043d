import { type RunInbox } from '../../../contract/inbox';
import { baseApi } from '../../api/baseApi';

export type { InboxMail, RunInbox } from '../../../contract/inbox';

// A run's test inbox (issue 32): what the application under test mailed to the run's {{inbox}} address,
// newest first, the run's secrets hidden (GET /api/test-run/{runId}/inbox).

/** The run's mails: their own tag, read again while the run goes on and when it ends. */
export const runInboxTag = (runId: string) => ({ type: 'Run' as const, id: `inbox:${runId}` });

const inboxApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getRunInbox: build.query<RunInbox, string>({
      query: (runId) => `/test-run/${encodeURIComponent(runId)}/inbox`,
      providesTags: (_inbox, _error, runId) => [runInboxTag(runId)],
    }),
  }),
});

export const { useGetRunInboxQuery } = inboxApi;
