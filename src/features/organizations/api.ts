import { validationError } from '../../api/apiError';
import { baseApi } from '../../api/baseApi';
import { t } from '../../config/locale';
import {
  toOrganization,
  toOrganizationUser,
  type Organization,
  type OrganizationDto,
  type OrganizationRole,
  type OrganizationUser,
  type OrganizationUserDto,
} from './types';

export type { Organization, OrganizationRole, OrganizationUser } from './types';

const enc = encodeURIComponent;

export const organizationsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUserOrganizations: build.query<Organization[], void>({
      query: () => '/auth/get-user-organizations',
      transformResponse: (response: OrganizationDto[]) => response.map(toOrganization),
      providesTags: (organizations = []) => [
        { type: 'Organization', id: 'LIST' },
        ...organizations.map(({ id }) => ({ type: 'Organization' as const, id })),
      ],
    }),
    createOrganization: build.mutation<Organization, { name: string }>({
      query: ({ name }) => ({ url: '/organizations', method: 'POST', body: { name: name.trim() } }),
      transformResponse: (response: OrganizationDto) => toOrganization(response),
      invalidatesTags: [{ type: 'Organization', id: 'LIST' }],
    }),
    // Our addition: joining through the one-time link of an invitation e-mail.
    acceptInvitation: build.mutation<Organization, { token: string }>({
      query: ({ token }) => ({ url: '/invitations/accept', method: 'POST', body: { token } }),
      transformResponse: (response: OrganizationDto) => toOrganization(response),
      invalidatesTags: [{ type: 'Organization', id: 'LIST' }],
    }),
    regenerateServiceAccountKey: build.mutation<string, { organizationId: string }>({
      queryFn: async ({ organizationId }, _api, _extra, baseQuery) => {
        if (!organizationId) return validationError(t.validation.organizationIdRequired);
        const result = await baseQuery({
          url: `/organization/${enc(organizationId)}/regenerate-service-account-key`,
          method: 'PUT',
        });
        if (result.error) return { error: result.error };
        return { data: (result.data as { service_account_key: string }).service_account_key };
      },
      // Patch the cached list in place: refetching every organization for one new key is wasteful.
      onQueryStarted: async ({ organizationId }, { dispatch, queryFulfilled }) => {
        try {
          const { data: key } = await queryFulfilled;
          dispatch(
            organizationsApi.util.updateQueryData('getUserOrganizations', undefined, (organizations) => {
              const organization = organizations.find(({ id }) => id === organizationId);
              if (organization) organization.serviceAccountKey = key;
            }),
          );
        } catch {
          // The component reports the failure.
        }
      },
    }),
    getOrganizationUsers: build.query<OrganizationUser[], string>({
      query: (organizationId) => `/organizations/${enc(organizationId)}/users`,
      transformResponse: (response: OrganizationUserDto[]) => response.map(toOrganizationUser),
      providesTags: (users = [], _error, organizationId) => [
        { type: 'OrganizationUser', id: `LIST-${organizationId}` },
        ...users.map(({ id }) => ({ type: 'OrganizationUser' as const, id })),
      ],
    }),
    inviteOrganizationUser: build.mutation<{ userId: string }, { organizationId: string; email: string }>({
      query: ({ organizationId, email }) => ({
        url: `/organizations/${enc(organizationId)}/add-user/${enc(email)}`,
        method: 'POST',
      }),
      transformResponse: (response: { user_id: string }) => ({ userId: response.user_id }),
      invalidatesTags: (_result, _error, { organizationId }) => [
        { type: 'OrganizationUser', id: `LIST-${organizationId}` },
      ],
    }),
    // Our addition (issue 27): an admin changes a member's role or expert right.
    updateOrganizationUser: build.mutation<
      OrganizationUser,
      { organizationId: string; userId: string; role?: OrganizationRole; expert?: boolean }
    >({
      query: ({ organizationId, userId, role, expert }) => ({
        url: `/organizations/${enc(organizationId)}/users/${enc(userId)}`,
        method: 'PATCH',
        body: { role, expert },
      }),
      transformResponse: (response: OrganizationUserDto) => toOrganizationUser(response),
      // One's own role may have changed too: the organizations carry it.
      invalidatesTags: (_result, _error, { organizationId, userId }) => [
        { type: 'OrganizationUser', id: `LIST-${organizationId}` },
        { type: 'OrganizationUser', id: userId },
        { type: 'Organization', id: 'LIST' },
      ],
    }),
    removeOrganizationUser: build.mutation<null, { organizationId: string; userId: string }>({
      query: ({ organizationId, userId }) => ({
        url: `/organizations/${enc(organizationId)}/remove-user/${enc(userId)}`,
        method: 'PUT',
      }),
      transformResponse: () => null,
      invalidatesTags: (_result, _error, { organizationId, userId }) => [
        { type: 'OrganizationUser', id: `LIST-${organizationId}` },
        { type: 'OrganizationUser', id: userId },
      ],
    }),
  }),
});

export const {
  useGetUserOrganizationsQuery,
  useCreateOrganizationMutation,
  useAcceptInvitationMutation,
  useRegenerateServiceAccountKeyMutation,
  useGetOrganizationUsersQuery,
  useInviteOrganizationUserMutation,
  useRemoveOrganizationUserMutation,
  useUpdateOrganizationUserMutation,
} = organizationsApi;
