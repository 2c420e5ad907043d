import { api, freePort, startTestServer, type TestServer } from './helpers';
import {
  claimsOf,
  clientFor,
  fragmentOf,
  PASSWORD,
  recordEvents,
  signInThroughProvider,
  startOidcProvider,
  uniqueEmail,
  type OidcProvider,
} from './fixtures/identityTools';

const CLIENT_ID = 'plainwright-test-client';
const CLIENT_SECRET = 'a-test-client-secret-of-some-length';

describe('identity provider: OAuth sign-in with Google (a local OpenID provider standing in)', () => {
  let server: TestServer;
  let provider: OidcProvider;
  const alice = uniqueEmail('alice');
  const carol = uniqueEmail('carol');
  const mallory = uniqueEmail('mallory');

  beforeAll(async () => {
    // The server discovers the provider lazily, so it can start first and tell the provider its callback.
    const providerPort = await freePort();
    server = await startTestServer({
      env: {
        AUTH_AUTOCONFIRM: 'true',
        GOOGLE_ISSUER: `http://127.0.0.1:${providerPort}`,
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      },
    });
    provider = await startOidcProvider({
      port: providerPort,
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUri: `${server.url}/idp/auth/v1/callback`,
      accounts: {
        alice: {
          email: alice,
          email_verified: true,
          name: 'Alice Liddell',
          given_name: 'Alice',
          family_name: 'Liddell',
        },
        carol: { email: carol, email_verified: true, given_name: 'Carol' },
        mallory: { email: mallory, email_verified: false },
      },
    });
  });
  afterAll(async () => {
    await provider?.close();
    await server?.close();
  });

  const landing = () => `${server.url}/auth/callback`;

  it('signs in through the provider and lands on redirect_to with a session in the fragment (implicit flow)', async () => {
    const client = clientFor(server);
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: landing() },
    });
    expect(data.url).toBe(
      `${server.url}/idp/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(landing())}`,
    );

    const final = await signInThroughProvider(data.url!, landing(), 'alice');

    const fragment = fragmentOf(final);
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('refresh_token')).toEqual(expect.any(String));
    const accessToken = fragment.get('access_token')!;
    expect(claimsOf(accessToken)).toMatchObject({
      email: alice,
      amr: [{ method: 'oauth', timestamp: expect.any(Number) }],
      app_metadata: { provider: 'google', providers: ['google'] },
      user_metadata: {
        first_name: 'Alice',
        last_name: 'Liddell',
        full_name: 'Alice Liddell',
        email_verified: true,
      },
    });
    const { data: set, error } = await client.auth.setSession({
      access_token: accessToken,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(error).toBeNull();
    expect(set.user?.identities).toContainEqual(expect.objectContaining({ provider: 'google', id: 'alice' }));
    expect((await api(server, 'GET', '/auth/get-user-organizations', { token: accessToken })).status).toBe(
      200,
    );
  });

  it('signs in with PKCE: the redirect carries a code that supabase-js exchanges for the same person', async () => {
    const first = await signInThroughProvider(
      (
        await clientFor(server).auth.signInWithOAuth({
          provider: 'google',
          options: { redirectTo: landing() },
        })
      ).data.url!,
      landing(),
      'alice',
    );
    const client = clientFor(server, { flowType: 'pkce' });
    const events = recordEvents(client);
    const { data } = await client.auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: landing() },
    });
    expect(new URL(data.url!).searchParams.get('code_challenge')).toEqual(expect.any(String));

    const final = await signInThroughProvider(data.url!, landing(), 'alice');
    expect(final.hash).toBe('');
    const exchanged = await client.auth.exchangeCodeForSession(final.searchParams.get('code')!);

    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.id).toBe(claimsOf(fragmentOf(first).get('access_token')!).sub);
    expect(events).toEqual(['SIGNED_IN']);
  });

  it('links a Google sign-in to the password account with the same verified e-mail', async () => {
    const { data: signUp } = await clientFor(server).auth.signUp({
      email: carol,
      password: PASSWORD,
      options: { data: { first_name: 'Caroline' } },
    });

    const final = await signInThroughProvider(
      (
        await clientFor(server).auth.signInWithOAuth({
          provider: 'google',
          options: { redirectTo: landing() },
        })
      ).data.url!,
      landing(),
      'carol',
    );

    const claims = claimsOf(fragmentOf(final).get('access_token')!);
    expect(claims.sub).toBe(signUp.user!.id);
    expect(claims.app_metadata).toEqual({ provider: 'email', providers: ['email', 'google'] });
    expect(claims.user_metadata).toMatchObject({ first_name: 'Caroline' });
    expect(
      (await clientFor(server).auth.signInWithPassword({ email: carol, password: PASSWORD })).error,
    ).toBeNull();
  });

  it('refuses to join an existing account when the provider did not verify the e-mail', async () => {
    await clientFor(server).auth.signUp({ email: mallory, password: PASSWORD });

    const final = await signInThroughProvider(
      (
        await clientFor(server).auth.signInWithOAuth({
          provider: 'google',
          options: { redirectTo: landing() },
        })
      ).data.url!,
      landing(),
      'mallory',
    );

    const fragment = fragmentOf(final);
    expect(fragment.get('access_token')).toBeNull();
    expect(fragment.get('error_code')).toBe('email_exists');
    expect(fragment.get('error_description')).toMatch(/did not confirm the address/);
  });

  it('answers authorize for a provider without configuration with provider_disabled', async () => {
    const response = await fetch(
      `${server.url}/idp/auth/v1/authorize?provider=azure&redirect_to=${encodeURIComponent(landing())}`,
      { redirect: 'manual' },
    );
    const unknown = await fetch(`${server.url}/idp/auth/v1/authorize?provider=myspace`, {
      redirect: 'manual',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      code: 'provider_disabled',
      msg: 'Unsupported provider: provider is not enabled',
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('lists the enabled external providers in settings', async () => {
    const response = await fetch(`${server.url}/idp/auth/v1/settings`);

    expect(await response.json()).toMatchObject({
      external: { email: true, google: true, azure: false },
      mailer_autoconfirm: true,
    });
  });

  it('refuses a provider callback whose state it did not issue', async () => {
    const response = await fetch(`${server.url}/idp/auth/v1/callback?code=made-up&state=made-up`, {
      redirect: 'manual',
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_oauth_state' });
  });
});

describe('identity provider: OAuth without configuration', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers authorize with provider_disabled for Google and Azure, in GoTrue format', async () => {
    for (const name of ['google', 'azure']) {
      const response = await fetch(
        `${server.url}/idp/auth/v1/authorize?provider=${name}&redirect_to=${encodeURIComponent(server.url)}`,
        {
          redirect: 'manual',
        },
      );
      expect(response.status).toBe(400);
      expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
      expect(await response.json()).toEqual({
        code: 'provider_disabled',
        error_code: 'provider_disabled',
        msg: 'Unsupported provider: provider is not enabled',
      });
    }
  });
});
