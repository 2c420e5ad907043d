import { failureWithReason } from '../../api/apiError';
import { baseApi } from '../../api/baseApi';
import { t } from '../../config/locale';
import { getAuthClient, getIdentitySettings } from '../../lib/supabase';
import { toAuthError } from './authErrors';
import { toUser, type Credentials, type OAuthProvider, type Registration, type User } from './types';

export type { User, AuthStatus, OAuthProvider } from './types';

/**
 * Where a link of the identity provider lands. `next` is the page the person was headed for (an
 * invitation's link): it rides in the link's redirect_to, so signing up and confirming by e-mail ends
 * there rather than on the dashboard.
 */
const callbackUrl = (next?: string | null) => {
  const url = new URL('/auth/callback', window.location.origin);
  const path = next ? internalPath(next) : null;
  if (path) url.searchParams.set('next', path);
  return url.toString();
};

/** A path of this app ('/invitations/accept?token=…'), never another site's address ('//evil.example'). */
export function internalPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The page a callback link was headed for (its `next`), if it is one of this app's. */
export function nextPathOf(search: string): string | null {
  return internalPath(new URLSearchParams(search).get('next'));
}
const setNewPasswordUrl = () => `${window.location.origin}/auth/set-new-password`;

const OAUTH_PROVIDERS: OAuthProvider[] = ['google', 'azure'];

const providerFailure: Record<OAuthProvider, string> = {
  google: t.auth.googleFailed,
  azure: t.auth.microsoftFailed,
};

interface AdminAccessResponse {
  is_admin_or_biz_dev?: boolean;
}

// The identity calls go straight to supabase-js; wrapping them as mutations gives forms loading and error state.
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<null, Credentials>({
      queryFn: async ({ email, password }) => {
        const { error } = await getAuthClient().signInWithPassword({ email, password });
        return error ? { error: toAuthError(error, t.auth.loginFailed) } : { data: null };
      },
    }),
    signUp: build.mutation<{ needsEmailConfirmation: boolean }, Registration>({
      queryFn: async ({ email, password, firstName, lastName, next }) => {
        const { data, error } = await getAuthClient().signUp({
          email,
          password,
          options: {
            data: { first_name: firstName, last_name: lastName },
            emailRedirectTo: callbackUrl(next),
          },
        });
        if (error) return { error: toAuthError(error, t.auth.registrationFailed) };
        return { data: { needsEmailConfirmation: data.session === null } };
      },
    }),
    // Which social sign-ins the identity provider has on: buttons only for those (issue 11).
    getOAuthProviders: build.query<OAuthProvider[], void>({
      queryFn: async () => {
        try {
          const { external } = await getIdentitySettings();
          return { data: OAUTH_PROVIDERS.filter((provider) => external?.[provider] === true) };
        } catch (error) {
          // No social buttons rather than buttons that lead nowhere.
          return { error: { status: 'FETCH_ERROR' as const, message: String(error) } };
        }
      },
    }),
    signInWithProvider: build.mutation<null, OAuthProvider>({
      queryFn: async (provider) => {
        const { error } = await getAuthClient().signInWithOAuth({
          provider,
          options: { redirectTo: callbackUrl() },
        });
        return error ? { error: toAuthError(error, providerFailure[provider]) } : { data: null };
      },
    }),
    sendPasswordReset: build.mutation<null, { email: string }>({
      queryFn: async ({ email }) => {
        const { error } = await getAuthClient().resetPasswordForEmail(email, {
          redirectTo: setNewPasswordUrl(),
        });
        return error ? { error: toAuthError(error, t.auth.passwordResetFailed) } : { data: null };
      },
    }),
    // The current password is asked for except after a recovery link (GoTrue's current_password).
    updatePassword: build.mutation<null, { password: string; currentPassword?: string }>({
      queryFn: async ({ password, currentPassword }) => {
        const { error } = await getAuthClient().updateUser(
          currentPassword === undefined ? { password } : { password, current_password: currentPassword },
        );
        return error ? { error: toAuthError(error, t.auth.profileUpdateFailed) } : { data: null };
      },
    }),
    updateProfile: build.mutation<null, { firstName: string; lastName: string }>({
      queryFn: async ({ firstName, lastName }) => {
        const { error } = await getAuthClient().updateUser({
          data: { first_name: firstName, last_name: lastName },
        });
        return error ? { error: toAuthError(error, t.auth.profileUpdateFailed) } : { data: null };
      },
    }),
    signOut: build.mutation<null, void>({
      queryFn: async () => {
        const { error } = await getAuthClient().signOut();
        return error ? { error: toAuthError(error, t.auth.signOutFailed) } : { data: null };
      },
    }),
    // The signed-in person as the identity provider has them now (the session's copy can be older: a
    // name changed in another tab). SPEC §8: 'Failed to load current user: <reason or Unknown error>'.
    getCurrentUser: build.query<User, void>({
      queryFn: async () => {
        const { data, error } = await getAuthClient().getUser();
        if (!error && data.user) return { data: toUser(data.user) };
        const failure = toAuthError(error, t.http.unknownError);
        return { error: { ...failure, message: failureWithReason(failure, t.auth.loadUserFailed) } };
      },
    }),
    // SPEC §6: the super-admin flag is false whenever the check fails (no data: the menu reads
    // false); the error says why in SPEC §8's words.
    getAdminAccess: build.query<boolean, void>({
      queryFn: async (_arg, _api, _extra, baseQuery) => {
        const result = await baseQuery('/test-admin-or-biz-dev');
        if (result.error)
          return {
            error: {
              ...result.error,
              message: failureWithReason(result.error, t.auth.adminCheckFailed),
            },
          };
        return { data: (result.data as AdminAccessResponse).is_admin_or_biz_dev === true };
      },
      providesTags: ['AdminAccess'],
    }),
  }),
});

export const {
  useSignInMutation,
  useSignUpMutation,
  useSignInWithProviderMutation,
  useGetOAuthProvidersQuery,
  useSendPasswordResetMutation,
  useUpdatePasswordMutation,
  useUpdateProfileMutation,
  useSignOutMutation,
  useGetAdminAccessQuery,
  useGetCurrentUserQuery,
} = authApi;
