import { type TestCase } from '../../contract/testCases';
import { SUITE_NAME_MAX } from '../../contract/testSuites';
import { api, startTestServer, type TestServer } from './helpers';
import { createTest, type ErrorBody, workspace, type Workspace } from './testCasesFixtures';

/** Issue 11: over-long names are refused with a sentence, never cut; websites typed without a scheme get one. */
describe('test case names and websites', () => {
  let server: TestServer;
  let me: Workspace;

  beforeAll(async () => {
    server = await startTestServer();
    me = await workspace(server, 'ada@example.com');
  });
  afterAll(async () => server.close());

  const create = (fields: Record<string, unknown>) =>
    api<TestCase[] & ErrorBody>(server, 'POST', '/test-cases/', {
      token: me.token,
      body: {
        test_cases: [
          { test_suite_id: me.suiteId, name: 'Signs in', website: 'https://example.com', ...fields },
        ],
      },
    });
  const edit = (method: 'PUT' | 'PATCH', test: TestCase, fields: Record<string, unknown>) =>
    api<TestCase & ErrorBody>(server, method, `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { test_case_id: test._id, ...fields },
    });

  it('refuses a 201-character name with a sentence instead of cutting it', async () => {
    const created = await create({ name: 'n'.repeat(201) });
    expect(created.status).toBe(400);
    expect(created.body.error.message).toBe('Test names must be at most 200 characters');

    const test = await createTest(server, me, { name: 'Short' });
    const renamed = await edit('PATCH', test, { name: 'n'.repeat(2000) });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.message).toBe('Test names must be at most 200 characters');
    const read = await api<TestCase>(server, 'GET', `/test-case/${test._id}`, { token: me.token });
    expect(read.body.name).toBe('Short');
  });

  it('keeps a name of exactly 200 characters whole', async () => {
    const created = await create({ name: 'n'.repeat(200) });
    expect(created.status).toBe(201);
    expect(created.body[0].name).toHaveLength(200);
  });

  it('refuses a suite name over its limit with a sentence', async () => {
    const suite = await api<ErrorBody>(server, 'POST', '/test-suites', {
      token: me.token,
      body: { name: 's'.repeat(SUITE_NAME_MAX + 1), org_id: me.orgId },
    });
    expect(suite.status).toBe(400);
    expect(suite.body.error.message).toBe(`Name must be at most ${SUITE_NAME_MAX} characters`);
  });

  it('stores a website typed without a scheme with the scheme it means on create, PUT and PATCH', async () => {
    const local = await create({ website: 'localhost:3112' });
    expect(local.status).toBe(201);
    expect(local.body[0].website).toBe('http://localhost:3112');

    const remote = await create({ website: '  example.com:8443/path ' });
    expect(remote.body[0].website).toBe('https://example.com:8443/path');

    const put = await edit('PUT', local.body[0], { name: 'Signs in', website: '127.0.0.1:8080' });
    expect(put.status).toBe(200);
    expect(put.body.website).toBe('http://127.0.0.1:8080');

    const patched = await edit('PATCH', local.body[0], { website: 'example.com' });
    expect(patched.status).toBe(200);
    expect(patched.body.website).toBe('https://example.com');
  });

  it('still refuses what is not a website', async () => {
    for (const website of ['nope', 'mailto:a@example.com', 'not a url']) {
      const created = await create({ website });
      expect(created.status).toBe(400);
      expect(created.body.error.message).toBe('Please enter a valid URL');
    }
  });
});
