import { parseLogLine, type SignedRunArtifact } from '../../contract/runs';
import { type TestCase } from '../../contract/testCases';
import { api } from './helpers';
import {
  createTest,
  describeSteps,
  getTest,
  setUpGeneration,
  waitForGeneration,
  type GenerationContext,
} from './generationFixtures';
import { describeRun, startRun, waitForRun } from './runFixtures';

jest.setTimeout(120_000);

// Issue 11, "Steps out of date": steps generated from other instructions or another website say so,
// on the test and in every run of it, until the test is generated again.

const INSTRUCTIONS = 'Type "ada@example.com" into the Email field.';

describe('steps out of date', () => {
  let ctx: GenerationContext;

  beforeAll(async () => {
    ctx = await setUpGeneration();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  async function edit(testId: string, body: Record<string, unknown>): Promise<TestCase> {
    const changed = await api<TestCase>(ctx.server, 'PATCH', `/test-case/${testId}/edit`, {
      token: ctx.token,
      body: { test_case_id: testId, ...body },
    });
    expect(changed.status).toBe(200);
    return changed.body;
  }

  async function warnings(runId: string): Promise<string[]> {
    const link = await api<SignedRunArtifact>(
      ctx.server,
      'GET',
      `/artifacts/${runId}?artifact_name=run.log`,
      {
        token: ctx.token,
      },
    );
    const text = await (await fetch(`${ctx.server.url}${link.body.url}`)).text();
    return text
      .split('\n')
      .map(parseLogLine)
      .filter((line) => line?.level === 'WARNING' && line.source === 'run')
      .map((line) => line!.message);
  }

  async function generated(name: string): Promise<string> {
    const created = await createTest(ctx, {
      name,
      website: ctx.sites.url('login'),
      description: INSTRUCTIONS,
    });
    expect(created.steps_out_of_date).toBe(false);
    const test = await waitForGeneration(ctx, created._id);
    expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });
    expect(test.steps_out_of_date).toBe(false);
    return created._id;
  }

  it('marks the steps when the instructions change, says so in a run, and clears it when regenerated', async () => {
    const testId = await generated('Instructions changed');

    // The editor's markup around the same words changes nothing.
    expect((await edit(testId, { description: `<p>${INSTRUCTIONS}</p>` })).steps_out_of_date).toBe(false);
    const fresh = await waitForRun(ctx, (await startRun(ctx, testId))._id);
    expect({ run: describeRun(fresh), out: fresh.steps_out_of_date }).toMatchObject({ out: false });
    expect(await warnings(fresh._id)).toEqual([]);

    const changed = await edit(testId, {
      description: `${INSTRUCTIONS} Type "secret" into the Password field.`,
    });
    expect(changed.steps_out_of_date).toBe(true);
    expect((await getTest(ctx, testId)).steps_out_of_date).toBe(true);

    const started = await startRun(ctx, testId);
    expect(started.steps_out_of_date).toBe(true);
    const run = await waitForRun(ctx, started._id);
    // The old steps still replay (and pass): the run says they are out of date.
    expect({ run: describeRun(run), out: run.steps_out_of_date }).toMatchObject({ out: true });
    expect(run.status).toBe('passed');
    expect(await warnings(run._id)).toEqual([expect.stringMatching(/^Steps out of date: /)]);

    const regenerate = await api<TestCase>(ctx.server, 'PUT', `/test-case/${testId}/regenerate`, {
      token: ctx.token,
    });
    expect(regenerate.status).toBe(200);
    // While it generates the steps are in the making, not out of date.
    expect(regenerate.body.steps_out_of_date).toBe(false);
    const regenerated = await waitForGeneration(ctx, testId);
    expect({ state: regenerated.state, steps: describeSteps(regenerated) }).toMatchObject({
      state: 'passed',
    });
    expect(regenerated.test_generation_steps).toHaveLength(3);
    expect(regenerated.steps_out_of_date).toBe(false);
    const after = await waitForRun(ctx, (await startRun(ctx, testId))._id);
    expect(after.steps_out_of_date).toBe(false);
  });

  it('marks the steps when the website changes, and a copy of the test keeps the mark', async () => {
    const testId = await generated('Website changed');
    expect(
      (await edit(testId, { website: ctx.sites.url('login').replace('127.0.0.1', 'localhost') }))
        .steps_out_of_date,
    ).toBe(true);
    const copy = await api<TestCase>(ctx.server, 'POST', `/test-case/${testId}/duplicate`, {
      token: ctx.token,
    });
    expect(copy.status).toBeLessThan(300);
    expect(copy.body.steps_out_of_date).toBe(true);
    // Back to the website the steps were generated on: up to date again.
    expect((await edit(testId, { website: ctx.sites.url('login') })).steps_out_of_date).toBe(false);
  });

  it('keeps the previous mark when a regeneration fails and restores the previous steps', async () => {
    const testId = await generated('Failed regeneration');
    await edit(testId, { description: 'Type "ada@example.com" into the Missing field.' });
    const regenerate = await api<TestCase>(ctx.server, 'PUT', `/test-case/${testId}/regenerate`, {
      token: ctx.token,
    });
    expect(regenerate.status).toBe(200);
    const failed = await waitForGeneration(ctx, testId);
    expect(failed.state).toBe('failed');
    expect(failed.final_message).toMatch(/previous generation were restored/);
    // The restored steps were generated from the first instructions, not the current ones.
    expect(failed.steps_out_of_date).toBe(true);
  });
});
