import { AuthApiError } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from './helpers';
import {
  clientFor,
  fragmentOf,
  latestMail,
  linkFromMail,
  PASSWORD,
  recordEvents,
  redirectOf,
  uniqueEmail,
} from './fixtures/identityTools';

const NEW_PASSWORD = 'remembered at last';

describe('identity provider: password recovery and existence checks', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_AUTOCONFIRM: 'true' } });
  });
  afterAll(async () => {
    await server.close();
  });

  it('resets a forgotten password through the e-mailed recovery link', async () => {
    const email = uniqueEmail('forgot');
    await clientFor(server).auth.signUp({ email, password: PASSWORD });

    const { data, error } = await clientFor(server).auth.resetPasswordForEmail(email, {
      redirectTo: `${server.url}/auth/set-new-password`,
    });
    expect(error).toBeNull();
    expect(data).toEqual({});
    const link = new URL(await linkFromMail(server, email, 'recovery'));
    expect(link.pathname).toBe('/idp/auth/v1/verify');
    expect(link.searchParams.get('type')).toBe('recovery');

    const { location } = await redirectOf(link.toString());
    expect(location.origin + location.pathname).toBe(`${server.url}/auth/set-new-password`);
    const fragment = fragmentOf(location);
    expect(fragment.get('type')).toBe('recovery');
    const client = clientFor(server);
    await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    const events = recordEvents(client);
    const updated = await client.auth.updateUser({ password: NEW_PASSWORD });

    expect(updated.error).toBeNull();
    expect(events).toEqual(['USER_UPDATED']);
    expect(
      (await clientFor(server).auth.signInWithPassword({ email, password: PASSWORD })).error,
    ).toMatchObject({ code: 'invalid_credentials' });
    expect(
      (await clientFor(server).auth.signInWithPassword({ email, password: NEW_PASSWORD })).error,
    ).toBeNull();
    expect(fragmentOf((await redirectOf(link.toString())).location).get('error_code')).toBe('otp_expired');
  });

  it('fires PASSWORD_RECOVERY when the recovery link returns a PKCE code to the client', async () => {
    const email = uniqueEmail('pkce-forgot');
    await clientFor(server).auth.signUp({ email, password: PASSWORD });
    const client = clientFor(server, { flowType: 'pkce' });
    const events = recordEvents(client);

    await client.auth.resetPasswordForEmail(email, { redirectTo: `${server.url}/auth/set-new-password` });
    const { location } = await redirectOf(await linkFromMail(server, email, 'recovery'));
    const exchanged = await client.auth.exchangeCodeForSession(location.searchParams.get('code')!);
    const updated = await client.auth.updateUser({ password: NEW_PASSWORD });

    expect(exchanged.error).toBeNull();
    expect((exchanged.data as { redirectType?: string }).redirectType).toBe('recovery');
    expect(updated.error).toBeNull();
    expect(events).toEqual(['PASSWORD_RECOVERY', 'USER_UPDATED']);
    expect(
      (await clientFor(server).auth.signInWithPassword({ email, password: NEW_PASSWORD })).error,
    ).toBeNull();
  });

  it('signs in with verifyOtp and the token of a recovery link', async () => {
    const email = uniqueEmail('otp');
    await clientFor(server).auth.signUp({ email, password: PASSWORD });
    await clientFor(server).auth.resetPasswordForEmail(email);
    const token = new URL(await linkFromMail(server, email, 'recovery')).searchParams.get('token')!;
    const client = clientFor(server);
    const events = recordEvents(client);

    const { data, error } = await client.auth.verifyOtp({ token_hash: token, type: 'recovery' });
    const again = await clientFor(server).auth.verifyOtp({ token_hash: token, type: 'recovery' });

    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(events).toEqual(['PASSWORD_RECOVERY']);
    expect(again.error).toMatchObject({ status: 403, code: 'otp_expired' });
  });

  it('answers a recovery request for an unknown address the same way, without sending anything', async () => {
    const email = uniqueEmail('stranger');

    const { data, error } = await clientFor(server).auth.resetPasswordForEmail(email);

    expect(error).toBeNull();
    expect(data).toEqual({});
    expect(await latestMail(server, email, 'recovery')).toBeNull();
  });

  it('answers check_user_exists to a signed-in caller with true for a registered e-mail and false otherwise', async () => {
    const email = uniqueEmail('Exists');
    await clientFor(server).auth.signUp({ email, password: PASSWORD });
    const client = clientFor(server);
    await client.auth.signUp({ email: uniqueEmail('asker'), password: PASSWORD });

    const known = await client.rpc('check_user_exists', { user_email: email.toUpperCase() });
    const unknown = await client.rpc('check_user_exists', { user_email: uniqueEmail('absent') });

    expect(known).toMatchObject({ data: true, error: null });
    expect(unknown).toMatchObject({ data: false, error: null });
  });
});

describe('identity provider: sign-in rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { AUTH_AUTOCONFIRM: 'true', AUTH_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  /** A client that presents itself from its own address (the server trusts X-Forwarded-For behind a proxy). */
  const from = (address: string) => clientFor(server, { headers: { 'x-forwarded-for': address } });

  it('answers 429 in GoTrue format once an e-mail had too many failed attempts from an address, even with the right password', async () => {
    const email = uniqueEmail('target');
    await from('10.0.0.1').auth.signUp({ email, password: PASSWORD });

    const failures = [];
    for (let attempt = 0; attempt < 3; attempt += 1)
      failures.push((await from('10.0.1.1').auth.signInWithPassword({ email, password: 'guess' })).error);
    const blocked = await from('10.0.1.1').auth.signInWithPassword({ email, password: PASSWORD });
    const otherPerson = uniqueEmail('bystander');
    await from('10.0.0.2').auth.signUp({ email: otherPerson, password: PASSWORD });

    expect(failures.map((failure) => failure?.code)).toEqual([
      'invalid_credentials',
      'invalid_credentials',
      'invalid_credentials',
    ]);
    expect(blocked.data.session).toBeNull();
    expect(blocked.error).toBeInstanceOf(AuthApiError);
    expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(blocked.error?.message).toMatch(/too many sign-in attempts.*try again later/i);
    expect(
      (await from('10.0.1.1').auth.signInWithPassword({ email: otherPerson, password: PASSWORD })).error,
    ).toBeNull();
    expect((await from('10.0.1.5').auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
  });

  it('answers 429 to a flood of recovery requests from one address', async () => {
    const flood = from('10.0.3.1');
    const statuses = [];
    for (let request = 0; request < 301; request += 1) {
      const { error } = await flood.auth.resetPasswordForEmail(uniqueEmail('flood'));
      statuses.push(error?.status ?? 200);
    }

    expect(statuses.slice(0, 300).every((status) => status === 200)).toBe(true);
    expect(statuses[300]).toBe(429);
    expect((await flood.auth.resetPasswordForEmail(uniqueEmail('flood'))).error).toMatchObject({
      status: 429,
      code: 'over_request_rate_limit',
    });
    expect((await from('10.0.3.2').auth.resetPasswordForEmail(uniqueEmail('calm'))).error).toBeNull();
  });

  it('answers 429 once one address had too many failed attempts (ten times the limit), whatever the e-mail', async () => {
    const email = uniqueEmail('victim');
    await from('10.0.0.3').auth.signUp({ email, password: PASSWORD });

    for (let attempt = 0; attempt < 30; attempt += 1) {
      await from('10.0.2.1').auth.signInWithPassword({ email: uniqueEmail('sprayed'), password: 'guess' });
    }
    const blocked = await from('10.0.2.1').auth.signInWithPassword({ email, password: PASSWORD });
    const elsewhere = await from('10.0.2.2').auth.signInWithPassword({ email, password: PASSWORD });

    expect(blocked.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
    expect(elsewhere.error).toBeNull();
  });
});
