import fs from 'node:fs';
import path from 'node:path';
import { runExportedSpecs } from './exportedSpecs';
import { api } from './helpers';
import {
  createTest,
  describeSteps,
  type GenerationContext,
  setUpGeneration,
  waitForGeneration,
} from './generationFixtures';
import { describeRun, startRun, waitForRun } from './runFixtures';

jest.setTimeout(240_000);

const ROOT = path.resolve(__dirname, '../..');

// Issue 32's steps across tabs, end to end in real Chromium on the help site's tabs page: a link that
// opens a new tab (target=_blank) the test switches to, checks and closes, and a button whose pop-up
// (window.open) the test continues in without being told, saying so. Generated, replayed and exported
// green (page.waitForEvent('popup'), context.pages()). And drag and drop on its board page: an HTML5
// board and a pointer-driven one, each card checked to be in its new column (locator.dragTo).

const STEPS = [
  'Click "Open help" and switch to the new tab',
  'Check that the new tab shows "Help centre"',
  'Close it and go back to the first tab',
  'Click "Read the guide"',
  'Check that the page shows "The guide: your first order"',
  'Close the tab',
  'Check that the page shows "Getting started"',
];

describe('tab and drag steps', () => {
  let ctx: GenerationContext;
  let dir: string;

  beforeAll(async () => {
    ctx = await setUpGeneration({ env: { STEP_TIMEOUT_MS: '5000' } });
    fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    dir = fs.mkdtempSync(path.join(ROOT, 'test-results', 'tabs-export-'));
  });

  afterAll(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await ctx?.close();
  });

  it('opens a tab, checks it, closes it, and follows a pop-up it was not told of', async () => {
    const created = await createTest(ctx, {
      name: 'Read the help',
      website: `${ctx.sites.url('help')}tabs.html`,
      description: STEPS.join('\n'),
    });
    const generated = await waitForGeneration(ctx, created._id);
    expect({ state: generated.state, steps: describeSteps(generated) }).toMatchObject({ state: 'passed' });
    const byText = (words: string) =>
      generated.test_generation_steps.find((step) => step.step_description === words)!;
    const help = byText('Click "Open help"');
    expect(help.action).toMatchObject({ kind: 'click', popup: true });
    expect(help.planner_message).toContain(
      'It opened a new tab (/help/centre.html) from /help/tabs.html; the test continues in it.',
    );
    expect(byText('Switch to the new tab').verification.message).toBe(
      'The test is in the new tab already (/help/centre.html).',
    );
    expect(byText('Check that the new tab shows "Help centre"').action).toMatchObject({ kind: 'expect' });
    expect(byText('Close it').action).toEqual({ kind: 'tab', op: 'close' });
    expect(byText('Close it').verification.message).toBe(
      'Closed the tab on /help/centre.html; the test continues in the tab on /help/tabs.html.',
    );
    expect(byText('Go back to the first tab').action).toEqual({ kind: 'tab', op: 'switch', to: 'first' });
    const guide = byText('Click "Read the guide"');
    expect(guide.action).toMatchObject({ kind: 'click', popup: true });
    expect(guide.verification.message).toBe(
      'It opened a new tab (/help/centre.html?topic=guide) from /help/tabs.html; the test continues in it.',
    );
    expect(guide.generated_code_ts).toBe(
      [
        '{',
        "  const popup = page.waitForEvent('popup');",
        "  await page.getByRole('button', { name: 'Read the guide', exact: true }).click();",
        '  page = await popup;',
        "  await page.waitForLoadState('domcontentloaded');",
        '}',
      ].join('\n'),
    );

    const run = await waitForRun(ctx, (await startRun(ctx, created._id))._id);
    expect(`${run.status}\n${describeRun(run)}`).toMatch(/^passed\n/);
    // The tab the run followed logs into the run, as its first tab does.
    const link = await api<{ url: string }>(
      ctx.server,
      'GET',
      `/artifacts/${run._id}?artifact_name=run.log`,
      {
        token: ctx.token,
      },
    );
    const log = await (await fetch(`${ctx.server.url}${link.body.url}`)).text();
    expect(log).toMatch(/ WARNING console: The help centre has no search yet \(centre\.html:\d+\)/);

    const exported = await api<{ files: { path: string; content: string }[] }>(
      ctx.server,
      'GET',
      `/test-case/${created._id}/export`,
      { token: ctx.token },
    );
    const [spec] = exported.body.files;
    expect(spec.content).toContain('async ({ page, context }) => {');
    fs.writeFileSync(path.join(dir, spec.path), spec.content);
    const { report, output } = await runExportedSpecs(dir);
    expect({ stats: report.stats, output: report.stats.expected === 1 ? '' : output }).toMatchObject({
      stats: { expected: 1, unexpected: 0, flaky: 0, skipped: 0 },
      output: '',
    });
  });

  it('fails a check of the new tab when no tab was opened, saying where the test is', async () => {
    const created = await createTest(ctx, {
      name: 'No tab',
      website: `${ctx.sites.url('help')}tabs.html`,
      description: 'Check that the new tab shows "Help centre"',
    });
    const generated = await waitForGeneration(ctx, created._id);
    expect(generated.state).toBe('failed');
    expect(generated.test_generation_steps.at(-1)!.verification.message).toBe(
      'No new tab is open: the test is in its first tab (/help/tabs.html). A step before should open one (a link that opens a new tab).',
    );
  });

  it('drags cards to another column on an HTML5 board and a pointer-driven one', async () => {
    const created = await createTest(ctx, {
      name: 'Move cards',
      website: `${ctx.sites.url('help')}board.html`,
      description: [
        'Drag "Write report" to the "Done" column',
        'Check that the page shows "Done: 2 cards"',
        'Drag the "Fix login" card onto Shipped',
        'Check that the page shows "Shipped: Fix login"',
      ].join('\n'),
    });
    const generated = await waitForGeneration(ctx, created._id);
    expect({ state: generated.state, steps: describeSteps(generated) }).toMatchObject({ state: 'passed' });
    const [, report, , login] = generated.test_generation_steps;
    expect(report.action).toEqual({
      kind: 'drag',
      target: { locator: { by: 'text', text: 'Write report', exact: true } },
      to: { locator: { by: 'role', role: 'region', name: 'Done', exact: true } },
    });
    expect(report.verification.message).toBe('Dragged "Write report" to "Done" region: it is there now.');
    expect(login.generated_code_ts).toBe(
      "await page.getByText('Fix login', { exact: true }).dragTo(page.getByRole('region', { name: 'Shipped', exact: true }), { steps: 8 });",
    );

    const run = await waitForRun(ctx, (await startRun(ctx, created._id))._id);
    expect(`${run.status}\n${describeRun(run)}`).toMatch(/^passed\n/);
    const exported = await api<{ files: { path: string; content: string }[] }>(
      ctx.server,
      'GET',
      `/test-case/${created._id}/export`,
      { token: ctx.token },
    );
    const [spec] = exported.body.files;
    const drags = fs.mkdtempSync(path.join(dir, 'drag-'));
    fs.writeFileSync(path.join(drags, spec.path), spec.content);
    const { report: ran, output } = await runExportedSpecs(drags);
    expect({ stats: ran.stats, output: ran.stats.expected === 1 ? '' : output }).toMatchObject({
      stats: { expected: 1, unexpected: 0, flaky: 0, skipped: 0 },
      output: '',
    });
  });

  it('fails a drag of something not on the page, saying so', async () => {
    const created = await createTest(ctx, {
      name: 'Drag nothing',
      website: `${ctx.sites.url('help')}board.html`,
      description: 'Drag "Write essay" to the "Done" column',
    });
    const generated = await waitForGeneration(ctx, created._id);
    expect(generated.state).toBe('failed');
    expect(generated.test_generation_steps.at(-1)!.verification.message).toBe(
      '"Write essay" is not on the page: there is nothing of that name to drag.',
    );
  });
});
