import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JWTPayload,
  type JWTVerifyGetKey,
} from 'jose';
import { type Config } from '../config';
import { type Db } from '../db/client';
import { UnauthorizedError } from '../errors';
import { listPublicJwks } from './keys';
import { SessionStore } from './sessionStore';

export interface AccessClaims extends JWTPayload {
  sub: string;
  email?: string;
  role?: string;
  session_id?: string;
  aal?: string;
  amr?: { method: string; timestamp: number }[];
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  is_anonymous?: boolean;
}

export interface TokenVerifier {
  /** Resolves the token's claims or throws UnauthorizedError (also when its session has ended). */
  verify(token: string): Promise<AccessClaims>;
  /** Whether the claims' session still exists; always true with a hosted Supabase (no session store here). */
  sessionActive(claims: AccessClaims): Promise<boolean>;
  /** Drops cached answers about a person's sessions: one of them just ended in this process. */
  forgetSessions(userId: string): void;
}

/**
 * For long-lived connections (the live socket): whether a token checked earlier still may act, i.e.
 * it has not expired and its session has not ended (sign-out, password change, refresh-token reuse).
 */
export async function isSessionActive(verifier: TokenVerifier, claims: AccessClaims): Promise<boolean> {
  if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now()) return false;
  return verifier.sessionActive(claims);
}

export const AUDIENCE = 'authenticated';

export function embeddedIssuer(config: Config): string {
  return `${config.publicUrl}/idp/auth/v1`;
}

/**
 * The embedded provider's tokens are checked against its own public keys (read from the database,
 * refreshed when an unknown kid appears) and its session store; a hosted Supabase's by its JWKS, or
 * its HS256 secret.
 */
export function createTokenVerifier(config: Config, db: Db): TokenVerifier {
  if (config.supabaseUrl) return hostedVerifier(config);
  let keySet: JWTVerifyGetKey | null = null;
  let loadedAt = 0;
  const loadKeys = async (force: boolean) => {
    if (!keySet || force) {
      keySet = createLocalJWKSet(await listPublicJwks(db));
      loadedAt = Date.now();
    }
    return keySet;
  };
  const issuer = embeddedIssuer(config);
  const sessions = new SessionStore(db);
  const sessionActive = (claims: AccessClaims) => sessions.isActive(claims.session_id, claims.sub);
  const signed = keptVerified(async (token: string) => {
    try {
      return await check(token, await loadKeys(false), ['ES256'], issuer);
    } catch (error) {
      // A key made by another process after ours was cached: reload once, at most every 10 s.
      if (!(error instanceof errors.JWKSNoMatchingKey) || Date.now() - loadedAt <= 10_000) throw error;
      return check(token, await loadKeys(true), ['ES256'], issuer);
    }
  });
  return {
    async verify(token) {
      let claims: AccessClaims;
      try {
        claims = await signed(token);
      } catch (error) {
        throw asUnauthorized(error);
      }
      if (!(await sessionActive(claims))) {
        throw new UnauthorizedError('Your session has ended - please sign in again');
      }
      return claims;
    },
    sessionActive,
    forgetSessions: (userId) => sessions.forgetUser(userId),
  };
}

function hostedVerifier(config: Config): TokenVerifier {
  const issuer = `${config.supabaseUrl}/auth/v1`;
  const remote = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  const secret = config.supabaseJwtSecret ? new TextEncoder().encode(config.supabaseJwtSecret) : null;
  const signed = keptVerified(async (token: string) => {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
      alg?: string;
    };
    if (header.alg === 'HS256') {
      if (!secret) {
        throw new UnauthorizedError('This project signs with HS256 but SUPABASE_JWT_SECRET is not set');
      }
      return check(token, secret, ['HS256'], issuer);
    }
    return check(token, remote, ['ES256', 'RS256'], issuer);
  });
  return {
    async verify(token) {
      try {
        return await signed(token);
      } catch (error) {
        throw asUnauthorized(error);
      }
    },
    // NOTE: GoTrue's sessions live in the hosted project; its tokens stay valid until they expire.
    sessionActive: async () => true,
    forgetSessions: () => undefined,
  };
}

/** How many verified tokens a process keeps (one or two per person signed in). */
export const VERIFIED_TOKENS_KEPT = 2000;

/**
 * Keeps the claims of tokens whose signature `verify` accepted, until they expire: a token's signature
 * and claims cannot change, and checking an ES256 signature (~0.5 ms of CPU) on every request was a
 * few percent of the API's event loop under load. Whether its session still exists is not kept
 * here: `sessionActive` is asked on every request.
 */
export function keptVerified(
  verify: (token: string) => Promise<AccessClaims>,
  now: () => number = Date.now,
): (token: string) => Promise<AccessClaims> {
  const kept = new Map<string, AccessClaims>();
  return async (token) => {
    const claims = kept.get(token);
    if (claims && (typeof claims.exp !== 'number' || claims.exp * 1000 > now())) return claims;
    kept.delete(token);
    const verified = await verify(token);
    // Map keeps insertion order: the oldest go first.
    if (kept.size >= VERIFIED_TOKENS_KEPT) kept.delete(kept.keys().next().value!);
    kept.set(token, verified);
    return verified;
  };
}

async function check(
  token: string,
  key: JWTVerifyGetKey | Uint8Array,
  algorithms: string[],
  issuer: string,
): Promise<AccessClaims> {
  const options = { algorithms, audience: AUDIENCE, issuer };
  const { payload } =
    key instanceof Uint8Array ? await jwtVerify(token, key, options) : await jwtVerify(token, key, options);
  if (typeof payload.sub !== 'string' || payload.sub.length === 0) {
    throw new UnauthorizedError('Token has no subject');
  }
  return payload as AccessClaims;
}

function asUnauthorized(error: unknown): UnauthorizedError {
  if (error instanceof UnauthorizedError) return error;
  if (error instanceof errors.JWTExpired) {
    return new UnauthorizedError('Session expired - please sign in again');
  }
  return new UnauthorizedError('Invalid access token');
}
