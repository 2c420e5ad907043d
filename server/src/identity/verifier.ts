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
  /** Resolves the token's claims or throws UnauthorizedError. */
  verify(token: string): Promise<AccessClaims>;
}

export const AUDIENCE = 'authenticated';

export function embeddedIssuer(config: Config): string {
  return `${config.publicUrl}/idp/auth/v1`;
}

/**
 * The embedded provider's tokens are checked against its own public keys (read from the database,
 * refreshed when an unknown kid appears); a hosted Supabase's by its JWKS, or its HS256 secret.
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
  return {
    async verify(token) {
      try {
        return await check(token, await loadKeys(false), ['ES256'], issuer);
      } catch (error) {
        // A key made by another process after ours was cached: reload once, at most every 10 s.
        if (error instanceof errors.JWKSNoMatchingKey && Date.now() - loadedAt > 10_000) {
          return check(token, await loadKeys(true), ['ES256'], issuer);
        }
        throw asUnauthorized(error);
      }
    },
  };
}

function hostedVerifier(config: Config): TokenVerifier {
  const issuer = `${config.supabaseUrl}/auth/v1`;
  const remote = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`));
  const secret = config.supabaseJwtSecret ? new TextEncoder().encode(config.supabaseJwtSecret) : null;
  return {
    async verify(token) {
      try {
        const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as {
          alg?: string;
        };
        if (header.alg === 'HS256') {
          if (!secret) {
            throw new UnauthorizedError('This project signs with HS256 but SUPABASE_JWT_SECRET is not set');
          }
          return await check(token, secret, ['HS256'], issuer);
        }
        return await check(token, remote, ['ES256', 'RS256'], issuer);
      } catch (error) {
        throw asUnauthorized(error);
      }
    },
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
