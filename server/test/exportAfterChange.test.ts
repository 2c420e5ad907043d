import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import { type Collection } from '../../contract/collections';
import { type SharedTest } from '../../contract/sharing';
import { type TestCase } from '../../contract/testCases';
import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { testCases } from '../src/db/schema';
import { type Action } from '../src/runner';
import { runExportedProject } from './exportedSpecs';
import { setUpGeneration, type GenerationContext } from './generationFixtures';
import { api } from './helpers';
import { createGeneratedTest } from './runFixtures';

jest.setTimeout(240_000);

// Issue 28, "export differs from what runs after Change URL": every way a test's code leaves
// Plainwright (its final_script, its export, a collection's Playwright project, its shared page)
// opens the website the test has now, as its runs do — and the collection's project passes there.

interface Exported {
  name: string;
  files: { path: string; content: string }[];
}

describe('the exported code after the website of a test changed', () => {
  let ctx: GenerationContext;
  let moved: FixtureSites;
  const dirs: string[] = [];

  beforeAll(async () => {
    ctx = await setUpGeneration();
    moved = await serveFixtureSites();
  });

  afterAll(async () => {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await moved?.close();
    await ctx?.close();
  });

  it('opens the new website in final_script, the export, the collection project (green there) and the shared page', async () => {
    const before = ctx.sites.url('login');
    const after = moved.url('login');
    const actions: Action[] = [
      { kind: 'goto', url: before },
      {
        kind: 'expect',
        assert: { type: 'visible', target: { locator: { by: 'text', text: 'Sign in to your account' } } },
      },
    ];
    const testId = await createGeneratedTest(ctx, 'Shows the sign-in page', before, actions);
    // As a generation stores it: the script it wrote then, and where its steps were generated.
    await ctx.server.database.db
      .update(testCases)
      .set({
        finalScript: `// generated on ${before}`,
        finalScriptPy: `# generated on ${before}`,
        stepsSource: { website: before, description: 'Shows the sign-in page' },
      })
      .where(eq(testCases.id, testId));

    // Change URL.
    const edited = await api<TestCase>(ctx.server, 'PATCH', `/test-case/${testId}/edit`, {
      token: ctx.token,
      body: { test_case_id: testId, website: after },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.steps_out_of_date).toBe(true);
    const goto = `await page.goto('${after}');`;
    expect(edited.body.final_script).toContain(goto);
    expect(edited.body.final_script).not.toContain(before);
    expect(edited.body.final_script_py).toContain(`page.goto("${after}")`);

    const single = await api<{ files: { path: string; content: string }[] }>(
      ctx.server,
      'GET',
      `/test-case/${testId}/export?language=typescript`,
      { token: ctx.token },
    );
    expect(single.status).toBe(200);
    expect(single.body.files.map((file) => file.content)).toEqual([edited.body.final_script]);

    const collection = await api<Collection>(ctx.server, 'POST', '/test-suites/collection', {
      token: ctx.token,
      body: { name: 'Moved', test_suite_id: ctx.suiteId, linked_test_ids: [testId] },
    });
    expect(collection.status).toBe(201);
    const project = await api<Exported>(
      ctx.server,
      'GET',
      `/test-suites/collection/${collection.body._id}/export`,
      { token: ctx.token },
    );
    expect(project.status).toBe(200);
    const spec = project.body.files.find((file) => file.path.endsWith('.spec.ts'));
    expect(spec?.content).toContain(goto);
    expect(spec?.content).not.toContain(before);
    // What a person does with it: the project runs green, on the new website only.
    const { report, output, dir } = await runExportedProject(project.body.files, { project: 'chromium' });
    dirs.push(dir);
    expect({ ...report.stats, output: report.stats.unexpected ? output : '' }).toMatchObject({
      expected: 1,
      unexpected: 0,
      output: '',
    });

    const published = await api(ctx.server, 'PUT', `/test-case/${testId}/publish?slug=moved-test`, {
      token: ctx.token,
      body: { visibility: 'public' },
    });
    expect(published.status).toBe(200);
    const shared = await api<SharedTest>(ctx.server, 'GET', '/shared/moved-test');
    expect(shared.status).toBe(200);
    expect(shared.body.code.typescript).toContain(goto);
    expect(shared.body.code.typescript).not.toContain(before);
  });
});
