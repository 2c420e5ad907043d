import { validationError } from '../../api/apiError';
import { baseApi } from '../../api/baseApi';
import { t } from '../../config/locale';
import { BROWSER_STATE_MESSAGES } from '../../../contract/moduleTexts';
import { toTestSuite, type BrowserState, type TestSuite, type TestSuiteDto } from './types';
import type { Environment } from '../../../contract/environments';

export type { BrowserState, TestSuite } from './types';
export type { Environment } from '../../../contract/environments';

/** What the environment form sends (issue 33); `secrets` sets values, null removes one, absent keeps it. */
export interface EnvironmentInput {
  name: string;
  base_url: string;
  variables: Record<string, string>;
  secrets: Record<string, string | null>;
  is_default?: boolean;
}

const environmentListTag = (suiteId: string) => ({ type: 'Environment' as const, id: `suite:${suiteId}` });

const enc = encodeURIComponent;

export const suitesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getTestSuites: build.query<TestSuite[], string>({
      query: (organizationId) => `/organizations/${enc(organizationId)}/test-suites`,
      transformResponse: (response: TestSuiteDto[]) => response.map(toTestSuite),
      providesTags: (suites = []) => [
        { type: 'TestSuite', id: 'LIST' },
        ...suites.map(({ id }) => ({ type: 'TestSuite' as const, id })),
      ],
    }),
    createTestSuite: build.mutation<{ id: string }, { name: string; organizationId: string }>({
      queryFn: async ({ name, organizationId }, _api, _extra, baseQuery) => {
        const trimmed = name.trim();
        if (!trimmed || !organizationId) return validationError(t.validation.suiteNameRequired);
        const result = await baseQuery({
          url: '/test-suites',
          method: 'POST',
          body: { name: trimmed, org_id: organizationId },
        });
        if (result.error) return { error: result.error };
        return { data: { id: (result.data as { test_suite_id: string }).test_suite_id } };
      },
      invalidatesTags: [{ type: 'TestSuite', id: 'LIST' }],
    }),
    renameTestSuite: build.mutation<TestSuite, { id: string; name: string }>({
      queryFn: async ({ id, name }, _api, _extra, baseQuery) => {
        const trimmed = name.trim();
        if (!id || !trimmed) return validationError(t.validation.suiteRenameRequired);
        const result = await baseQuery({
          url: `/test-suites/${enc(id)}/rename`,
          method: 'PUT',
          params: { new_name: trimmed },
        });
        if (result.error) return { error: result.error };
        return { data: toTestSuite(result.data as TestSuiteDto) };
      },
      invalidatesTags: (_suite, _error, { id }) => [{ type: 'TestSuite', id }],
    }),
    deleteTestSuite: build.mutation<null, string>({
      queryFn: async (id, _api, _extra, baseQuery) => {
        if (!id) return validationError(t.validation.suiteIdRequired);
        const result = await baseQuery({ url: `/test-suites/${enc(id)}`, method: 'DELETE' });
        return result.error ? { error: result.error } : { data: null };
      },
      invalidatesTags: (_result, error, id) =>
        error
          ? []
          : [
              { type: 'TestSuite', id },
              { type: 'TestSuite', id: 'LIST' },
            ],
    }),
    getBrowserStates: build.query<BrowserState[], string>({
      queryFn: async (suiteId, _api, _extra, baseQuery) => {
        if (!suiteId) return validationError(t.validation.suiteIdRequired);
        const result = await baseQuery(`/browser-states/${enc(suiteId)}`);
        return result.error ? { error: result.error } : { data: result.data as BrowserState[] };
      },
      providesTags: (states = [], _error, suiteId) => [
        { type: 'BrowserState', id: `LIST-${suiteId}` },
        ...states.map(({ id }) => ({ type: 'BrowserState' as const, id })),
      ],
    }),
    // Issue 28: made, refreshed and deleted on the Modules page (a module's green runs fill it).
    createBrowserState: build.mutation<BrowserState, { suiteId: string; name: string; moduleId: string }>({
      queryFn: async ({ suiteId, name, moduleId }, _api, _extra, baseQuery) => {
        if (!suiteId || !name.trim() || !moduleId)
          return validationError(BROWSER_STATE_MESSAGES.dataRequired);
        const result = await baseQuery({
          url: `/test-suites/${enc(suiteId)}/browser-states`,
          method: 'POST',
          body: { name: name.trim(), module_id: moduleId },
        });
        return result.error ? { error: result.error } : { data: result.data as BrowserState };
      },
      invalidatesTags: (_state, error, { suiteId }) =>
        error ? [] : [{ type: 'BrowserState', id: `LIST-${suiteId}` }],
    }),
    refreshBrowserState: build.mutation<BrowserState, { suiteId: string; id: string }>({
      query: ({ suiteId, id }) => ({
        url: `/test-suites/${enc(suiteId)}/browser-states/${enc(id)}/refresh`,
        method: 'POST',
      }),
      invalidatesTags: (_state, error, { id }) => (error ? [] : [{ type: 'BrowserState', id }]),
    }),
    deleteBrowserState: build.mutation<null, { suiteId: string; id: string }>({
      query: ({ suiteId, id }) => ({
        url: `/test-suites/${enc(suiteId)}/browser-states/${enc(id)}`,
        method: 'DELETE',
      }),
      transformResponse: () => null,
      // The server clears the state from the tests that used it: their pages reload it.
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'BrowserState', id }, 'TestCase']),
    }),
    getEnvironments: build.query<Environment[], string>({
      query: (suiteId) => `/test-suites/${enc(suiteId)}/environments`,
      providesTags: (environments, _error, suiteId) => [
        environmentListTag(suiteId),
        ...(environments ?? []).map(({ _id }) => ({ type: 'Environment' as const, id: _id })),
      ],
    }),
    createEnvironment: build.mutation<Environment, EnvironmentInput & { suiteId: string }>({
      query: ({ suiteId, ...body }) => ({
        url: `/test-suites/${enc(suiteId)}/environments`,
        method: 'POST',
        body: {
          ...body,
          secrets: Object.fromEntries(
            Object.entries(body.secrets).filter((entry): entry is [string, string] => entry[1] !== null),
          ),
        },
      }),
      // A new default changes the one before it: the whole list reloads.
      invalidatesTags: (_env, error, { suiteId }) => (error ? [] : [environmentListTag(suiteId)]),
    }),
    updateEnvironment: build.mutation<Environment, EnvironmentInput & { suiteId: string; id: string }>({
      query: ({ suiteId, id, ...body }) => ({
        url: `/test-suites/${enc(suiteId)}/environments/${enc(id)}`,
        method: 'PUT',
        body,
      }),
      invalidatesTags: (_env, error, { suiteId }) => (error ? [] : [environmentListTag(suiteId)]),
    }),
    deleteEnvironment: build.mutation<null, { suiteId: string; id: string }>({
      query: ({ suiteId, id }) => ({
        url: `/test-suites/${enc(suiteId)}/environments/${enc(id)}`,
        method: 'DELETE',
      }),
      transformResponse: () => null,
      // Deleting the default makes another one the default.
      invalidatesTags: (_result, error, { suiteId }) => (error ? [] : [environmentListTag(suiteId)]),
    }),
  }),
});

export const {
  useGetEnvironmentsQuery,
  useCreateEnvironmentMutation,
  useUpdateEnvironmentMutation,
  useDeleteEnvironmentMutation,
  useGetTestSuitesQuery,
  useCreateTestSuiteMutation,
  useRenameTestSuiteMutation,
  useDeleteTestSuiteMutation,
  useGetBrowserStatesQuery,
  useCreateBrowserStateMutation,
  useRefreshBrowserStateMutation,
  useDeleteBrowserStateMutation,
} = suitesApi;
