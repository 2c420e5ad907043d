import type { AuthState } from './slice';

interface WithAuth {
  auth: AuthState;
}

export const selectAuthStatus = (state: WithAuth) => state.auth.status;
export const selectCurrentUser = (state: WithAuth) => state.auth.user;
export const selectCurrentUserId = (state: WithAuth) => state.auth.user?.id ?? null;
export const selectIsRecoveringPassword = (state: WithAuth) => state.auth.recoveringPassword;

export const hasRole = (roles: readonly string[], role: string) => roles.includes(role);
export const hasAnyRole = (roles: readonly string[], wanted: readonly string[]) =>
  wanted.some((role) => roles.includes(role));
