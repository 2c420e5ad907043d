import { eq } from 'drizzle-orm';
import { type Environment } from '../../contract/environments';
import { environments, organizationMembers } from '../src/db/schema';
import { api, startTestServer, tokenFor, type TestServer } from './helpers';
import { UNKNOWN_ID, workspace, type ErrorBody, type Workspace } from './testCasesFixtures';

describe('environments (issue 33)', () => {
  let server: TestServer;
  let me: Workspace;
  let other: Workspace;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer();
    me = await workspace(server, 'ada@example.com');
    other = await workspace(server, 'bob@example.com', { org: 'Other org', suite: 'Other suite' });
    base = `/test-suites/${me.suiteId}/environments`;
  });
  afterAll(async () => server.close());

  const call = <T = Environment & ErrorBody>(
    method: string,
    path: string,
    body?: unknown,
    token = me.token,
  ) => api<T>(server, method, path, { token, body });

  it('creates environments, the first one the default, and never sends a secret back', async () => {
    const staging = await call('POST', base, {
      name: ' Staging ',
      base_url: 'https://staging.shop.example/',
      variables: { item: 'Milk' },
      secrets: { admin_password: 'correct horse' },
    });
    expect(staging.status).toBe(201);
    expect(staging.body).toEqual({
      _id: expect.any(String),
      test_suite_id: me.suiteId,
      name: 'Staging',
      base_url: 'https://staging.shop.example/',
      variables: { item: 'Milk' },
      secrets: { admin_password: '********' },
      is_default: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const preview = await call('POST', base, { name: 'Preview', base_url: 'http://127.0.0.1:4100' });
    expect(preview.body.is_default).toBe(false);
    const listed = await call<Environment[]>('GET', base);
    expect(listed.body.map((env) => [env.name, env.is_default])).toEqual([
      ['Preview', false],
      ['Staging', true],
    ]);
    expect(JSON.stringify(listed.body)).not.toContain('correct horse');
    const [row] = await server.database.db
      .select()
      .from(environments)
      .where(eq(environments.id, staging.body._id));
    expect(JSON.stringify(row.secretsEncrypted)).not.toContain('correct horse');
    const forRun = await server.services.environments.forRun(me.suiteId, staging.body._id);
    expect(forRun).toMatchObject({
      origin: 'https://staging.shop.example',
      variables: { item: 'Milk' },
      secrets: { admin_password: 'correct horse' },
    });
  });

  it('moves the default, updates fields, keeps secrets left out and removes those set to null', async () => {
    const created = await call('POST', base, {
      name: 'Production',
      base_url: 'https://shop.example',
      secrets: { token: 'one', other: 'two' },
    });
    const id = created.body._id;
    const updated = await call('PUT', `${base}/${id}`, {
      name: 'Prod',
      variables: { region: 'eu' },
      secrets: { other: null, added: 'three' },
      is_default: true,
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Prod',
      variables: { region: 'eu' },
      secrets: { token: '********', added: '********' },
      is_default: true,
    });
    expect(Object.keys(updated.body.secrets).sort()).toEqual(['added', 'token']);
    const listed = await call<Environment[]>('GET', base);
    expect(listed.body.filter((env) => env.is_default).map((env) => env.name)).toEqual(['Prod']);
    expect((await server.services.environments.forRun(me.suiteId, id)).secrets).toEqual({
      token: 'one',
      added: 'three',
    });
    // Deleting the default makes the oldest one left the default.
    expect((await call('DELETE', `${base}/${id}`)).status).toBe(204);
    const after = await call<Environment[]>('GET', base);
    expect(after.body.filter((env) => env.is_default).map((env) => env.name)).toEqual(['Staging']);
  });

  it('answers 400 naming the field and what is allowed', async () => {
    const cases: [unknown, string, string][] = [
      [{ name: 'Ftp', base_url: 'ftp://files.example' }, 'base_url', 'http_or_https_only'],
      [{ name: 'Js', base_url: 'javascript:alert(1)' }, 'base_url', 'http_or_https_only'],
      [{ name: 'Nothing', base_url: 'not a url' }, 'base_url', 'http_or_https_only'],
      [{ name: 'No url' }, 'base_url', 'required'],
      [{ name: '   ', base_url: 'https://a.example' }, 'name', 'required'],
      [{ name: 'Staging', base_url: 'https://a.example' }, 'name', 'duplicate'],
      [{ name: 'x'.repeat(101), base_url: 'https://a.example' }, 'name', 'too_long'],
      [
        { name: 'Bad var', base_url: 'https://a.example', variables: { 'a b': '1' } },
        'variables',
        'invalid_name',
      ],
      [
        {
          name: 'Many',
          base_url: 'https://a.example',
          variables: Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`v${i}`, 'x'])),
        },
        'variables',
        'too_many',
      ],
      [
        { name: 'Long', base_url: 'https://a.example', variables: { v: 'x'.repeat(10_001) } },
        'variables',
        'too_long',
      ],
      [{ name: 'Empty secret', base_url: 'https://a.example', secrets: { s: '' } }, 'secrets', 'required'],
    ];
    for (const [body, field, reason] of cases) {
      const response = await call('POST', base, body);
      expect([body, response.status, response.body.error?.details?.fields]).toEqual([
        body,
        400,
        { [field]: reason },
      ]);
      expect(response.body.error.message).toEqual(expect.any(String));
    }
    const listed = await call<Environment[]>('GET', base);
    const staging = listed.body.find((env) => env.name === 'Staging')!;
    const rename = await call('PUT', `${base}/${staging._id}`, { base_url: 'file:///etc/passwd' });
    expect([rename.status, rename.body.error.details?.fields]).toEqual([
      400,
      { base_url: 'http_or_https_only' },
    ]);
    const preview = listed.body.find((env) => env.name === 'Preview')!;
    const clash = await call('PUT', `${base}/${preview._id}`, { name: 'Staging' });
    expect([clash.status, clash.body.error.details?.fields]).toEqual([400, { name: 'duplicate' }]);
  });

  it("answers 404 for another organization's project and environments, bad input or not, and for unknown ids", async () => {
    const theirs = await call(
      'POST',
      `/test-suites/${other.suiteId}/environments`,
      { name: 'Theirs', base_url: 'https://theirs.example' },
      other.token,
    );
    expect(theirs.status).toBe(201);
    for (const [method, path] of [
      ['GET', `/test-suites/${other.suiteId}/environments`],
      ['POST', `/test-suites/${other.suiteId}/environments`],
      ['PUT', `/test-suites/${other.suiteId}/environments/${theirs.body._id}`],
      ['DELETE', `/test-suites/${other.suiteId}/environments/${theirs.body._id}`],
    ]) {
      const response = await call(
        method,
        path,
        method === 'GET' || method === 'DELETE' ? undefined : { name: '', base_url: 'ftp://a.example' },
      );
      expect([method, path, response.status]).toEqual([method, path, 404]);
    }
    // Their environment under my project is not mine either.
    const crossed = await call('PUT', `${base}/${theirs.body._id}`, { name: 'Mine' });
    expect(crossed.status).toBe(404);
    expect((await call('DELETE', `${base}/${UNKNOWN_ID}`)).status).toBe(404);
    expect((await call('DELETE', `${base}/not-an-id`)).status).toBe(404);
    const [row] = await server.database.db
      .select()
      .from(environments)
      .where(eq(environments.id, theirs.body._id));
    expect(row.name).toBe('Theirs');
  });

  it('lets members read environments but only admins change them', async () => {
    const { token, userId } = await tokenFor(server, { email: 'member@example.com' });
    await api(server, 'GET', '/auth/get-user-organizations', { token });
    await server.database.db.insert(organizationMembers).values({ orgId: me.orgId, userId, role: 'member' });
    const listed = await call<Environment[]>('GET', base, undefined, token);
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).not.toContain('correct horse');
    const refused = await call('POST', base, { name: 'By member', base_url: 'https://a.example' }, token);
    expect(refused.status).toBe(403);
  });
});
