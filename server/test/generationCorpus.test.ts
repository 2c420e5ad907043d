import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { runExportedSpecs } from './exportedSpecs';
import { api } from './helpers';
import { AGENTS_CORPUS, CORPUS as EXISTING, TRAP_MESSAGE } from './generationCorpus';

// A representative slice of the whole corpus (`npm run bench agents` generates every case): each kind of
// ending, a trap on each kind of page, secrets and parameters, web components and an iframe.
const WHOLE = [...EXISTING, ...AGENTS_CORPUS];
const CORPUS = WHOLE.filter((item) => item.slice);
import {
  describeSteps,
  setUpGeneration,
  waitForGeneration,
  type GeneratedTest,
  type GenerationContext,
} from './generationFixtures';

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const PASSWORD = 'correct-horse-battery';

jest.setTimeout(600_000);

describe('the acceptance corpus', () => {
  let ctx: GenerationContext;
  let generated: GeneratedTest[] = [];

  beforeAll(async () => {
    // Two generations at a time suit a 2-core machine best (more only fight over the CPU). A busy CI
    // machine once needed more than the quick 2.5 s to fill a search field: the corpus waits 5 s a step.
    ctx = await setUpGeneration({ env: { WORKER_CONCURRENCY: '2', STEP_TIMEOUT_MS: '5000' } });
    const secret = await api<{ _id: string }>(
      ctx.server,
      'POST',
      `/test-suites/${ctx.suiteId}/shared-parameters`,
      {
        token: ctx.token,
        body: { key: 'password', value: PASSWORD },
      },
    );
    // One call creates them all; the workers generate them side by side.
    const created = await api<GeneratedTest[]>(ctx.server, 'POST', '/test-cases/', {
      token: ctx.token,
      body: {
        schedule_generation: true,
        test_cases: CORPUS.map((item) => ({
          test_suite_id: ctx.suiteId,
          name: item.name,
          website: ctx.sites.url(item.site),
          description: item.description,
          parameters: item.parameters ?? {},
          shared_parameter_ids: [secret.body._id],
        })),
      },
    });
    expect(created.status).toBe(201);
    generated = [];
    for (const test of created.body) generated.push(await waitForGeneration(ctx, test._id, 300_000));
  });
  afterAll(async () => ctx?.close());

  it('has at least 30 tests, vague ones and traps among them, on both renderings of the list app', () => {
    expect(WHOLE.length).toBeGreaterThanOrEqual(30);
    expect(WHOLE.filter((item) => item.kind === 'trap').length).toBeGreaterThanOrEqual(4);
    const sites = new Set(WHOLE.map((item) => item.site));
    for (const site of ['login', 'shop', 'todo', 'tasks', 'tasks-wc', 'orders-wc', 'booking-wc', 'help'])
      expect(sites).toContain(site);
    expect(WHOLE.filter((item) => item.expect === 'not_runnable').length).toBeGreaterThanOrEqual(3);
  });

  it('generates a slice with every ending, traps on four sites and about ten generations', () => {
    expect(CORPUS.length).toBeLessThanOrEqual(16);
    for (const ending of ['passed', 'failed', 'not_runnable'] as const)
      expect(CORPUS.some((item) => item.expect === ending)).toBe(true);
    const trapSites = new Set(CORPUS.filter((item) => item.kind === 'trap').map((item) => item.site));
    expect(trapSites.size).toBeGreaterThanOrEqual(4);
  });

  it.each(CORPUS.map((item, index) => [item.name, index] as const))(
    '%s reaches its expected state',
    (_name, index) => {
      const item = CORPUS[index];
      const test = generated[index];
      // On a mismatch the diff shows why: the final message and the steps.
      const settled = test.state === item.expect;
      expect({
        state: test.state,
        why: settled ? null : { message: test.final_message, steps: describeSteps(test) },
      }).toEqual({ state: item.expect, why: null });
      for (const words of item.message ?? []) expect(test.final_message).toContain(words);
      // A trap never passes, and its failure names what the page has instead.
      if (item.kind === 'trap') expect(test.final_message).toMatch(TRAP_MESSAGE);
      if (item.expect === 'passed') {
        for (const step of test.test_generation_steps) {
          expect(step.execution_succeded).toBe(true);
          expect(step.screenshot_id).toEqual(expect.any(String));
          expect(step.generated_code).not.toBe('');
          expect(step.trace_zip_path).toEqual(expect.any(String));
        }
        expect(test.final_script).toContain('@playwright/test');
        expect(test.final_script_py).toContain('playwright.sync_api');
      }
      // A secret never leaves the server in anything stored about a test.
      expect(JSON.stringify(test)).not.toContain(PASSWORD);
    },
  );

  it('exports specs that pass under `npx playwright test`, and Python that compiles', async () => {
    const passed = generated.filter((test) => test.state === 'passed');
    expect(passed.length).toBe(CORPUS.filter((item) => item.expect === 'passed').length);
    // Inside the repository so the specs resolve @playwright/test; test-results/ is ignored by git.
    fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
    const dir = fs.mkdtempSync(path.join(ROOT, 'test-results', 'corpus-'));
    try {
      passed.forEach((test, index) => {
        fs.writeFileSync(path.join(dir, `case${String(index).padStart(2, '0')}.spec.ts`), test.final_script!);
        fs.writeFileSync(
          path.join(dir, `test_case${String(index).padStart(2, '0')}.py`),
          test.final_script_py!,
        );
      });
      await run('python3', [
        '-m',
        'py_compile',
        ...fs
          .readdirSync(dir)
          .filter((file) => file.endsWith('.py'))
          .map((file) => path.join(dir, file)),
      ]);
      const { report, output } = await runExportedSpecs(dir, { SECRET_PASSWORD: PASSWORD });
      const clean =
        report.stats.expected === passed.length &&
        report.stats.unexpected === 0 &&
        report.errors.length === 0;
      expect({
        stats: report.stats,
        errors: report.errors.map((error) => error.message?.split('\n')[0]),
        output: clean ? '' : output,
      }).toEqual({
        stats: expect.objectContaining({ expected: passed.length, unexpected: 0, flaky: 0, skipped: 0 }),
        errors: [],
        output: '',
      });
      // KEEP_CORPUS=1 keeps the exported specs to run them by hand.
      if (!process.env.KEEP_CORPUS) fs.rmSync(dir, { recursive: true, force: true });
    } finally {
      if (fs.existsSync(dir)) console.error(`The exported specs stay in ${dir} for a look.`);
    }
  });
});
