// Runs a folder of exported Playwright Test specs under `npx playwright test` on this machine's
// Chromium — what a person does with an export. Used by the acceptance corpus and the agents benchmark.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { findChromium, QUIET_CHROMIUM_ARGS } from '../src/runner/chromium';

const run = promisify(execFile);

export interface SpecsReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: { message?: string }[];
  suites: { file: string; specs: { ok: boolean }[] }[];
}

/**
 * Writes a Playwright config into `dir` and runs every spec there (two workers, no retries, 30 s a
 * test). Failing specs make the runner exit non-zero: the report says which, the output says why.
 */
export async function runExportedSpecs(
  dir: string,
  env: NodeJS.ProcessEnv = {},
): Promise<{ report: SpecsReport; output: string }> {
  fs.writeFileSync(
    path.join(dir, 'playwright.config.ts'),
    [
      "import { defineConfig } from '@playwright/test';",
      'export default defineConfig({',
      "  testDir: '.',",
      // NOTE: the default output folder is the repository's test-results/, which Playwright empties first.
      `  outputDir: ${JSON.stringify(path.join(dir, 'output'))},`,
      '  workers: 2,',
      '  retries: 0,',
      '  timeout: 30_000,',
      `  reporter: [['json', { outputFile: ${JSON.stringify(path.join(dir, 'results.json'))} }]],`,
      `  use: { launchOptions: { executablePath: ${JSON.stringify(findChromium())}, args: ${JSON.stringify(QUIET_CHROMIUM_ARGS)} } },`,
      '});',
      '',
    ].join('\n'),
  );
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, NODE_OPTIONS: '' };
  // NOTE: Playwright Test loads no spec when it sees JEST_WORKER_ID (it thinks jest runs it).
  delete childEnv.JEST_WORKER_ID;
  const result: { stdout?: string; stderr?: string } = await run(
    process.execPath,
    [require.resolve('@playwright/test/cli'), 'test', '--config', path.join(dir, 'playwright.config.ts')],
    { cwd: dir, env: childEnv, maxBuffer: 20 * 1024 * 1024 },
  ).catch((error: { stdout?: string; stderr?: string }) => error);
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'results.json'), 'utf8')) as SpecsReport;
  return { report, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/**
 * Writes an exported project's files into a fresh folder of the repository's test-results/ (so they
 * resolve @playwright/test), wraps its config with this machine's Chromium, and runs it under
 * `npx playwright test` (its Chromium projects only when `project` is given).
 */
export async function runExportedProject(
  files: { path: string; content: string }[],
  options: { project?: string; env?: NodeJS.ProcessEnv } = {},
): Promise<{ report: SpecsReport; output: string; dir: string }> {
  const root = path.resolve(__dirname, '../..');
  fs.mkdirSync(path.join(root, 'test-results'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(root, 'test-results', 'project-'));
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
    fs.writeFileSync(path.join(dir, file.path), file.content);
  }
  fs.writeFileSync(
    path.join(dir, 'local.config.ts'),
    [
      "import { defineConfig } from '@playwright/test';",
      "import exported from './playwright.config';",
      'export default defineConfig({',
      '  ...exported,',
      `  outputDir: ${JSON.stringify(path.join(dir, 'output'))},`,
      '  workers: 1,',
      '  retries: 0,',
      '  timeout: 30_000,',
      `  reporter: [['json', { outputFile: ${JSON.stringify(path.join(dir, 'results.json'))} }]],`,
      `  use: { ...exported.use, launchOptions: { executablePath: ${JSON.stringify(findChromium())}, args: ${JSON.stringify(QUIET_CHROMIUM_ARGS)} } },`,
      '});',
      '',
    ].join('\n'),
  );
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...options.env, NODE_OPTIONS: '' };
  // NOTE: Playwright Test loads no spec when it sees JEST_WORKER_ID (it thinks jest runs it).
  delete childEnv.JEST_WORKER_ID;
  const result: { stdout?: string; stderr?: string } = await run(
    process.execPath,
    [
      require.resolve('@playwright/test/cli'),
      'test',
      '--config',
      path.join(dir, 'local.config.ts'),
      ...(options.project ? ['--project', options.project] : []),
    ],
    { cwd: dir, env: childEnv, maxBuffer: 20 * 1024 * 1024 },
  ).catch((error: { stdout?: string; stderr?: string }) => error);
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'results.json'), 'utf8')) as SpecsReport;
  return { report, output: `${result.stdout ?? ''}${result.stderr ?? ''}`, dir };
}
