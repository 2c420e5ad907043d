import { api, startTestServer, tokenFor, type TestServer } from './helpers';

interface ErrorBody {
  error: { code: string; message: string };
}
interface Suite {
  test_suite_id: string;
  name: string;
  org_id: string;
  created_at: string;
}

describe('test suites', () => {
  let server: TestServer;
  let token: string;
  let orgId: string;

  beforeAll(async () => {
    server = await startTestServer();
    ({ token } = await tokenFor(server, { email: 'ada@example.com' }));
    const org = await api<{ org_id: string }>(server, 'POST', '/organizations', {
      token,
      body: { name: 'Engines' },
    });
    orgId = org.body.org_id;
  });
  afterAll(async () => server.close());

  it('creates, lists, renames and deletes a suite', async () => {
    const created = await api<{ test_suite_id: string }>(server, 'POST', '/test-suites', {
      token,
      body: { name: ' Checkout ', org_id: orgId },
    });
    expect(created.status).toBe(201);
    const id = created.body.test_suite_id;

    const listed = await api<Suite[]>(server, 'GET', `/organizations/${orgId}/test-suites`, { token });
    expect(listed.body).toEqual([
      { test_suite_id: id, name: 'Checkout', org_id: orgId, created_at: expect.any(String) },
    ]);

    const renamed = await api<Suite>(
      server,
      'PUT',
      `/test-suites/${id}/rename?new_name=${encodeURIComponent('Check out v2')}`,
      { token },
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Check out v2');

    expect((await api(server, 'GET', `/browser-states/${id}`, { token })).body).toEqual([]);

    const deleted = await api(server, 'DELETE', `/test-suites/${id}`, { token });
    expect(deleted.status).toBe(204);
    expect(
      (await api<Suite[]>(server, 'GET', `/organizations/${orgId}/test-suites`, { token })).body,
    ).toEqual([]);
  });

  it("answers SPEC §5's messages for missing names and ids", async () => {
    const cases: [string, string, unknown, string][] = [
      ['POST', '/test-suites', { name: '   ', org_id: orgId }, 'Name and organization ID are required'],
      ['POST', '/test-suites', { name: 'Valid' }, 'Name and organization ID are required'],
      ['POST', '/test-suites', { name: 12, org_id: orgId }, 'Name and organization ID are required'],
      ['POST', '/test-suites', {}, 'Name and organization ID are required'],
    ];
    for (const [method, path, body, message] of cases) {
      const response = await api<ErrorBody>(server, method, path, { token, body });
      expect(response.status).toBe(400);
      expect(response.body.error.message).toBe(message);
    }
    const created = await api<{ test_suite_id: string }>(server, 'POST', '/test-suites', {
      token,
      body: { name: 'Keep', org_id: orgId },
    });
    const blankRename = await api<ErrorBody>(
      server,
      'PUT',
      `/test-suites/${created.body.test_suite_id}/rename?new_name=%20`,
      { token },
    );
    expect(blankRename.status).toBe(400);
    expect(blankRename.body.error.message).toBe('Test suite ID and new name are required');
    const missingRename = await api<ErrorBody>(
      server,
      'PUT',
      `/test-suites/${created.body.test_suite_id}/rename`,
      { token },
    );
    expect(missingRename.body.error.message).toBe('Test suite ID and new name are required');
    const unknown = await api<ErrorBody>(
      server,
      'PUT',
      `/test-suites/00000000-0000-4000-8000-000000000000/rename?new_name=X`,
      { token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Test suite not found');
    const garbage = await api<ErrorBody>(server, 'DELETE', `/test-suites/not-a-uuid`, { token });
    expect(garbage.status).toBe(404);
  });

  it('refuses a second suite with the same name in one organization, and a name that is too long', async () => {
    await api(server, 'POST', '/test-suites', { token, body: { name: 'Unique', org_id: orgId } });
    const duplicate = await api<ErrorBody>(server, 'POST', '/test-suites', {
      token,
      body: { name: 'unique', org_id: orgId },
    });
    expect(duplicate.status).toBe(409);
    const long = await api<ErrorBody>(server, 'POST', '/test-suites', {
      token,
      body: { name: 'n'.repeat(201), org_id: orgId },
    });
    expect(long.status).toBe(400);
  });
});
