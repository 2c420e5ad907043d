import { GoTrueClient } from '@supabase/supabase-js';

export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  version: string;
}

interface ConfigResponse {
  supabase_url: string;
  supabase_anon_key: string;
  version: string;
}

let client: GoTrueClient | null = null;
let identity: { authUrl: string; headers: Record<string, string> } | null = null;

/** GoTrue's public settings: which sign-in methods the identity provider has turned on. */
export interface IdentitySettings {
  external: Partial<Record<string, boolean>>;
}

/** Reads GET /api/config so one build serves every deployment (embedded /idp or a hosted Supabase). */
export async function loadRuntimeConfig(apiUrl: string): Promise<RuntimeConfig> {
  const response = await fetch(`${apiUrl}/config`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`Failed to load the configuration (HTTP ${response.status})`);
  const body = (await response.json()) as ConfigResponse;
  return { supabaseUrl: body.supabase_url, supabaseAnonKey: body.supabase_anon_key, version: body.version };
}

/**
 * The auth client of supabase-js, configured exactly as createClient() configures `supabase.auth`.
 * NOTE: createClient() would also bundle the database, storage, realtime and functions clients
 * (about 30 KB gzip) that the SPA never uses; supabase-js is side-effect free, so they are left out.
 */
export function initAuthClient(config: Pick<RuntimeConfig, 'supabaseUrl' | 'supabaseAnonKey'>): GoTrueClient {
  const base = new URL(config.supabaseUrl.endsWith('/') ? config.supabaseUrl : `${config.supabaseUrl}/`);
  identity = {
    authUrl: new URL('auth/v1', base).href,
    headers: {
      Authorization: `Bearer ${config.supabaseAnonKey}`,
      apikey: config.supabaseAnonKey,
      'X-Client-Info': 'supabase-js-web/2.109.0',
    },
  };
  client = new GoTrueClient({
    url: identity.authUrl,
    headers: identity.headers,
    storageKey: `sb-${base.hostname.split('.')[0]}-auth-token`,
    persistSession: true,
    autoRefreshToken: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
  });
  return client;
}

/** GET /auth/v1/settings of the identity provider (embedded or hosted): public, no session needed. */
export async function getIdentitySettings(): Promise<IdentitySettings> {
  if (!identity) throw new Error('Auth store not initialized');
  const response = await fetch(`${identity.authUrl}/settings`, { headers: identity.headers });
  if (!response.ok) throw new Error(`Failed to load the sign-in settings (HTTP ${response.status})`);
  return (await response.json()) as IdentitySettings;
}

export function getAuthClient(): GoTrueClient {
  if (!client) throw new Error('Auth store not initialized');
  return client;
}

export function isAuthClientInitialized(): boolean {
  return client !== null;
}

/** The current access token, refreshed by supabase-js when close to expiry; null when signed out. */
export async function getAccessToken(): Promise<string | null> {
  const { data } = await getAuthClient().getSession();
  return data.session?.access_token ?? null;
}

/** Test and story helper: forget the client so the next init starts clean. */
export async function disposeAuthClient(): Promise<void> {
  if (!client) return;
  const current = client;
  client = null;
  // Let initialisation finish first, or it would start the refresh timer after we stopped it.
  await current.initialize();
  await current.dispose();
}
