import { api, startTestServer, tokenFor, type TestServer } from './helpers';

/**
 * A member of organization A asks for B's resources on every endpoint of the foundation: each answers
 * 404 (or 403) and B's data never appears in a body.
 */
describe('organization isolation', () => {
  let server: TestServer;
  let a: string;
  let b: string;
  let bOrg: { org_id: string; name: string; service_account_key: string };
  let bSuite: string;
  let bUser: string;

  beforeAll(async () => {
    server = await startTestServer();
    a = (await tokenFor(server, { email: 'alice@a.example' })).token;
    const bPerson = await tokenFor(server, { email: 'boris@b.example' });
    b = bPerson.token;
    bUser = bPerson.userId;
    await api(server, 'POST', '/organizations', { token: a, body: { name: 'Org A' } });
    bOrg = (
      await api<typeof bOrg>(server, 'POST', '/organizations', { token: b, body: { name: 'Secret Org B' } })
    ).body;
    bSuite = (
      await api<{ test_suite_id: string }>(server, 'POST', '/test-suites', {
        token: b,
        body: { name: 'Secret suite', org_id: bOrg.org_id },
      })
    ).body.test_suite_id;
  });
  afterAll(async () => server.close());

  const calls = (): [string, string, unknown?][] => [
    ['GET', `/organizations/${bOrg.org_id}/users`],
    ['POST', `/organizations/${bOrg.org_id}/add-user/intruder@a.example`],
    ['PUT', `/organizations/${bOrg.org_id}/remove-user/${bUser}`],
    ['PUT', `/organization/${bOrg.org_id}/remove-user/${bUser}`],
    ['PUT', `/organization/${bOrg.org_id}/regenerate-service-account-key`],
    ['GET', `/organizations/${bOrg.org_id}/test-suites`],
    ['POST', '/test-suites', { name: 'Planted', org_id: bOrg.org_id }],
    ['PUT', `/test-suites/${bSuite}/rename?new_name=Hijacked`],
    ['DELETE', `/test-suites/${bSuite}`],
    ['GET', `/browser-states/${bSuite}`],
    // Issue 27's role changes: an outsider can neither demote B's admin nor hand out the expert right.
    ['PATCH', `/organizations/${bOrg.org_id}/users/${bUser}`, { role: 'viewer', expert: true }],
  ];

  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10])('keeps call %i on B out of reach of A', async (index) => {
    const [method, path, body] = calls()[index];
    const response = await api<unknown>(server, method, path, { token: a, body });
    expect([403, 404]).toContain(response.status);
    const text = JSON.stringify(response.body);
    for (const secret of ['Secret Org B', 'Secret suite', 'boris@b.example', bOrg.service_account_key])
      expect(text).not.toContain(secret);
  });

  it("leaves B's data exactly as it was", async () => {
    const orgs = await api<{ org_id: string; name: string; service_account_key: string }[]>(
      server,
      'GET',
      '/auth/get-user-organizations',
      { token: b },
    );
    expect(orgs.body).toEqual([
      expect.objectContaining({ name: 'Secret Org B', service_account_key: bOrg.service_account_key }),
    ]);
    const suites = await api<{ name: string }[]>(server, 'GET', `/organizations/${bOrg.org_id}/test-suites`, {
      token: b,
    });
    expect(suites.body.map((s) => s.name)).toEqual(['Secret suite']);
    const users = await api<{ email: string; role: string; expert: boolean }[]>(
      server,
      'GET',
      `/organizations/${bOrg.org_id}/users`,
      { token: b },
    );
    expect(users.body.map((u) => [u.email, u.role, u.expert])).toEqual([['boris@b.example', 'admin', false]]);
    const aOrgs = await api<{ name: string }[]>(server, 'GET', '/auth/get-user-organizations', { token: a });
    expect(aOrgs.body.map((o) => o.name)).toEqual(['Org A']);
  });
});
