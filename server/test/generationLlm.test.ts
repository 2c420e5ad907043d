import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import { api } from './helpers';
import {
  createTest,
  describeSteps,
  setUpGeneration,
  waitForGeneration,
  type GenerationContext,
} from './generationFixtures';

jest.setTimeout(120_000);

type Agent = 'planner' | 'coder' | 'verifier';
type Mode = 'ok' | 'fail' | 'slow';

interface Received {
  agent: Agent;
  path: string;
  body: Record<string, unknown>;
  user: string;
}

/**
 * A model server with scripted replies: it speaks OpenAI chat completions (and Anthropic messages),
 * so the real AI SDK adapters run against it. The coder's reply picks candidates by name from the
 * list it was sent, as a model would.
 */
async function startModelServer() {
  const received: Received[] = [];
  let mode: Mode = 'ok';
  const plans = new Map<string, string[]>();

  const reply = (agent: Agent, user: string): Record<string, unknown> => {
    if (agent === 'planner') {
      const instructions = user.replace(/^Instructions:\n/, '');
      return { steps: plans.get(instructions) ?? [instructions] };
    }
    if (agent === 'verifier') return { achieved: true, reason: 'The step did what it said.' };
    const step = /^Step: (.*)$/m.exec(user)?.[1] ?? '';
    const candidate = (role: string, name: string) => {
      const line = user.split('\n').find((text) => text.includes(`] ${role} "${name}"`));
      return line ? Number(/^\[(\d+)\]/.exec(line)![1]) : null;
    };
    const base = {
      candidate: null,
      alternatives: [],
      text: null,
      value: null,
      url: null,
      key: null,
      count: null,
      ms: null,
      reason: 'Scripted.',
    };
    if (step.startsWith('Open ')) return { ...base, action: 'goto', url: step.slice('Open '.length) };
    if (step === 'Fill the email with ada@example.com')
      return { ...base, action: 'fill', candidate: candidate('textbox', 'Email'), value: 'ada@example.com' };
    if (step === 'Fill the password with {{password}}')
      return { ...base, action: 'fill', candidate: candidate('textbox', 'Password'), value: '{{password}}' };
    if (step === 'Press the sign-in button')
      return { ...base, action: 'click', candidate: candidate('button', 'Sign in') };
    if (step === 'Check the greeting')
      return { ...base, action: 'expect_visible', text: 'Welcome, Ada Lovelace' };
    return { ...base, action: 'not_possible', reason: `No script for "${step}"` };
  };

  const server = http.createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => (raw += chunk));
    request.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      const anthropic = request.url!.endsWith('/messages');
      const system = anthropic
        ? ((body.system as { text: string }[] | undefined)?.map((part) => part.text).join('') ?? '')
        : ((body.messages as { role: string; content: string }[])[0]?.content ?? '');
      const userMessage = anthropic
        ? ((body.messages as { content: { text: string }[] }[])[0].content
            .map((part) => part.text)
            .join('') ?? '')
        : ((body.messages as { role: string; content: string }[]).find((message) => message.role === 'user')
            ?.content ?? '');
      const agent: Agent = system.includes('You are the planner')
        ? 'planner'
        : system.includes('You are the verifier')
          ? 'verifier'
          : 'coder';
      received.push({ agent, path: request.url!, body, user: userMessage });
      const answer = () => {
        if (mode === 'fail') {
          response.writeHead(500, { 'content-type': 'application/json' });
          return response.end(
            JSON.stringify({ error: { message: 'scripted failure', type: 'server_error' } }),
          );
        }
        const content = reply(agent, userMessage);
        response.writeHead(200, { 'content-type': 'application/json' });
        if (anthropic) {
          return response.end(
            JSON.stringify({
              id: 'msg_1',
              type: 'message',
              role: 'assistant',
              model: body.model,
              content: body.tools
                ? [{ type: 'tool_use', id: 'toolu_1', name: 'json', input: content }]
                : [{ type: 'text', text: JSON.stringify(content) }],
              stop_reason: body.tools ? 'tool_use' : 'end_turn',
              usage: { input_tokens: 120, output_tokens: 30 },
            }),
          );
        }
        response.end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1,
            model: body.model,
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: JSON.stringify(content) },
                finish_reason: 'stop',
              },
            ],
            usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
          }),
        );
      };
      if (mode === 'slow') setTimeout(answer, 1500);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    setMode: (next: Mode) => (mode = next),
    plan: (instructions: string, steps: string[]) => plans.set(instructions, steps),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const INSTRUCTIONS = 'Log in as Ada with her password and check that she is greeted.';
const PLAN = [
  'Fill the email with ada@example.com',
  'Fill the password with {{password}}',
  'Press the sign-in button',
  'Check the greeting',
];

async function addPassword(ctx: GenerationContext): Promise<string> {
  const secret = await api<{ _id: string }>(
    ctx.server,
    'POST',
    `/test-suites/${ctx.suiteId}/shared-parameters`,
    {
      token: ctx.token,
      body: { key: 'password', value: 'correct-horse-battery' },
    },
  );
  return secret.body._id;
}

describe('an OpenAI-compatible model', () => {
  let sites: FixtureSites;
  let model: Awaited<ReturnType<typeof startModelServer>>;
  let ctx: GenerationContext;
  let passwordId: string;

  beforeAll(async () => {
    sites = await serveFixtureSites();
    model = await startModelServer();
    model.plan(INSTRUCTIONS, PLAN);
    ctx = await setUpGeneration({
      sites,
      env: {
        AI_PROVIDER: 'openai',
        AI_BASE_URL: `${model.url}/v1`,
        AI_API_KEY: 'test-key',
        AI_MODEL: 'scripted-1',
        AI_PRICE_INPUT: '1',
        AI_PRICE_OUTPUT: '2',
        AI_TIMEOUT_MS: '700',
      },
    });
    passwordId = await addPassword(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    await model?.close();
    await sites?.close();
  });

  it('plans, chooses structured actions from the compact candidate list, and turns token usage into cost', async () => {
    model.setMode('ok');
    const test = await waitForGeneration(
      ctx,
      (
        await createTest(ctx, {
          name: 'By model',
          website: sites.url('login'),
          description: INSTRUCTIONS,
          shared_parameter_ids: [passwordId],
        })
      )._id,
    );
    expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });
    expect(test.test_generation_steps.map((step) => step.step_description)).toEqual([
      `Open ${sites.url('login')}`,
      ...PLAN,
    ]);
    for (const step of test.test_generation_steps) {
      expect(step.model).toBe('openai:scripted-1');
      expect(step.model_fallback).toBeNull();
      expect(step.usage.input_tokens).toBe(100 * step.usage.model_calls);
      expect(step.usage.output_tokens).toBe(20 * step.usage.model_calls);
      // AI_PRICE_INPUT=1 and AI_PRICE_OUTPUT=2 US dollars per million tokens.
      expect(step.cost).toBeCloseTo(((100 * 1 + 20 * 2) * step.usage.model_calls) / 1_000_000, 12);
    }
    // The click was also judged by the verifier model.
    expect(test.test_generation_steps[3].usage.model_calls).toBe(2);
    expect(test.test_generation_steps[2].generated_code).toBe(
      "await page.getByRole('textbox', { name: 'Password', exact: true }).fill(secret('SECRET_PASSWORD'));",
    );

    const coderCall = model.received.find(
      (call) => call.agent === 'coder' && call.user.includes('Fill the email'),
    )!;
    expect(coderCall.path).toBe('/v1/chat/completions');
    expect(coderCall.body.model).toBe('scripted-1');
    expect(coderCall.body.response_format).toMatchObject({ type: 'json_schema' });
    expect(coderCall.user).toMatch(/^\[\d+\] textbox "Email" placeholder="you@example.com"$/m);
    // A compact list, never the page's markup, and never a secret's value.
    expect(coderCall.user).not.toContain('<input');
    expect(JSON.stringify(model.received)).not.toContain('correct-horse-battery');
  });

  it('regenerates an unchanged test on an unchanged site without a single model call', async () => {
    model.setMode('ok');
    const first = await waitForGeneration(
      ctx,
      (
        await createTest(ctx, {
          name: 'Cached',
          website: sites.url('login'),
          description: INSTRUCTIONS,
          shared_parameter_ids: [passwordId],
        })
      )._id,
    );
    expect(first.state).toBe('passed');
    const before = model.received.length;
    await api(ctx.server, 'PUT', `/test-case/${first._id}/regenerate`, { token: ctx.token });
    const again = await waitForGeneration(ctx, first._id);
    expect(again.state).toBe('passed');
    expect(model.received.length - before).toBe(0);
    expect(
      again.test_generation_steps.every(
        (step) => step.cached_action_id !== null && step.usage.model_calls === 0,
      ),
    ).toBe(true);
    expect(again.final_script).toBe(first.final_script);
  });

  it('falls back to the offline rules when the model fails, and the step says so', async () => {
    model.setMode('fail');
    try {
      const test = await waitForGeneration(
        ctx,
        (
          await createTest(ctx, {
            name: 'Fallback',
            website: sites.url('todo'),
            description: 'Add a todo "Model down". Verify "1 item left" is shown.',
          })
        )._id,
      );
      expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });
      const step = test.test_generation_steps[1];
      expect(step.model).toBe('rules');
      expect(step.model_fallback).toBe(
        'openai:scripted-1 failed (HTTP 500); the offline rules were used instead.',
      );
      expect(step.planner_message).toContain(
        'openai:scripted-1 failed (HTTP 500); the offline rules were used instead.',
      );
      expect(step.cost).toBe(0);
    } finally {
      model.setMode('ok');
    }
  });

  it('falls back to the offline rules when the model does not answer in time', async () => {
    model.setMode('slow');
    try {
      const test = await waitForGeneration(
        ctx,
        (
          await createTest(ctx, {
            name: 'Slow model',
            website: sites.url('todo'),
            description: 'Reload the page.',
          })
        )._id,
      );
      expect(test.state).toBe('passed');
      expect(test.test_generation_steps[1].model_fallback).toBe(
        'openai:scripted-1 failed (no answer in time); the offline rules were used instead.',
      );
    } finally {
      model.setMode('ok');
    }
  });
});

describe('an Anthropic model', () => {
  it('generates through the Anthropic messages API', async () => {
    const sites = await serveFixtureSites();
    const model = await startModelServer();
    model.plan(INSTRUCTIONS, PLAN);
    const ctx = await setUpGeneration({
      sites,
      env: {
        AI_PROVIDER: 'anthropic',
        AI_BASE_URL: `${model.url}/v1`,
        AI_API_KEY: 'test-key',
        AI_MODEL: 'claude-scripted',
      },
    });
    try {
      const passwordId = await addPassword(ctx);
      const test = await waitForGeneration(
        ctx,
        (
          await createTest(ctx, {
            name: 'Claude',
            website: sites.url('login'),
            description: INSTRUCTIONS,
            shared_parameter_ids: [passwordId],
          })
        )._id,
      );
      expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });
      expect(test.test_generation_steps[1]).toMatchObject({
        model: 'anthropic:claude-scripted',
        usage: { input_tokens: 120, output_tokens: 30, model_calls: 1 },
      });
      expect(model.received.every((call) => call.path === '/v1/messages')).toBe(true);
    } finally {
      await ctx.close();
      await model.close();
      await sites.close();
    }
  });
});
