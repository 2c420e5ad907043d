import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { parseLogLine, type SignedRunArtifact, type TestRun } from '../../contract/runs';
import { type TestCase } from '../../contract/testCases';
import { api } from './helpers';
import {
  createTest,
  describeSteps,
  setUpGeneration,
  waitForGeneration,
  type GenerationContext,
} from './generationFixtures';
import { describeRun, startRun, waitForRun } from './runFixtures';

jest.setTimeout(120_000);

// Issue 11, "False pass after Change URL": a test generated on one website and moved to another
// must open the other one, and pass or fail on what that one shows.

const INSTRUCTIONS = 'Type "ada@example.com" into the Email field.';

async function runLog(ctx: GenerationContext, runId: string): Promise<string[]> {
  const link = await api<SignedRunArtifact>(ctx.server, 'GET', `/artifacts/${runId}?artifact_name=run.log`, {
    token: ctx.token,
  });
  expect(link.status).toBe(200);
  const response = await fetch(`${ctx.server.url}${link.body.url}`);
  return (await response.text()).split('\n').filter(Boolean);
}

/** The lines of the run's steps, and the addresses its steps stood on. */
function opened(run: TestRun, log: string[]) {
  return {
    status: run.status,
    urls: run.steps.map((step) => (step.url ? new URL(step.url).origin : null)),
    firstStep: run.step_descriptions[0],
    firstCode: run.steps[0]?.run_code,
    firstName: run.steps[0]?.action_name,
    stepLines: log.filter((line) => parseLogLine(line)?.source === 'step'),
  };
}

describe('a run after the website of a test changed', () => {
  let ctx: GenerationContext;
  // Site A is where the test was generated (ctx.sites); B and C are other copies of the same sites.
  let siteB: FixtureSites;
  let siteC: FixtureSites;

  beforeAll(async () => {
    ctx = await setUpGeneration();
    [siteB, siteC] = await Promise.all([serveFixtureSites(), serveFixtureSites()]);
  });

  afterAll(async () => {
    await Promise.all([siteB?.close(), siteC?.close()]);
    await ctx?.close();
  });

  afterEach(() => {
    for (const sites of [ctx.sites, siteB, siteC]) sites.setVariant('login', null);
  });

  async function generatedOnA(name: string): Promise<string> {
    const created = await createTest(ctx, {
      name,
      website: ctx.sites.url('login'),
      description: INSTRUCTIONS,
    });
    const test = await waitForGeneration(ctx, created._id);
    expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });
    expect(test.test_generation_steps[0].action).toMatchObject({ kind: 'goto', url: ctx.sites.url('login') });
    return created._id;
  }

  async function changeWebsite(testId: string, website: string): Promise<TestCase> {
    const changed = await api<TestCase>(ctx.server, 'PATCH', `/test-case/${testId}/edit`, {
      token: ctx.token,
      body: { test_case_id: testId, website },
    });
    expect(changed.status).toBe(200);
    return changed.body;
  }

  it('opens the new website, shows its address, and passes or fails on what that website shows', async () => {
    const testId = await generatedOnA('Change URL');
    await changeWebsite(testId, siteB.url('login'));

    // A no longer has the Email field; B has it: only a run that opened B passes.
    ctx.sites.setVariant('login', 'v2');
    const passed = await waitForRun(ctx, (await startRun(ctx, testId))._id);
    const log = await runLog(ctx, passed._id);
    expect({ run: describeRun(passed), ...opened(passed, log) }).toMatchObject({
      status: 'passed',
      urls: [siteB.origin, siteB.origin],
      firstStep: `Open ${siteB.url('login')}`,
      firstCode: `await page.goto('${siteB.url('login')}');`,
      firstName: `Open ${siteB.url('login')}`,
      stepLines: [expect.stringContaining(`1. Open ${siteB.url('login')} (`), expect.any(String)],
    });
    expect(log[0]).toContain(
      `on ${siteB.url('login')}; its steps were generated on ${ctx.sites.url('login')}`,
    );
    expect(log.filter((line) => line.includes(ctx.sites.origin))).toEqual([log[0]]);

    // Now B lost the field and A has it: the run fails on B, honestly.
    ctx.sites.setVariant('login', null);
    siteB.setVariant('login', 'v2');
    const failed = await waitForRun(ctx, (await startRun(ctx, testId))._id);
    expect({ run: describeRun(failed), ...opened(failed, await runLog(ctx, failed._id)) }).toMatchObject({
      status: 'failed',
      urls: [siteB.origin, siteB.origin],
      firstStep: `Open ${siteB.url('login')}`,
    });
    expect(failed.failing_step_index).toBe(1);
    expect(failed.error_message).toMatch(/^Step 2, .*Email/);
  });

  it("moves the steps to a run's override from the website they were generated on", async () => {
    const testId = await generatedOnA('Change URL, then override');
    await changeWebsite(testId, siteB.url('login'));
    // Only C has the Email field.
    ctx.sites.setVariant('login', 'v2');
    siteB.setVariant('login', 'v2');
    const run = await waitForRun(
      ctx,
      (await startRun(ctx, testId, { website_url_override: siteC.url('login') }))._id,
    );
    const log = await runLog(ctx, run._id);
    expect({ run: describeRun(run), ...opened(run, log) }).toMatchObject({
      status: 'passed',
      urls: [siteC.origin, siteC.origin],
      firstStep: `Open ${siteC.url('login')}`,
    });
    expect(log[0]).toContain(`on ${siteC.url('login')} (instead of ${siteB.url('login')})`);
  });

  it('keeps the steps where they are when the website did not change', async () => {
    const testId = await generatedOnA('Same website');
    const run = await waitForRun(ctx, (await startRun(ctx, testId))._id);
    const log = await runLog(ctx, run._id);
    expect({ run: describeRun(run), ...opened(run, log) }).toMatchObject({
      status: 'passed',
      urls: [ctx.sites.origin, ctx.sites.origin],
      firstStep: `Open ${ctx.sites.url('login')}`,
    });
    expect(log[0]).not.toContain('generated on');
    expect(run.steps_out_of_date).toBe(false);
  });
});
