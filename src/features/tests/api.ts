import { baseApi } from '../../api/baseApi';
import {
  toTestCase,
  toTreeItem,
  type FolderDto,
  type NewTestCase,
  type TestCase,
  type TestCaseChanges,
  type TestCaseDto,
  type TestTreeItemDto,
  type TreeItem,
} from './types';

export type { NewTestCase, TestCase, TestCaseChanges, TreeItem, TreeFolder, TreeTest } from './types';
// Other features read test cases from the wire too (generation mutations answer the whole test).
export { toTestCase, type TestCaseDto } from './types';

const enc = encodeURIComponent;

function changesToWire(changes: TestCaseChanges) {
  return {
    ...(changes.name !== undefined && { name: changes.name }),
    ...(changes.website !== undefined && { website: changes.website }),
    ...(changes.description !== undefined && { description: changes.description }),
    ...(changes.path !== undefined && { path: changes.path }),
    ...(changes.parameters !== undefined && { parameters: changes.parameters }),
    ...(changes.sharedParameterIds !== undefined && { shared_parameter_ids: changes.sharedParameterIds }),
    ...(changes.collectionIds !== undefined && { collection_ids: changes.collectionIds }),
    ...(changes.viewportWidth !== undefined && { viewport_width: changes.viewportWidth }),
    ...(changes.viewportHeight !== undefined && { viewport_height: changes.viewportHeight }),
    ...(changes.userAgent !== undefined && { user_agent: changes.userAgent }),
    ...(changes.testModuleIdForSetup !== undefined && {
      test_module_id_for_setup: changes.testModuleIdForSetup,
    }),
    ...(changes.browserStateId !== undefined && { browser_state_id: changes.browserStateId }),
  };
}

/** Every field of a test, for PUT (a full replacement: what is left out resets). */
function testCaseToWire(test: TestCase) {
  return {
    id: test.id,
    name: test.name,
    title: test.name,
    website: test.website,
    description: test.description,
    test_suite_id: test.suiteId,
    path: test.path,
    credentials: test.credentials,
    parameters: test.parameters,
    shared_parameter_ids: test.sharedParameterIds,
    collection_ids: test.collectionIds,
    programming_language: test.programmingLanguage,
    viewport_width: test.viewportWidth,
    viewport_height: test.viewportHeight,
    user_agent: test.userAgent,
    browser_state_id: test.browserStateId,
    test_module_id_for_setup: test.testModuleIdForSetup,
    enable_proxies: test.enableProxies,
  };
}

/**
 * Freezes the tree as it arrives. NOTE: the RTK Query reducer runs in immer, which walks and freezes
 * any new unfrozen data: for 10,000 tests that walk cost more than everything else between the
 * response and the first painted rows. Frozen data it leaves alone.
 */
function frozen(items: TreeItem[]): TreeItem[] {
  for (const item of items) {
    if (item.kind === 'test') {
      Object.freeze(item.collectionIds);
      Object.freeze(item.collectionNames);
    }
    Object.freeze(item);
  }
  return Object.freeze(items) as TreeItem[];
}

export interface EditTestCaseArgs {
  id: string;
  changes: TestCaseChanges;
  /** Sent back so the server refuses the edit (409) when someone changed the test meanwhile. */
  lastModifiedAt?: string;
  /** Ask for a generation along with the edit. */
  schedule?: boolean;
}

export interface FolderArgs {
  suiteId: string;
  path: string;
}

const endpointsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // NOTE: no per-test tags on the tree: 10,000 of them would cost more than refetching by suite.
    getTestTree: build.query<TreeItem[], string>({
      query: (suiteId) => `/test-suites/${enc(suiteId)}/tree`,
      transformResponse: (response: TestTreeItemDto[]) => frozen(response.map(toTreeItem)),
      providesTags: (_items, _error, suiteId) => [{ type: 'TestTree', id: suiteId }],
    }),
    getTestCase: build.query<TestCase, string>({
      query: (id) => `/test-case/${enc(id)}`,
      transformResponse: toTestCase,
      providesTags: (_test, _error, id) => [{ type: 'TestCase', id }],
    }),
    createTestCase: build.mutation<TestCase, NewTestCase & { scheduleGeneration?: boolean }>({
      query: ({ suiteId, scheduleGeneration = false, ...fields }) => ({
        url: '/test-cases/',
        method: 'POST',
        body: {
          schedule_generation: scheduleGeneration,
          test_cases: [
            {
              test_suite_id: suiteId,
              name: fields.name,
              title: fields.name,
              website: fields.website,
              description: fields.description ?? '',
              path: fields.path ?? '',
              ...(fields.parameters && { parameters: fields.parameters }),
            },
          ],
        },
      }),
      transformResponse: (response: TestCaseDto[]) => toTestCase(response[0]),
      invalidatesTags: (_test, error, { suiteId }) => (error ? [] : [{ type: 'TestTree', id: suiteId }]),
    }),
    updateTestCase: build.mutation<TestCase, EditTestCaseArgs>({
      query: ({ id, changes, lastModifiedAt, schedule = false }) => ({
        url: `/test-case/${enc(id)}/edit`,
        method: 'PATCH',
        params: { schedule },
        body: {
          test_case_id: id,
          ...changesToWire(changes),
          ...(lastModifiedAt && { last_modified_at: lastModifiedAt }),
        },
      }),
      transformResponse: toTestCase,
      // A stale edit (409) reloads the test so the person sees what changed.
      invalidatesTags: (test, error, { id, changes }) =>
        test
          ? [
              { type: 'TestTree', id: test.suiteId },
              // The secrets page lists the tests that use each secret.
              ...(changes.sharedParameterIds !== undefined
                ? [{ type: 'SharedParameter' as const, id: 'LIST' }]
                : []),
            ]
          : error?.status === 409
            ? [{ type: 'TestCase', id }]
            : [],
    }),
    replaceTestCase: build.mutation<TestCase, TestCase>({
      query: (test) => ({
        url: `/test-case/${enc(test.id)}/edit`,
        method: 'PUT',
        params: { schedule: false },
        body: testCaseToWire(test),
      }),
      transformResponse: toTestCase,
      invalidatesTags: (test) => (test ? [{ type: 'TestTree', id: test.suiteId }] : []),
    }),
    moveTestCase: build.mutation<TestCase, { id: string; suiteId: string; path: string }>({
      query: ({ id, path }) => ({
        url: `/test-case/${enc(id)}/edit`,
        method: 'PATCH',
        params: { schedule: false },
        body: { test_case_id: id, path },
      }),
      transformResponse: toTestCase,
      invalidatesTags: (_test, error, { suiteId }) => (error ? [] : [{ type: 'TestTree', id: suiteId }]),
    }),
    deleteTestCase: build.mutation<null, { id: string; suiteId: string }>({
      query: ({ id }) => ({ url: `/test-case/${enc(id)}`, method: 'DELETE' }),
      transformResponse: () => null,
      invalidatesTags: (_result, error, { id, suiteId }) =>
        error
          ? []
          : [
              { type: 'TestTree', id: suiteId },
              { type: 'TestCase', id },
            ],
    }),
    duplicateTestCase: build.mutation<TestCase, { id: string; suiteId: string }>({
      query: ({ id }) => ({ url: `/test-case/${enc(id)}/duplicate`, method: 'POST' }),
      transformResponse: toTestCase,
      invalidatesTags: (_test, error, { suiteId }) => (error ? [] : [{ type: 'TestTree', id: suiteId }]),
    }),
    updateTestCaseCollections: build.mutation<TestCase, { id: string; collectionIds: string[] }>({
      query: ({ id, collectionIds }) => ({
        url: `/test-cases/${enc(id)}/collections`,
        method: 'PATCH',
        body: { collection_ids: collectionIds },
      }),
      transformResponse: toTestCase,
      invalidatesTags: (test) =>
        test
          ? [
              { type: 'TestTree', id: test.suiteId },
              { type: 'Collection', id: 'LIST' },
            ]
          : [],
    }),
    createFolder: build.mutation<FolderDto, FolderArgs>({
      query: ({ suiteId, path }) => ({
        url: `/test-suites/${enc(suiteId)}/folders`,
        method: 'POST',
        body: { path },
      }),
      invalidatesTags: (_folder, error, { suiteId }) => (error ? [] : [{ type: 'TestTree', id: suiteId }]),
    }),
    renameFolder: build.mutation<
      { moved_test_count: number; moved_folder_count: number },
      { suiteId: string; oldPath: string; newPath: string }
    >({
      query: ({ suiteId, oldPath, newPath }) => ({
        url: `/test-cases/${enc(suiteId)}/update-test-paths`,
        method: 'PUT',
        params: { old_path_prefix: oldPath, new_path_prefix: newPath },
      }),
      // Every test under the folder has a new path: open details pages reload theirs.
      invalidatesTags: (_result, error, { suiteId }) =>
        error ? [] : [{ type: 'TestTree', id: suiteId }, 'TestCase'],
    }),
    deleteFolder: build.mutation<{ deleted_test_count: number; deleted_folder_count: number }, FolderArgs>({
      query: ({ suiteId, path }) => ({
        url: `/test-cases/${enc(suiteId)}`,
        method: 'DELETE',
        params: { path_prefix: path },
      }),
      invalidatesTags: (_result, error, { suiteId }) =>
        error ? [] : [{ type: 'TestTree', id: suiteId }, 'TestCase'],
    }),
    addVariable: build.mutation<TestCase, { id: string; name: string; value: string }>({
      query: ({ id, name, value }) => ({
        url: `/test-case/${enc(id)}/variables`,
        method: 'POST',
        body: { name, value },
      }),
      transformResponse: toTestCase,
    }),
    updateVariable: build.mutation<TestCase, { id: string; name: string; value: string }>({
      query: ({ id, name, value }) => ({
        url: `/test-case/${enc(id)}/variables/${enc(name)}`,
        method: 'PUT',
        body: { value },
      }),
      transformResponse: toTestCase,
    }),
    deleteVariable: build.mutation<TestCase, { id: string; name: string }>({
      query: ({ id, name }) => ({ url: `/test-case/${enc(id)}/variables/${enc(name)}`, method: 'DELETE' }),
      transformResponse: toTestCase,
    }),
  }),
});

type UpdateTestCaseCache = ReturnType<typeof endpointsApi.util.updateQueryData<'getTestCase'>>;

/** A mutation that answers the whole test writes it into the details cache: no second request. */
const storeReply = {
  async onQueryStarted(
    _args: unknown,
    api: { dispatch: (action: UpdateTestCaseCache) => unknown; queryFulfilled: Promise<{ data: TestCase }> },
  ) {
    try {
      const { data } = await api.queryFulfilled;
      api.dispatch(endpointsApi.util.updateQueryData('getTestCase', data.id, () => data));
    } catch {
      // The caller shows the failure; the cache keeps what the server last said.
    }
  },
};

// Cache updates refer to the endpoints themselves, so they are added once the endpoints exist.
export const testsApi = endpointsApi.enhanceEndpoints({
  endpoints: {
    updateTestCase: storeReply,
    replaceTestCase: storeReply,
    updateTestCaseCollections: storeReply,
    addVariable: storeReply,
    updateVariable: storeReply,
    deleteVariable: storeReply,
    moveTestCase: {
      onQueryStarted: async ({ id, suiteId, path }, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          endpointsApi.util.updateQueryData('getTestTree', suiteId, (items) => {
            const moved = items.find((item) => item.kind === 'test' && item.id === id);
            if (moved) moved.parentPath = path;
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(endpointsApi.util.updateQueryData('getTestCase', id, () => data));
        } catch {
          patch.undo();
        }
      },
    },
    deleteTestCase: {
      onQueryStarted: async ({ id, suiteId }, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          endpointsApi.util.updateQueryData('getTestTree', suiteId, (items) =>
            items.filter((item) => !(item.kind === 'test' && item.id === id)),
          ),
        );
        queryFulfilled.catch(() => patch.undo());
      },
    },
  },
});

export const {
  useGetTestTreeQuery,
  useGetTestCaseQuery,
  useCreateTestCaseMutation,
  useUpdateTestCaseMutation,
  useReplaceTestCaseMutation,
  useMoveTestCaseMutation,
  useDeleteTestCaseMutation,
  useDuplicateTestCaseMutation,
  useUpdateTestCaseCollectionsMutation,
  useCreateFolderMutation,
  useRenameFolderMutation,
  useDeleteFolderMutation,
  useAddVariableMutation,
  useUpdateVariableMutation,
  useDeleteVariableMutation,
} = testsApi;
