import fs from 'node:fs';
import path from 'node:path';
import { type TestRun } from '../../contract/runs';
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

// Issue 32's optional steps, end to end in real Chromium: the help site's articles page shows a cookie
// banner over the page only with ?consent=ask (with ?consent=no, none). 'If a cookie banner is shown, click "Accept all"' is
// generated with the banner shown and with none, replayed both ways (the banner blocks the next click,
// so a skipped step that should have clicked fails the run), and exported as Playwright code that passes.

const STEPS = [
  'If a cookie banner is shown, click "Accept all"',
  'Click "Show more"',
  'Check that the page shows "Returns and refunds"',
].join('\n');

const SHOWN = 'The "Accept all" button was shown, so it was clicked.';
const SKIPPED = 'The "Accept all" button was not shown within 3 s, so the step was skipped.';

describe('optional steps', () => {
  let ctx: GenerationContext;
  let dir: string;

  beforeAll(async () => {
    ctx = await setUpGeneration({ env: { STEP_TIMEOUT_MS: '5000' } });
    fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    dir = fs.mkdtempSync(path.join(ROOT, 'test-results', 'optional-export-'));
  });

  afterAll(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await ctx?.close();
  });

  const page = (query: string) => `${ctx.sites.url('help')}articles.html${query}`;

  async function run(testId: string, website: string): Promise<TestRun> {
    const done = await waitForRun(ctx, (await startRun(ctx, testId, { website_url_override: website }))._id);
    expect(`${done.status}\n${describeRun(done)}`).toMatch(/^passed\n/);
    return done;
  }

  it('clicks "Accept all" only when the banner is shown: generated, replayed both ways and exported', async () => {
    const withBanner = await createTest(ctx, {
      name: 'Articles after consent',
      website: page('?consent=ask'),
      description: STEPS,
    });
    const generated = await waitForGeneration(ctx, withBanner._id);
    expect({ state: generated.state, steps: describeSteps(generated) }).toMatchObject({ state: 'passed' });
    const optional = generated.test_generation_steps.find((step) =>
      step.step_description.startsWith('If a cookie'),
    )!;
    expect(optional.step_description).toBe('If a cookie banner is shown, click "Accept all"');
    expect(optional.verification.message).toBe(SHOWN);
    expect(optional.action).toMatchObject({ kind: 'click', optional: { waitMs: 3000 } });
    expect(optional.action_name).toBe('If shown, click "Accept all" button');
    expect(optional.generated_code_ts).toBe(
      [
        '// Optional: clicked only if shown within 3000 ms.',
        "if (await page.getByRole('button', { name: 'Accept all', exact: true }).first().waitFor({ timeout: 3000 }).then(() => true, () => false)) {",
        "  await page.getByRole('button', { name: 'Accept all', exact: true }).click();",
        '}',
      ].join('\n'),
    );

    // Replayed with the banner, it is clicked; without it, skipped; each step's record says which.
    const clicked = await run(withBanner._id, page('?consent=ask'));
    expect(clicked.steps.map((step) => step.note ?? null)).toEqual([null, SHOWN, null, null]);
    const skipped = await run(withBanner._id, page('?consent=no'));
    expect(skipped.steps[1].note).toBe(SKIPPED);
    expect(skipped.steps.filter((step) => step.note).length).toBe(1);

    // Generated with no banner, the step passes skipped, and a run with the banner clicks it.
    const without = await createTest(ctx, {
      name: 'Articles, no banner',
      website: page('?consent=no'),
      description: STEPS,
    });
    const plain = await waitForGeneration(ctx, without._id);
    expect({ state: plain.state, steps: describeSteps(plain) }).toMatchObject({ state: 'passed' });
    const step = plain.test_generation_steps.find((one) => one.step_description.startsWith('If a cookie'))!;
    expect(step.verification.message).toBe(
      'The text "Accept all" was not shown within 3 s, so the step was skipped. A run clicks it whenever it is shown.',
    );
    expect(step.action).toMatchObject({ kind: 'click', optional: { waitMs: 3000 } });
    const later = await run(without._id, page('?consent=ask'));
    expect(later.steps[1].note).toBe('The text "Accept all" was shown, so it was clicked.');

    // Exported: both files pass under Playwright, the banner's page with it and the plain page without.
    for (const id of [withBanner._id, without._id]) {
      const exported = await api<{ files: { path: string; content: string }[] }>(
        ctx.server,
        'GET',
        `/test-case/${id}/export`,
        { token: ctx.token },
      );
      const [spec] = exported.body.files;
      expect(spec.content).toContain('.waitFor({ timeout: 3000 }).then(() => true, () => false)');
      fs.writeFileSync(path.join(dir, spec.path), spec.content);
    }
    const { report, output } = await runExportedSpecs(dir);
    expect({ stats: report.stats, output: report.stats.expected === 2 ? '' : output }).toMatchObject({
      stats: { expected: 2, unexpected: 0, flaky: 0, skipped: 0 },
      output: '',
    });
  });

  it('refuses to make anything but a click optional', async () => {
    const created = await createTest(ctx, {
      name: 'Optional typing',
      website: page('?consent=no'),
      description: 'If a cookie banner is shown, type "yes" into the "Search" field',
    });
    const generated = await waitForGeneration(ctx, created._id);
    expect(generated.state).not.toBe('passed');
    expect(generated.test_generation_steps.at(-1)!.verification.message).toBe(
      'Only a click can be optional ("If … is shown, click …"); "type "yes" into the "Search" field" is not a click.',
    );
  });
});
