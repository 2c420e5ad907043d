import fs from 'node:fs';
import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { type Collection } from '../../contract/collections';
import { type Action } from '../src/runner';
import { runExportedProject } from './exportedSpecs';
import { setUpGeneration, type GenerationContext } from './generationFixtures';
import { api } from './helpers';
import { createGeneratedTest } from './runFixtures';

jest.setTimeout(240_000);

// Issue 33: a collection's export reads the base URL from the project's environments: baseURL in the
// Playwright config (the default environment's), one project per environment, and the tests' pages on
// their own websites as relative paths.

interface Exported {
  files: { path: string; content: string }[];
}

describe('the export of a collection of a project with environments', () => {
  let own: FixtureSites;
  let staging: FixtureSites;
  let ctx: GenerationContext;
  let collectionId: string;
  let testId: string;
  const dirs: string[] = [];

  beforeAll(async () => {
    own = await serveFixtureSites();
    staging = await serveFixtureSites();
    ctx = await setUpGeneration({ sites: own });
    const field = { locator: { by: 'placeholder' as const, text: 'What needs to be done?' } };
    const actions: Action[] = [
      { kind: 'goto', url: own.url('todo') },
      { kind: 'fill', target: field, value: 'Milk' },
      { kind: 'expect', assert: { type: 'url', value: own.url('todo'), match: 'equals' } },
      { kind: 'expect', assert: { type: 'value', target: field, value: 'Milk' } },
    ];
    testId = await createGeneratedTest(ctx, 'Types an item', own.url('todo'), actions);
    for (const [name, baseUrl] of [
      ['Staging', staging.origin],
      // Nothing listens there: a run on it cannot open the page.
      ['Nowhere', 'http://127.0.0.1:9'],
    ]) {
      const created = await api(ctx.server, 'POST', `/test-suites/${ctx.suiteId}/environments`, {
        token: ctx.token,
        body: { name, base_url: baseUrl },
      });
      expect(created.status).toBe(201);
    }
    const collection = await api<Collection>(ctx.server, 'POST', '/test-suites/collection', {
      token: ctx.token,
      body: { name: 'Smoke', test_suite_id: ctx.suiteId, linked_test_ids: [testId] },
    });
    collectionId = collection.body._id;
  });
  afterAll(async () => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await ctx?.close();
    // Closed by the test already when it got that far.
    await own?.close().catch(() => undefined);
    await staging?.close();
  });

  it("sets the default environment's baseURL, a project per environment, and relative pages; runs on each", async () => {
    const response = await api<Exported>(
      ctx.server,
      'GET',
      `/test-suites/collection/${collectionId}/export`,
      {
        token: ctx.token,
      },
    );
    expect(response.status).toBe(200);
    const files = Object.fromEntries(response.body.files.map((file) => [file.path, file.content]));
    const config = files['playwright.config.ts'];
    expect(config).toContain(
      `use: { trace: 'retain-on-failure', baseURL: process.env.BASE_URL ?? '${staging.origin}' },`,
    );
    expect(config).toContain(
      `{ name: 'staging', testMatch: /tests\\/.*\\.spec\\.ts/, use: { ...devices['Desktop Chrome'], baseURL: '${staging.origin}' } },`,
    );
    expect(config).toContain(`{ name: 'nowhere',`);
    const spec = files['tests/types-an-item.spec.ts'];
    const path = new URL(own.url('todo')).pathname;
    expect(spec).toContain(`await page.goto('${path}');`);
    expect(spec).toContain(`await expect(page).toHaveURL('${path}');`);
    expect(spec).not.toContain(own.origin);
    expect(files['README.md']).toContain('- `npx playwright test --project=staging`: Staging');

    // The test's own website is gone: the browsers' projects open the default environment's pages.
    await own.close();
    const onDefault = await runExportedProject(response.body.files, { project: 'chromium' });
    dirs.push(onDefault.dir);
    expect({ passed: onDefault.report.stats.expected, failed: onDefault.report.stats.unexpected }).toEqual({
      passed: 1,
      failed: 0,
    });
    const onStaging = await runExportedProject(response.body.files, { project: 'staging' });
    dirs.push(onStaging.dir);
    expect(onStaging.report.stats.expected).toBe(1);
    const nowhere = await runExportedProject(response.body.files, { project: 'nowhere' });
    dirs.push(nowhere.dir);
    expect(nowhere.report.stats.unexpected).toBe(1);
    expect(nowhere.output).toMatch(/ERR_CONNECTION_REFUSED|127\.0\.0\.1:9/);
  });

  it("exports a single test as a project on the environments too: the default's baseURL, relative pages", async () => {
    const response = await api<Exported>(ctx.server, 'GET', `/test-case/${testId}/export`, {
      token: ctx.token,
    });
    expect(response.status).toBe(200);
    const files = Object.fromEntries(response.body.files.map((file) => [file.path, file.content]));
    expect(files['playwright.config.ts']).toContain(`baseURL: process.env.BASE_URL ?? '${staging.origin}'`);
    expect(files['playwright.config.ts']).toContain(`{ name: 'nowhere',`);
    const spec = files['tests/types-an-item.spec.ts'];
    expect(spec).toContain(`await page.goto('${new URL(own.url('todo')).pathname}');`);
    expect(spec).not.toContain(own.origin);
  });
});
