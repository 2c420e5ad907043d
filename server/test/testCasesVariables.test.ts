import { type SharedParameter } from '../../contract/sharedParameters';
import { type TestCase } from '../../contract/testCases';
import { api, startTestServer, type TestServer } from './helpers';
import { createTest, UNKNOWN_ID, workspace, type ErrorBody, type Workspace } from './testCasesFixtures';

describe('test variables and secrets', () => {
  let server: TestServer;
  let me: Workspace;
  let secret: SharedParameter;

  beforeAll(async () => {
    server = await startTestServer();
    me = await workspace(server, 'ada@example.com');
    secret = (
      await api<SharedParameter>(server, 'POST', `/test-suites/${me.suiteId}/shared-parameters`, {
        token: me.token,
        body: { key: 'api_token', value: 's3cr3t' },
      })
    ).body;
  });
  afterAll(async () => server.close());

  const addVariable = (id: string, body: unknown) =>
    api<TestCase & ErrorBody>(server, 'POST', `/test-case/${id}/variables`, { token: me.token, body });

  it('adds, changes and deletes a variable', async () => {
    const test = await createTest(server, me, { parameters: { user: 'ada' } });
    const added = await addVariable(test._id, { name: ' password ', value: 'hunter2' });
    expect(added.status).toBe(201);
    expect(added.body.parameters).toEqual({ user: 'ada', password: 'hunter2' });
    const changed = await api<TestCase>(server, 'PUT', `/test-case/${test._id}/variables/password`, {
      token: me.token,
      body: { value: 'better' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.parameters).toEqual({ user: 'ada', password: 'better' });
    const deleted = await api<TestCase>(server, 'DELETE', `/test-case/${test._id}/variables/user`, {
      token: me.token,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.parameters).toEqual({ password: 'better' });
    const gone = await api<ErrorBody>(server, 'DELETE', `/test-case/${test._id}/variables/user`, {
      token: me.token,
    });
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe('Variable not found');
  });

  it("answers 'Variable already exists' for a second variable of the same name", async () => {
    const test = await createTest(server, me, { parameters: { email: 'a@example.com' } });
    const again = await addVariable(test._id, { name: 'email', value: 'b@example.com' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('Variable already exists');
    const read = await api<TestCase>(server, 'GET', `/test-case/${test._id}`, { token: me.token });
    expect(read.body.parameters).toEqual({ email: 'a@example.com' });
  });

  it('lets exactly one of two people adding the same variable at once succeed', async () => {
    const test = await createTest(server, me);
    const results = await Promise.all([
      addVariable(test._id, { name: 'race', value: 'one' }),
      addVariable(test._id, { name: 'race', value: 'two' }),
      addVariable(test._id, { name: 'other', value: 'three' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409]);
    const read = await api<TestCase>(server, 'GET', `/test-case/${test._id}`, { token: me.token });
    expect(Object.keys(read.body.parameters).sort()).toEqual(['other', 'race']);
  });

  it("answers 'A secret already exists with same name' when a variable takes a secret's name", async () => {
    const test = await createTest(server, me);
    const viaEndpoint = await addVariable(test._id, { name: 'api_token', value: 'x' });
    expect(viaEndpoint.status).toBe(409);
    expect(viaEndpoint.body.error.message).toBe('A secret already exists with same name');
    const viaPatch = await api<ErrorBody>(server, 'PATCH', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { test_case_id: test._id, parameters: { api_token: 'x' } },
    });
    expect(viaPatch.status).toBe(409);
    expect(viaPatch.body.error.message).toBe('A secret already exists with same name');
    const viaPut = await api<ErrorBody>(server, 'PUT', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { name: 'x', website: 'https://example.com', parameters: { api_token: 'x' } },
    });
    expect(viaPut.body.error.message).toBe('A secret already exists with same name');
    const viaCreate = await api<ErrorBody>(server, 'POST', '/test-cases/', {
      token: me.token,
      body: {
        test_cases: [
          {
            test_suite_id: me.suiteId,
            name: 'x',
            website: 'https://example.com',
            parameters: { api_token: 'x' },
          },
        ],
      },
    });
    expect(viaCreate.body.error.message).toBe('A secret already exists with same name');
  });

  it("allows a secret's name in another suite", async () => {
    const suite = await api<{ test_suite_id: string }>(server, 'POST', '/test-suites', {
      token: me.token,
      body: { name: 'Other suite', org_id: me.orgId },
    });
    const test = await createTest(server, { ...me, suiteId: suite.body.test_suite_id });
    expect((await addVariable(test._id, { name: 'api_token', value: 'mine' })).status).toBe(201);
  });

  it('checks variable names and values', async () => {
    const test = await createTest(server, me);
    const cases: [unknown, number, string][] = [
      [
        { name: 'has space', value: 'x' },
        400,
        'Variable names may contain only letters, numbers or underscores',
      ],
      [
        { name: 'dash-ed', value: 'x' },
        400,
        'Variable names may contain only letters, numbers or underscores',
      ],
      [{ name: '{{x}}', value: 'x' }, 400, 'Variable names may contain only letters, numbers or underscores'],
      [{ name: '', value: 'x' }, 400, 'Variable name is required'],
      [{ value: 'x' }, 400, 'Variable name is required'],
      [{ name: 'n'.repeat(101), value: 'x' }, 400, 'Variable names must be at most 100 characters'],
      [{ name: 'big', value: 'v'.repeat(10_001) }, 400, 'Variable values must be at most 10000 characters'],
    ];
    for (const [body, status, message] of cases) {
      const response = await addVariable(test._id, body);
      expect([body, response.status, response.body.error?.message]).toEqual([body, status, message]);
    }
    const patch = await api<ErrorBody>(server, 'PATCH', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { test_case_id: test._id, parameters: { 'bad name': 'x' } },
    });
    expect(patch.status).toBe(400);
    expect(patch.body.error.message).toBe('Variable names may contain only letters, numbers or underscores');
    const unknown = await addVariable(UNKNOWN_ID, { name: 'fine', value: 'x' });
    expect(unknown.status).toBe(404);
  });

  it('falls back to credentials when parameters are empty, and never resurrects a deleted one', async () => {
    const test = await createTest(server, me, { credentials: { login: 'ada', pin: '1234' } });
    expect(test.parameters).toEqual({ login: 'ada', pin: '1234' });
    const added = await addVariable(test._id, { name: 'extra', value: 'x' });
    expect(added.body.parameters).toEqual({ login: 'ada', pin: '1234', extra: 'x' });
    const onlyCredentials = await createTest(server, me, { credentials: { login: 'ada' } });
    const deleted = await api<TestCase>(
      server,
      'DELETE',
      `/test-case/${onlyCredentials._id}/variables/login`,
      {
        token: me.token,
      },
    );
    expect(deleted.body.parameters).toEqual({});
    expect(deleted.body.credentials).toEqual({});
  });

  it('links a test to secrets of its suite and shows the link from both sides', async () => {
    const test = await createTest(server, me, { shared_parameter_ids: [secret._id] });
    expect(test.shared_parameter_ids).toEqual([secret._id]);
    const listed = await api<SharedParameter[]>(
      server,
      'GET',
      `/test-suites/${me.suiteId}/shared-parameters`,
      {
        token: me.token,
      },
    );
    expect(listed.body.find((p) => p._id === secret._id)?.linked_test_ids).toContain(test._id);
    const unlinked = await api<TestCase>(server, 'PATCH', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { test_case_id: test._id, shared_parameter_ids: [] },
    });
    expect(unlinked.body.shared_parameter_ids).toEqual([]);
    const foreign = await api<ErrorBody>(server, 'PATCH', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { test_case_id: test._id, shared_parameter_ids: [UNKNOWN_ID] },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.message).toBe(
      'A shared parameter in shared_parameter_ids is not in this test suite',
    );
  });
});
