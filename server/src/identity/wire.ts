import { type idpIdentities, type idpUsers } from '../db/schema';

export type UserRow = typeof idpUsers.$inferSelect;
export type IdentityRow = typeof idpIdentities.$inferSelect;

export interface AmrEntry {
  method: 'password' | 'oauth' | 'otp';
  timestamp: number;
}

/** GoTrue's User object (supabase/auth internal/models/user.go); unset timestamps are omitted as there. */
export interface UserJson {
  id: string;
  aud: 'authenticated';
  role: 'authenticated';
  email: string;
  email_confirmed_at?: string;
  phone: string;
  confirmation_sent_at?: string;
  confirmed_at?: string;
  recovery_sent_at?: string;
  last_sign_in_at?: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  identities: IdentityJson[];
  created_at: string;
  updated_at: string;
  is_anonymous: false;
}

export interface IdentityJson {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string;
  last_sign_in_at: string;
  created_at: string;
  updated_at: string;
}

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: UserJson;
}

const iso = (value: Date | null | undefined) => (value ? value.toISOString() : undefined);

export function userJson(user: UserRow, identities: IdentityRow[]): UserJson {
  const json: UserJson = {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: '',
    confirmation_sent_at: iso(user.confirmationSentAt),
    confirmed_at: iso(user.emailConfirmedAt),
    recovery_sent_at: iso(user.recoverySentAt),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.providerId,
      user_id: identity.userId,
      identity_data: identity.identityData,
      provider: identity.provider,
      email: typeof identity.identityData.email === 'string' ? identity.identityData.email : user.email,
      last_sign_in_at: identity.updatedAt.toISOString(),
      created_at: identity.createdAt.toISOString(),
      updated_at: identity.updatedAt.toISOString(),
    })),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    is_anonymous: false,
  };
  for (const key of Object.keys(json) as (keyof UserJson)[]) if (json[key] === undefined) delete json[key];
  return json;
}

/** The fragment (implicit flow) GoTrue appends to redirect_to after a link or an OAuth sign-in. */
export function sessionFragment(session: SessionJson, type?: string): string {
  const params = new URLSearchParams({
    access_token: session.access_token,
    expires_at: String(session.expires_at),
    expires_in: String(session.expires_in),
    refresh_token: session.refresh_token,
    token_type: session.token_type,
    ...(type ? { type } : {}),
  });
  return params.toString();
}
