import { validationError } from '../../api/apiError';
import { baseApi } from '../../api/baseApi';
import { MODULE_MESSAGES, type Module, type ModuleType, type UpdateModuleBody } from './types';

export type { Module, ModuleLink, ModuleType, UnsafeCodeDetail } from './types';

const enc = encodeURIComponent;

export interface CreateModuleArgs {
  suiteId: string;
  name: string;
  moduleType: ModuleType;
  /** The test a `test_case` module is made from. */
  testCaseId?: string | null;
  /** The script of a `python_script` module. */
  script?: string | null;
}

export interface ModuleArgs {
  suiteId: string;
  id: string;
}

const listTag = { type: 'Module' as const, id: 'LIST' };
const moduleTag = (id: string) => ({ type: 'Module' as const, id });
const suiteListTag = (suiteId: string) => ({ type: 'Module' as const, id: `suite:${suiteId}` });
const modulePath = ({ suiteId, id }: ModuleArgs) => `/test-suites/${enc(suiteId)}/test-module/${enc(id)}`;

export const modulesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getModules: build.query<Module[], string>({
      query: (suiteId) => `/test-suites/${enc(suiteId)}/test-modules`,
      transformResponse: (modules: Module[]) => (Array.isArray(modules) ? modules : []),
      providesTags: (modules, _error, suiteId) => [
        listTag,
        suiteListTag(suiteId),
        ...(modules ?? []).map(({ module_id }) => moduleTag(module_id)),
      ],
    }),
    createModule: build.mutation<{ module_id: string }, CreateModuleArgs>({
      queryFn: async ({ suiteId, name, moduleType, testCaseId, script }, _api, _extra, baseQuery) => {
        if (!suiteId || !name.trim()) return validationError(MODULE_MESSAGES.dataRequired);
        const result = await baseQuery({
          url: `/test-suites/${enc(suiteId)}/test-module`,
          method: 'POST',
          body:
            moduleType === 'python_script'
              ? { name: name.trim(), module_type: moduleType, defining_py_script: script ?? '' }
              : { name: name.trim(), module_type: moduleType, test_case_id: testCaseId ?? null },
        });
        return result.error ? { error: result.error } : { data: result.data as { module_id: string } };
      },
      invalidatesTags: (_created, error, { suiteId }) => (error ? [] : [suiteListTag(suiteId)]),
    }),
    renameModule: build.mutation<null, ModuleArgs & { name: string }>({
      queryFn: async ({ name, ...args }, _api, _extra, baseQuery) => {
        if (!args.id || !name.trim()) return validationError(MODULE_MESSAGES.dataRequired);
        const result = await baseQuery({
          url: `${modulePath(args)}/rename`,
          method: 'PUT',
          params: { new_name: name.trim() },
        });
        return result.error ? { error: result.error } : { data: null };
      },
      invalidatesTags: (_result, error, { id }) => (error ? [] : [moduleTag(id)]),
    }),
    updateModule: build.mutation<null, ModuleArgs & { changes: UpdateModuleBody }>({
      query: ({ changes, ...args }) => ({ url: modulePath(args), method: 'PATCH', body: changes }),
      transformResponse: () => null,
      invalidatesTags: (_result, error, { id }) => (error ? [] : [moduleTag(id)]),
    }),
    deleteModule: build.mutation<null, ModuleArgs>({
      query: (args) => ({ url: modulePath(args), method: 'DELETE' }),
      transformResponse: () => null,
      // A refusal because tests use it reloads the list, so the screen names today's users of it.
      invalidatesTags: (_result, error, { id, suiteId }) =>
        !error ? [suiteListTag(suiteId)] : error.status === 409 ? [moduleTag(id)] : [],
    }),
    approveModule: build.mutation<null, ModuleArgs & { approved: boolean }>({
      query: ({ approved, ...args }) => ({
        url: `${modulePath(args)}/approve`,
        method: 'POST',
        params: { approved: String(approved) },
      }),
      transformResponse: () => null,
      invalidatesTags: (_result, error, { id }) => (error ? [] : [moduleTag(id)]),
    }),
  }),
});

export const {
  useGetModulesQuery,
  useCreateModuleMutation,
  useRenameModuleMutation,
  useUpdateModuleMutation,
  useDeleteModuleMutation,
  useApproveModuleMutation,
} = modulesApi;
