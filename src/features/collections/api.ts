import { COLLECTION_LIMITS, COLLECTION_MESSAGES } from '../../../contract/collectionTexts';
import { validationError } from '../../api/apiError';
import { baseApi } from '../../api/baseApi';
import type { CancelGroupResult, Collection, RunAllResult } from './types';

export type { Collection, CollectionRun, CollectionRunGroup, RunCounts } from './types';

const enc = encodeURIComponent;

export interface CollectionArgs {
  id: string;
  offset?: number;
  limit?: number;
  /** Reads the one group started at this instant instead of a page. */
  createdAt?: string | null;
}

export interface UpdateCollectionArgs {
  id: string;
  suiteId: string;
  newName?: string;
  addTestIds?: string[];
  removeTestIds?: string[];
  /** A 5-field cron, or null to stop the schedule (issue 12). */
  schedule?: string | null;
  /** The schedule's IANA time zone. */
  scheduleTimezone?: string;
  /** The environment the schedule's run-alls run on, null for the tests' own websites (issue 33). */
  scheduleEnvironmentId?: string | null;
}

export interface RunAllArgs {
  id: string;
  suiteId: string;
  testIds: string[];
  /** Issue 33: one of the project's environments; absent or null: the tests' own websites. */
  environmentId?: string | null;
}

const listTag = { type: 'Collection' as const, id: 'LIST' };
const collectionTag = (id: string) => ({ type: 'Collection' as const, id });
const suiteListTag = (suiteId: string) => ({ type: 'Collection' as const, id: `suite:${suiteId}` });

export const collectionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getCollections: build.query<Collection[], string>({
      query: (suiteId) => `/test-suites/collections/${enc(suiteId)}`,
      transformResponse: (collections: Collection[]) => (Array.isArray(collections) ? collections : []),
      providesTags: (collections, _error, suiteId) => [
        listTag,
        suiteListTag(suiteId),
        ...(collections ?? []).map(({ _id }) => collectionTag(_id)),
      ],
    }),
    getCollection: build.query<Collection, CollectionArgs>({
      queryFn: async ({ id, offset, limit, createdAt }, _api, _extra, baseQuery) => {
        if (!id.trim()) return validationError(COLLECTION_MESSAGES.idRequired);
        const params: Record<string, string | number> = createdAt
          ? { linked_runs_created_at: createdAt }
          : {
              linked_runs_offset: offset ?? 0,
              linked_runs_limit: limit ?? COLLECTION_LIMITS.storePageSize,
            };
        const result = await baseQuery({ url: `/test-suites/collection/${enc(id)}`, params });
        return result.error ? { error: result.error } : { data: result.data as Collection };
      },
      providesTags: (_collection, _error, { id }) => [collectionTag(id)],
    }),
    createCollection: build.mutation<Collection, { name: string; suiteId: string; testIds?: string[] }>({
      query: ({ name, suiteId, testIds }) => ({
        url: '/test-suites/collection',
        method: 'POST',
        body: { name, test_suite_id: suiteId, linked_test_ids: testIds ?? [] },
      }),
      invalidatesTags: (_created, error, { suiteId }) => (error ? [] : [suiteListTag(suiteId)]),
    }),
    updateCollection: build.mutation<Collection, UpdateCollectionArgs>({
      query: ({
        id,
        newName,
        addTestIds,
        removeTestIds,
        schedule,
        scheduleTimezone,
        scheduleEnvironmentId,
      }) => ({
        url: `/test-suites/collection/${enc(id)}`,
        method: 'PUT',
        body: {
          collection_id: id,
          ...(newName !== undefined ? { new_name: newName } : {}),
          ...(addTestIds?.length ? { test_case_ids_to_add: addTestIds } : {}),
          ...(removeTestIds?.length ? { test_case_ids_to_remove: removeTestIds } : {}),
          ...(schedule !== undefined ? { schedule } : {}),
          ...(scheduleTimezone !== undefined ? { schedule_timezone: scheduleTimezone } : {}),
          ...(scheduleEnvironmentId !== undefined ? { schedule_environment_id: scheduleEnvironmentId } : {}),
        },
      }),
      // Linking changes the tests' collection chips in the tree as well.
      invalidatesTags: (_collection, error, { id, suiteId, addTestIds, removeTestIds }) =>
        error
          ? []
          : [
              collectionTag(id),
              ...(addTestIds?.length || removeTestIds?.length
                ? [{ type: 'TestTree' as const, id: suiteId }]
                : []),
            ],
    }),
    deleteCollection: build.mutation<null, { id: string; suiteId: string }>({
      query: ({ id }) => ({ url: `/test-suites/collection/${enc(id)}`, method: 'DELETE' }),
      // The saga already took it out of the list; a refetch would only bring the same list back.
      invalidatesTags: (_result, error, { id, suiteId }) =>
        error ? [] : [collectionTag(id), { type: 'TestTree' as const, id: suiteId }],
    }),
    runAll: build.mutation<RunAllResult, RunAllArgs>({
      queryFn: async ({ id, environmentId }, _api, _extra, baseQuery) => {
        if (!id.trim()) return validationError(COLLECTION_MESSAGES.idRequired);
        const result = await baseQuery({
          url: `/test-suites/collection/${enc(id)}/run-all`,
          method: 'POST',
          body: environmentId ? { environment_id: environmentId } : {},
        });
        return result.error ? { error: result.error } : { data: result.data as RunAllResult };
      },
      // As starting one run does (runs/api.ts): each test's latest status and the tree follow.
      invalidatesTags: (_result, error, { id, suiteId, testIds }) =>
        error
          ? []
          : [
              collectionTag(id),
              { type: 'TestTree' as const, id: suiteId },
              ...testIds.flatMap((testId) => [
                { type: 'TestCase' as const, id: testId },
                { type: 'Run' as const, id: `test:${testId}` },
              ]),
            ],
    }),
    cancelGroup: build.mutation<CancelGroupResult, { id: string; createdAt: string }>({
      query: ({ id, createdAt }) => ({
        url: `/test-suites/collection/${enc(id)}/cancel`,
        method: 'POST',
        params: { created_at: createdAt },
      }),
      invalidatesTags: (_result, error, { id }) => (error ? [] : [collectionTag(id)]),
    }),
  }),
});

/**
 * Issue 31: the collection's runs moved (its live watch said so): every read of it on screen (its
 * page's groups, the redirect's group, the suite's list of collections) is read again.
 */
export const collectionRunsChanged = (collectionId: string) =>
  collectionsApi.util.invalidateTags([collectionTag(collectionId)]);

export const {
  useGetCollectionsQuery,
  useGetCollectionQuery,
  useLazyGetCollectionQuery,
  useCreateCollectionMutation,
  useUpdateCollectionMutation,
  useRunAllMutation,
  useCancelGroupMutation,
} = collectionsApi;
