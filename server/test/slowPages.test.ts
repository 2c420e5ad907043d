import { type Action, BrowserPool, RunnerSession, type Target } from '../src/runner';
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
import { describeRun, startRun, waitForRun } from './runFixtures';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '../..');

/** The test's exported spec under `npx playwright test`, against the same slow site: its summary. */
async function exportedRun(
  script: string,
): Promise<{ expected: number; unexpected: number; output: string }> {
  fs.mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(ROOT, 'test-results', 'slow-pages-'));
  try {
    fs.writeFileSync(path.join(dir, 'slow.spec.ts'), script);
    const { report, output } = await runExportedSpecs(dir, { SECRET_PASSWORD: 'correct-horse-battery' });
    const { expected, unexpected } = report.stats;
    return { expected, unexpected, output: unexpected ? output : '' };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// Issue 29, class 5: a page that answers later. The login site's `slow` variant signs in through an
// API answering 800 ms after the click, with a spinner, then routes to the dashboard on the client
// (no page load) after 300 ms more: the page must have settled before the next step reads it.
const SIGN_IN_THEN_OUT = [
  'Type {{email}} into the Email field.',
  'Type {{password}} into the Password field.',
  'Click the Sign in button.',
  'Click the Sign out button.',
  'Verify the page shows "You have signed out."',
].join(' ');

describe('a site whose sign-in answers late', () => {
  let ctx: GenerationContext;
  let secretId: string;

  beforeAll(async () => {
    ctx = await setUpGeneration();
    ctx.sites.setVariant('login', 'slow');
    const secret = await api<{ _id: string }>(
      ctx.server,
      'POST',
      `/test-suites/${ctx.suiteId}/shared-parameters`,
      { token: ctx.token, body: { key: 'password', value: 'correct-horse-battery' } },
    );
    secretId = secret.body._id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('is served with the latency on its API, and the spinner while it waits', async () => {
    expect(ctx.sites.latency('login')).toBe(800);
    const started = Date.now();
    const answer = await fetch(`${ctx.sites.url('login')}api/sign-in`, { method: 'POST', body: '{}' });
    expect(await answer.json()).toMatchObject({ ok: true });
    expect(Date.now() - started).toBeGreaterThanOrEqual(780);
  });

  it('generates the steps after the sign-in on the page it leads to, and the test replays green', async () => {
    const created = await createTest(ctx, {
      name: 'Sign in and out on a slow back end',
      website: ctx.sites.url('login'),
      description: SIGN_IN_THEN_OUT,
      parameters: { email: 'ada@example.com' },
      shared_parameter_ids: [secretId],
    });
    const test = await waitForGeneration(ctx, created._id);
    expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });
    expect(test.test_generation_steps.every((step) => step.unsuccessful_code_attempts.length === 0)).toBe(
      true,
    );

    const run = await waitForRun(ctx, (await startRun(ctx, created._id))._id);
    expect({ status: run.status, run: describeRun(run) }).toMatchObject({ status: 'passed' });
    // Exported, the code relies on Playwright's own waiting (auto-waiting, web-first assertions).
    expect(await exportedRun(test.final_script!)).toEqual({ expected: 1, unexpected: 0, output: '' });
  });

  it('types the right password after the wrong one has been answered, not into the form still waiting', async () => {
    const created = await createTest(ctx, {
      name: 'A wrong password on a slow back end',
      website: ctx.sites.url('login'),
      description: [
        'Type ada@example.com into the Email field.',
        'Type wrong-password into the Password field.',
        'Click the Sign in button.',
        'Type {{password}} into the Password field.',
        'Click the Sign in button.',
        'Verify the page shows "Welcome, Ada Lovelace".',
      ].join(' '),
      shared_parameter_ids: [secretId],
    });
    const test = await waitForGeneration(ctx, created._id);
    expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });

    // Replayed, the password typed while the wrong one is still being checked would be wiped by the
    // answer: the run settles after each step as generation did.
    const run = await waitForRun(ctx, (await startRun(ctx, created._id))._id);
    expect({ status: run.status, run: describeRun(run) }).toMatchObject({ status: 'passed' });
    // NOTE: its export does not pass yet: Playwright's auto-waiting types the password as soon as the
    // field is there, while the wrong one is still being checked, and the answer wipes it. The export
    // needs a wait the generation saw (issue 29, left open).
  });
});

describe('settling after an action (runner/settle.ts)', () => {
  let pool: BrowserPool;
  let ctxSites: Awaited<ReturnType<typeof setUpGeneration>>['sites'];

  beforeAll(async () => {
    const { serveFixtureSites } = await import('../../fixtures/sites/serve');
    ctxSites = await serveFixtureSites();
    pool = new BrowserPool({ wsEndpoint: null, niceness: 0 });
  });
  afterAll(async () => {
    await pool?.close();
    await ctxSites?.close();
  });

  async function inSession<T>(work: (session: RunnerSession) => Promise<T>): Promise<T> {
    const session = await RunnerSession.open(await pool.acquire(), {
      viewport: { width: 1280, height: 720 },
      values: { parameters: {}, secrets: {} },
      stepTimeoutMs: 5000,
      trace: false,
    });
    try {
      return await work(session);
    } finally {
      await session.close();
    }
  }

  const button: Target = { locator: { by: 'role', role: 'button', name: 'Show', exact: true } };
  const answer: Target = { locator: { by: 'text', text: 'The answer', exact: true } };

  it('waits while a spinner shows, though nothing is out and the document does not change', async () => {
    await inSession(async (session) => {
      await session.page.goto(ctxSites.url('login'));
      await session.page.evaluate(() => {
        const show = document.createElement('button');
        show.textContent = 'Show';
        show.addEventListener('click', () => {
          const spinner = document.createElement('div');
          spinner.className = 'spinner';
          document.body.append(spinner);
          setTimeout(() => {
            spinner.remove();
            const paragraph = document.createElement('p');
            paragraph.textContent = 'The answer';
            document.body.append(paragraph);
          }, 600);
        });
        document.body.append(show);
      });
      const click: Action = { kind: 'click', target: button };
      expect(await session.execute(click)).toMatchObject({ ok: true });
      expect(await session.matchCount(answer)).toBe(1);
    });
  });

  it("waits for an answer the site's API gives late (the fixture server's latency)", async () => {
    ctxSites.setLatency('login', 700);
    try {
      await inSession(async (session) => {
        await session.page.goto(ctxSites.url('login'));
        await session.page.evaluate(() => {
          const show = document.createElement('button');
          show.textContent = 'Show';
          show.addEventListener('click', () => {
            void fetch('api/answer')
              .then((response) => response.json())
              .then(() => {
                const paragraph = document.createElement('p');
                paragraph.textContent = 'The answer';
                document.body.append(paragraph);
              });
          });
          document.body.append(show);
        });
        expect(await session.execute({ kind: 'click', target: button })).toMatchObject({ ok: true });
        expect(await session.matchCount(answer)).toBe(1);
      });
    } finally {
      ctxSites.setLatency('login', null);
    }
  });

  it('leaves a determinate progress bar and a wrapper named loading alone: such a page still settles', async () => {
    await inSession(async (session) => {
      await session.page.goto(ctxSites.url('login'));
      await session.page.evaluate(() => {
        const bar = document.createElement('div');
        bar.setAttribute('role', 'progressbar');
        bar.setAttribute('aria-valuenow', '40');
        bar.textContent = '40%';
        document.body.append(bar);
        // An app shell whose class names a loading state but holds the page: no spinner.
        const shell = document.createElement('section');
        shell.className = 'app-shell is-loading-done';
        shell.textContent = 'Your orders, your invoices and your settings, all in one place.';
        document.body.append(shell);
      });
      expect(await session.settle(60, 1500)).toBe(true);
    });
  });
});
