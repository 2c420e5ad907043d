import type { User as SupabaseUser } from '@supabase/supabase-js';

export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  avatar: string | null;
  createdAt: string;
  updatedAt: string;
  roles: string[];
  defaultOrganizationId: string | null;
}

export type AuthStatus = 'initializing' | 'signedOut' | 'signedIn';

export type OAuthProvider = 'google' | 'azure';

export interface Credentials {
  email: string;
  password: string;
}

export interface Registration extends Credentials {
  firstName: string;
  lastName: string;
  /** The app's page to land on once the e-mail is confirmed (where the person was headed). */
  next?: string | null;
}

const asString = (value: unknown): string => (typeof value === 'string' ? value : '');

export function toUser(user: SupabaseUser): User {
  const meta: Record<string, unknown> = user.user_metadata ?? {};
  // NOTE: roles are read from app_metadata, which only the server writes, as the API does; a person can
  // write their own user_metadata, so roles there would show buttons the server then refuses.
  const granted: unknown = user.app_metadata?.roles;
  const roles = Array.isArray(granted)
    ? granted.filter((role): role is string => typeof role === 'string')
    : [];
  return {
    id: user.id,
    email: user.email ?? '',
    firstName: asString(meta.first_name),
    lastName: asString(meta.last_name),
    avatar: asString(meta.avatar_url) || null,
    createdAt: user.created_at,
    updatedAt: user.updated_at ?? user.created_at,
    roles,
    defaultOrganizationId: asString(meta.default_organization_id) || null,
  };
}
