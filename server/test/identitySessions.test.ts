import { AuthApiError, AuthSessionMissingError } from '@supabase/supabase-js';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { idpRefreshTokens } from '../src/db/schema';
import { loadOrCreateSigningKey } from '../src/identity/keys';
import { createTokenVerifier } from '../src/identity/verifier';
import { UnauthorizedError } from '../src/errors';
import { sha256 } from '../src/lib/crypto';
import { api, startTestServer, type TestServer } from './helpers';
import { claimsOf, clientFor, PASSWORD, recordEvents, uniqueEmail } from './fixtures/identityTools';

/** Changes one claim of a token and keeps its header and signature: what a forger would try. */
function tamper(token: string, change: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = {
    ...(JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>),
    ...change,
  };
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

describe('identity provider: sessions, refresh tokens and sign-out', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_AUTOCONFIRM: 'true' } });
  });
  afterAll(async () => {
    await server.close();
  });

  async function signedUp() {
    const email = uniqueEmail('session');
    await clientFor(server).auth.signUp({ email, password: PASSWORD });
    return email;
  }

  async function signedIn(email: string) {
    const client = clientFor(server);
    const { data, error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    if (error) throw error;
    return { client, session: data.session };
  }

  it('rotates the refresh token on refreshSession and fires TOKEN_REFRESHED', async () => {
    const { client, session } = await signedIn(await signedUp());
    const events = recordEvents(client);

    const { data, error } = await client.auth.refreshSession();

    expect(error).toBeNull();
    expect(events).toEqual(['TOKEN_REFRESHED']);
    expect(data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(claimsOf(data.session!.access_token).session_id).toBe(claimsOf(session.access_token).session_id);
    expect((await client.auth.getUser()).data.user?.id).toBe(session.user.id);
  });

  it('refuses an unknown refresh token as refresh_token_not_found', async () => {
    const { error } = await clientFor(server).auth.refreshSession({ refresh_token: 'no-such-token-at-all' });

    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('treats a refresh token reused after the reuse interval as stolen and ends the whole session', async () => {
    const { client, session } = await signedIn(await signedUp());
    const { data: rotated } = await client.auth.refreshSession();
    const newer = rotated.session!;
    // GoTrue's 10 s reuse interval has passed since the rotation.
    await server.database.db
      .update(idpRefreshTokens)
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where(eq(idpRefreshTokens.tokenHash, sha256(session.refresh_token)));

    const reuse = await clientFor(server).auth.refreshSession({ refresh_token: session.refresh_token });
    const afterwards = await clientFor(server).auth.refreshSession({ refresh_token: newer.refresh_token });
    const user = await clientFor(server).auth.getUser(newer.access_token);

    expect(reuse.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    expect(afterwards.data.session).toBeNull();
    expect(afterwards.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    expect(user.error).toBeInstanceOf(AuthSessionMissingError);
  });

  it('signOut with scope local ends only this session', async () => {
    const email = await signedUp();
    const here = await signedIn(email);
    const elsewhere = await signedIn(email);
    const events = recordEvents(here.client);

    const { error } = await here.client.auth.signOut({ scope: 'local' });

    expect(error).toBeNull();
    expect(events).toEqual(['SIGNED_OUT']);
    const hereRefresh = await clientFor(server).auth.refreshSession({
      refresh_token: here.session.refresh_token,
    });
    expect(hereRefresh.error).toMatchObject({ code: 'refresh_token_not_found' });
    expect((await clientFor(server).auth.getUser(here.session.access_token)).error).toBeInstanceOf(
      AuthSessionMissingError,
    );
    expect((await elsewhere.client.auth.refreshSession()).error).toBeNull();
  });

  it('signOut with scope global ends every session of the person', async () => {
    const email = await signedUp();
    const here = await signedIn(email);
    const elsewhere = await signedIn(email);

    const { error } = await here.client.auth.signOut();

    expect(error).toBeNull();
    expect(
      (await clientFor(server).auth.refreshSession({ refresh_token: elsewhere.session.refresh_token })).error,
    ).toMatchObject({
      code: 'refresh_token_not_found',
    });
    expect((await clientFor(server).auth.getUser(elsewhere.session.access_token)).error).toBeInstanceOf(
      AuthSessionMissingError,
    );
  });

  it('signOut with scope others keeps only this session', async () => {
    const email = await signedUp();
    const here = await signedIn(email);
    const elsewhere = await signedIn(email);

    const { error } = await here.client.auth.signOut({ scope: 'others' });

    expect(error).toBeNull();
    expect(
      (await clientFor(server).auth.refreshSession({ refresh_token: elsewhere.session.refresh_token })).error,
    ).toMatchObject({
      code: 'refresh_token_not_found',
    });
    expect((await here.client.auth.getUser()).error).toBeNull();
    expect((await here.client.auth.refreshSession()).error).toBeNull();
  });

  it('answers /user without a token as no_authorization and with a forged token as bad_jwt', async () => {
    const { session } = await signedIn(await signedUp());
    const headers = { apikey: server.config.supabaseAnonKey };

    const missing = await fetch(`${server.url}/idp/auth/v1/user`, { headers });
    const forged = await fetch(`${server.url}/idp/auth/v1/user`, {
      headers: {
        ...headers,
        authorization: `Bearer ${tamper(session.access_token, { sub: '00000000-0000-0000-0000-000000000000' })}`,
      },
    });

    expect(missing.status).toBe(401);
    expect(missing.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await missing.json()).toMatchObject({ code: 'no_authorization' });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ code: 'bad_jwt', msg: expect.stringMatching(/invalid JWT/) });
  });

  it('answers bad input with GoTrue errors, never a 5xx', async () => {
    const call = async (method: string, path: string, body?: string) => {
      const response = await fetch(`${server.url}/idp/auth/v1${path}`, {
        method,
        headers: { 'content-type': 'application/json', apikey: server.config.supabaseAnonKey },
        body,
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };

    expect(await call('POST', '/signup', '{"email": "broken')).toMatchObject({
      status: 400,
      body: { code: 'bad_json' },
    });
    expect(await call('POST', '/signup', JSON.stringify({ email: uniqueEmail('nopass') }))).toMatchObject({
      status: 422,
      body: { code: 'validation_failed', msg: 'Signup requires a valid password' },
    });
    expect(
      await call(
        'POST',
        '/signup',
        JSON.stringify({ email: 'x'.repeat(400) + '@example.test', password: PASSWORD }),
      ),
    ).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(
      await call(
        'POST',
        '/signup',
        JSON.stringify({ email: uniqueEmail('meta'), password: PASSWORD, data: 'not an object' }),
      ),
    ).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(await call('POST', '/token?grant_type=magic', '{}')).toMatchObject({
      status: 400,
      body: { code: 'unsupported_grant_type' },
    });
    expect(await call('POST', '/token?grant_type=password', '{}')).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(await call('POST', '/token?grant_type=refresh_token', '{}')).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(await call('POST', '/logout?scope=everywhere', '')).toMatchObject({
      status: 400,
      body: { code: 'validation_failed' },
    });
    expect(
      await call('POST', '/verify', JSON.stringify({ type: 'recovery', token_hash: 'made-up' })),
    ).toMatchObject({
      status: 403,
      body: { code: 'otp_expired' },
    });
    expect(await call('GET', '/no-such-endpoint')).toMatchObject({
      status: 404,
      body: { code: 'not_found' },
    });
  });

  it('publishes the signing key, with the kid the tokens carry, at .well-known/jwks.json', async () => {
    const { session } = await signedIn(await signedUp());
    const kid = (
      JSON.parse(Buffer.from(session.access_token.split('.')[0]!, 'base64url').toString()) as { kid: string }
    ).kid;

    const response = await fetch(`${server.url}/idp/auth/v1/.well-known/jwks.json`);
    const jwks = (await response.json()) as { keys: Record<string, unknown>[] };

    expect(response.status).toBe(200);
    expect(jwks.keys).toContainEqual(
      expect.objectContaining({ kid, kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' }),
    );
    expect(jwks.keys.every((key) => key.d === undefined)).toBe(true);
  });

  it("lets the API accept the provider's access token and reject a tampered one", async () => {
    const { session } = await signedIn(await signedUp());

    const accepted = await api(server, 'GET', '/auth/get-user-organizations', {
      token: session.access_token,
    });
    const tampered = await api(server, 'GET', '/auth/get-user-organizations', {
      token: tamper(session.access_token, { email: 'someone.else@example.test' }),
    });

    expect(accepted.status).toBe(200);
    expect(tampered.status).toBe(401);
  });

  it("has the API's token verifier accept the provider's tokens and reject tampered or expired ones", async () => {
    const { session } = await signedIn(await signedUp());
    const verifier = createTokenVerifier(server.config, server.database.db);
    const key = await loadOrCreateSigningKey(server.database.db);
    const expired = await new SignJWT({
      ...claimsOf(session.access_token),
      exp: Math.floor(Date.now() / 1000) - 60,
    })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
      .sign(key.privateKey);

    await expect(verifier.verify(session.access_token)).resolves.toMatchObject({
      sub: session.user.id,
      session_id: claimsOf(session.access_token).session_id,
      role: 'authenticated',
    });
    await expect(
      verifier.verify(tamper(session.access_token, { role: 'service_role' })),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(verifier.verify(expired)).rejects.toThrow(/expired/i);
  });
});
