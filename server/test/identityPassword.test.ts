import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { eq } from 'drizzle-orm';
import { idpUsers } from '../src/db/schema';
import { startTestServer, type TestServer } from './helpers';
import {
  claimsOf,
  clientFor,
  fragmentOf,
  latestMail,
  linkFromMail,
  PASSWORD,
  recordEvents,
  redirectOf,
  uniqueEmail,
} from './fixtures/identityTools';

describe('identity provider: sign-up and sign-in when sign-ups confirm themselves', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_AUTOCONFIRM: 'true' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('signs a new person up with a session carrying GoTrue claims and fires SIGNED_IN', async () => {
    const client = clientFor(server);
    const events = recordEvents(client);
    const email = uniqueEmail('Ada');
    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { first_name: 'Ada', last_name: 'Lovelace' } },
    });

    expect(error).toBeNull();
    expect(events).toEqual(['SIGNED_IN']);
    expect(data.user).toMatchObject({
      email: email.toLowerCase(),
      aud: 'authenticated',
      role: 'authenticated',
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Ada', last_name: 'Lovelace' },
      is_anonymous: false,
    });
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    const session = data.session!;
    expect(session).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(session.refresh_token).toEqual(expect.any(String));

    const header = JSON.parse(
      Buffer.from(session.access_token.split('.')[0]!, 'base64url').toString(),
    ) as Record<string, unknown>;
    expect(header).toMatchObject({ alg: 'ES256', kid: expect.any(String) });
    const claims = claimsOf(session.access_token);
    expect(claims).toMatchObject({
      iss: `${server.url}/idp/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      phone: '',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: expect.any(Number) }],
      session_id: expect.any(String),
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { first_name: 'Ada', last_name: 'Lovelace' },
      is_anonymous: false,
    });
    expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
  });

  it('refuses a second sign-up with the same e-mail as user_already_exists', async () => {
    const email = uniqueEmail('twice');
    expect((await clientFor(server).auth.signUp({ email, password: PASSWORD })).error).toBeNull();

    const { data, error } = await clientFor(server).auth.signUp({
      email: email.toUpperCase(),
      password: PASSWORD,
    });

    expect(data.session).toBeNull();
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error).toMatchObject({
      status: 422,
      code: 'user_already_exists',
      message: 'User already registered',
    });
  });

  it('refuses a password shorter than 8 characters as weak_password with the length reason', async () => {
    const { data, error } = await clientFor(server).auth.signUp({
      email: uniqueEmail('weak'),
      password: 'seven77',
    });

    expect(data.user).toBeNull();
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({ status: 422, code: 'weak_password', reasons: ['length'] });
    expect(error?.message).toMatch(/at least 8 characters/);
  });

  it('refuses an e-mail address that is not one', async () => {
    const { error } = await clientFor(server).auth.signUp({ email: 'not-an-address', password: PASSWORD });

    expect(error).toMatchObject({ status: 400, code: 'email_address_invalid' });
  });

  it('signs in with the right password and answers a wrong password and an unknown e-mail alike', async () => {
    const email = uniqueEmail('signin');
    await clientFor(server).auth.signUp({ email, password: PASSWORD });
    const client = clientFor(server);
    const events = recordEvents(client);

    const good = await client.auth.signInWithPassword({ email, password: PASSWORD });
    const wrong = await clientFor(server).auth.signInWithPassword({ email, password: 'not the password' });
    const unknown = await clientFor(server).auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: PASSWORD,
    });

    expect(good.error).toBeNull();
    expect(good.data.session?.access_token).toEqual(expect.any(String));
    expect(good.data.user?.last_sign_in_at).toEqual(expect.any(String));
    expect(events).toEqual(['SIGNED_IN']);
    for (const failed of [wrong, unknown]) {
      expect(failed.data.session).toBeNull();
      expect(failed.error).toBeInstanceOf(AuthApiError);
      expect(failed.error).toMatchObject({
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('returns the signed-in person from getUser, with their e-mail identity', async () => {
    const email = uniqueEmail('getuser');
    const client = clientFor(server);
    const { data: signUp } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { first_name: 'Grace' } },
    });

    const { data, error } = await client.auth.getUser();

    expect(error).toBeNull();
    expect(data.user).toMatchObject({
      id: signUp.user!.id,
      email,
      user_metadata: { first_name: 'Grace' },
      identities: [expect.objectContaining({ provider: 'email', user_id: signUp.user!.id })],
    });
  });

  it('changes metadata and password with updateUser, fires USER_UPDATED and keeps roles out of reach', async () => {
    const email = uniqueEmail('update');
    const client = clientFor(server);
    await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { first_name: 'Old', last_name: 'Name' } },
    });
    const events = recordEvents(client);

    const renamed = await client.auth.updateUser({ data: { first_name: 'Katherine', roles: ['admin'] } });
    const tooShort = await client.auth.updateUser({ password: 'short' });
    const samePassword = await client.auth.updateUser({ password: PASSWORD, current_password: PASSWORD });
    const changed = await client.auth.updateUser({
      password: 'a brand new passphrase',
      current_password: PASSWORD,
    });

    expect(renamed.error).toBeNull();
    expect(renamed.data.user?.user_metadata).toEqual({ first_name: 'Katherine', last_name: 'Name' });
    expect(tooShort.error).toMatchObject({ status: 422, code: 'weak_password' });
    expect(samePassword.error).toMatchObject({ status: 422, code: 'same_password' });
    expect(changed.error).toBeNull();
    expect(events).toEqual(['USER_UPDATED', 'USER_UPDATED']);

    const refreshed = await client.auth.refreshSession();
    expect(claimsOf(refreshed.data.session!.access_token).user_metadata).toEqual({
      first_name: 'Katherine',
      last_name: 'Name',
    });
    const withOld = await clientFor(server).auth.signInWithPassword({ email, password: PASSWORD });
    const withNew = await clientFor(server).auth.signInWithPassword({
      email,
      password: 'a brand new passphrase',
    });
    expect(withOld.error).toMatchObject({ code: 'invalid_credentials' });
    expect(withNew.error).toBeNull();
  });
});

describe('identity provider: sign-up with e-mail confirmation', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('signs up without a session and e-mails a confirmation link', async () => {
    const email = uniqueEmail('confirm');
    const client = clientFor(server);
    const events = recordEvents(client);

    const { data, error } = await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${server.url}/auth/callback`, data: { first_name: 'Mary' } },
    });

    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({
      email,
      user_metadata: { first_name: 'Mary' },
      confirmation_sent_at: expect.any(String),
    });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    expect(events).toEqual([]);
    const mail = await latestMail(server, email, 'confirmation');
    expect(mail?.subject).toMatch(/confirm/i);
    const link = new URL(await linkFromMail(server, email, 'confirmation'));
    expect(link.origin + link.pathname).toBe(`${server.url}/idp/auth/v1/verify`);
    expect(link.searchParams.get('type')).toBe('signup');
    expect(link.searchParams.get('token')).toEqual(expect.any(String));
    expect(link.searchParams.get('redirect_to')).toBe(`${server.url}/auth/callback`);
  });

  it('refuses to sign in before the address is confirmed as email_not_confirmed', async () => {
    const email = uniqueEmail('early');
    await clientFor(server).auth.signUp({ email, password: PASSWORD });

    const { data, error } = await clientFor(server).auth.signInWithPassword({ email, password: PASSWORD });

    expect(data.session).toBeNull();
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
  });

  it('confirms through the e-mailed link, lands on redirect_to with a session in the fragment, and the link works once', async () => {
    const email = uniqueEmail('link');
    await clientFor(server).auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${server.url}/auth/callback` },
    });
    const link = await linkFromMail(server, email, 'confirmation');

    const { status, location } = await redirectOf(link);

    expect(status).toBe(303);
    expect(location.origin + location.pathname).toBe(`${server.url}/auth/callback`);
    const fragment = fragmentOf(location);
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('type')).toBe('signup');
    expect(Number(fragment.get('expires_in'))).toBe(3600);
    const client = clientFor(server);
    const { data, error } = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toEqual(expect.any(String));
    expect((await clientFor(server).auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

    const again = await redirectOf(link);
    expect(fragmentOf(again.location).get('error_code')).toBe('otp_expired');
    expect(fragmentOf(again.location).get('access_token')).toBeNull();
  });

  it('confirms with PKCE: the link returns a code that the client exchanges for a session', async () => {
    const email = uniqueEmail('pkce');
    const client = clientFor(server, { flowType: 'pkce' });
    const events = recordEvents(client);
    await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${server.url}/auth/callback` },
    });

    const { location } = await redirectOf(await linkFromMail(server, email, 'confirmation'));
    const code = location.searchParams.get('code');
    expect(location.hash).toBe('');
    expect(code).toEqual(expect.any(String));
    const { data, error } = await client.auth.exchangeCodeForSession(code!);

    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(claimsOf(data.session!.access_token).amr).toEqual([
      { method: 'otp', timestamp: expect.any(Number) },
    ]);
    expect(events).toEqual(['SIGNED_IN']);
    const reused = await clientFor(server).auth.exchangeCodeForSession(code!);
    expect(reused.error).toBeTruthy();
  });

  it('refuses a PKCE code presented with the wrong verifier, and the code is spent', async () => {
    const email = uniqueEmail('verifier');
    const client = clientFor(server, { flowType: 'pkce' });
    await client.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${server.url}/auth/callback` },
    });
    const code = (
      await redirectOf(await linkFromMail(server, email, 'confirmation'))
    ).location.searchParams.get('code')!;

    const wrong = await fetch(`${server.url}/idp/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: server.config.supabaseAnonKey },
      body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(64) }),
    });
    const right = await client.auth.exchangeCodeForSession(code);

    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ code: 'bad_code_verifier' });
    expect(right.data.session).toBeNull();
    expect(right.error).toMatchObject({ code: 'flow_state_not_found' });
  });

  it('resends the confirmation at most once a minute, and only the newest link works', async () => {
    const email = uniqueEmail('resend');
    await clientFor(server).auth.signUp({ email, password: PASSWORD });
    const first = await linkFromMail(server, email, 'confirmation');

    const tooSoon = await clientFor(server).auth.resend({ type: 'signup', email });
    expect(tooSoon.error).toBeNull();
    expect(await linkFromMail(server, email, 'confirmation')).toBe(first);

    const aMinuteAgo = new Date(Date.now() - 61_000);
    await server.database.db
      .update(idpUsers)
      .set({ confirmationSentAt: aMinuteAgo })
      .where(eq(idpUsers.email, email));
    const resent = await clientFor(server).auth.resend({ type: 'signup', email });
    const second = await linkFromMail(server, email, 'confirmation');

    expect(resent.error).toBeNull();
    expect(second).not.toBe(first);
    expect(fragmentOf((await redirectOf(first)).location).get('error_code')).toBe('otp_expired');
    expect(fragmentOf((await redirectOf(second)).location).get('access_token')).toEqual(expect.any(String));
  });

  it('never sends a confirmed person to another site', async () => {
    const email = uniqueEmail('elsewhere');
    await clientFor(server).auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: 'https://evil.example/steal' },
    });

    const { location } = await redirectOf(await linkFromMail(server, email, 'confirmation'));

    expect(location.origin).toBe(server.url);
    expect(fragmentOf(location).get('access_token')).toEqual(expect.any(String));
  });
});
