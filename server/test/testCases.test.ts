import { sql } from 'drizzle-orm';
import { type TestCase } from '../../contract/testCases';
import { api, startTestServer, type TestServer } from './helpers';
import { createTest, tree, UNKNOWN_ID, workspace, type ErrorBody, type Workspace } from './testCasesFixtures';

describe('test cases', () => {
  let server: TestServer;
  let me: Workspace;

  beforeAll(async () => {
    server = await startTestServer();
    me = await workspace(server, 'ada@example.com');
  });
  afterAll(async () => server.close());

  it('creates a test with every field of SPEC §3 and reads it back', async () => {
    const created = await api<TestCase[]>(server, 'POST', '/test-cases/', {
      token: me.token,
      body: {
        schedule_generation: false,
        test_cases: [
          {
            test_suite_id: me.suiteId,
            name: '  Sign in with a valid password ',
            website: ' https://example.com/login ',
            description: '<p>Type {{email}} into Email and press Sign in</p>',
            path: '/auth/happy/',
            parameters: { email: 'ada@example.com' },
            programming_language: 'python',
            viewport_width: 1440,
            viewport_height: 900,
            user_agent: 'Plainwright-Test',
            enable_proxies: true,
          },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body).toHaveLength(1);
    const test = created.body[0];
    expect(test).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Sign in with a valid password',
      title: 'Sign in with a valid password',
      website: 'https://example.com/login',
      description: '<p>Type {{email}} into Email and press Sign in</p>',
      test_suite_id: me.suiteId,
      org_id: me.orgId,
      customer_id: me.userId,
      path: 'auth/happy',
      credentials: {},
      parameters: { email: 'ada@example.com' },
      shared_parameter_ids: [],
      collection_ids: [],
      programming_language: 'python',
      viewport_width: 1440,
      viewport_height: 900,
      user_agent: 'Plainwright-Test',
      browser_state_id: null,
      test_module_id_for_setup: null,
      enable_proxies: true,
      state: 'created',
      final_message: null,
      final_script: null,
      final_script_py: null,
      test_generation_steps: [],
      generation_plan_length: null,
      instructions_without_steps: [],
      latest_run_status: null,
      latest_run_time: null,
      steps_out_of_date: false,
      generation_requested_at: null,
      created_at: expect.any(String),
      last_modified_at: expect.any(String),
    });
    const read = await api<TestCase>(server, 'GET', `/test-case/${test._id}`, { token: me.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(test);
  });

  it('accepts the create path without its trailing slash, several tests at once, and defaults', async () => {
    const created = await api<TestCase[]>(server, 'POST', '/test-cases', {
      token: me.token,
      body: {
        schedule_generation: true,
        test_cases: [
          { test_suite_id: me.suiteId, title: 'First', website: 'http://localhost:3000' },
          { test_suite_id: me.suiteId, name: 'Second', website: 'https://example.com', path: 'x' },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.map((t) => [t.name, t.path])).toEqual([
      ['First', ''],
      ['Second', 'x'],
    ]);
    const [first] = created.body;
    expect(first).toMatchObject({
      programming_language: 'typescript',
      viewport_width: 1280,
      viewport_height: 720,
      enable_proxies: false,
      description: '',
    });
    // schedule_generation queues a generation (issue 5); a worker of this process may have taken it already.
    expect(['pending', 'waiting_for_executor', 'running']).toContain(first.state);
    expect(first.generation_requested_at).not.toBeNull();
  });

  it('creates nothing when one test of a batch is invalid', async () => {
    const before = (await tree(server, me)).length;
    const response = await api<ErrorBody>(server, 'POST', '/test-cases/', {
      token: me.token,
      body: {
        test_cases: [
          { test_suite_id: me.suiteId, name: 'Fine', website: 'https://example.com' },
          { test_suite_id: me.suiteId, name: 'Broken', website: 'example dot com' },
        ],
      },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toBe('Please enter a valid URL');
    expect(response.body.error.details?.fields).toEqual({
      'test_cases.1.website': 'Please enter a valid URL',
    });
    expect((await tree(server, me)).length).toBe(before);
  });

  it('refuses websites that are not http(s) URLs', async () => {
    for (const website of [
      '',
      // 'example.com' now means https://example.com (issue 11); a single word is still no website.
      'example',
      'ftp://example.com',
      'javascript:alert(1)',
      'https://',
      'http:// x',
    ]) {
      const response = await api<ErrorBody>(server, 'POST', '/test-cases/', {
        token: me.token,
        body: { test_cases: [{ test_suite_id: me.suiteId, name: 'Bad', website }] },
      });
      expect([website, response.status, response.body.error.message]).toEqual([
        website,
        400,
        'Please enter a valid URL',
      ]);
    }
  });

  it('PATCH changes only the fields sent; PUT replaces them all', async () => {
    const test = await createTest(server, me, {
      description: 'Open the page',
      path: 'edit',
      parameters: { user: 'ada' },
      user_agent: 'UA',
    });

    const patched = await api<TestCase>(server, 'PATCH', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { test_case_id: test._id, name: 'Renamed' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: 'Renamed',
      title: 'Renamed',
      description: 'Open the page',
      path: 'edit',
      parameters: { user: 'ada' },
      user_agent: 'UA',
    });
    expect(Date.parse(patched.body.last_modified_at)).toBeGreaterThanOrEqual(
      Date.parse(test.last_modified_at),
    );

    const put = await api<TestCase>(server, 'PUT', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { name: 'Replaced', website: 'https://example.org' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      name: 'Replaced',
      website: 'https://example.org',
      description: '',
      path: '',
      parameters: {},
      user_agent: null,
      viewport_width: 1280,
    });

    const incomplete = await api<ErrorBody>(server, 'PUT', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { name: 'No website' },
    });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.message).toBe('Please enter a valid URL');
  });

  it('PATCH needs test_case_id, and it must be the one in the address', async () => {
    const test = await createTest(server, me);
    const missing = await api<ErrorBody>(server, 'PATCH', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { name: 'x' },
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Testcase id is required');
    const other = await api<ErrorBody>(server, 'PATCH', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { test_case_id: UNKNOWN_ID, name: 'x' },
    });
    expect(other.status).toBe(400);
    const unknown = await api<ErrorBody>(server, 'PATCH', `/test-case/${UNKNOWN_ID}/edit`, {
      token: me.token,
      body: { test_case_id: UNKNOWN_ID, name: 'x' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Test case id not found');
    const unknownPut = await api<ErrorBody>(server, 'PUT', `/test-case/${UNKNOWN_ID}/edit`, {
      token: me.token,
      body: { name: 'x', website: 'https://example.com' },
    });
    expect(unknownPut.body.error.message).toBe('Test case id not found');
  });

  it('?schedule=true records a generation request and queues the generation', async () => {
    const test = await createTest(server, me);
    const edited = await api<TestCase>(server, 'PATCH', `/test-case/${test._id}/edit?schedule=true`, {
      token: me.token,
      body: { test_case_id: test._id, description: 'Click Sign in' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.generation_requested_at).not.toBeNull();
    expect(['pending', 'waiting_for_executor', 'running']).toContain(edited.body.state);
    const notScheduled = await api<TestCase>(server, 'PATCH', `/test-case/${test._id}/edit?schedule=false`, {
      token: me.token,
      body: { test_case_id: test._id, description: 'Again' },
    });
    expect(notScheduled.body.generation_requested_at).toBe(edited.body.generation_requested_at);
  });

  it('moving a test to another folder creates the folder in the tree', async () => {
    const test = await createTest(server, me, { name: 'Mover' });
    await api(server, 'PATCH', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { test_case_id: test._id, path: 'moved/deeper' },
    });
    const items = await tree(server, me);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ is_folder: true, entity_name: 'moved', full_parent_path: '' }),
        expect.objectContaining({ is_folder: true, entity_name: 'deeper', full_parent_path: 'moved' }),
        expect.objectContaining({
          test_case_id: test._id,
          entity_name: 'Mover',
          full_parent_path: 'moved/deeper',
        }),
      ]),
    );
    const moveSuite = await api<ErrorBody>(server, 'PATCH', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { test_case_id: test._id, test_suite_id: UNKNOWN_ID },
    });
    expect(moveSuite.status).toBe(400);
  });

  it('two PATCHes of different fields at the same time both land', async () => {
    const test = await createTest(server, me, { name: 'Concurrent' });
    const edits = [
      { name: 'Concurrent renamed' },
      { description: 'New instructions' },
      { website: 'https://example.net/start' },
      { viewport_width: 800 },
      { user_agent: 'Agent 7' },
      { enable_proxies: true },
      { programming_language: 'python' },
      { parameters: { a: '1' } },
    ];
    const responses = await Promise.all(
      edits.map((body) =>
        api(server, 'PATCH', `/test-case/${test._id}/edit`, {
          token: me.token,
          body: { test_case_id: test._id, ...body },
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(edits.map(() => 200));
    const final = await api<TestCase>(server, 'GET', `/test-case/${test._id}`, { token: me.token });
    expect(final.body).toMatchObject(Object.assign({}, ...edits));
  });

  it('refuses an edit based on a stale last_modified_at, accepts a fresh one', async () => {
    const test = await createTest(server, me, { name: 'Optimistic' });
    const first = await api<TestCase>(server, 'PATCH', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { test_case_id: test._id, name: 'First writer', last_modified_at: test.last_modified_at },
    });
    expect(first.status).toBe(200);
    const stale = await api<ErrorBody>(server, 'PATCH', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { test_case_id: test._id, name: 'Second writer', last_modified_at: test.last_modified_at },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.error.message).toMatch(/Reload it and try again/);
    const fresh = await api<TestCase>(server, 'PATCH', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { test_case_id: test._id, name: 'Second writer', last_modified_at: first.body.last_modified_at },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.name).toBe('Second writer');

    // A writer elsewhere (a worker) that stamps now() with microseconds must not lock the test.
    await server.database.db.execute(
      sql`UPDATE test_cases SET last_modified_at = now() + interval '1.234567 seconds' WHERE id = ${test._id}`,
    );
    const reread = await api<TestCase>(server, 'GET', `/test-case/${test._id}`, { token: me.token });
    const afterWorker = await api<TestCase>(server, 'PATCH', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { test_case_id: test._id, name: 'Third writer', last_modified_at: reread.body.last_modified_at },
    });
    expect(afterWorker.status).toBe(200);
  });

  it('duplicates a test as "<name> (copy)" in the same folder', async () => {
    const test = await createTest(server, me, {
      name: 'Checkout',
      path: 'shop',
      description: 'Buy a lamp',
      parameters: { card: '4242' },
    });
    const copy = await api<TestCase>(server, 'POST', `/test-case/${test._id}/duplicate`, { token: me.token });
    expect(copy.status).toBe(201);
    expect(copy.body._id).not.toBe(test._id);
    expect(copy.body).toMatchObject({
      name: 'Checkout (copy)',
      path: 'shop',
      description: 'Buy a lamp',
      parameters: { card: '4242' },
      website: test.website,
      state: 'created',
      latest_run_status: null,
    });
    const names = (await tree(server, me))
      .filter((i) => i.full_parent_path === 'shop')
      .map((i) => i.entity_name);
    expect(names).toEqual(['Checkout', 'Checkout (copy)']);
    const long = await createTest(server, me, { name: 'n'.repeat(200) });
    const longCopy = await api<TestCase>(server, 'POST', `/test-case/${long._id}/duplicate`, {
      token: me.token,
    });
    expect(longCopy.body.name).toHaveLength(200);
    expect(longCopy.body.name.endsWith(' (copy)')).toBe(true);
  });

  it('deletes a test; it is gone from the tree and answers 404', async () => {
    const test = await createTest(server, me, { name: 'Doomed' });
    const deleted = await api(server, 'DELETE', `/test-case/${test._id}`, { token: me.token });
    expect(deleted.status).toBe(204);
    const read = await api<ErrorBody>(server, 'GET', `/test-case/${test._id}`, { token: me.token });
    expect(read.status).toBe(404);
    expect(read.body.error.message).toBe('Test case not found');
    expect((await tree(server, me)).some((item) => item.test_case_id === test._id)).toBe(false);
    expect((await api(server, 'DELETE', `/test-case/${test._id}`, { token: me.token })).status).toBe(404);
  });

  it('stores collection ids and shows them in the tree', async () => {
    const test = await createTest(server, me, { name: 'Collected' });
    // Issue 12: the ids must be collections of the test's suite; they are listed by name.
    const ids: string[] = [];
    for (const name of ['Alpha collection', 'Beta collection']) {
      const created = await api<{ _id: string }>(server, 'POST', '/test-suites/collection', {
        token: me.token,
        body: { name, test_suite_id: me.suiteId },
      });
      ids.push(created.body._id);
    }
    const updated = await api<TestCase>(server, 'PATCH', `/test-cases/${test._id}/collections`, {
      token: me.token,
      body: { collection_ids: [...ids, ids[0]] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.collection_ids).toEqual(ids);
    const item = (await tree(server, me)).find((i) => i.test_case_id === test._id);
    expect(item).toMatchObject({
      collection_ids: ids,
      collection_names: ['Alpha collection', 'Beta collection'],
    });
    const unknown = await api<ErrorBody>(server, 'PATCH', `/test-cases/${test._id}/collections`, {
      token: me.token,
      body: { collection_ids: ['11111111-1111-4111-8111-111111111111'] },
    });
    expect([unknown.status, unknown.body.error.message]).toEqual([
      400,
      'A collection in collection_ids is not in this test suite',
    ]);
    const bad = await api<ErrorBody>(server, 'PATCH', `/test-cases/${test._id}/collections`, {
      token: me.token,
      body: { collection_ids: ['not-a-uuid'] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Collection ids must be UUIDs');
    const cleared = await api<TestCase>(server, 'PATCH', `/test-cases/${test._id}/collections`, {
      token: me.token,
      body: { collection_ids: [] },
    });
    expect(cleared.body.collection_ids).toEqual([]);
  });

  it('a full PUT without collection_ids keeps the collections; with it, they become exactly those', async () => {
    const test = await createTest(server, me, { name: 'Kept in its collection' });
    const collection = await api<{ _id: string }>(server, 'POST', '/test-suites/collection', {
      token: me.token,
      body: { name: 'Kept collection', test_suite_id: me.suiteId },
    });
    await api(server, 'PATCH', `/test-cases/${test._id}/collections`, {
      token: me.token,
      body: { collection_ids: [collection.body._id] },
    });

    const put = await api<TestCase>(server, 'PUT', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { name: 'Kept, renamed', website: 'https://example.org' },
    });
    expect(put.status).toBe(200);
    expect(put.body.collection_ids).toEqual([collection.body._id]);
    const read = await api<TestCase>(server, 'GET', `/test-case/${test._id}`, { token: me.token });
    expect(read.body.collection_ids).toEqual([collection.body._id]);

    const cleared = await api<TestCase>(server, 'PUT', `/test-case/${test._id}/edit`, {
      token: me.token,
      body: { name: 'Kept, renamed', website: 'https://example.org', collection_ids: [] },
    });
    expect(cleared.body.collection_ids).toEqual([]);
  });

  it('answers an empty list for a suite with no tests or folders', async () => {
    const suite = await api<{ test_suite_id: string }>(server, 'POST', '/test-suites', {
      token: me.token,
      body: { name: 'Empty', org_id: me.orgId },
    });
    expect(await tree(server, { ...me, suiteId: suite.body.test_suite_id })).toEqual([]);
  });

  it('keeps quotes, backslashes, control characters and any script intact in the tree', async () => {
    const name = 'Quote " back \\ slash\ttab </script> \u2028 ünïcödé 😀';
    const test = await createTest(server, me, { name, path: 'escaping' });
    const item = (await tree(server, me)).find((i) => i.test_case_id === test._id);
    expect(item?.entity_name).toBe(name);
    expect(test.name).toBe(name);
  });

  it('gives each tree item the fields of SPEC §3', async () => {
    const test = await createTest(server, me, { name: 'Shape', path: 'shape/inner' });
    const items = await tree(server, me);
    expect(items.find((i) => i.test_case_id === test._id)).toEqual({
      test_case_id: test._id,
      entity_name: 'Shape',
      is_folder: false,
      full_parent_path: 'shape/inner',
      collection_ids: [],
      collection_names: [],
      latest_run_time: null,
      created_at: test.created_at,
      test_case_state: 'created',
      latest_run_status: null,
    });
    expect(items.find((i) => i.is_folder && i.entity_name === 'inner')).toEqual({
      test_case_id: null,
      entity_name: 'inner',
      is_folder: true,
      full_parent_path: 'shape',
      collection_ids: [],
      collection_names: [],
      latest_run_time: null,
      created_at: expect.any(String),
      test_case_state: null,
      latest_run_status: null,
    });
    // Folders come first, then tests; each group sorted by path.
    const firstTest = items.findIndex((i) => !i.is_folder);
    expect(items.slice(firstTest).every((i) => !i.is_folder)).toBe(true);
  });
});
