import { type TestHealing } from '../../contract/healing';
import { type TestRun } from '../../contract/runs';
import { type Action, type Target } from '../src/runner';
import { api, freePort } from './helpers';
import { type GenerationContext, setUpGeneration, waitUntil } from './generationFixtures';
import { createGeneratedTest, describeRun, startRun, waitForRun } from './runFixtures';

jest.setTimeout(240_000);

// Issue 32: a healing replays a test's e-mail steps as a run does, on an inbox address of its own. The
// sign-up test breaks on the login site's v2 (its Email field is now "Work email"); the person's Heal
// moves that step and reads the code the sign-up mailed to the healing's address.

const byLabel = (text: string): Target => ({ locator: { by: 'label', text, exact: true } });
const byRole = (role: string, name: string): Target => ({
  locator: { by: 'role', role, name, exact: true },
});

let ctx: GenerationContext;
beforeAll(async () => {
  const smtpPort = await freePort();
  ctx = await setUpGeneration({ env: { INBOX_SMTP_PORT: String(smtpPort), STEP_TIMEOUT_MS: '5000' } });
  ctx.sites.mailTo(smtpPort);
});
afterAll(async () => {
  ctx?.sites.setVariant('login', null);
  await ctx?.close();
});

it('heals a test with e-mail steps: the healing reads the mail sent to its own address', async () => {
  const signUp = `${ctx.sites.url('login')}signup.html`;
  const steps: Action[] = [
    { kind: 'goto', url: signUp },
    { kind: 'fill', target: byLabel('Email'), value: '{{inbox}}' },
    { kind: 'click', target: byRole('button', 'Sign up') },
    { kind: 'email', op: 'open', to: '{{inbox}}' },
    { kind: 'email', op: 'expect', field: 'subject', value: 'Welcome' },
    { kind: 'email', op: 'code', target: byLabel('Code') },
    { kind: 'click', target: byRole('button', 'Verify') },
    {
      kind: 'expect',
      assert: { type: 'visible', target: { locator: { by: 'text', text: 'Your account is verified' } } },
    },
  ];
  const testId = await createGeneratedTest(ctx, 'Sign up with a code', signUp, steps);
  ctx.sites.setVariant('login', 'v2');
  const run: TestRun = await waitForRun(ctx, (await startRun(ctx, testId))._id);
  expect(`${run.status} at ${run.failing_step_index}\n${describeRun(run)}`).toMatch(/^failed at 1\n/);

  const started = await api<TestHealing>(ctx.server, 'POST', `/healing/test-run/${run._id}`, {
    token: ctx.token,
  });
  expect(started.status).toBe(201);
  const healing = await waitUntil(
    async () => {
      const response = await api<TestHealing>(ctx.server, 'GET', `/healing/test-run/${run._id}`, {
        token: ctx.token,
      });
      const underWay = ['created', 'pending', 'waiting_for_executor', 'running'];
      return response.status === 200 && !underWay.includes(response.body.status) ? response.body : null;
    },
    'the healing to end',
    120_000,
  );
  expect({
    status: healing.status,
    message: healing.message,
    outcomes: healing.steps.map((step) => `${step.outcome}${step.note ? `: ${step.note}` : ''}`),
  }).toEqual({
    status: 'passed',
    message: expect.any(String),
    outcomes: [
      'kept',
      'retargeted: The "Email" field is now labelled "Work email".',
      'kept',
      'kept',
      'kept',
      'kept',
      'kept',
      'kept',
    ],
  });
  // The mail went to the healing's own address, never to the failed run's.
  const runInbox = await api<{ address: string; mails: unknown[] }>(
    ctx.server,
    'GET',
    `/test-run/${run._id}/inbox`,
    { token: ctx.token },
  );
  expect(runInbox.body.mails).toEqual([]);
  const mails = await ctx.server.inbox.list(
    await ctx.server.inbox.addressForHealing(healing.test_healing_id),
  );
  expect(mails.map((mail) => mail.subject)).toEqual(['Welcome to Acme Portal: confirm your e-mail']);
});
