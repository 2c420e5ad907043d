import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { GENERATING_STATES, type GenerationState } from '../../contract/states';
import { type TestCase } from '../../contract/testCases';
import { type GenerationStep } from '../../contract/generation';
import { api, startTestServer, tokenFor, type StartOptions, type TestServer } from './helpers';

export type GeneratedTest = Omit<TestCase, 'test_generation_steps'> & {
  test_generation_steps: GenerationStep[];
};

export interface GenerationContext {
  server: TestServer;
  sites: FixtureSites;
  token: string;
  userId: string;
  orgId: string;
  suiteId: string;
  close(): Promise<void>;
}

/** Quick timeouts for tests: a failing step gives up fast, a dead worker is noticed fast. */
export const FAST_GENERATION_ENV = {
  STEP_TIMEOUT_MS: '2500',
  GENERATION_HEARTBEAT_MS: '1000',
  GENERATION_STALE_MS: '3000',
};

/** A server with workers, the fixture sites, a person, an organization and a suite. */
export async function setUpGeneration(
  options: StartOptions & { sites?: FixtureSites } = {},
): Promise<GenerationContext> {
  const sites = options.sites ?? (await serveFixtureSites());
  const server = await startTestServer({ ...options, env: { ...FAST_GENERATION_ENV, ...options.env } });
  const { token, userId } = await tokenFor(server, {
    email: `gen-${Math.random().toString(36).slice(2, 8)}@example.com`,
  });
  const org = await api<{ org_id: string }>(server, 'POST', '/organizations', {
    token,
    body: { name: 'Generation' },
  });
  const suite = await api<{ test_suite_id: string }>(server, 'POST', '/test-suites', {
    token,
    body: { name: 'Generated', org_id: org.body.org_id },
  });
  return {
    server,
    sites,
    token,
    userId,
    orgId: org.body.org_id,
    suiteId: suite.body.test_suite_id,
    async close() {
      await server.close();
      if (!options.sites) await sites.close();
    },
  };
}

export interface NewTest {
  name: string;
  website: string;
  description: string;
  parameters?: Record<string, string>;
  shared_parameter_ids?: string[];
  viewport_width?: number;
  viewport_height?: number;
}

export async function createTest(
  ctx: GenerationContext,
  input: NewTest,
  schedule = true,
): Promise<GeneratedTest> {
  const response = await api<GeneratedTest[]>(ctx.server, 'POST', '/test-cases/', {
    token: ctx.token,
    body: { schedule_generation: schedule, test_cases: [{ test_suite_id: ctx.suiteId, ...input }] },
  });
  if (response.status !== 201)
    throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body[0];
}

export async function getTest(ctx: GenerationContext, id: string): Promise<GeneratedTest> {
  const response = await api<GeneratedTest>(ctx.server, 'GET', `/test-case/${id}`, { token: ctx.token });
  if (response.status !== 200)
    throw new Error(`get failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

export function isGenerating(state: string): boolean {
  return GENERATING_STATES.includes(state as GenerationState);
}

/** Polls until the probe answers; the deadline only keeps a broken generation from hanging the suite. */
export async function waitUntil<T>(
  probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
  what: string,
  timeoutMs = 90_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Waits until the test's generation has ended (any state outside the generating group). */
export async function waitForGeneration(
  ctx: GenerationContext,
  id: string,
  timeoutMs = 90_000,
): Promise<GeneratedTest> {
  return waitUntil(
    async () => {
      const test = await getTest(ctx, id);
      return !isGenerating(test.state) && test.state !== 'created' ? test : null;
    },
    `the generation of ${id} to end`,
    timeoutMs,
  );
}

export function describeSteps(test: GeneratedTest): string {
  return test.test_generation_steps
    .map(
      (step) =>
        `${step.execution_succeded ? 'ok ' : 'BAD'} ${step.step_description} | ${step.generated_code}${step.unsuccessful_code_attempts
          .map(
            (attempt) =>
              `\n    x ${attempt.user_visible_error.error_type}: ${attempt.user_visible_error.message}`,
          )
          .join('')}`,
    )
    .join('\n');
}
