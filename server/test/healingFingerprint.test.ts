import { type TestHealing } from '../../contract/healing';
import { type TestRun } from '../../contract/runs';
import {
  createTest,
  describeSteps,
  type GenerationContext,
  setUpGeneration,
  waitForGeneration,
  waitUntil,
} from './generationFixtures';
import { api } from './helpers';
import { describeRun, startRun, waitForRun } from './runFixtures';

// Issue 30 item 1 end to end: the generator records each acted-on element's fingerprint with its
// step, and the healing of a run broken by a release that renamed every word of the form (todo
// relabel) uses it: the renamed button is found by what else it is, and the healed test is green.

jest.setTimeout(240_000);

const UNDER_WAY = ['created', 'pending', 'waiting_for_executor', 'running'];

let ctx: GenerationContext;
beforeAll(async () => {
  ctx = await setUpGeneration({ env: { AUTO_HEAL: 'true' } });
});
afterAll(async () => ctx?.close());
afterEach(() => ctx.sites.setVariant('todo', null));

async function waitForHealing(runId: string): Promise<TestHealing> {
  return waitUntil(
    async () => {
      const response = await api<TestHealing>(ctx.server, 'GET', `/healing/test-run/${runId}`, {
        token: ctx.token,
      });
      return response.status === 200 && !UNDER_WAY.includes(response.body.status) ? response.body : null;
    },
    `the healing of run ${runId} to end`,
    120_000,
  );
}

async function runToEnd(testId: string): Promise<TestRun> {
  return waitForRun(ctx, (await startRun(ctx, testId))._id);
}

it('records fingerprints at generation, and heals the renamed "Add" button by them (todo relabel)', async () => {
  const created = await createTest(ctx, {
    name: 'Add a todo',
    website: ctx.sites.url('todo'),
    description:
      '<p>Enter "Buy milk" in the New todo field</p><p>Click the "Add" button</p><p>Verify that the page shows "1 item left"</p>',
  });
  const generated = await waitForGeneration(ctx, created._id);
  expect([generated.state, describeSteps(generated)]).toEqual(['passed', expect.any(String)]);
  const steps = generated.test_generation_steps;
  const click = steps.find((step) => step.step_description === 'Click the "Add" button');
  expect(click?.target_fingerprint).toMatchObject({ role: 'button', name: 'Add', type: 'submit' });
  const fill = steps.find((step) => step.step_description.startsWith('Enter "Buy milk"'));
  expect(fill?.target_fingerprint).toMatchObject({ role: 'textbox', id: 'new-todo', nameAttr: 'title' });
  // A check acts on nothing: no fingerprint.
  expect(steps[steps.length - 1].target_fingerprint ?? null).toBeNull();

  ctx.sites.setVariant('todo', 'relabel');
  const run = await runToEnd(created._id);
  expect([run.status, describeRun(run)]).toEqual(['failed', expect.any(String)]);
  const healing = await waitForHealing(run._id);
  expect([healing.status, healing.message]).toEqual(['passed', expect.any(String)]);
  const notes = healing.steps.map((step) => step.note);
  expect(notes).toContain('The "Add" button is now called "Create" (the same form and the same place).');
});
