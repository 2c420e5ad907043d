import type { FetchBaseQueryMeta } from '@reduxjs/toolkit/query';
import { RUNS_PAGE_SIZE, type CreatedRun } from '../../../contract/runs';
import { validationError } from '../../api/apiError';
import { baseApi } from '../../api/baseApi';
import { messages } from './messages';
import { nextOffset } from './selection';
import { isRunRunning, type RunSettings, type RunsPage, type SignedRunArtifact, type TestRun } from './types';

export type { RunSettings, RunsPage, SignedRunArtifact, TestRun } from './types';
export { isRunRunning, RUN_STATUS_LABELS, runStatusColor } from './types';

const enc = encodeURIComponent;

/** Every run call names the test (and its suite) whose status and tree row follow the run. */
export interface TestRef {
  testCaseId: string;
  suiteId?: string;
}

export interface CreateRunArgs extends TestRef {
  settings?: RunSettings;
}

export interface CancelRunArgs extends TestRef {
  runId: string;
}

export interface PinRunArgs {
  runId: string;
  testCaseId: string;
  /** true pins (kept past the project's retention), false unpins. */
  pinned: boolean;
}

export interface ArtifactArgs {
  runId: string;
  name: string;
}

/** The runs of one test: the list's tag, narrower than every run's list. */
export const runsOfTestTag = (testCaseId: string) => ({ type: 'Run' as const, id: `test:${testCaseId}` });
const runTag = (runId: string) => ({ type: 'Run' as const, id: runId });
const artifactTag = ({ runId, name }: ArtifactArgs) => ({
  type: 'Artifact' as const,
  id: `run:${runId}:${name}`,
});

/** A run that starts or ends changes its test's latest run status, shown on its page and in the tree. */
const testTags = ({ testCaseId, suiteId }: TestRef) => [
  { type: 'TestCase' as const, id: testCaseId },
  ...(suiteId ? [{ type: 'TestTree' as const, id: suiteId }] : []),
];

function totalFrom(meta: FetchBaseQueryMeta | undefined): number | null {
  const raw = meta?.response?.headers.get('x-total-count');
  const total = raw === null || raw === undefined ? NaN : Number(raw);
  return Number.isInteger(total) && total >= 0 ? total : null;
}

/** A signed link is relative to the API's origin; fetch() outside a page needs it absolute. */
export const absoluteUrl = (url: string) => new URL(url, window.location.origin).toString();

const endpointsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** SPEC §4: newest first, 20 at a time; "Load more" fetches the next page by offset. */
    getRuns: build.infiniteQuery<RunsPage, string, number>({
      infiniteQueryOptions: {
        initialPageParam: 0,
        getNextPageParam: (lastPage, _pages, lastOffset) => nextOffset(lastPage, lastOffset),
      },
      query: ({ queryArg, pageParam }) => ({
        url: `/test-runs/${enc(queryArg)}`,
        params: { limit: RUNS_PAGE_SIZE, offset: pageParam },
      }),
      transformResponse: (runs: TestRun[], meta) => ({
        runs: Array.isArray(runs) ? runs : [],
        total: totalFrom(meta as FetchBaseQueryMeta | undefined),
      }),
      providesTags: (data, _error, testCaseId) => [
        { type: 'Run', id: 'LIST' },
        runsOfTestTag(testCaseId),
        ...(data?.pages.flatMap((page) => page.runs.map((run) => runTag(run._id))) ?? []),
      ],
    }),
    getRun: build.query<TestRun, string>({
      query: (runId) => `/test-run/${enc(runId)}`,
      providesTags: (_run, _error, runId) => [runTag(runId)],
    }),
    createRun: build.mutation<CreatedRun, CreateRunArgs>({
      queryFn: async ({ testCaseId, settings }, _api, _extra, baseQuery) => {
        if (!testCaseId.trim()) return validationError(messages.testCaseIdRequired);
        const result = await baseQuery({
          url: `/test-run/${enc(testCaseId)}`,
          method: 'POST',
          body: settings ?? {},
        });
        return result.error ? { error: result.error } : { data: result.data as CreatedRun };
      },
      invalidatesTags: (_created, error, args) =>
        error ? [] : [runsOfTestTag(args.testCaseId), ...testTags(args)],
    }),
    /** Our addition: DELETE /test-run/{runId} stops a run that has not ended. */
    cancelRun: build.mutation<TestRun, CancelRunArgs>({
      query: ({ runId }) => ({ url: `/test-run/${enc(runId)}`, method: 'DELETE' }),
      // 409: it ended meanwhile; reading it again shows how.
      invalidatesTags: (_run, error, args) =>
        error && error.status !== 409 ? [] : [runTag(args.runId), ...testTags(args)],
    }),
    /** Our addition (issue 34): PUT and DELETE /test-run/{runId}/pin. */
    pinRun: build.mutation<TestRun, PinRunArgs>({
      query: ({ runId, pinned }) => ({
        url: `/test-run/${enc(runId)}/pin`,
        method: pinned ? 'PUT' : 'DELETE',
      }),
    }),
    /** A short-lived signed link to one of a run's files (trace.zip, run.log, failure.jpg, step-<n>.jpg). */
    getRunArtifact: build.query<SignedRunArtifact, ArtifactArgs>({
      queryFn: async ({ runId, name }, _api, _extra, baseQuery) => {
        if (!runId.trim() || !name.trim()) return validationError(messages.artifactIdsRequired);
        const result = await baseQuery({ url: `/artifacts/${enc(runId)}`, params: { artifact_name: name } });
        return result.error ? { error: result.error } : { data: result.data as SignedRunArtifact };
      },
      providesTags: (_link, _error, args) => [artifactTag(args)],
      // The link expires: a later view signs a fresh one.
      keepUnusedDataFor: 30,
    }),
    /** The run's log as text: a signed link, then the file itself (which needs no token). */
    getRunLog: build.query<{ text: string; url: string }, string>({
      queryFn: async (runId, _api, _extra, baseQuery) => {
        const link = await baseQuery({
          url: `/artifacts/${enc(runId)}`,
          params: { artifact_name: 'run.log' },
        });
        if (link.error) return { error: link.error };
        const { url } = link.data as SignedRunArtifact;
        try {
          const response = await fetch(absoluteUrl(url));
          if (!response.ok) return { error: { status: response.status, message: messages.logFailed } };
          return { data: { text: await response.text(), url } };
        } catch {
          return { error: { status: 'FETCH_ERROR', message: messages.logFailed } };
        }
      },
      providesTags: (_log, _error, runId) => [artifactTag({ runId, name: 'run.log' })],
      keepUnusedDataFor: 30,
    }),
  }),
});

/** The copies of a run in the loaded pages of its test's list; what the first of them says about it. */
function listedStatus(
  state: Parameters<ReturnType<typeof endpointsApi.endpoints.getRuns.select>>[0],
  run: TestRun,
) {
  const pages = endpointsApi.endpoints.getRuns.select(run.test_case_id)(state).data?.pages ?? [];
  return pages.flatMap((page) => page.runs).find(({ _id }) => _id === run._id)?.status;
}

export const runsApi = endpointsApi.enhanceEndpoints({
  endpoints: {
    getRun: {
      // Every read of a run goes into its list's loaded pages, and a read that finds it ended brings
      // its test (latest run status), the tree and the list up to date. NOTE: here rather than in the
      // live watch: a screen stops the watch the moment it shows the run ended, cancelling the watch.
      onQueryStarted: async (runId, { dispatch, getState, queryFulfilled }) => {
        const cached = endpointsApi.endpoints.getRun.select(runId)(getState()).data;
        let run: TestRun;
        try {
          ({ data: run } = await queryFulfilled);
        } catch {
          return;
        }
        const listed = listedStatus(getState(), run);
        const wasRunning = [cached?.status, listed].some((status) => status && isRunRunning(status));
        if (listed !== undefined)
          dispatch(
            endpointsApi.util.updateQueryData('getRuns', run.test_case_id, (draft) => {
              for (const page of draft.pages) {
                const index = page.runs.findIndex(({ _id }) => _id === run._id);
                if (index >= 0) page.runs[index] = run;
              }
            }),
          );
        if (wasRunning && !isRunRunning(run.status))
          dispatch(
            endpointsApi.util.invalidateTags([
              { type: 'TestCase', id: run.test_case_id },
              'TestTree',
              runsOfTestTag(run.test_case_id),
            ]),
          );
      },
    },
    createRun: {
      // The answer holds the new run: the detail shows it before the list is read again.
      onQueryStarted: async (_args, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          await dispatch(endpointsApi.util.upsertQueryData('getRun', data.runId, data.run));
        } catch {
          // The caller says so; nothing was cached.
        }
      },
    },
    pinRun: {
      // The answer is the run: its detail and its copy in the list show the pin at once.
      onQueryStarted: async ({ runId, testCaseId }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(endpointsApi.util.upsertQueryData('getRun', runId, data));
          dispatch(
            endpointsApi.util.updateQueryData('getRuns', testCaseId, (draft) => {
              for (const page of draft.pages) {
                const index = page.runs.findIndex(({ _id }) => _id === runId);
                if (index >= 0) page.runs[index] = data;
              }
            }),
          );
        } catch {
          // The caller says so; the run is as it was.
        }
      },
    },
    cancelRun: {
      onQueryStarted: async ({ runId }, { dispatch, queryFulfilled }) => {
        try {
          const { data } = await queryFulfilled;
          dispatch(endpointsApi.util.updateQueryData('getRun', runId, () => data));
        } catch {
          // A failed cancel leaves the run as it was.
        }
      },
    },
  },
});

export const {
  useGetRunsInfiniteQuery,
  useGetRunQuery,
  useCreateRunMutation,
  useCancelRunMutation,
  usePinRunMutation,
  useGetRunArtifactQuery,
  useLazyGetRunArtifactQuery,
  useGetRunLogQuery,
} = runsApi;
