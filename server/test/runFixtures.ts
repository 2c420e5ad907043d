import { eq } from 'drizzle-orm';
import { testCases } from '../src/db/schema';
import { type Action, actionCode, describeAction } from '../src/runner';
import { RUNNING_STATES, type RunState } from '../../contract/states';
import { type CreatedRun, type RunSettings, type TestRun } from '../../contract/runs';
import { api } from './helpers';
import { createTest, waitUntil, type GenerationContext } from './generationFixtures';

export async function startRun(
  ctx: GenerationContext,
  testId: string,
  settings?: RunSettings,
  token = ctx.token,
): Promise<TestRun> {
  const response = await api<CreatedRun>(ctx.server, 'POST', `/test-run/${testId}`, {
    token,
    body: settings ?? {},
  });
  if (response.status !== 201)
    throw new Error(`run failed to start: ${response.status} ${JSON.stringify(response.body)}`);
  expect(response.body.runId).toBe(response.body.run._id);
  return response.body.run;
}

export async function getRun(ctx: GenerationContext, runId: string): Promise<TestRun> {
  const response = await api<TestRun>(ctx.server, 'GET', `/test-run/${runId}`, { token: ctx.token });
  if (response.status !== 200)
    throw new Error(`get run failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export function isRunning(status: string): boolean {
  return RUNNING_STATES.includes(status as RunState);
}

/** Waits until the run has ended (any state outside the running group). */
export async function waitForRun(
  ctx: GenerationContext,
  runId: string,
  timeoutMs = 60_000,
): Promise<TestRun> {
  return waitUntil(
    async () => {
      const run = await getRun(ctx, runId);
      return isRunning(run.status) ? null : run;
    },
    `run ${runId} to end`,
    timeoutMs,
  );
}

export function describeRun(run: TestRun): string {
  return [
    `${run.status}${run.error_message ? `: ${run.error_message}` : ''}`,
    ...run.steps.map(
      (step) =>
        `  ${step.success ? 'ok ' : 'BAD'} ${step.step_description} | ${step.run_code}${step.error ? ` | ${step.error.message}` : ''}`,
    ),
  ].join('\n');
}

/** A generation step that "passed" doing `action`, as the generator stores one. */
export function passedStep(action: Action, index: number) {
  return {
    step_index: index,
    planner_message: '',
    action_name: describeAction(action),
    step_description: describeAction(action),
    cost: 0,
    generated_code: actionCode(action, 'typescript'),
    generated_code_ts: actionCode(action, 'typescript'),
    generated_code_py: actionCode(action, 'python'),
    execution_succeded: true,
    screenshot_id: null,
    before_screenshot_id: null,
    unsuccessful_code_attempts: [],
    cached_action_id: null,
    trace: [],
    trace_zip_path: null,
    user_feedback: null,
    verification: { passed: true, message: 'ok' },
    model: 'rules',
    model_fallback: null,
    usage: { input_tokens: 0, output_tokens: 0, model_calls: 0 },
    action,
    url: null,
    duration_ms: 0,
  };
}

/**
 * A test whose generation "passed" with the given actions, written straight to the database: job
 * tests need a runnable test without a generation (and without a worker to generate it).
 */
export async function createGeneratedTest(
  ctx: GenerationContext,
  name: string,
  website: string,
  actions: Action[],
  parameters: Record<string, string> = {},
): Promise<string> {
  const created = await createTest(ctx, { name, website, description: name, parameters }, false);
  const steps = actions.map(passedStep);
  await ctx.server.database.db
    .update(testCases)
    .set({ state: 'passed', testGenerationSteps: steps })
    .where(eq(testCases.id, created._id));
  return created._id;
}
