import fs from 'node:fs';
import { type Action } from '../src/runner';
import { runExportedProject } from './exportedSpecs';
import { api } from './helpers';
import {
  createTest,
  describeSteps,
  setUpGeneration,
  waitForGeneration,
  type GenerationContext,
} from './generationFixtures';
import { createGeneratedTest, describeRun, startRun, waitForRun } from './runFixtures';
import { createModule, download, useSetup } from './moduleFixtures';

jest.setTimeout(180_000);

// Issue 28: a test continues where its setup module left the page. Its first step, the "Open
// <website>" every generated test starts with, opens its site only when the module ended elsewhere,
// in a run, a generation and the exported code alike. The todo site's memory variant keeps its todos
// in the page's memory only, so opening the site again after the module would lose what it added.

const addMilk = (todo: string): Action[] => [
  { kind: 'goto', url: todo },
  { kind: 'fill', target: { locator: { by: 'label', text: 'New todo' } }, value: 'Buy milk' },
  { kind: 'press', target: { locator: { by: 'label', text: 'New todo' } }, key: 'Enter' },
];
const shows = (url: string, text: string): Action[] => [
  { kind: 'goto', url },
  { kind: 'expect', assert: { type: 'visible', target: { locator: { by: 'text', text } } } },
];

describe('a test after its setup module', () => {
  let ctx: GenerationContext;
  let todo: string;
  let addsMilk: string;

  beforeAll(async () => {
    ctx = await setUpGeneration();
    ctx.sites.setVariant('todo', 'memory');
    todo = ctx.sites.url('todo');
    const source = await createGeneratedTest(ctx, 'Add milk', todo, addMilk(todo));
    addsMilk = await createModule(ctx, { name: 'Add milk', testCaseId: source });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('goes on in the page the module left on its site, so what the module added is there', async () => {
    const test = await createGeneratedTest(ctx, 'Milk is listed', todo, shows(todo, 'Buy milk'));
    await useSetup(ctx, test, { moduleId: addsMilk });
    const run = await waitForRun(ctx, (await startRun(ctx, test))._id);
    expect({ status: run.status, steps: describeRun(run) }).toMatchObject({ status: 'passed' });
    expect(run.steps).toHaveLength(5);
    // The opening step is kept, saying in its code that it opens the site only when elsewhere.
    expect(run.steps[3].run_code).toContain(`if (!page.url().startsWith('${todo}')) await page.goto(`);

    const log = (await download(ctx, run._id, 'run.log')).toString('utf8');
    expect(log).toContain(`4. Open ${todo}: the page stays where the setup module left it (${todo}).`);

    // The exported spec decides as the run did.
    const exported = await api<{ files: { path: string; content: string }[] }>(
      ctx.server,
      'GET',
      `/test-case/${test}/export`,
      { token: ctx.token },
    );
    const spec = exported.body.files.find((file) => file.path.endsWith('.spec.ts'))?.content ?? '';
    expect(spec).toContain(`if (!page.url().startsWith('${todo}')) await page.goto('${todo}');`);
    // And runs as the run did: the module in the test's own page first, so the milk is still listed.
    expect(spec).toContain('  await addMilk(page);\n');
    const outcome = await runExportedProject(exported.body.files);
    fs.rmSync(outcome.dir, { recursive: true, force: true });
    const { stats } = outcome.report;
    expect({ ...stats, output: stats.unexpected ? outcome.output : '' }).toMatchObject({
      expected: 1,
      unexpected: 0,
      output: '',
    });
  });

  it('opens its own site when the module ended on another (same origin, another folder)', async () => {
    const tasks = ctx.sites.url('tasks');
    const test = await createGeneratedTest(ctx, 'Tasks page', tasks, shows(tasks, 'Add a task above'));
    await useSetup(ctx, test, { moduleId: addsMilk });
    const run = await waitForRun(ctx, (await startRun(ctx, test))._id);
    expect({ status: run.status, steps: describeRun(run) }).toMatchObject({ status: 'passed' });
    expect(run.steps[4].url).toContain('/tasks/');
  });

  it('generates from the page the module left, without opening the site again', async () => {
    const test = await createTest(
      ctx,
      { name: 'Milk generated', website: todo, description: 'Verify the page shows "Buy milk".' },
      false,
    );
    await useSetup(ctx, test._id, { moduleId: addsMilk });
    await ctx.server.services.generation.start({ id: ctx.userId, email: '' } as never, [test._id]);
    const generated = await waitForGeneration(ctx, test._id);
    expect({ state: generated.state, steps: describeSteps(generated) }).toMatchObject({ state: 'passed' });
    expect(generated.test_generation_steps.map((step) => step.step_description)).toEqual([
      `Open ${todo}`,
      'Verify the page shows "Buy milk"',
    ]);
  });
});
