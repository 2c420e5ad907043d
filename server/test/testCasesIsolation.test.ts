import { type SharedParameter } from '../../contract/sharedParameters';
import { type TestCase } from '../../contract/testCases';
import { api, startTestServer, type TestServer } from './helpers';
import { createTest, treeLines, workspace, type Workspace } from './testCasesFixtures';

/** A member of organization A aims every test-case call at B's suite, tests, folders and secrets. */
describe('test case isolation', () => {
  let server: TestServer;
  let a: Workspace;
  let b: Workspace;
  let bTest: TestCase;
  let bSecret: SharedParameter;
  let aTest: TestCase;
  let bTreeBefore: string[];

  const secrets = [
    'Secret test of B',
    'https://b.example/private',
    'Confidential steps',
    'hidden_folder',
    'b_api_key',
    'b-secret-value',
    'b_variable',
  ];

  beforeAll(async () => {
    server = await startTestServer();
    a = await workspace(server, 'alice@a.example', { org: 'Org A', suite: 'Suite A' });
    b = await workspace(server, 'boris@b.example', { org: 'Org B', suite: 'Suite B' });
    bTest = await createTest(server, b, {
      name: 'Secret test of B',
      website: 'https://b.example/private',
      description: 'Confidential steps',
      path: 'hidden_folder',
      parameters: { b_variable: 'x' },
    });
    bSecret = (
      await api<SharedParameter>(server, 'POST', `/test-suites/${b.suiteId}/shared-parameters`, {
        token: b.token,
        body: { key: 'b_api_key', value: 'b-secret-value' },
      })
    ).body;
    aTest = await createTest(server, a, { name: 'A test' });
    bTreeBefore = await treeLines(server, b);
  });
  afterAll(async () => server.close());

  const calls = (): [string, string, unknown?][] => [
    ['GET', `/test-case/${bTest._id}`],
    ['PATCH', `/test-case/${bTest._id}/edit`, { test_case_id: bTest._id, name: 'Hijacked' }],
    ['PATCH', `/test-case/${bTest._id}/edit?schedule=true`, { test_case_id: bTest._id }],
    ['PUT', `/test-case/${bTest._id}/edit`, { name: 'Hijacked', website: 'https://a.example' }],
    ['DELETE', `/test-case/${bTest._id}`],
    ['POST', `/test-case/${bTest._id}/duplicate`],
    ['PATCH', `/test-cases/${bTest._id}/collections`, { collection_ids: [] }],
    ['POST', `/test-case/${bTest._id}/variables`, { name: 'planted', value: 'x' }],
    ['PUT', `/test-case/${bTest._id}/variables/b_variable`, { value: 'changed' }],
    ['DELETE', `/test-case/${bTest._id}/variables/b_variable`],
    ['GET', `/test-suites/${b.suiteId}/tree`],
    ['POST', `/test-suites/${b.suiteId}/folders`, { path: 'planted' }],
    ['DELETE', `/test-cases/${b.suiteId}?path_prefix=hidden_folder`],
    ['PUT', `/test-cases/${b.suiteId}/update-test-paths?old_path_prefix=hidden_folder&new_path_prefix=moved`],
    [
      'POST',
      '/test-cases/',
      { test_cases: [{ test_suite_id: b.suiteId, name: 'Planted', website: 'https://a.example' }] },
    ],
    ['GET', `/test-suites/${b.suiteId}/shared-parameters`],
    ['POST', `/test-suites/${b.suiteId}/shared-parameters`, { key: 'planted', value: 'x' }],
    ['PUT', `/test-suites/${b.suiteId}/shared-parameters/${bSecret._id}`, { value: 'stolen' }],
    ['PUT', `/test-suites/${a.suiteId}/shared-parameters/${bSecret._id}`, { value: 'stolen' }],
    ['DELETE', `/test-suites/${b.suiteId}/shared-parameters/${bSecret._id}`],
    ['DELETE', `/test-suites/${a.suiteId}/shared-parameters/${bSecret._id}`],
  ];

  const CALL_COUNT = 21;
  it('covers every call', () => expect(calls()).toHaveLength(CALL_COUNT));

  it.each(Array.from({ length: CALL_COUNT }, (_, index) => index))(
    'keeps call %i on B out of reach of A',
    async (index) => {
      const [method, path, body] = calls()[index];
      const response = await api<unknown>(server, method, path, { token: a.token, body });
      expect([method, path, response.status]).toEqual([method, path, 404]);
      const text = JSON.stringify(response.body);
      for (const secret of secrets) expect(text).not.toContain(secret);
    },
  );

  it("refuses to link A's test to B's secret or A's secret to B's test", async () => {
    const link = await api(server, 'PATCH', `/test-case/${aTest._id}/edit`, {
      token: a.token,
      body: { test_case_id: aTest._id, shared_parameter_ids: [bSecret._id] },
    });
    expect(link.status).toBe(400);
    const reverse = await api(server, 'POST', `/test-suites/${a.suiteId}/shared-parameters`, {
      token: a.token,
      body: { key: 'mine', value: 'x', linked_test_ids: [bTest._id] },
    });
    expect(reverse.status).toBe(400);
  });

  it("leaves B's tests, folders and secrets exactly as they were", async () => {
    expect(await treeLines(server, b)).toEqual(bTreeBefore);
    const read = await api<TestCase>(server, 'GET', `/test-case/${bTest._id}`, { token: b.token });
    expect(read.body).toEqual(bTest);
    const listed = await api<SharedParameter[]>(
      server,
      'GET',
      `/test-suites/${b.suiteId}/shared-parameters`,
      {
        token: b.token,
      },
    );
    expect(listed.body.map((p) => [p.key, p.linked_test_ids])).toEqual([['b_api_key', []]]);
    expect((await server.services.sharedParameters.valuesForSuite(b.suiteId)).b_api_key).toBe(
      'b-secret-value',
    );
    expect(await treeLines(server, a)).toEqual(['test A test']);
  });
});
