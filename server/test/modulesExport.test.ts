import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Action } from '../src/runner';
import { api, tokenFor } from './helpers';
import { createTest, setUpGeneration, waitForGeneration, type GenerationContext } from './generationFixtures';
import { createGeneratedTest } from './runFixtures';
import { runExportedProject, type SpecsReport } from './exportedSpecs';
import { readZip } from '../src/lib/zip';
import { createModule, dashboardShows, signInActions, useSetup } from './moduleFixtures';

jest.setTimeout(240_000);

const ROOT = path.resolve(__dirname, '../..');

// Issue 13, "Export keeps it real": a test that uses a setup module exports as a Playwright project
// (a setup project runs the module and saves storageState, the test's project depends on it and
// starts from it); a module called from the steps is a function of modules.ts. Both run green under
// `npx playwright test` against the fixture site; a test without modules keeps its single file.

interface Exported {
  files: { path: string; content: string }[];
}

function green(outcome: { report: SpecsReport; output: string }, expected: number) {
  const { report, output } = outcome;
  const clean =
    report.stats.expected === expected && report.stats.unexpected === 0 && report.errors.length === 0;
  expect({ stats: report.stats, output: clean ? '' : output }).toEqual({
    stats: expect.objectContaining({ expected, unexpected: 0, flaky: 0, skipped: 0 }),
    output: '',
  });
}

describe('the export of a test that uses modules', () => {
  let ctx: GenerationContext;
  let login: string;
  let dashboard: string;
  let moduleId: string;
  let stateId: string;
  const dirs: string[] = [];

  beforeAll(async () => {
    ctx = await setUpGeneration();
    login = ctx.sites.url('login');
    dashboard = `${login}dashboard.html`;
    const source = await createGeneratedTest(
      ctx,
      'Sign in as Ada',
      login,
      signInActions(login, 'ada@example.com'),
      {
        password: 'correct-horse-battery',
      },
    );
    moduleId = await createModule(ctx, { name: 'Sign in as admin', testCaseId: source });
    const state = await api<{ id: string }>(
      ctx.server,
      'POST',
      `/test-suites/${ctx.suiteId}/browser-states`,
      {
        token: ctx.token,
        body: { name: 'Ada signed in', module_id: moduleId },
      },
    );
    expect(state.status).toBe(201);
    stateId = state.body.id;
  });

  afterAll(async () => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await ctx?.close();
  });

  async function exported(testId: string, token = ctx.token) {
    return api<Exported>(ctx.server, 'GET', `/test-case/${testId}/export`, { token });
  }

  it('is a project whose setup project saves the browser state once and whose test starts from it, green under npx playwright test', async () => {
    const test = await createGeneratedTest(
      ctx,
      'Greets Ada',
      login,
      dashboardShows(dashboard, 'Welcome, Ada Lovelace'),
    );
    // A browser state: a run starts from what its module saved, and so does the export.
    await useSetup(ctx, test, { moduleId, browserStateId: stateId });
    const response = await exported(test);
    expect(response.status).toBe(200);
    const files = Object.fromEntries(response.body.files.map((file) => [file.path, file.content]));
    expect(Object.keys(files).sort()).toEqual([
      'auth.setup.ts',
      'greets-ada.spec.ts',
      'modules.ts',
      'playwright.config.ts',
    ]);
    expect(files['playwright.config.ts']).toContain("dependencies: ['setup']");
    expect(files['playwright.config.ts']).toContain(
      "use: { storageState: path.join(__dirname, '.auth', 'state.json') }",
    );
    // The same files, zipped for the SPA's download button.
    const zipped = await fetch(`${ctx.server.url}/api/test-case/${test}/export.zip`, {
      headers: { authorization: `Bearer ${ctx.token}` },
    });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-type')).toBe('application/zip');
    const entries = readZip(Buffer.from(await zipped.arrayBuffer()));
    expect(Object.fromEntries(entries.map((entry) => [entry.name, entry.data.toString('utf8')]))).toEqual(
      files,
    );
    expect(files['auth.setup.ts']).toContain('await signInAsAdmin(page);');
    expect(files['auth.setup.ts']).toContain('await page.context().storageState({');
    expect(files['modules.ts']).toContain('export async function signInAsAdmin(page: Page): Promise<void> {');
    expect(files['modules.ts']).toContain("password: process.env.PARAM_PASSWORD ?? 'correct-horse-battery',");
    // The test itself does not sign in: it starts from the state the setup saved.
    expect(files['greets-ada.spec.ts']).not.toContain("getByLabel('Email')");

    const outcome = await runExportedProject(response.body.files);
    dirs.push(outcome.dir);
    green(outcome, 2);
    expect(fs.existsSync(path.join(outcome.dir, '.auth', 'state.json'))).toBe(true);
  });

  it('runs a setup module without a browser state first in the page of the test, as a run does, green too', async () => {
    const test = await createGeneratedTest(
      ctx,
      'Greets Ada after the module',
      login,
      dashboardShows(dashboard, 'Welcome, Ada Lovelace'),
    );
    await useSetup(ctx, test, { moduleId });
    const response = await exported(test);
    expect(response.status).toBe(200);
    const files = Object.fromEntries(response.body.files.map((file) => [file.path, file.content]));
    expect(Object.keys(files).sort()).toEqual([
      'greets-ada-after-the-module.spec.ts',
      'modules.ts',
      'playwright.config.ts',
    ]);
    expect(files['playwright.config.ts']).not.toContain('storageState');
    const spec = files['greets-ada-after-the-module.spec.ts'];
    expect(spec).toContain("import { signInAsAdmin } from './modules';");
    expect(spec).toContain('  // 1. The setup module "Sign in as admin"\n  await signInAsAdmin(page);\n');
    const outcome = await runExportedProject(response.body.files);
    dirs.push(outcome.dir);
    green(outcome, 1);
  });

  it('exports a module called from the steps as a call to its function, green too', async () => {
    const call: Action = { kind: 'module', moduleId, name: 'Sign in as admin' };
    const test = await createGeneratedTest(ctx, 'Calls the module', login, [
      { kind: 'goto', url: login },
      call,
      ...dashboardShows(dashboard, 'Your plan'),
    ]);
    const response = await exported(test);
    expect(response.status).toBe(200);
    const files = Object.fromEntries(response.body.files.map((file) => [file.path, file.content]));
    expect(Object.keys(files).sort()).toEqual([
      'calls-the-module.spec.ts',
      'modules.ts',
      'playwright.config.ts',
    ]);
    expect(files['calls-the-module.spec.ts']).toContain("import { signInAsAdmin } from './modules';");
    expect(files['calls-the-module.spec.ts']).toContain('  await signInAsAdmin(page);');
    const outcome = await runExportedProject(response.body.files);
    dirs.push(outcome.dir);
    green(outcome, 1);
  });

  it('exports the same tests as pytest-playwright projects (conftest fixture for the setup) that compile', async () => {
    const greets = await createGeneratedTest(
      ctx,
      'Greets Ada in Python',
      login,
      dashboardShows(dashboard, 'Welcome, Ada Lovelace'),
    );
    await useSetup(ctx, greets, { moduleId, browserStateId: stateId });
    const response = await api<Exported>(ctx.server, 'GET', `/test-case/${greets}/export?language=python`, {
      token: ctx.token,
    });
    expect(response.status).toBe(200);
    const files = Object.fromEntries(response.body.files.map((file) => [file.path, file.content]));
    expect(Object.keys(files).sort()).toEqual([
      'conftest.py',
      'modules.py',
      'requirements.txt',
      'test_greets_ada_in_python.py',
    ]);
    expect(files['conftest.py']).toContain('def sign_in_as_admin_state(browser: Browser) -> str:');
    expect(files['conftest.py']).toContain('    sign_in_as_admin(page)');
    expect(files['conftest.py']).toContain('    context.storage_state(path=str(path))');
    expect(files['modules.py']).toContain('def sign_in_as_admin(page: Page) -> None:');
    expect(files['modules.py']).toContain(
      '"password": os.environ.get("PARAM_PASSWORD", "correct-horse-battery"),',
    );
    const test = files['test_greets_ada_in_python.py'];
    // Its browser settings and the saved state, in the one context it starts with.
    expect(test).toContain('def browser_context_args(browser_context_args, sign_in_as_admin_state):');
    expect(test).toContain('"storage_state": sign_in_as_admin_state}');
    expect(test).not.toContain('get_by_label("Email")');

    const call: Action = { kind: 'module', moduleId, name: 'Sign in as admin' };
    const caller = await createGeneratedTest(ctx, 'Calls the module in Python', login, [
      { kind: 'goto', url: login },
      call,
      ...dashboardShows(dashboard, 'Your plan'),
    ]);
    const zipped = await fetch(`${ctx.server.url}/api/test-case/${caller}/export.zip?language=python`, {
      headers: { authorization: `Bearer ${ctx.token}` },
    });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-disposition')).toBe('attachment; filename="pytest-project.zip"');
    const entries = readZip(Buffer.from(await zipped.arrayBuffer()));
    const called = Object.fromEntries(entries.map((entry) => [entry.name, entry.data.toString('utf8')]));
    expect(Object.keys(called).sort()).toEqual([
      'modules.py',
      'requirements.txt',
      'test_calls_the_module_in_python.py',
    ]);
    expect(called['test_calls_the_module_in_python.py']).toContain('from modules import sign_in_as_admin');
    expect(called['test_calls_the_module_in_python.py']).toContain('    sign_in_as_admin(page)');

    // No Python Playwright on this machine: the files must at least be Python that compiles.
    fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(ROOT, 'test-results', 'pytest-'));
    dirs.push(dir);
    for (const [name, content] of [...Object.entries(files), ...Object.entries(called)])
      if (name.endsWith('.py')) fs.writeFileSync(path.join(dir, name), content);
    const compiled = spawnSync(
      'python3',
      ['-m', 'py_compile', ...fs.readdirSync(dir).map((name) => path.join(dir, name))],
      {
        encoding: 'utf8',
      },
    );
    expect({ status: compiled.status, stderr: compiled.stderr }).toEqual({ status: 0, stderr: '' });
    expect(
      (await api(ctx.server, 'GET', `/test-case/${greets}/export?language=ruby`, { token: ctx.token }))
        .status,
    ).toBe(400);
  });

  it('keeps the single-file export of a test without modules, and keeps tests to their organization', async () => {
    const created = await createTest(ctx, {
      name: 'Plain sign in',
      website: login,
      description: 'Type "ada@example.com" into the Email field.',
    });
    const test = await waitForGeneration(ctx, created._id);
    expect(test.state).toBe('passed');
    const response = await exported(test._id);
    expect(response.body).toEqual({ files: [{ path: 'plain-sign-in.spec.ts', content: test.final_script }] });

    const stranger = await tokenFor(ctx.server, { email: `stranger-${Date.now()}@example.com` });
    const hidden = await exported(test._id, stranger.token);
    expect(hidden.status).toBe(404);
    expect(JSON.stringify(hidden.body)).not.toContain('Plain sign in');
  });
});
