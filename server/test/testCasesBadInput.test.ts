import { type SharedParameter } from '../../contract/sharedParameters';
import { type TestCase } from '../../contract/testCases';
import { api, startTestServer, type TestServer } from './helpers';
import { createTest, treeLines, UNKNOWN_ID, workspace, type Workspace } from './testCasesFixtures';

/** Every test-case, folder and secret endpoint fed missing, mistyped, over-long, blank and unknown values. */
describe('test case bad input', () => {
  let server: TestServer;
  let me: Workspace;
  let test: TestCase;
  let secret: SharedParameter;
  let treeBefore: string[];

  beforeAll(async () => {
    server = await startTestServer();
    me = await workspace(server, 'ada@example.com');
    test = await createTest(server, me, { name: 'Keep me', path: 'keep', parameters: { v: 'x' } });
    secret = (
      await api<SharedParameter>(server, 'POST', `/test-suites/${me.suiteId}/shared-parameters`, {
        token: me.token,
        body: { key: 'keep_secret', value: 'x' },
      })
    ).body;
    treeBefore = await treeLines(server, me);
  });
  afterAll(async () => server.close());

  const long = 'x'.repeat(5000);
  const ids = () => [UNKNOWN_ID, 'not-a-uuid', long, '%20', "1'; DROP TABLE test_cases; --"];
  const valid = () => ({ test_suite_id: me.suiteId, name: 'Fine', website: 'https://example.com' });
  const create = (fields: Record<string, unknown>): [string, string, unknown] => [
    'POST',
    '/test-cases/',
    { test_cases: [{ ...valid(), ...fields }] },
  ];
  const patch = (fields: Record<string, unknown>, query = ''): [string, string, unknown] => [
    'PATCH',
    `/test-case/${test._id}/edit${query}`,
    { test_case_id: test._id, ...fields },
  ];

  const requests = (): [string, string, unknown?][] => [
    ...ids().flatMap((id): [string, string, unknown?][] => [
      ['GET', `/test-case/${id}`],
      ['PATCH', `/test-case/${id}/edit`, { test_case_id: id, name: 'x' }],
      ['PUT', `/test-case/${id}/edit`, { name: 'x', website: 'https://example.com' }],
      ['DELETE', `/test-case/${id}`],
      ['POST', `/test-case/${id}/duplicate`],
      ['PATCH', `/test-cases/${id}/collections`, { collection_ids: [] }],
      ['POST', `/test-case/${id}/variables`, { name: 'v2', value: 'x' }],
      ['PUT', `/test-case/${id}/variables/v`, { value: 'x' }],
      ['DELETE', `/test-case/${id}/variables/v`],
      ['PUT', `/test-case/${test._id}/variables/${id}`, { value: 'x' }],
      ['DELETE', `/test-case/${test._id}/variables/${id}`],
      ['GET', `/test-suites/${id}/tree`],
      ['POST', `/test-suites/${id}/folders`, { path: 'f' }],
      ['DELETE', `/test-cases/${id}?path_prefix=keep`],
      ['PUT', `/test-cases/${id}/update-test-paths?old_path_prefix=keep&new_path_prefix=g`],
      ['GET', `/test-suites/${id}/shared-parameters`],
      ['POST', `/test-suites/${id}/shared-parameters`, { key: 'k', value: 'v' }],
      ['PUT', `/test-suites/${me.suiteId}/shared-parameters/${id}`, { value: 'v' }],
      ['DELETE', `/test-suites/${me.suiteId}/shared-parameters/${id}`],
      ['POST', '/test-cases/', { test_cases: [{ ...valid(), test_suite_id: id }] }],
    ]),
    // create
    ['POST', '/test-cases/', {}],
    ['POST', '/test-cases/', { test_cases: 'x' }],
    ['POST', '/test-cases/', { test_cases: null }],
    ['POST', '/test-cases/', { test_cases: [] }],
    ['POST', '/test-cases/', { test_cases: [{}] }],
    ['POST', '/test-cases/', { test_cases: Array.from({ length: 101 }, valid) }],
    ['POST', '/test-cases/', { test_cases: [valid()], schedule_generation: 'yes' }],
    ['POST', '/test-cases/', { test_cases: [valid()], extra: true }],
    ['POST', '/test-cases/', 'just a string'],
    ['POST', '/test-cases/', [valid()]],
    create({ test_suite_id: undefined }),
    create({ test_suite_id: '   ' }),
    create({ name: 12 }),
    create({ name: '   ' }),
    create({ name: long }),
    create({ name: null }),
    create({ website: long }),
    create({ website: 42 }),
    create({ website: 'mailto:a@example.com' }),
    create({ description: 'd'.repeat(100_001) }),
    create({ description: ['x'] }),
    create({ path: long }),
    create({ path: '../etc' }),
    create({ path: 5 }),
    create({ parameters: 'x' }),
    create({ parameters: { a: 1 } }),
    create({ parameters: { 'a b': 'x' } }),
    create({ parameters: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`v${i}`, 'x'])) }),
    create({ credentials: { '': 'x' } }),
    create({ viewport_width: '800' }),
    create({ viewport_width: 0 }),
    create({ viewport_width: -5 }),
    create({ viewport_height: 99_999 }),
    create({ viewport_width: 1.5 }),
    create({ programming_language: 'java' }),
    create({ programming_language: 1 }),
    create({ shared_parameter_ids: ['x'] }),
    create({ shared_parameter_ids: [UNKNOWN_ID] }),
    create({ shared_parameter_ids: 'x' }),
    create({ collection_ids: 'x' }),
    create({ collection_ids: [UNKNOWN_ID, 'nope'] }),
    create({ browser_state_id: 'x' }),
    create({ test_module_id_for_setup: 7 }),
    create({ user_agent: long }),
    create({ enable_proxies: 'true' }),
    create({ _id: UNKNOWN_ID }),
    // edit
    patch({ name: '' }),
    patch({ name: null }),
    patch({ website: 'nope' }),
    patch({ website: '' }),
    patch({ last_modified_at: 'yesterday' }),
    patch({ last_modified_at: '' }),
    patch({ test_case_id: 5 }),
    patch({ test_case_id: '' }),
    patch({ test_suite_id: UNKNOWN_ID }),
    patch({ path: 'a/ b /c!' }),
    patch({ state: 'passed' }),
    patch({ viewport_height: 10 }),
    patch({}, '?schedule=maybe'),
    patch({}, '?schedule=1'),
    ['PATCH', `/test-case/${test._id}/edit`, {}],
    ['PATCH', `/test-case/${test._id}/edit`, null],
    ['PUT', `/test-case/${test._id}/edit`, {}],
    ['PUT', `/test-case/${test._id}/edit`, { name: 'x' }],
    // collections
    ['PATCH', `/test-cases/${test._id}/collections`, {}],
    ['PATCH', `/test-cases/${test._id}/collections`, { collection_ids: [1] }],
    ['PATCH', `/test-cases/${test._id}/collections`, { collection_ids: null }],
    [
      'PATCH',
      `/test-cases/${test._id}/collections`,
      {
        collection_ids: Array.from(
          { length: 201 },
          (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        ),
      },
    ],
    // variables
    ['POST', `/test-case/${test._id}/variables`, {}],
    ['POST', `/test-case/${test._id}/variables`, { name: 5 }],
    ['POST', `/test-case/${test._id}/variables`, { name: 'ok', value: 5 }],
    ['POST', `/test-case/${test._id}/variables`, { name: 'v', value: 'dup' }],
    ['POST', `/test-case/${test._id}/variables`, { name: 'keep_secret', value: 'x' }],
    ['PUT', `/test-case/${test._id}/variables/v`, {}],
    ['PUT', `/test-case/${test._id}/variables/v`, { value: long + long + long }],
    ['PUT', `/test-case/${test._id}/variables/missing`, { value: 'x' }],
    // folders
    ['POST', `/test-suites/${me.suiteId}/folders`, {}],
    ['POST', `/test-suites/${me.suiteId}/folders`, { path: 5 }],
    ['POST', `/test-suites/${me.suiteId}/folders`, { path: long }],
    ['POST', `/test-suites/${me.suiteId}/folders`, { path: 'keep' }],
    ['POST', `/test-suites/${me.suiteId}/folders`, { path: 'with space' }],
    ['DELETE', `/test-cases/${me.suiteId}?path_prefix=${long}`],
    ['DELETE', `/test-cases/${me.suiteId}?path_prefix=..`],
    ['DELETE', `/test-cases/${me.suiteId}?path_prefix=%20`],
    ['DELETE', `/test-cases/${me.suiteId}?path_prefix=kee`],
    ['DELETE', `/test-cases/${me.suiteId}?path_prefix=a&path_prefix=b`],
    ['PUT', `/test-cases/${me.suiteId}/update-test-paths`],
    ['PUT', `/test-cases/${me.suiteId}/update-test-paths?old_path_prefix=keep`],
    ['PUT', `/test-cases/${me.suiteId}/update-test-paths?old_path_prefix=keep&new_path_prefix=${long}`],
    ['PUT', `/test-cases/${me.suiteId}/update-test-paths?old_path_prefix=keep&new_path_prefix=keep/inner`],
    ['PUT', `/test-cases/${me.suiteId}/update-test-paths?old_path_prefix=nope&new_path_prefix=other`],
    // secrets
    ['POST', `/test-suites/${me.suiteId}/shared-parameters`, { key: 5, value: 'v' }],
    ['POST', `/test-suites/${me.suiteId}/shared-parameters`, { key: long, value: 'v' }],
    ['POST', `/test-suites/${me.suiteId}/shared-parameters`, { key: 'k', value: long + long + long }],
    ['POST', `/test-suites/${me.suiteId}/shared-parameters`, { key: 'k', value: 'v', linked_test_ids: 'x' }],
    [
      'POST',
      `/test-suites/${me.suiteId}/shared-parameters`,
      { key: 'k', value: 'v', linked_test_ids: ['x'] },
    ],
    ['POST', `/test-suites/${me.suiteId}/shared-parameters`, { key: 'keep_secret', value: 'v' }],
    ['PUT', `/test-suites/${me.suiteId}/shared-parameters/${secret._id}`, { key: '' }],
    ['PUT', `/test-suites/${me.suiteId}/shared-parameters/${secret._id}`, { key: 'a b' }],
    ['PUT', `/test-suites/${me.suiteId}/shared-parameters/${secret._id}`, { extra: 1 }],
  ];

  it('answers every bad request with a 4xx and a sentence', async () => {
    const failures: string[] = [];
    for (const [method, path, body] of requests()) {
      const response = await api<{ error?: { message?: string } }>(server, method, path, {
        token: me.token,
        body,
      });
      const ok =
        response.status >= 400 &&
        response.status < 500 &&
        typeof response.body?.error?.message === 'string' &&
        response.body.error.message.length > 0;
      if (!ok)
        failures.push(
          `${method} ${path.slice(0, 80)} ${JSON.stringify(body)?.slice(0, 80)} → ${response.status} ${JSON.stringify(response.body).slice(0, 120)}`,
        );
    }
    expect(failures).toEqual([]);
  });

  it('answers malformed JSON with 400', async () => {
    const response = await fetch(`${server.url}/api/test-cases/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json' },
      body: '{"test_cases": [',
    });
    expect(response.status).toBe(400);
  });

  it('answers every call without a token with 401', async () => {
    for (const [method, path] of [
      ['GET', `/test-case/${test._id}`],
      ['GET', `/test-suites/${me.suiteId}/tree`],
      ['POST', '/test-cases/'],
      ['GET', `/test-suites/${me.suiteId}/shared-parameters`],
    ]) {
      expect((await api(server, method, path)).status).toBe(401);
    }
  });

  it('left the test, its folder and the secret as they were', async () => {
    expect(await treeLines(server, me)).toEqual(treeBefore);
    const read = await api<TestCase>(server, 'GET', `/test-case/${test._id}`, { token: me.token });
    expect(read.body).toEqual(test);
    const secrets = await api<SharedParameter[]>(
      server,
      'GET',
      `/test-suites/${me.suiteId}/shared-parameters`,
      {
        token: me.token,
      },
    );
    expect(secrets.body.map((p) => p.key)).toEqual(['keep_secret']);
  });
});
