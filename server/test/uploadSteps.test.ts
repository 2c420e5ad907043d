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

// Issue 32's upload steps, end to end in real Chromium on the help site's upload page: a file input
// hidden behind a styled button (found by its label, or as the page's one file field) and a button that
// opens the file chooser with no input in the page. The project's sample files go in; generated, replayed
// and exported green. A file the project does not have fails its step naming the files there are.

const STEPS = [
  'Upload sample.pdf to the "Attachment" field',
  'Check that the page shows "Attached sample.pdf"',
  'Attach "sample.txt"',
  'Check that the page shows "Attached sample.txt (48 bytes, text/plain)"',
  'Upload sample.csv with the "Add a receipt" button',
  'Check that the page shows "Receipt sample.csv: 3 lines"',
];

describe('upload steps', () => {
  let ctx: GenerationContext;
  let dir: string;

  beforeAll(async () => {
    ctx = await setUpGeneration({ env: { STEP_TIMEOUT_MS: '5000' } });
    fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    dir = fs.mkdtempSync(path.join(ROOT, 'test-results', 'upload-export-'));
  });

  afterAll(async () => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await ctx?.close();
  });

  it("uploads the project's sample files to a hidden input and through the file chooser", async () => {
    const created = await createTest(ctx, {
      name: 'Send a document',
      website: `${ctx.sites.url('help')}upload.html`,
      description: STEPS.join('\n'),
    });
    const generated = await waitForGeneration(ctx, created._id);
    expect({ state: generated.state, steps: describeSteps(generated) }).toMatchObject({ state: 'passed' });
    const [, pdf, , txt, , csv] = generated.test_generation_steps;
    expect(pdf.action).toEqual({
      kind: 'upload',
      file: 'sample.pdf',
      target: { locator: { by: 'label', text: 'Attachment', exact: true } },
    });
    expect(pdf.verification.message).toBe('Uploaded sample.pdf to "Attachment" field.');
    expect(txt.action).toMatchObject({ target: { locator: { by: 'css', selector: 'input[type=file]' } } });
    expect(csv.action).toMatchObject({ chooser: true, file: 'sample.csv' });
    expect(csv.verification.message).toBe(
      'Uploaded sample.csv to "Add a receipt" button through its file chooser.',
    );
    expect(csv.generated_code_ts).toMatch(
      /^await Promise\.all\(\[\n {2}page\.waitForEvent\('filechooser'\)\.then\(\(chooser\) => chooser\.setFiles\(\{ name: 'sample\.csv', mimeType: 'text\/csv', buffer: Buffer\.from\('[A-Za-z0-9+/=]+', 'base64'\) \}\)\),\n {2}page\.getByRole\('button', \{ name: 'Add a receipt', exact: true \}\)\.click\(\),\n\]\);$/,
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
    expect(spec.content).toContain(
      ".setInputFiles({ name: 'sample.pdf', mimeType: 'application/pdf', buffer:",
    );
    fs.writeFileSync(path.join(dir, spec.path), spec.content);
    const { report, output } = await runExportedSpecs(dir);
    expect({ stats: report.stats, output: report.stats.expected === 1 ? '' : output }).toMatchObject({
      stats: { expected: 1, unexpected: 0, flaky: 0, skipped: 0 },
      output: '',
    });
  });

  it('fails the step for a file the project does not have, naming the files it has', async () => {
    const created = await createTest(ctx, {
      name: 'Send an invoice',
      website: `${ctx.sites.url('help')}upload.html`,
      description: 'Upload invoice.csv to the "Attachment" field',
    });
    const generated = await waitForGeneration(ctx, created._id);
    expect(generated.state).toBe('failed');
    expect(generated.test_generation_steps.at(-1)!.verification.message).toBe(
      'The project has no file "invoice.csv"; its files are sample.pdf, sample.png, sample.csv, sample.txt.',
    );
  });
});
