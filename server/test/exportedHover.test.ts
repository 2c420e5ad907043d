import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import path from 'node:path';
import { testCases } from '../src/db/schema';
import { type Action, type Target } from '../src/runner';
import { runExportedSpecs } from './exportedSpecs';
import { api } from './helpers';
import { setUpGeneration, type GenerationContext } from './generationFixtures';
import { createGeneratedTest, describeRun, startRun, waitForRun } from './runFixtures';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '../..');

// Issue 28, item 6: where a run hovers a row to show its icon-only remove button (runner/execute.ts
// `revealed`), the exported spec hovers too, so it passes under `npx playwright test` where the run
// passes. The tasks site's hover-only variant shows each row's remove button only under the pointer.

const removeButton: Target = {
  locator: { by: 'css', selector: '.destroy' },
  within: { by: 'role', role: 'listitem' },
  withinText: 'Pay rent',
};
const addTask = (title: string): Action[] => [
  { kind: 'fill', target: { locator: { by: 'label', text: 'New task' } }, value: title },
  { kind: 'press', target: { locator: { by: 'label', text: 'New task' } }, key: 'Enter' },
];
const removesPayRent = (tasks: string): Action[] => [
  { kind: 'goto', url: tasks },
  ...addTask('Pay rent'),
  ...addTask('Call mum'),
  { kind: 'click', target: removeButton },
  {
    kind: 'expect',
    assert: { type: 'visible', target: { locator: { by: 'text', text: 'Pay rent' } }, negate: true },
  },
  { kind: 'expect', assert: { type: 'visible', target: { locator: { by: 'text', text: 'Call mum' } } } },
];

describe('the export of a test whose button shows only on hover', () => {
  let ctx: GenerationContext;
  let dir: string;

  beforeAll(async () => {
    ctx = await setUpGeneration();
    ctx.sites.setVariant('tasks', 'hover-only');
    fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    dir = fs.mkdtempSync(path.join(ROOT, 'test-results', 'hover-export-'));
  });

  afterAll(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await ctx?.close();
  });

  it('hovers the row as the run does, and passes under npx playwright test where the run passes', async () => {
    const tasks = ctx.sites.url('tasks');
    const test = await createGeneratedTest(ctx, 'Remove a task', tasks, removesPayRent(tasks));
    // A script exists once a generation passed (exportedCode.ts writes it from the steps now).
    await ctx.server.database.db
      .update(testCases)
      .set({ finalScript: '', finalScriptPy: '' })
      .where(eq(testCases.id, test));

    const run = await waitForRun(ctx, (await startRun(ctx, test))._id);
    expect({ status: run.status, steps: describeRun(run) }).toMatchObject({ status: 'passed' });

    const exported = await api<{ files: { path: string; content: string }[] }>(
      ctx.server,
      'GET',
      `/test-case/${test}/export`,
      { token: ctx.token },
    );
    expect(exported.status).toBe(200);
    const [spec] = exported.body.files;
    expect(spec.path).toBe('remove-a-task.spec.ts');
    expect(spec.content).toContain(
      "await (await shown(page.getByRole('listitem').filter({ hasText: 'Pay rent' }).locator('.destroy'))).click();",
    );
    fs.writeFileSync(path.join(dir, spec.path), spec.content);
    const { report, output } = await runExportedSpecs(dir);
    expect({ ...report.stats, output: report.stats.unexpected ? output : '' }).toMatchObject({
      expected: 1,
      unexpected: 0,
      output: '',
    });

    // The Python file goes through the same helper.
    const python = await api<{ files: { path: string; content: string }[] }>(
      ctx.server,
      'GET',
      `/test-case/${test}/export?language=python`,
      { token: ctx.token },
    );
    expect(python.body.files[0].content).toContain('from playwright.sync_api import Locator, Page, expect');
    expect(python.body.files[0].content).toContain(
      '    shown(page.get_by_role("listitem").filter(has_text="Pay rent").locator(".destroy")).click()',
    );
  });
});
