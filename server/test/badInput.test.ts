import { api, startTestServer, tokenFor, type TestServer } from './helpers';

/** Every foundation endpoint, fed missing, mistyped, over-long, blank and unknown values: 4xx with a message, never 5xx. */
describe('bad input', () => {
  let server: TestServer;
  let token: string;
  let orgId: string;

  beforeAll(async () => {
    server = await startTestServer();
    ({ token } = await tokenFor(server, { email: 'ada@example.com' }));
    orgId = (
      await api<{ org_id: string }>(server, 'POST', '/organizations', { token, body: { name: 'Engines' } })
    ).body.org_id;
  });
  afterAll(async () => server.close());

  const long = 'x'.repeat(5000);
  const unknown = '00000000-0000-4000-8000-000000000000';
  const ids = () => [unknown, 'not-a-uuid', long, '%20', "1'; DROP TABLE organizations; --"];

  const requests = (): [string, string, unknown?][] => [
    ...ids().flatMap((id): [string, string, unknown?][] => [
      ['GET', `/organizations/${id}/users`],
      ['POST', `/organizations/${id}/add-user/someone@example.com`],
      ['POST', `/organizations/${orgId}/add-user/${id}`],
      ['PUT', `/organizations/${id}/remove-user/${id}`],
      ['PUT', `/organization/${orgId}/remove-user/${id}`],
      ['PUT', `/organization/${id}/regenerate-service-account-key`],
      ['GET', `/organizations/${id}/test-suites`],
      ['PUT', `/test-suites/${id}/rename?new_name=Name`],
      ['DELETE', `/test-suites/${id}`],
      ['GET', `/browser-states/${id}`],
    ]),
    ['POST', '/organizations', { name: long }],
    ['POST', '/organizations', { name: null }],
    ['POST', '/organizations', { name: ['a'] }],
    ['POST', '/organizations', { name: 'ok', extra: true }],
    ['POST', '/organizations', 'just a string'],
    ['POST', '/test-suites', { name: long, org_id: orgId }],
    ['POST', '/test-suites', { name: 'Fine', org_id: 'not-a-uuid' }],
    ['POST', '/test-suites', { name: 'Fine', org_id: { $ne: null } }],
    ['POST', '/test-suites', []],
    ['PUT', `/test-suites/${unknown}/rename?new_name=${long}`],
  ];

  it('answers every bad request with a 4xx and a sentence', async () => {
    const failures: string[] = [];
    for (const [method, path, body] of requests()) {
      const response = await api<{ error?: { message?: string } }>(server, method, path, { token, body });
      const ok =
        response.status >= 400 &&
        response.status < 500 &&
        typeof response.body?.error?.message === 'string' &&
        response.body.error.message.length > 0;
      if (!ok)
        failures.push(
          `${method} ${path.slice(0, 80)} → ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`,
        );
    }
    expect(failures).toEqual([]);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await fetch(`${server.url}/api/organizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{"name": ',
    });
    expect(response.status).toBe(400);
    expect((await response.json()).error.message).toMatch(/json/i);
  });

  it('answers a body over the limit with 413', async () => {
    const response = await fetch(`${server.url}/api/organizations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(413);
  });

  it('left the organization list as it was', async () => {
    const orgs = await api<{ name: string }[]>(server, 'GET', '/auth/get-user-organizations', { token });
    expect(orgs.body.map((o) => o.name)).toEqual(['Engines']);
  });
});
