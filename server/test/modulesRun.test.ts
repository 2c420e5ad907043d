import { eq } from 'drizzle-orm';
import { testCases, testModules } from '../src/db/schema';
import { type Action } from '../src/runner';
import { parseLogLine } from '../../contract/runs';
import { MODULE_MESSAGES } from '../../contract/modules';
import {
  createTest,
  describeSteps,
  setUpGeneration,
  waitForGeneration,
  type GenerationContext,
} from './generationFixtures';
import { createGeneratedTest, describeRun, passedStep, startRun, waitForRun } from './runFixtures';
import { createModule, dashboardShows, download, signInActions, useSetup } from './moduleFixtures';

jest.setTimeout(180_000);

// Issue 13, modules at run time: a module's steps run first in the same page (setup) or where the
// instructions call it, read when the run starts; a module that cannot run says why.

const PASSWORD = { password: 'correct-horse-battery' };

describe('modules in runs', () => {
  let ctx: GenerationContext;
  let login: string;
  let dashboard: string;
  let sourceTest: string;
  let signIn: string;

  beforeAll(async () => {
    ctx = await setUpGeneration();
    login = ctx.sites.url('login');
    dashboard = `${login}dashboard.html`;
    sourceTest = await createGeneratedTest(
      ctx,
      'Sign in as Ada',
      login,
      signInActions(login, 'ada@example.com'),
      PASSWORD,
    );
    signIn = await createModule(ctx, { name: 'Sign in as admin', testCaseId: sourceTest });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('runs the setup module first, in the same page, for each of three tests that use it', async () => {
    const checks = [
      ['Greeting', 'Welcome, Ada Lovelace'],
      ['Plan', 'Analytical'],
      ['Email', 'ada@example.com'],
    ];
    const tests: string[] = [];
    for (const [name, text] of checks) {
      // The test has no variables: the module's own {{password}} comes from its source test.
      const id = await createGeneratedTest(ctx, `Dashboard: ${name}`, login, dashboardShows(dashboard, text));
      await useSetup(ctx, id, { moduleId: signIn });
      tests.push(id);
    }
    const runs = await Promise.all(tests.map((id) => startRun(ctx, id)));
    for (const started of runs) {
      const run = await waitForRun(ctx, started._id);
      expect({ status: run.status, steps: describeRun(run) }).toMatchObject({ status: 'passed' });
      // Five module steps, named as such, then the test's own two.
      expect(run.steps).toHaveLength(7);
      expect(run.step_descriptions).toHaveLength(7);
      expect(
        run.steps
          .slice(0, 5)
          .every((step) => step.step_description.startsWith('Module "Sign in as admin": ')),
      ).toBe(true);
      expect(run.steps[2].run_code).toBe("await page.getByLabel('Password').fill(params.password);");
      expect(run.steps[2].run_code).not.toContain(PASSWORD.password);
      expect(run.steps[6].url).toBe(dashboard);
    }

    // Without the module, the dashboard sends a visitor to sign in: the setup is what makes them pass.
    const alone = await createGeneratedTest(
      ctx,
      'Dashboard alone',
      login,
      dashboardShows(dashboard, 'Welcome, Ada Lovelace'),
    );
    const failed = await waitForRun(ctx, (await startRun(ctx, alone))._id);
    expect(failed.status).toBe('failed');
    expect(failed.failing_step_index).toBe(1);
  });

  it('reads the module when the run starts: changing its test changes every test that uses it', async () => {
    const source = await createGeneratedTest(
      ctx,
      'Sign in (changing)',
      login,
      signInActions(login, 'ada@example.com'),
      PASSWORD,
    );
    const changing = await createModule(ctx, { name: 'Sign in (changing)', testCaseId: source });
    const test = await createGeneratedTest(
      ctx,
      'Greets Grace',
      login,
      dashboardShows(dashboard, 'Welcome, Grace Hopper'),
    );
    await useSetup(ctx, test, { moduleId: changing });

    const before = await waitForRun(ctx, (await startRun(ctx, test))._id);
    expect(before.status).toBe('failed');
    expect(before.failing_step_index).toBe(6);
    expect(before.error_message).toMatch(
      /^Step 7, "Expect the page to show "Welcome, Grace Hopper"", failed: /,
    );

    // The module's test now signs Grace in.
    await ctx.server.database.db
      .update(testCases)
      .set({
        parameters: { password: 'hopper-1906' },
        testGenerationSteps: signInActions(login, 'grace@example.com').map(passedStep),
      })
      .where(eq(testCases.id, source));
    const after = await waitForRun(ctx, (await startRun(ctx, test))._id);
    expect({ status: after.status, steps: describeRun(after) }).toMatchObject({ status: 'passed' });
    expect(after.steps[1].step_description).toBe(
      'Module "Sign in (changing)": Fill "Email" field with "grace@example.com"',
    );
  });

  it('explains a failing module step like any step, naming the module', async () => {
    const source = await createGeneratedTest(
      ctx,
      'Wrong password',
      login,
      signInActions(login, 'ada@example.com'),
      {
        password: 'not-the-password',
      },
    );
    const wrong = await createModule(ctx, { name: 'Wrong sign in', testCaseId: source });
    const test = await createGeneratedTest(
      ctx,
      'Uses the wrong sign in',
      login,
      dashboardShows(dashboard, 'Welcome, Ada Lovelace'),
    );
    await useSetup(ctx, test, { moduleId: wrong });
    const run = await waitForRun(ctx, (await startRun(ctx, test))._id);
    expect(run.status).toBe('failed');
    expect(run.failing_step_index).toBe(4);
    expect(run.error_message).toMatch(
      /^Step 5, "Module "Wrong sign in": Expect the URL to contain "dashboard.html"", failed: /,
    );
    const log = (await download(ctx, run._id, 'run.log')).toString('utf8');
    expect(log).toContain('The setup module "Wrong sign in" runs first (5 steps).');
    expect(log).not.toContain('not-the-password');
  });

  it('expands a module called from the instructions where it is called', async () => {
    const call: Action = { kind: 'module', moduleId: signIn, name: 'Sign in as admin' };
    const test = await createGeneratedTest(ctx, 'Calls the module', login, [
      { kind: 'goto', url: login },
      call,
      ...dashboardShows(dashboard, 'Your plan'),
    ]);
    const run = await waitForRun(ctx, (await startRun(ctx, test))._id);
    expect({ status: run.status, steps: describeRun(run) }).toMatchObject({ status: 'passed' });
    expect(run.step_descriptions).toEqual([
      `Open ${login}`,
      `Module "Sign in as admin": Open ${login}`,
      'Module "Sign in as admin": Fill "Email" field with "ada@example.com"',
      'Module "Sign in as admin": Fill "Password" field with "{{password}}"',
      'Module "Sign in as admin": Click "Sign in" button',
      'Module "Sign in as admin": Expect the URL to contain "dashboard.html"',
      `Open ${dashboard}`,
      'Expect the page to show "Your plan"',
    ]);
  });

  it('ends not_runnable when a module cannot run, saying why', async () => {
    const unapproved = await createModule(ctx, {
      name: 'Python sign in',
      script: `page.goto("${login}")\n`,
    });
    const gone = await createGeneratedTest(
      ctx,
      'Deleted source',
      login,
      signInActions(login, 'ada@example.com'),
      PASSWORD,
    );
    const orphan = await createModule(ctx, { name: 'Orphan', testCaseId: gone });
    await ctx.server.database.db.delete(testCases).where(eq(testCases.id, gone));
    const empty = await createTest(
      ctx,
      { name: 'Not generated', website: login, description: 'Open the page' },
      false,
    );
    const ungenerated = await createModule(ctx, { name: 'Ungenerated', testCaseId: empty._id });
    // Approved before, refused now (the script is read as it is when the run starts).
    const unsafe = await createModule(ctx, {
      name: 'Unsafe',
      script: `page.goto("${login}")\npage.evaluate("localStorage.clear()")\n`,
      approved: true,
    });
    const elsewhere = await createModule(ctx, {
      name: 'Other suite',
      testCaseId: null,
      suiteId: await otherSuite(ctx),
    });

    const cases: [string, string][] = [
      [
        unapproved,
        `${MODULE_MESSAGES.notApproved} (module "Python sign in"). An expert or an admin must approve it before the tests that use it can run.`,
      ],
      [orphan, 'The module "Orphan" cannot run: the test it was made from was deleted.'],
      [
        ungenerated,
        'The module "Ungenerated" cannot run: its test "Not generated" has no generated steps yet; generate it first.',
      ],
      [
        unsafe,
        `The module "Unsafe" cannot run: ${MODULE_MESSAGES.unsafe} line 2: page.evaluate("localStorage.clear()") (page.evaluate runs JavaScript in the page: it is not supported)`,
      ],
      [elsewhere, 'A module this test uses no longer exists in its project.'],
    ];
    for (const [moduleId, message] of cases) {
      const test = await createGeneratedTest(
        ctx,
        `Uses ${moduleId}`,
        login,
        dashboardShows(dashboard, 'Welcome'),
      );
      await useSetup(ctx, test, { moduleId });
      const run = await waitForRun(ctx, (await startRun(ctx, test))._id);
      expect({ status: run.status, message: run.error_message, steps: run.steps }).toEqual({
        status: 'not_runnable',
        message,
        steps: [],
      });
    }
  });

  it('runs an approved Python module in the subset', async () => {
    const script = [
      'from playwright.sync_api import Page, expect',
      '',
      'def run(page: Page) -> None:',
      `    page.goto("${login}")`,
      '    page.get_by_label("Email").fill("ada@example.com")',
      '    page.get_by_label("Password").fill("{{password}}")',
      '    page.get_by_role("button", name="Sign in").click()',
      '    expect(page).to_have_url("' + dashboard + '")',
      '',
    ].join('\n');
    const python = await createModule(ctx, { name: 'Python sign in (approved)', script, approved: true });
    const test = await createGeneratedTest(
      ctx,
      'Python setup',
      login,
      dashboardShows(dashboard, 'Welcome, Ada Lovelace'),
      PASSWORD,
    );
    await useSetup(ctx, test, { moduleId: python });
    const run = await waitForRun(ctx, (await startRun(ctx, test))._id);
    expect({ status: run.status, steps: describeRun(run) }).toMatchObject({ status: 'passed' });
    expect(run.steps[0].step_description).toMatch(/^Module "Python sign in \(approved\)": /);
  });

  it('replays the setup module without a model, then generates from the page it left', async () => {
    const test = await createTest(
      ctx,
      {
        name: 'Generated after sign in',
        website: dashboard,
        description: 'Verify the page shows "Welcome, Ada Lovelace".',
      },
      false,
    );
    await useSetup(ctx, test._id, { moduleId: signIn });
    await startGeneration(ctx, test._id);
    const generated = await waitForGeneration(ctx, test._id);
    expect({ state: generated.state, steps: describeSteps(generated) }).toMatchObject({ state: 'passed' });
    // The module's steps are not the test's: it holds its own two.
    expect(generated.test_generation_steps.map((step) => step.step_description)).toEqual([
      `Open ${dashboard}`,
      'Verify the page shows "Welcome, Ada Lovelace"',
    ]);
    // Each of its own steps has its evidence, the first one after the setup included.
    for (const step of generated.test_generation_steps)
      expect(step.screenshot_id).toEqual(expect.any(String));
  });

  it('records a module called from the instructions without a model call, and says which modules exist when none matches', async () => {
    const test = await createTest(ctx, {
      name: 'Generated with a call',
      website: login,
      description: 'Use the "sign in as admin" module. Verify the page shows "Welcome, Ada Lovelace".',
    });
    const generated = await waitForGeneration(ctx, test._id);
    expect(`${generated.state}: ${generated.final_message}\n${describeSteps(generated)}`).toMatch(
      /^passed: /,
    );
    const call = generated.test_generation_steps[1];
    expect(call.action).toEqual({ kind: 'module', moduleId: signIn, name: 'Sign in as admin' });
    expect(call.model).toBe('none');
    expect(call.usage.model_calls).toBe(0);
    expect(call.generated_code_ts).toBe('await signInAsAdmin(page);');
    // And it runs, the module expanded.
    const run = await waitForRun(ctx, (await startRun(ctx, test._id))._id);
    expect({ status: run.status, steps: describeRun(run) }).toMatchObject({ status: 'passed' });
    expect(run.steps).toHaveLength(1 + 5 + 1);

    const unknown = await createTest(ctx, {
      name: 'Calls a missing module',
      website: login,
      description: 'Use the "Sign out" module.',
    });
    const failed = await waitForGeneration(ctx, unknown._id);
    expect(failed.state).toBe('failed');
    expect(failed.final_message).toMatch(
      /There is no module named "Sign out" in this project\. Its modules are: .*"Sign in as admin"/,
    );
  });

  it('keeps module steps in the run log as such', async () => {
    const test = await createGeneratedTest(
      ctx,
      'Logged',
      login,
      dashboardShows(dashboard, 'Welcome, Ada Lovelace'),
    );
    await useSetup(ctx, test, { moduleId: signIn });
    const run = await waitForRun(ctx, (await startRun(ctx, test))._id);
    expect(run.status).toBe('passed');
    const lines = (await download(ctx, run._id, 'run.log')).toString('utf8').trim().split('\n');
    const steps = lines.map(parseLogLine).filter((line) => line?.source === 'step');
    expect(steps.map((line) => line?.message.replace(/ \(\d+ ms\)$/, ''))).toEqual([
      ...run.step_descriptions.map((description, index) => `${index + 1}. ${description}`),
    ]);
    const [module] = await ctx.server.database.db
      .select()
      .from(testModules)
      .where(eq(testModules.id, signIn));
    expect(module.name).toBe('Sign in as admin');
  });
});

async function otherSuite(ctx: GenerationContext): Promise<string> {
  const { api } = await import('./helpers');
  const suite = await api<{ test_suite_id: string }>(ctx.server, 'POST', '/test-suites', {
    token: ctx.token,
    body: { name: `Other ${Math.random().toString(36).slice(2, 8)}`, org_id: ctx.orgId },
  });
  return suite.body.test_suite_id;
}

async function startGeneration(ctx: GenerationContext, testId: string): Promise<void> {
  await ctx.server.services.generation.start({ id: ctx.userId, email: '' } as never, [testId]);
}
