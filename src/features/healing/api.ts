import { validationError } from '../../api/apiError';
import { baseApi } from '../../api/baseApi';
import { runsOfTestTag } from '../runs/api';
import { isHealingInProgress, type HealingSettings, type TestHealing } from './types';

export type { HealingSettings, TestHealing } from './types';
export { HEALING_POLL_MS, isHealingInProgress, TEST_HEALINGS_POLL_MS } from './types';

const enc = encodeURIComponent;

export interface HealRunArgs {
  runId: string;
  testCaseId: string;
}

export interface ApproveHealingArgs {
  healingId: string;
  approved: boolean;
  testCaseId: string;
  runId: string;
}

export interface RestoreHealingArgs {
  healingId: string;
  testCaseId: string;
  runId: string;
}

export interface HealCollectionArgs {
  collectionId: string;
  /** The collection run group whose failures are healed, by its created_at. */
  createdAt: string;
}

export interface UpdateHealingSettingsArgs extends HealingSettings {
  suiteId: string;
}

/** The healings of one test (its history), and the healing of one run. */
export const healingsOfTestTag = (testCaseId: string) => ({
  type: 'Healing' as const,
  id: `test:${testCaseId}`,
});
export const healingOfRunTag = (runId: string) => ({ type: 'Healing' as const, id: `run:${runId}` });
const settingsTag = (suiteId: string) => ({ type: 'Healing' as const, id: `settings:${suiteId}` });

const healingTags = ({ testCaseId, runId }: { testCaseId: string; runId: string }) => [
  healingsOfTestTag(testCaseId),
  healingOfRunTag(runId),
];

export const healingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** SPEC §7 GET /healing/test-case/{id}: newest first. */
    getTestHealings: build.query<TestHealing[], string>({
      query: (testCaseId) => `/healing/test-case/${enc(testCaseId)}`,
      transformResponse: (healings: unknown) => (Array.isArray(healings) ? (healings as TestHealing[]) : []),
      providesTags: (_healings, _error, testCaseId) => [healingsOfTestTag(testCaseId)],
      // The newest healing ending here has ended for its run's panel too.
      onQueryStarted: async (testCaseId, { dispatch, getState, queryFulfilled }) => {
        const [before] = healingApi.endpoints.getTestHealings.select(testCaseId)(getState()).data ?? [];
        const { data: [after] = [] } = await queryFulfilled.catch(() => ({ data: [] }));
        if (after && isHealingInProgress(before?.status) && !isHealingInProgress(after.status))
          dispatch(healingApi.util.invalidateTags([healingOfRunTag(after.triggered_by_test_run_id)]));
      },
    }),
    /** SPEC §7 GET /healing/test-run/{id}; null when the run has not been healed (404). */
    getRunHealing: build.query<TestHealing | null, string>({
      queryFn: async (runId, _api, _extra, baseQuery) => {
        if (!runId.trim()) return validationError('A run id is required');
        const result = await baseQuery(`/healing/test-run/${enc(runId)}`);
        if (result.error?.status === 404) return { data: null };
        return result.error ? { error: result.error } : { data: result.data as TestHealing };
      },
      providesTags: (_healing, _error, runId) => [healingOfRunTag(runId)],
      // A healing that ends here has ended in its test's history too (read on its own, maybe not polled).
      onQueryStarted: async (runId, { dispatch, getState, queryFulfilled }) => {
        const before = healingApi.endpoints.getRunHealing.select(runId)(getState()).data;
        const { data: after } = await queryFulfilled.catch(() => ({ data: null }));
        if (after && isHealingInProgress(before?.status) && !isHealingInProgress(after.status))
          dispatch(healingApi.util.invalidateTags([healingsOfTestTag(after.test_case_id)]));
      },
    }),
    /**
     * GET /healing/{id}: what the live progress reads after each update. The fresh copy goes into the
     * reads that show it (its run's healing, its test's history); once it has ended, those are read again.
     */
    getHealing: build.query<TestHealing, string>({
      query: (healingId) => `/healing/${enc(healingId)}`,
      onQueryStarted: async (_healingId, { dispatch, queryFulfilled }) => {
        const { data: healing } = await queryFulfilled.catch(() => ({ data: null }));
        if (!healing) return;
        const id = healing.test_healing_id;
        dispatch(
          healingApi.util.updateQueryData('getRunHealing', healing.triggered_by_test_run_id, (draft) =>
            draft?.test_healing_id === id ? healing : draft,
          ),
        );
        dispatch(
          healingApi.util.updateQueryData('getTestHealings', healing.test_case_id, (draft) => {
            const at = draft.findIndex((item) => item.test_healing_id === id);
            if (at >= 0) draft[at] = healing;
          }),
        );
        if (!isHealingInProgress(healing.status))
          dispatch(healingApi.util.invalidateTags(healingTags(runOf(healing))));
      },
    }),
    /** A person's "Heal" on a failed run: 201 with the new healing, 422/409 with a sentence. */
    healRun: build.mutation<TestHealing, HealRunArgs>({
      query: ({ runId }) => ({ url: `/healing/test-run/${enc(runId)}`, method: 'POST' }),
      invalidatesTags: (_healing, error, args) => (error ? [] : healingTags(args)),
    }),
    /** SPEC §7 POST /healing/{id}/approve?approved={bool}: accepting replaces the test's steps. */
    approveHealing: build.mutation<TestHealing, ApproveHealingArgs>({
      query: ({ healingId, approved }) => ({
        url: `/healing/${enc(healingId)}/approve`,
        method: 'POST',
        params: { approved: String(approved) },
      }),
      // An accepted healing changed the test: its page and its runs (steps out of date) follow.
      invalidatesTags: (_healing, error, args) =>
        error
          ? []
          : [
              ...healingTags(args),
              ...(args.approved
                ? [{ type: 'TestCase' as const, id: args.testCaseId }, runsOfTestTag(args.testCaseId)]
                : []),
            ],
    }),
    /** POST /healing/{id}/restore: undoes an accept, the test's previous steps back; 409 with a sentence when it cannot. */
    restoreHealing: build.mutation<TestHealing, RestoreHealingArgs>({
      query: ({ healingId }) => ({ url: `/healing/${enc(healingId)}/restore`, method: 'POST' }),
      invalidatesTags: (_healing, error, args) =>
        error
          ? []
          : [
              ...healingTags(args),
              { type: 'TestCase' as const, id: args.testCaseId },
              runsOfTestTag(args.testCaseId),
            ],
    }),
    healCollection: build.mutation<TestHealing[], HealCollectionArgs>({
      query: ({ collectionId, createdAt }) => ({
        url: `/healing/collection/${enc(collectionId)}`,
        method: 'POST',
        params: { created_at: createdAt },
      }),
      invalidatesTags: (healings, error) =>
        error || !healings ? [] : healings.flatMap((healing) => healingTags(runOf(healing))),
    }),
    getHealingSettings: build.query<HealingSettings, string>({
      query: (suiteId) => `/healing/settings/${enc(suiteId)}`,
      providesTags: (_settings, _error, suiteId) => [settingsTag(suiteId)],
    }),
    updateHealingSettings: build.mutation<HealingSettings, UpdateHealingSettingsArgs>({
      query: ({ suiteId, auto_heal }) => ({
        url: `/healing/settings/${enc(suiteId)}`,
        method: 'PUT',
        body: { auto_heal },
      }),
      // The switch moves at once; a refused change puts it back.
      onQueryStarted: async ({ suiteId, auto_heal }, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          healingApi.util.updateQueryData('getHealingSettings', suiteId, (draft) => {
            draft.auto_heal = auto_heal;
          }),
        );
        try {
          await queryFulfilled;
        } catch {
          patch.undo();
        }
      },
      invalidatesTags: (_settings, _error, { suiteId }) => [settingsTag(suiteId)],
    }),
  }),
});

const runOf = (healing: TestHealing) => ({
  testCaseId: healing.test_case_id,
  runId: healing.triggered_by_test_run_id,
});

export const {
  useGetTestHealingsQuery,
  useGetRunHealingQuery,
  useHealRunMutation,
  useApproveHealingMutation,
  useRestoreHealingMutation,
  useHealCollectionMutation,
  useGetHealingSettingsQuery,
  useUpdateHealingSettingsMutation,
} = healingApi;
