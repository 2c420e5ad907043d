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
}

const asString = (value: unknown): string => (typeof value === 'string' ? value : '');

export function toUser(user: SupabaseUser): User {
  const meta: Record<string, unknown> = user.user_metadata ?? {};
  const roles = Array.isArray(meta.roles) ? meta.roles.filter((role) => typeof role === 'string') : [];
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
