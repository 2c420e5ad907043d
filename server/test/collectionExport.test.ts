import fs from 'node:fs';
import path from 'node:path';
import { type Collection } from '../../contract/collections';
import { readZip } from '../src/lib/zip';
import { COLLECTION_EXPORT_MESSAGES } from '../src/services/collectionExport';
import { runExportedProject, type SpecsReport } from './exportedSpecs';
import { createTest, setUpGeneration, type GenerationContext } from './generationFixtures';
import { api, tokenFor } from './helpers';
import { createModule, dashboardShows, signInActions, useSetup } from './moduleFixtures';
import { createGeneratedTest } from './runFixtures';

jest.setTimeout(240_000);

// Issue 15, "take the collection away": a collection exports as a Playwright Test project (package.json,
// a config with chromium / firefox / webkit projects and a setup project, one spec per test) that runs
// green under `npx playwright test` against the fixture site: in Chromium here, the one browser there is.

interface Exported {
  name: string;
  files: { path: string; content: string }[];
}

const PASSWORD = 'correct-horse-battery';

describe('the export of a collection', () => {
  let ctx: GenerationContext;
  let collectionId: string;
  let lonelyCollectionId: string;
  const dirs: string[] = [];

  beforeAll(async () => {
    ctx = await setUpGeneration();
    const login = ctx.sites.url('login');
    const dashboard = `${login}dashboard.html`;
    // A module made from a sign-in test whose password is its variable.
    const source = await createGeneratedTest(
      ctx,
      'Sign in as Ada',
      login,
      signInActions(login, 'ada@example.com'),
      {
        password: PASSWORD,
      },
    );
    const moduleId = await createModule(ctx, { name: 'Sign in as admin', testCaseId: source });
    // A secret a test reads by name.
    const secret = await api(ctx.server, 'POST', `/test-suites/${ctx.suiteId}/shared-parameters`, {
      token: ctx.token,
      body: { key: 'ADMIN_PASSWORD', value: PASSWORD },
    });
    expect(secret.status).toBe(201);

    const greets = await createGeneratedTest(
      ctx,
      'Greets Ada',
      login,
      dashboardShows(dashboard, 'Welcome, Ada Lovelace'),
    );
    // Its browser state's module runs once in the setup project; the test starts from what it saved.
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
    await useSetup(ctx, greets, { moduleId, browserStateId: state.body.id });
    const plan = await createGeneratedTest(ctx, 'Shows the plan', login, [
      { kind: 'goto', url: login },
      { kind: 'module', moduleId, name: 'Sign in as admin' },
      ...dashboardShows(dashboard, 'Your plan'),
    ]);
    const withSecret = await createGeneratedTest(ctx, 'Signs in with the secret', login, [
      ...signInActions(login, 'ada@example.com').map((action) =>
        action.kind === 'fill' && action.value === '{{password}}'
          ? { ...action, value: '{{ADMIN_PASSWORD}}' }
          : action,
      ),
    ]);
    const page = await createGeneratedTest(ctx, 'Shows the sign-in page', login, [
      { kind: 'goto', url: login },
      {
        kind: 'expect',
        assert: { type: 'visible', target: { locator: { by: 'text', text: 'Sign in to your account' } } },
      },
    ]);
    // Created, never generated: left out, and named in the README.
    const draft = await createTest(
      ctx,
      { name: 'Draft idea', website: login, description: 'Click Sign in.' },
      false,
    );

    const collection = await api<Collection>(ctx.server, 'POST', '/test-suites/collection', {
      token: ctx.token,
      body: {
        name: 'Nightly: sign-in',
        test_suite_id: ctx.suiteId,
        linked_test_ids: [greets, plan, withSecret, page, draft._id],
      },
    });
    expect(collection.status).toBe(201);
    collectionId = collection.body._id;
    const lonely = await api<Collection>(ctx.server, 'POST', '/test-suites/collection', {
      token: ctx.token,
      body: { name: 'Only drafts', test_suite_id: ctx.suiteId, linked_test_ids: [draft._id] },
    });
    lonelyCollectionId = lonely.body._id;
  });

  afterAll(async () => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await ctx?.close();
  });

  const exported = (id: string, token = ctx.token) =>
    api<Exported>(ctx.server, 'GET', `/test-suites/collection/${id}/export`, { token });

  it('is a Playwright project with three browsers and a setup project, green in Chromium under npx playwright test', async () => {
    const response = await exported(collectionId);
    expect(response.status).toBe(200);
    expect(response.body.name).toBe('Nightly: sign-in');
    const files = Object.fromEntries(response.body.files.map((file) => [file.path, file.content]));
    expect(Object.keys(files).sort()).toEqual([
      '.gitignore',
      'README.md',
      'modules.ts',
      'package.json',
      'playwright.config.ts',
      'setup/sign-in-as-admin.setup.ts',
      'tests/greets-ada.spec.ts',
      'tests/shows-the-plan.spec.ts',
      'tests/shows-the-sign-in-page.spec.ts',
      'tests/signs-in-with-the-secret.spec.ts',
    ]);
    const pkg = JSON.parse(files['package.json']) as {
      devDependencies: Record<string, string>;
      scripts: Record<string, string>;
    };
    expect(pkg.devDependencies['@playwright/test']).toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.scripts.test).toBe('playwright test');
    const config = files['playwright.config.ts'];
    for (const [name, device] of [
      ['chromium', 'Desktop Chrome'],
      ['firefox', 'Desktop Firefox'],
      ['webkit', 'Desktop Safari'],
    ])
      expect(config).toContain(
        `{ name: '${name}', testMatch: /tests\\/.*\\.spec\\.ts/, use: { ...devices['${device}'] }, dependencies: ['setup'] }`,
      );
    expect(config).toContain("{ name: 'setup', testMatch: /setup\\/.*\\.setup\\.ts/ }");
    // Only the test whose setup is the module starts from the state it saves.
    expect(files['tests/greets-ada.spec.ts']).toContain(
      "test.use({ storageState: path.join(__dirname, '..', '.auth', 'sign-in-as-admin.json') });",
    );
    expect(files['tests/shows-the-plan.spec.ts']).not.toContain('storageState');
    expect(files['tests/shows-the-plan.spec.ts']).toContain("import { signInAsAdmin } from '../modules';");
    expect(files['setup/sign-in-as-admin.setup.ts']).toContain("import { signInAsAdmin } from '../modules';");
    // The secret by name only; the README says what to set and what was left out.
    const everything = response.body.files.map((file) => file.content).join('\n');
    expect(files['tests/signs-in-with-the-secret.spec.ts']).toContain("secret('SECRET_ADMIN_PASSWORD')");
    expect(files['README.md']).toContain('- `SECRET_ADMIN_PASSWORD`');
    expect(files['README.md']).toContain('- `PARAM_PASSWORD`');
    expect(files['README.md']).toContain(`- Draft idea: ${COLLECTION_EXPORT_MESSAGES.notGenerated}`);
    expect(everything).not.toContain('draft-idea');
    // The variable's value is the module's default, as Plainwright runs it; the secret's value is nowhere.
    expect(files['modules.ts']).toContain(`password: process.env.PARAM_PASSWORD ?? '${PASSWORD}',`);
    expect(everything.replace(`'${PASSWORD}'`, '')).not.toContain(PASSWORD);

    // The same files as one zip, named after the collection.
    const zipped = await fetch(`${ctx.server.url}/api/test-suites/collection/${collectionId}/export.zip`, {
      headers: { authorization: `Bearer ${ctx.token}` },
    });
    expect(zipped.status).toBe(200);
    expect(zipped.headers.get('content-type')).toBe('application/zip');
    expect(zipped.headers.get('content-disposition')).toBe(
      'attachment; filename="nightly-sign-in-playwright.zip"',
    );
    const entries = readZip(Buffer.from(await zipped.arrayBuffer()));
    expect(Object.fromEntries(entries.map((entry) => [entry.name, entry.data.toString('utf8')]))).toEqual(
      files,
    );

    const outcome = await runExportedProject(response.body.files, {
      project: 'chromium',
      env: { SECRET_ADMIN_PASSWORD: PASSWORD },
    });
    dirs.push(outcome.dir);
    green(outcome, 5);
    expect(fs.existsSync(path.join(outcome.dir, '.auth', 'sign-in-as-admin.json'))).toBe(true);
  });

  it('fails under npx playwright test when the secret is not set, saying which', async () => {
    const response = await exported(collectionId);
    const outcome = await runExportedProject(
      response.body.files.filter((file) => !file.path.startsWith('tests/') || file.path.includes('secret')),
      { project: 'chromium' },
    );
    dirs.push(outcome.dir);
    expect(outcome.report.stats.unexpected).toBe(1);
    expect(outcome.output).toContain(
      'Set SECRET_ADMIN_PASSWORD: this test reads a secret from the environment.',
    );
  });

  it('refuses a collection with nothing generated, and keeps collections to their organization', async () => {
    const lonely = await exported(lonelyCollectionId);
    expect(lonely.status).toBe(422);
    expect(JSON.stringify(lonely.body)).toContain(COLLECTION_EXPORT_MESSAGES.nothing);

    const stranger = await tokenFor(ctx.server, { email: `stranger-${Date.now()}@example.com` });
    for (const suffix of ['export', 'export.zip']) {
      const hidden = await api(ctx.server, 'GET', `/test-suites/collection/${collectionId}/${suffix}`, {
        token: stranger.token,
      });
      expect(hidden.status).toBe(404);
      expect(JSON.stringify(hidden.body)).not.toContain('Nightly');
    }
    expect((await exported('not-a-uuid')).status).toBe(400);
    expect((await api(ctx.server, 'GET', `/test-suites/collection/${collectionId}/export`)).status).toBe(401);
  });
});

function green(outcome: { report: SpecsReport; output: string }, expected: number) {
  const { report, output } = outcome;
  const clean =
    report.stats.expected === expected && report.stats.unexpected === 0 && report.errors.length === 0;
  expect({ stats: report.stats, output: clean ? '' : output }).toEqual({
    stats: expect.objectContaining({ expected, unexpected: 0, flaky: 0, skipped: 0 }),
    output: '',
  });
}
