import fs from 'node:fs';
import path from 'node:path';
import { runExportedSpecs } from './exportedSpecs';
import { api } from './helpers';
import {
  createTest,
  describeSteps,
  setUpGeneration,
  waitForGeneration,
  type GenerationContext,
} from './generationFixtures';

jest.setTimeout(240_000);

const ROOT = path.resolve(__dirname, '../..');

// Issue 29: Ant Design draws a Select's list a frame after the click that opens it. The runner waits
// for it; the exported spec clicked "the last visible Design" at once, which was then the table's
// Design cell (2 of 76 exported corpus specs were red under load). The export now waits, as the run
// does, for the field to say its list is open (aria-expanded) and the option just drawn to show.

describe('the export of a select on an Ant Design listbox', () => {
  let ctx: GenerationContext;
  let dir: string;

  beforeAll(async () => {
    ctx = await setUpGeneration({ env: { STEP_TIMEOUT_MS: '5000' } });
    fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    dir = fs.mkdtempSync(path.join(ROOT, 'test-results', 'select-export-'));
  });

  afterAll(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await ctx?.close();
  });

  it('waits for the list to open before clicking the option, and passes under npx playwright test', async () => {
    const created = await createTest(ctx, {
      name: 'Filter by a department',
      website: ctx.sites.url('admin-antd'),
      description:
        'Pick "Design" in the All departments dropdown. Verify the page shows "1-3 of 3 people". Verify the page shows "Paul Rand".',
    });
    const test = await waitForGeneration(ctx, created._id, 180_000);
    expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });
    const select = test.test_generation_steps[1];
    expect(select.action).toMatchObject({ kind: 'select', widget: 'listbox', expands: true });

    const exported = await api<{ files: { path: string; content: string }[] }>(
      ctx.server,
      'GET',
      `/test-case/${created._id}/export`,
      { token: ctx.token },
    );
    expect(exported.status).toBe(200);
    const [spec] = exported.body.files;
    // The field's click, the wait for its list, then the option: in this order.
    const lines = spec.content.split('\n').map((line) => line.trim());
    const open = lines.findIndex((line) => /toHaveAttribute\('aria-expanded', 'true'\);$/.test(line));
    expect(open).toBeGreaterThan(0);
    const field = /^await \(await shown\((.+)\)\)\.click\(\);$/.exec(lines[open - 1])?.[1];
    expect(lines[open]).toBe(`await expect(${field}).toHaveAttribute('aria-expanded', 'true');`);
    // The newest "Design" (the list just drawn) shown: Ant Design scales its list up from nothing.
    expect(lines[open + 1]).toBe(
      "await expect(page.getByText('Design', { exact: true }).nth(-1)).toBeVisible();",
    );
    expect(lines[open + 2]).toContain("getByText('Design', { exact: true }).filter({ visible: true })");

    fs.writeFileSync(path.join(dir, spec.path), spec.content);
    const { report, output } = await runExportedSpecs(dir);
    expect({ ...report.stats, output: report.stats.unexpected ? output : '' }).toMatchObject({
      expected: 1,
      unexpected: 0,
      output: '',
    });

    const python = await api<{ files: { path: string; content: string }[] }>(
      ctx.server,
      'GET',
      `/test-case/${created._id}/export?language=python`,
      { token: ctx.token },
    );
    expect(python.body.files[0].content).toContain('.to_have_attribute("aria-expanded", "true")');
  });
});
