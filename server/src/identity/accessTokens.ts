import { createLocalJWKSet, errors, jwtVerify, SignJWT, type JWTVerifyGetKey } from 'jose';
import { type Config } from '../config';
import { type Db } from '../db/client';
import { authErrors } from './goTrueError';
import { listPublicJwks, loadOrCreateSigningKey, SIGNING_ALG, type SigningKey } from './keys';
import { AUDIENCE, embeddedIssuer, type AccessClaims } from './verifier';
import { type AmrEntry, type UserRow } from './wire';

export interface SessionClaims {
  id: string;
  aal: string;
  amr: AmrEntry[];
}

export interface SignedAccessToken {
  token: string;
  expiresIn: number;
  expiresAt: number;
}

/** Signs GoTrue-shaped access tokens with the stored ES256 key and checks the ones it signed. */
export class AccessTokens {
  private _key: Promise<SigningKey> | null = null;
  private _keySet: Promise<JWTVerifyGetKey> | null = null;
  private _keysLoadedAt = 0;
  private readonly _issuer: string;

  constructor(
    private readonly _config: Config,
    private readonly _db: Db,
  ) {
    this._issuer = embeddedIssuer(_config);
  }

  async sign(user: UserRow, session: SessionClaims): Promise<SignedAccessToken> {
    this._key ??= loadOrCreateSigningKey(this._db);
    const key = await this._key.catch((error) => {
      this._key = null;
      throw error;
    });
    const issuedAt = Math.floor(Date.now() / 1000);
    const expiresIn = this._config.accessTokenTtlSeconds;
    const claims: Omit<AccessClaims, 'sub' | 'iss' | 'aud' | 'exp' | 'iat'> = {
      email: user.email,
      phone: '',
      app_metadata: user.appMetadata,
      user_metadata: user.userMetadata,
      role: 'authenticated',
      aal: session.aal,
      amr: session.amr,
      session_id: session.id,
      is_anonymous: false,
    };
    const token = await new SignJWT(claims)
      .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'JWT' })
      .setIssuer(this._issuer)
      .setSubject(user.id)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + expiresIn)
      .sign(key.privateKey);
    return { token, expiresIn, expiresAt: issuedAt + expiresIn };
  }

  /** The claims of a token this provider signed, or GoTrue's bad_jwt error. */
  async verify(token: string): Promise<AccessClaims & { session_id: string }> {
    try {
      let payload;
      try {
        payload = (await jwtVerify(token, await this._keys(false), this._options())).payload;
      } catch (error) {
        // Another process may have made a newer key than the one this process cached.
        if (!(error instanceof errors.JWKSNoMatchingKey)) throw error;
        payload = (await jwtVerify(token, await this._keys(true), this._options())).payload;
      }
      if (typeof payload.sub !== 'string' || typeof payload.session_id !== 'string') {
        throw authErrors.badJwt('missing sub or session_id claim');
      }
      return payload as AccessClaims & { session_id: string };
    } catch (error) {
      if (error instanceof errors.JWTExpired) {
        throw authErrors.badJwt('token has invalid claims: token is expired');
      }
      if (error instanceof errors.JOSEError) throw authErrors.badJwt(error.message);
      throw error;
    }
  }

  private _options() {
    return { algorithms: [SIGNING_ALG], issuer: this._issuer, audience: AUDIENCE };
  }

  private _keys(reload: boolean): Promise<JWTVerifyGetKey> {
    // A forged kid must not turn every request into a database read: reload at most every 10 s.
    if (!this._keySet || (reload && Date.now() - this._keysLoadedAt > 10_000)) {
      this._keysLoadedAt = Date.now();
      this._keySet = listPublicJwks(this._db).then((jwks) => createLocalJWKSet(jwks));
      this._keySet.catch(() => (this._keySet = null));
    }
    return this._keySet;
  }
}
