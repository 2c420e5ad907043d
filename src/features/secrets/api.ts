import { baseApi } from '../../api/baseApi';
import type { SecretInput, SharedParameter } from './types';

export type { SecretInput, SharedParameter } from './types';
export { MASKED_VALUE } from '../../../contract/sharedParameters';
export { messages as secretMessages } from './messages';

const enc = encodeURIComponent;

const listTag = { type: 'SharedParameter' as const, id: 'LIST' };
const suiteListTag = (suiteId: string) => ({ type: 'SharedParameter' as const, id: `suite:${suiteId}` });
const secretTag = (id: string) => ({ type: 'SharedParameter' as const, id });
/** A test page shows the secrets it uses: a change of links refreshes the tests on either side of it. */
const testTags = (ids: readonly string[]) => ids.map((id) => ({ type: 'TestCase' as const, id }));

export interface UpdateSecretArgs extends Partial<SecretInput> {
  id: string;
  suiteId: string;
  /** The tests linked before the change, so that the ones unlinked refresh too. */
  previousLinkedTestIds?: string[];
}

export const secretsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSharedParameters: build.query<SharedParameter[], string>({
      query: (suiteId) => `/test-suites/${enc(suiteId)}/shared-parameters`,
      transformResponse: (secrets: SharedParameter[]) => (Array.isArray(secrets) ? secrets : []),
      providesTags: (secrets, _error, suiteId) => [
        listTag,
        suiteListTag(suiteId),
        ...(secrets ?? []).map(({ _id }) => secretTag(_id)),
      ],
    }),
    createSharedParameter: build.mutation<SharedParameter, SecretInput & { suiteId: string }>({
      query: ({ suiteId, key, value, linkedTestIds, allowedHosts }) => ({
        url: `/test-suites/${enc(suiteId)}/shared-parameters`,
        method: 'POST',
        body: { key, value, linked_test_ids: linkedTestIds, allowed_hosts: allowedHosts },
      }),
      invalidatesTags: (_secret, error, { suiteId, linkedTestIds }) =>
        error ? [] : [suiteListTag(suiteId), ...testTags(linkedTestIds)],
    }),
    updateSharedParameter: build.mutation<SharedParameter, UpdateSecretArgs>({
      query: ({ suiteId, id, key, value, linkedTestIds, allowedHosts }) => ({
        url: `/test-suites/${enc(suiteId)}/shared-parameters/${enc(id)}`,
        method: 'PUT',
        body: {
          ...(key !== undefined && { key }),
          // NOTE: a blank value keeps the stored one (it is never sent back to be shown).
          ...(value ? { value } : {}),
          ...(linkedTestIds !== undefined && { linked_test_ids: linkedTestIds }),
          ...(allowedHosts !== undefined && { allowed_hosts: allowedHosts }),
        },
      }),
      invalidatesTags: (_secret, error, { id, linkedTestIds, previousLinkedTestIds }) =>
        error
          ? []
          : [
              secretTag(id),
              ...testTags([...new Set([...(linkedTestIds ?? []), ...(previousLinkedTestIds ?? [])])]),
            ],
    }),
    deleteSharedParameter: build.mutation<null, { id: string; suiteId: string; linkedTestIds: string[] }>({
      query: ({ suiteId, id }) => ({
        url: `/test-suites/${enc(suiteId)}/shared-parameters/${enc(id)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { id, linkedTestIds }) =>
        error ? [] : [secretTag(id), ...testTags(linkedTestIds)],
    }),
  }),
});

export const {
  useGetSharedParametersQuery,
  useCreateSharedParameterMutation,
  useUpdateSharedParameterMutation,
  useDeleteSharedParameterMutation,
} = secretsApi;
