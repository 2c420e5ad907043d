// Issue 9's findings against the embedded identity provider, each reproduced through supabase-js.
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { AuthApiError, AuthWeakPasswordError, type SupabaseClient } from '@supabase/supabase-js';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { loadConfig } from '../src/config';
import { idpRefreshTokens } from '../src/db/schema';
import { UnauthorizedError } from '../src/errors';
import { createTokenVerifier, embeddedIssuer, isSessionActive } from '../src/identity/verifier';
import { sha256 } from '../src/lib/crypto';
import { api, startTestServer, type TestServer } from './helpers';
import {
  claimsOf,
  clientFor,
  fragmentOf,
  linkFromMail,
  PASSWORD,
  redirectOf,
  uniqueEmail,
} from './fixtures/identityTools';
import { mailsTo } from './fixtures/devMail';

const NEW_PASSWORD = 'a brand new passphrase';

const mailbox = mailsTo;

/** A person signed up and in (the server confirms sign-ups itself). */
async function signedIn(server: TestServer, email = uniqueEmail('person'), password = PASSWORD) {
  const client = clientFor(server);
  const { data, error } = await client.auth.signUp({ email, password });
  if (error || !data.session) throw error ?? new Error('Expected a session at sign-up');
  return { client, session: data.session, email };
}

async function signInAgain(server: TestServer, email: string, password = PASSWORD) {
  const client = clientFor(server);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return { client, session: data.session };
}

const organizationsWith = (server: TestServer, token: string) =>
  api(server, 'GET', '/auth/get-user-organizations', { token });

/** The keys of a JSON value with the type of each leaf: what tells two answers apart without their values. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shapeOf(inner)]),
    );
  }
  return typeof value;
}

/** Opens the recovery link e-mailed to `email` and answers the session it lands with. */
async function recoverySession(server: TestServer, email: string) {
  await clientFor(server).auth.resetPasswordForEmail(email, {
    redirectTo: `${server.url}/auth/set-new-password`,
  });
  const { location } = await redirectOf(await linkFromMail(server, email, 'recovery'));
  const fragment = fragmentOf(location);
  expect(fragment.get('type')).toBe('recovery');
  const client = clientFor(server);
  const { error } = await client.auth.setSession({
    access_token: fragment.get('access_token')!,
    refresh_token: fragment.get('refresh_token')!,
  });
  if (error) throw error;
  return client;
}

describe('identity security: accounts cannot be enumerated', () => {
  let confirming: TestServer;
  let autoconfirm: TestServer;
  beforeAll(async () => {
    [confirming, autoconfirm] = await Promise.all([
      startTestServer(),
      startTestServer({ env: { AUTH_AUTOCONFIRM: 'true' } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([confirming?.close(), autoconfirm?.close()]);
  });

  it('answers check_user_exists to signed-in callers only, a few times a minute each', async () => {
    const { client, email } = await signedIn(autoconfirm);

    const anonymous = await fetch(`${autoconfirm.url}/idp/rest/v1/rpc/check_user_exists`, {
      method: 'POST',
      headers: {
        apikey: autoconfirm.config.supabaseAnonKey,
        authorization: `Bearer ${autoconfirm.config.supabaseAnonKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ user_email: email }),
    });
    const known = await client.rpc('check_user_exists', { user_email: email });
    const unknown = await client.rpc('check_user_exists', { user_email: uniqueEmail('absent') });
    const statuses: number[] = [];
    for (let call = 0; call < 9; call += 1) {
      statuses.push((await client.rpc('check_user_exists', { user_email: uniqueEmail('probe') })).status);
    }
    const someoneElse = await signedIn(autoconfirm);

    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await anonymous.json()).toMatchObject({ code: 'no_authorization', msg: expect.any(String) });
    expect(known).toMatchObject({ data: true, error: null });
    expect(unknown).toMatchObject({ data: false, error: null });
    expect(statuses.slice(0, 8).every((status) => status === 200)).toBe(true);
    expect(statuses[8]).toBe(429);
    expect((await someoneElse.client.rpc('check_user_exists', { user_email: email })).data).toBe(true);
  });

  it('answers a sign-up with a taken address as for a new one and tells the owner by e-mail', async () => {
    const owner = uniqueEmail('owner');
    const first = await clientFor(confirming).auth.signUp({ email: owner, password: PASSWORD });
    await redirectOf(await linkFromMail(confirming, owner, 'confirmation'));
    const newcomer = await clientFor(confirming).auth.signUp({
      email: uniqueEmail('newcomer'),
      password: PASSWORD,
    });

    const again = await clientFor(confirming).auth.signUp({
      email: owner,
      password: 'somebody else entirely',
    });

    expect(first.error).toBeNull();
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user).toMatchObject({ email: owner, aud: 'authenticated' });
    // The same id a new address gets for its second sign-up: a random one would tell the two apart.
    expect(again.data.user!.id).toBe(first.data.user!.id);
    expect(again.data.user!.email_confirmed_at).toBeUndefined();
    expect(shapeOf(again.data.user)).toEqual(shapeOf(newcomer.data.user));
    const notice = (await mailbox(confirming, owner)).find((mail) => mail.kind === 'notification');
    expect(notice?.subject).toMatch(/sign.?up/i);
    expect(notice?.text).toMatch(/someone tried to sign up/i);
    expect(notice?.links.some((link) => link.includes('/verify'))).toBe(false);
    expect(
      (await clientFor(confirming).auth.signInWithPassword({ email: owner, password: PASSWORD })).error,
    ).toBeNull();
    expect(
      (
        await clientFor(autoconfirm).auth.signUp({
          email: (await signedIn(autoconfirm)).email,
          password: PASSWORD,
        })
      ).error,
    ).toMatchObject({ status: 422, code: 'user_already_exists' });
  });
});

describe('identity security: sessions', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_AUTOCONFIRM: 'true' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses the access token of a signed-out session on the API and on the socket check', async () => {
    const { client, session } = await signedIn(server);
    const verifier = createTokenVerifier(server.config, server.database.db);
    const claims = await verifier.verify(session.access_token);
    expect((await organizationsWith(server, session.access_token)).status).toBe(200);
    await expect(isSessionActive(verifier, claims)).resolves.toBe(true);

    await client.auth.signOut();

    expect((await organizationsWith(server, session.access_token)).status).toBe(401);
    await expect(
      createTokenVerifier(server.config, server.database.db).verify(session.access_token),
    ).rejects.toBeInstanceOf(UnauthorizedError);
    await expect(
      isSessionActive(createTokenVerifier(server.config, server.database.db), claims),
    ).resolves.toBe(false);
  });

  it('lets two tabs refresh the same token at once, and ends the session on a reuse after the interval', async () => {
    const { session } = await signedIn(server);

    const [tabOne, tabTwo] = await Promise.all([
      clientFor(server).auth.refreshSession({ refresh_token: session.refresh_token }),
      clientFor(server).auth.refreshSession({ refresh_token: session.refresh_token }),
    ]);

    expect(tabOne.error).toBeNull();
    expect(tabTwo.error).toBeNull();
    expect((await organizationsWith(server, tabOne.data.session!.access_token)).status).toBe(200);
    expect((await organizationsWith(server, tabTwo.data.session!.access_token)).status).toBe(200);

    // Ten seconds pass: the first token was rotated long enough ago that its reuse means theft.
    await server.database.db
      .update(idpRefreshTokens)
      .set({ revokedAt: new Date(Date.now() - 11_000) })
      .where(eq(idpRefreshTokens.tokenHash, sha256(session.refresh_token)));
    const stolen = await clientFor(server).auth.refreshSession({ refresh_token: session.refresh_token });

    expect(stolen.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    expect((await organizationsWith(server, tabOne.data.session!.access_token)).status).toBe(401);
    expect(
      (await clientFor(server).auth.refreshSession({ refresh_token: tabTwo.data.session!.refresh_token }))
        .error,
    ).toMatchObject({ code: 'refresh_token_already_used' });
  });

  it('ends the other sessions on the API when the password changes, and keeps the one that changed it', async () => {
    const { email } = await signedIn(server);
    const here = await signInAgain(server, email);
    const elsewhere = await signInAgain(server, email);
    expect((await organizationsWith(server, elsewhere.session.access_token)).status).toBe(200);

    const { error } = await here.client.auth.updateUser({
      password: NEW_PASSWORD,
      current_password: PASSWORD,
    });

    expect(error).toBeNull();
    expect((await organizationsWith(server, elsewhere.session.access_token)).status).toBe(401);
    expect((await organizationsWith(server, here.session.access_token)).status).toBe(200);
  });
});

describe('identity security: passwords', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_AUTOCONFIRM: 'true' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('asks for the current password to change it, except in a session opened by a recovery link', async () => {
    const { client, email } = await signedIn(server);

    const missing = await client.auth.updateUser({ password: NEW_PASSWORD });
    const wrong = await client.auth.updateUser({
      password: NEW_PASSWORD,
      current_password: 'not my password',
    });
    const right = await client.auth.updateUser({ password: NEW_PASSWORD, current_password: PASSWORD });

    expect(missing.error).toBeInstanceOf(AuthApiError);
    expect(missing.error).toMatchObject({ status: 400, code: 'current_password_required' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_invalid' });
    expect(right.error).toBeNull();
    expect(
      (await clientFor(server).auth.signInWithPassword({ email, password: NEW_PASSWORD })).error,
    ).toBeNull();

    const recovering = await recoverySession(server, email);
    expect((await recovering.auth.updateUser({ password: 'chosen after recovery' })).error).toBeNull();
    expect(
      (await clientFor(server).auth.signInWithPassword({ email, password: 'chosen after recovery' })).error,
    ).toBeNull();
  });

  it('refuses common passwords, blank ones and the e-mail itself as weak_password, at sign-up, change and recovery', async () => {
    const email = uniqueEmail('longlocalpart');
    const attempt = (password: string) => clientFor(server).auth.signUp({ email, password });

    const refused = [
      await attempt('password'),
      await attempt('12345678'),
      await attempt('        '),
      await attempt(email),
      await attempt(email.split('@')[0]!.toUpperCase()),
    ];
    const { client } = await signedIn(server, email);
    const change = await client.auth.updateUser({ password: 'iloveyou', current_password: PASSWORD });
    const recovery = await (await recoverySession(server, email)).auth.updateUser({ password: 'qwertyuiop' });

    for (const { error } of [...refused.map(({ error }) => ({ error })), change, recovery]) {
      expect(error).toBeInstanceOf(AuthWeakPasswordError);
      expect(error).toMatchObject({ status: 422, code: 'weak_password' });
      expect((error as AuthWeakPasswordError).reasons.length).toBeGreaterThan(0);
    }
    expect((refused[0]!.error as AuthWeakPasswordError).reasons).toEqual(['pwned']);
    expect((refused[2]!.error as AuthWeakPasswordError).reasons).toEqual(['characters']);
    expect(refused.every(({ data }) => data.user === null)).toBe(true);
  });

  it('refuses one character repeated and runs of consecutive characters, with a message that says so (issue 27)', async () => {
    const email = uniqueEmail('patterns');
    const refusedPasswords = ['aaaaaaaa', 'abcdefgh', 'ZYXWVUTSR', '98765432', 'abababab', 'abcabcabc'];
    const refused = [];
    for (const password of refusedPasswords) {
      refused.push((await clientFor(server).auth.signUp({ email, password })).error);
    }
    const { client } = await signedIn(server, email);
    const change = await client.auth.updateUser({ password: 'qqqqqqqqqqqq', current_password: PASSWORD });
    const accepted = await client.auth.updateUser({ password: 'abcdefgh ijkl', current_password: PASSWORD });

    for (const error of [...refused, change.error]) {
      expect(error).toBeInstanceOf(AuthWeakPasswordError);
      expect(error).toMatchObject({
        status: 422,
        code: 'weak_password',
        message: expect.stringMatching(/repeated or a run of consecutive characters/),
        reasons: ['characters'],
      });
    }
    expect(accepted.error).toBeNull();
  });
});

describe('identity security: sign-in limits', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { AUTH_AUTOCONFIRM: 'true', AUTH_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const from = (address: string): SupabaseClient =>
    clientFor(server, { headers: { 'x-forwarded-for': address } });

  it("limits an attacker's address, not the owner elsewhere nor the attacker's neighbours", async () => {
    const owner = uniqueEmail('owner');
    const colleague = uniqueEmail('colleague');
    await from('10.9.0.1').auth.signUp({ email: owner, password: PASSWORD });
    await from('10.9.0.1').auth.signUp({ email: colleague, password: PASSWORD });

    for (let attempt = 0; attempt < 3; attempt += 1) {
      await from('10.9.1.1').auth.signInWithPassword({ email: owner, password: 'guess' });
    }
    const attackerWithRightPassword = await from('10.9.1.1').auth.signInWithPassword({
      email: owner,
      password: PASSWORD,
    });
    const ownerAtHome = await from('10.9.2.1').auth.signInWithPassword({ email: owner, password: PASSWORD });
    const colleagueBesideAttacker = await from('10.9.1.1').auth.signInWithPassword({
      email: colleague,
      password: PASSWORD,
    });

    expect(attackerWithRightPassword.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(ownerAtHome.error).toBeNull();
    expect(colleagueBesideAttacker.error).toBeNull();

    // A spray of many e-mails from one address limits that address for everyone.
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await from('10.9.3.1').auth.signInWithPassword({ email: uniqueEmail('sprayed'), password: 'guess' });
    }
    expect(
      (await from('10.9.3.1').auth.signInWithPassword({ email: colleague, password: PASSWORD })).error,
    ).toMatchObject({ status: 429 });
    expect(
      (await from('10.9.3.2').auth.signInWithPassword({ email: colleague, password: PASSWORD })).error,
    ).toBeNull();
  });

  it('caps the failed sign-ins to one account from many addresses, says for how long, and a recovery link lifts it (issue 27)', async () => {
    const owner = uniqueEmail('target');
    const bystander = uniqueEmail('bystander');
    await from('10.9.4.1').auth.signUp({ email: owner, password: PASSWORD });
    await from('10.9.4.1').auth.signUp({ email: bystander, password: PASSWORD });

    // AUTH_RATE_LIMIT=3 a pair, 3 × 3 for the account: nine addresses, one guess each, none over its own limit.
    for (let address = 1; address <= 9; address += 1) {
      const guess = await from(`10.9.5.${address}`).auth.signInWithPassword({
        email: owner,
        password: 'guess',
      });
      expect(guess.error).toMatchObject({ code: 'invalid_credentials' });
    }
    const tenth = await fetch(`${server.url}/idp/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        apikey: server.config.supabaseAnonKey,
        'x-forwarded-for': '10.9.6.1',
      },
      body: JSON.stringify({ email: owner, password: PASSWORD }),
    });
    const bystanderThere = await from('10.9.6.1').auth.signInWithPassword({
      email: bystander,
      password: PASSWORD,
    });

    expect(tenth.status).toBe(429);
    expect(Number(tenth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await tenth.json()).toMatchObject({
      code: 'over_request_rate_limit',
      msg: expect.stringMatching(
        /to this account .* paused for about \d+ minutes?; "Forgot password" still works/,
      ),
    });
    expect(bystanderThere.error).toBeNull();

    await recoverySession(server, owner);
    expect(
      (await from('10.9.6.1').auth.signInWithPassword({ email: owner, password: PASSWORD })).error,
    ).toBeNull();
  });
});

describe('identity security: token keys', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_AUTOCONFIRM: 'true' } });
  });
  afterAll(async () => {
    await server?.close();
    jest.restoreAllMocks();
  });

  async function unknownKidToken(issuer: string, sub: string) {
    const { privateKey } = await generateKeyPair('ES256');
    return new SignJWT({ role: 'authenticated', session_id: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'ES256', kid: 'a-kid-nobody-published', typ: 'JWT' })
      .setIssuer(issuer)
      .setSubject(sub)
      .setAudience('authenticated')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
  }

  it('answers a token with an unknown kid with 401, the first time too, with the embedded keys and a JWKS', async () => {
    const { session } = await signedIn(server);
    const verifier = createTokenVerifier(server.config, server.database.db);
    await verifier.verify(session.access_token);
    const forged = await unknownKidToken(embeddedIssuer(server.config), session.user.id);
    // Long enough after the keys were read that an unknown kid makes the verifier read them again.
    const start = Date.now();
    jest.spyOn(Date, 'now').mockImplementation(() => start + 11_000);

    await expect(verifier.verify(forged)).rejects.toBeInstanceOf(UnauthorizedError);
    jest.restoreAllMocks();
    expect((await organizationsWith(server, forged)).status).toBe(401);

    const { publicKey } = await generateKeyPair('ES256');
    const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'published', alg: 'ES256', use: 'sig' }] };
    const hosted = http.createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(jwks));
    });
    await new Promise<void>((resolve) => hosted.listen(0, '127.0.0.1', resolve));
    try {
      const supabaseUrl = `http://127.0.0.1:${(hosted.address() as AddressInfo).port}`;
      const config = loadConfig({
        SUPABASE_URL: supabaseUrl,
        SUPABASE_ANON_KEY: 'anon',
        DATA_DIR: server.dataDir,
      });
      const hostedVerifier = createTokenVerifier(config, server.database.db);
      const hostedForged = await unknownKidToken(`${supabaseUrl}/auth/v1`, session.user.id);
      await expect(hostedVerifier.verify(hostedForged)).rejects.toBeInstanceOf(UnauthorizedError);
      await expect(hostedVerifier.verify(hostedForged)).rejects.toBeInstanceOf(UnauthorizedError);
    } finally {
      await new Promise<void>((resolve) => hosted.close(() => resolve()));
    }
  });
});

describe('identity security: logs', () => {
  let server: TestServer;
  let log = '';
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => (log += chunk.toString()));
    server = await startTestServer({ env: { LOG_LEVEL: 'info' }, logStream: stream });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('never writes one-time tokens, signed-link signatures or OAuth codes to the log', async () => {
    const email = uniqueEmail('logged');
    await clientFor(server).auth.signUp({ email, password: PASSWORD });
    const link = new URL(await linkFromMail(server, email, 'confirmation'));
    const token = link.searchParams.get('token')!;
    const { location } = await redirectOf(link.toString());
    const accessToken = fragmentOf(location).get('access_token')!;
    await fetch(
      `${server.url}/api/artifacts/some-run/trace.zip?expires=9999999999&signature=SIGNATUREVALUE123`,
    );
    await fetch(`${server.url}/idp/auth/v1/callback?code=OAUTHCODEVALUE123&state=OAUTHSTATEVALUE123`);
    await fetch(`${server.url}/idp/auth/v1/verify?type=recovery&token_hash=HASHVALUE123`);
    await new Promise((resolve) => setTimeout(resolve, 100));

    expect(token.length).toBeGreaterThan(20);
    expect(claimsOf(accessToken).sub).toEqual(expect.any(String));
    expect(log).toContain('/idp/auth/v1/verify');
    expect(log).toContain('/api/artifacts/some-run/trace.zip');
    for (const secret of [
      token,
      accessToken,
      'SIGNATUREVALUE123',
      'OAUTHCODEVALUE123',
      'OAUTHSTATEVALUE123',
      'HASHVALUE123',
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
