import { eq } from 'drizzle-orm';
import { type SharedParameter } from '../../contract/sharedParameters';
import { type TestCase } from '../../contract/testCases';
import { sharedParameters } from '../src/db/schema';
import { api, startTestServer, type TestServer } from './helpers';
import { createTest, UNKNOWN_ID, workspace, type ErrorBody, type Workspace } from './testCasesFixtures';

describe('shared parameters (secrets)', () => {
  let server: TestServer;
  let me: Workspace;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer();
    me = await workspace(server, 'ada@example.com');
    base = `/test-suites/${me.suiteId}/shared-parameters`;
  });
  afterAll(async () => server.close());

  const call = <T = SharedParameter & ErrorBody>(method: string, path: string, body?: unknown) =>
    api<T>(server, method, path, { token: me.token, body });

  it('creates a secret without ever sending its value back, and seals it at rest', async () => {
    const created = await call('POST', base, { key: 'admin_password', value: 'correct horse' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      _id: expect.any(String),
      key: 'admin_password',
      value: '********',
      test_suite_id: me.suiteId,
      linked_test_ids: [],
      allowed_hosts: [],
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const listed = await call<SharedParameter[]>('GET', base);
    expect(listed.body).toEqual([created.body]);
    expect(JSON.stringify([created.body, listed.body])).not.toContain('correct horse');
    const [row] = await server.database.db
      .select()
      .from(sharedParameters)
      .where(eq(sharedParameters.id, created.body._id));
    expect(row.valueEncrypted).not.toContain('correct horse');
    expect(await server.services.sharedParameters.valuesForSuite(me.suiteId)).toEqual({
      admin_password: 'correct horse',
    });
  });

  it("answers 'Parameter data is required' without a key or a value", async () => {
    for (const body of [
      {},
      { key: 'k' },
      { value: 'v' },
      { key: '  ', value: 'v' },
      { key: 'k', value: '' },
    ]) {
      const response = await call('POST', base, body);
      expect([body, response.status, response.body.error?.message]).toEqual([
        body,
        400,
        'Parameter data is required',
      ]);
    }
    const created = await call('POST', base, { key: 'for_update', value: 'v' });
    const emptyUpdate = await call('PUT', `${base}/${created.body._id}`, {});
    expect(emptyUpdate.status).toBe(400);
    expect(emptyUpdate.body.error.message).toBe('Parameter data is required');
  });

  it('refuses a second secret with the same name and names that are not simple', async () => {
    await call('POST', base, { key: 'unique_key', value: 'v' });
    const again = await call('POST', base, { key: 'unique_key', value: 'w' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('A secret already exists with same name');
    const bad = await call('POST', base, { key: 'with space', value: 'v' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Secret names may contain only letters, numbers or underscores');
  });

  it('updates key, value and linked tests; renaming onto another key is refused', async () => {
    const test = await createTest(server, me);
    const created = await call('POST', base, { key: 'rotating', value: 'one' });
    const updated = await call('PUT', `${base}/${created.body._id}`, {
      key: 'rotated',
      value: 'two',
      linked_test_ids: [test._id],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ key: 'rotated', value: '********', linked_test_ids: [test._id] });
    expect((await server.services.sharedParameters.valuesForSuite(me.suiteId)).rotated).toBe('two');
    const read = await api<TestCase>(server, 'GET', `/test-case/${test._id}`, { token: me.token });
    expect(read.body.shared_parameter_ids).toEqual([created.body._id]);
    await call('POST', base, { key: 'taken', value: 'x' });
    const clash = await call('PUT', `${base}/${created.body._id}`, { key: 'taken' });
    expect(clash.status).toBe(409);
    const unknownTest = await call('PUT', `${base}/${created.body._id}`, { linked_test_ids: [UNKNOWN_ID] });
    expect(unknownTest.status).toBe(400);
    expect(unknownTest.body.error.message).toBe('A test in linked_test_ids is not in this test suite');
  });

  it('never answers a secret value, whatever the call', async () => {
    const test = await createTest(server, me);
    const created = await call('POST', base, { key: 'never_echoed', value: 'pl41n-v4lue' });
    const replies = [
      created,
      await call('PUT', `${base}/${created.body._id}`, { value: 'n3w-v4lue' }),
      await call('PUT', `${base}/${created.body._id}`, {
        key: 'never_echoed_2',
        linked_test_ids: [test._id],
      }),
      await call('GET', base),
      await api(server, 'GET', `/test-case/${test._id}`, { token: me.token }),
      await api(server, 'GET', `/test-suites/${me.suiteId}/tree`, { token: me.token }),
    ];
    for (const reply of replies) {
      expect(reply.status).toBeLessThan(300);
      expect(JSON.stringify(reply.body)).not.toMatch(/pl41n-v4lue|n3w-v4lue/);
    }
    expect((await server.services.sharedParameters.valuesForSuite(me.suiteId)).never_echoed_2).toBe(
      'n3w-v4lue',
    );
  });

  it("answers 'A secret already exists with same name' when a secret takes a variable's name", async () => {
    const test = await createTest(server, me, { parameters: { shop_user: 'ada' } });
    const legacy = await createTest(server, me, { credentials: { shop_pin: '1234' } });
    for (const key of ['shop_user', 'shop_pin']) {
      const clash = await call('POST', base, { key, value: 'v', linked_test_ids: [test._id] });
      expect([key, clash.status, clash.body.error?.message]).toEqual([
        key,
        409,
        'A secret already exists with same name',
      ]);
    }
    const renamed = await call('POST', base, { key: 'shop_other', value: 'v' });
    const clash = await call('PUT', `${base}/${renamed.body._id}`, { key: 'shop_user' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe('A secret already exists with same name');
    // Keeping its own name while changing the value is no clash.
    expect((await call('PUT', `${base}/${renamed.body._id}`, { key: 'shop_other', value: 'w' })).status).toBe(
      200,
    );
    const listed = await call<SharedParameter[]>('GET', base);
    expect(listed.body.map((p) => p.key)).not.toContain('shop_user');
    expect(legacy.credentials).toEqual({ shop_pin: '1234' });
  });

  it("allows a secret named like a variable of another suite's test", async () => {
    const other = await api<{ test_suite_id: string }>(server, 'POST', '/test-suites', {
      token: me.token,
      body: { name: 'Elsewhere', org_id: me.orgId },
    });
    await createTest(server, { ...me, suiteId: other.body.test_suite_id }, { parameters: { far_away: 'x' } });
    expect((await call('POST', base, { key: 'far_away', value: 'v' })).status).toBe(201);
  });

  it('deletes a secret and unlinks it from its tests', async () => {
    const test = await createTest(server, me);
    const created = await call('POST', base, { key: 'short_lived', value: 'v', linked_test_ids: [test._id] });
    expect(created.body.linked_test_ids).toEqual([test._id]);
    expect((await call('DELETE', `${base}/${created.body._id}`)).status).toBe(204);
    const read = await api<TestCase>(server, 'GET', `/test-case/${test._id}`, { token: me.token });
    expect(read.body.shared_parameter_ids).toEqual([]);
    const again = await call('DELETE', `${base}/${created.body._id}`);
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('Shared parameter not found');
  });

  it('answers 404 for unknown suites and secrets', async () => {
    for (const [method, path] of [
      ['GET', `/test-suites/${UNKNOWN_ID}/shared-parameters`],
      ['POST', `/test-suites/not-a-uuid/shared-parameters`],
      ['PUT', `${base}/${UNKNOWN_ID}`],
      ['PUT', `${base}/not-a-uuid`],
      ['DELETE', `${base}/not-a-uuid`],
    ]) {
      const response = await call(
        method,
        path,
        method === 'GET' || method === 'DELETE' ? undefined : { key: 'k', value: 'v' },
      );
      expect([method, path, response.status]).toEqual([method, path, 404]);
    }
  });
});
