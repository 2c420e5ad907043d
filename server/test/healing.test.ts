import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { testCases, testHealings } from '../src/db/schema';
import { type Action, type Target } from '../src/runner';
import { type Collection, type RunAllResult } from '../../contract/collections';
import { HEALING_MESSAGES, type HealingSettings, type TestHealing } from '../../contract/healing';
import { type Dashboard } from '../../contract/dashboard';
import { type TestRun } from '../../contract/runs';
import { serveFixtureSites } from '../../fixtures/sites/serve';
import {
  createTest,
  type GeneratedTest,
  type GenerationContext,
  getTest,
  setUpGeneration,
  waitUntil,
} from './generationFixtures';
import { api, tokenFor } from './helpers';
import { passedStep, startRun, waitForRun, describeRun } from './runFixtures';

// Healing on the server (issue 14): a test broken by the application's drift is healed after its
// failed run, a person accepts (the test's steps replaced, its next run green) or rejects the
// proposal; a bug is reported, never healed; the suite's switch, a person's Heal and a group's
// healing; isolation and validation. Real Chromium on the fixture sites (login: v2 drifts, bug-signin is a bug).

jest.setTimeout(240_000);

const UNDER_WAY = ['created', 'pending', 'waiting_for_executor', 'running'];

const byRole = (role: string, name: string): Target => ({
  locator: { by: 'role', role, name, exact: true },
});
const byLabel = (text: string): Target => ({ locator: { by: 'label', text, exact: true } });

/** Signs in as Ada and checks the dashboard: 8 steps, 3 checks, as the generator stores such a test. */
function signInSteps(url: string): { description: string; action: Action }[] {
  return [
    { description: `Open ${url}`, action: { kind: 'goto', url } },
    {
      description: 'Enter "ada@example.com" in the Email field',
      action: { kind: 'fill', target: byLabel('Email'), value: 'ada@example.com' },
    },
    {
      description: 'Enter "correct-horse-battery" in the Password field',
      action: { kind: 'fill', target: byLabel('Password'), value: 'correct-horse-battery' },
    },
    { description: 'Check "Remember me"', action: { kind: 'check', target: byLabel('Remember me') } },
    {
      description: 'Click the "Sign in" button',
      action: { kind: 'click', target: byRole('button', 'Sign in') },
    },
    {
      description: 'Verify the URL contains "dashboard.html"',
      action: { kind: 'expect', assert: { type: 'url', value: 'dashboard.html', match: 'contains' } },
    },
    {
      description: 'Verify the page shows "Welcome, Ada Lovelace"',
      action: {
        kind: 'expect',
        assert: { type: 'visible', target: { locator: { by: 'text', text: 'Welcome, Ada Lovelace' } } },
      },
    },
    {
      description: 'Verify the "Sign out" button is visible',
      action: { kind: 'expect', assert: { type: 'visible', target: byRole('button', 'Sign out') } },
    },
  ];
}

let ctx: GenerationContext;
beforeAll(async () => {
  ctx = await setUpGeneration({ env: { AUTO_HEAL: 'true' } });
});
afterAll(async () => ctx?.close());
afterEach(() => ctx.sites.setVariant('login', null));

/** A sign-in test whose generation "passed", stored with its steps' own words. */
async function createSignInTest(name: string): Promise<string> {
  const website = ctx.sites.url('login');
  const created = await createTest(
    ctx,
    { name, website, description: name, parameters: { who: 'Ada' } },
    false,
  );
  const steps = signInSteps(website).map((step, index) => ({
    ...passedStep(step.action, index),
    step_description: step.description,
  }));
  await ctx.server.database.db
    .update(testCases)
    .set({ state: 'passed', testGenerationSteps: steps })
    .where(eq(testCases.id, created._id));
  return created._id;
}

async function runToEnd(testId: string, expected: TestRun['status']): Promise<TestRun> {
  const run = await waitForRun(ctx, (await startRun(ctx, testId))._id);
  // The run's steps and errors, when it ended otherwise: what the failure message shows.
  expect(`${run.status}\n${describeRun(run)}`).toMatch(new RegExp(`^${expected}\n`));
  return run;
}

/** Waits for the run's latest healing to end. */
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

const approve = (healingId: string, approved: string, token = ctx.token) =>
  api<TestHealing>(ctx.server, 'POST', `/healing/${healingId}/approve?approved=${approved}`, { token });

const restore = (healingId: string, token = ctx.token) =>
  api<TestHealing>(ctx.server, 'POST', `/healing/${healingId}/restore`, { token });

type SocketMessage = { type: string; healing_id?: string; status?: string; message?: string };

/** A signed-in live socket: what it has received, and a way to send. */
async function liveSocket(token: string) {
  const socket = new WebSocket(`${ctx.server.url.replace(/^http/, 'ws')}/api/ws`);
  const messages: SocketMessage[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString()) as SocketMessage));
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'auth', token }));
  await waitUntil(async () => messages.some((m) => m.type === 'AUTHENTICATED'), 'authentication');
  return {
    messages,
    send: (message: object) => socket.send(JSON.stringify(message)),
    close: () => socket.close(),
  };
}

const errorOf = (body: unknown) => (body as { error?: { message?: string } }).error?.message;

/** The run failed on v2 at the Email field; its automatic healing proposes new targets for steps 2, 5 and 8. */
async function healedOnV2(name: string): Promise<{ testId: string; run: TestRun; healing: TestHealing }> {
  const testId = await createSignInTest(name);
  ctx.sites.setVariant('login', 'v2');
  const run = await runToEnd(testId, 'failed');
  const healing = await waitForHealing(run._id);
  expect({ status: healing.status, message: healing.message }).toEqual({
    status: 'passed',
    message: expect.any(String),
  });
  return { testId, run, healing };
}

it('heals a sign-in test after the application changed: accepted, the test passes on the new version', async () => {
  const settings = await api<HealingSettings>(ctx.server, 'GET', `/healing/settings/${ctx.suiteId}`, {
    token: ctx.token,
  });
  expect(settings).toEqual({ status: 200, body: { auto_heal: true } });

  const testId = await createSignInTest('Sign in');
  const green = await runToEnd(testId, 'passed');
  // A passing run gets no healing.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const none = await api(ctx.server, 'GET', `/healing/test-run/${green._id}`, { token: ctx.token });
  expect([none.status, errorOf(none.body)]).toEqual([404, HEALING_MESSAGES.notFound]);

  ctx.sites.setVariant('login', 'v2');
  const run = await runToEnd(testId, 'failed');
  expect(run.failing_step_index).toBe(1);
  const healing = await waitForHealing(run._id);

  expect(healing).toMatchObject({
    status: 'passed',
    trigger: 'auto',
    healer_name: 'Plainwright healer (rules)',
    triggered_by_test_run_id: run._id,
    test_case_id: testId,
    healed_test_case_id: testId,
    checks_total: 3,
    checks_kept: 3,
    decided_at: null,
  });
  expect(healing.steps.map((step) => step.outcome)).toEqual([
    'kept',
    'retargeted',
    'kept',
    'kept',
    'retargeted',
    'kept',
    'kept',
    'retargeted',
  ]);
  const email = healing.steps[1];
  expect(email.note).toBe('The "Email" field is now labelled "Work email".');
  expect(email.original_code).toContain('Email');
  expect(email.healed_code).toContain('Work email');
  // The failed run's screenshot of the step it stopped at, and the healing's own of each moved step.
  expect(email.original_screenshot_id).toEqual(expect.any(String));
  for (const step of healing.steps) expect(Boolean(step.screenshot_id)).toBe(step.outcome === 'retargeted');
  for (const step of healing.steps.filter((s) => s.outcome === 'kept'))
    expect(step.healed_code).toBe(step.original_code);

  const before = await getTest(ctx, testId);
  const proposal = healing.healed_test_case!;
  expect(proposal.test_generation_steps).toHaveLength(8);
  // Kept steps are the very steps stored; moved ones have the new target's code.
  expect(proposal.test_generation_steps[0]).toEqual(before.test_generation_steps[0]);
  expect(proposal.test_generation_steps[4].action).toEqual({
    kind: 'click',
    target: byRole('button', 'Log in'),
  });
  expect(proposal.final_script).toContain('Log in');
  expect(proposal.final_script_py).toContain('Log in');

  const listed = await api<TestHealing[]>(ctx.server, 'GET', `/healing/test-case/${testId}`, {
    token: ctx.token,
  });
  expect(listed.status).toBe(200);
  expect(listed.body.map((item) => item.test_healing_id)).toEqual([healing.test_healing_id]);

  const accepted = await approve(healing.test_healing_id, 'true');
  expect(accepted.status).toBe(200);
  expect(accepted.body.status).toBe('accepted');
  expect(accepted.body.decided_at).toEqual(expect.any(String));
  const after: GeneratedTest = await getTest(ctx, testId);
  expect(after.test_generation_steps.map((step) => step.action)).toEqual(
    proposal.test_generation_steps.map((step) => step.action),
  );
  expect(after.final_script).toBe(proposal.final_script);
  expect(after.final_script_py).toBe(proposal.final_script_py);
  // The previous steps are kept with the healing, so they can be restored.
  const [stored] = await ctx.server.database.db
    .select({ previous: testHealings.previousSteps })
    .from(testHealings)
    .where(eq(testHealings.id, healing.test_healing_id));
  expect(stored.previous).toEqual(before.test_generation_steps);

  // Decided once: a second accept (or a reject) is refused and changes nothing.
  const again = await approve(healing.test_healing_id, 'true');
  expect([again.status, errorOf(again.body)]).toEqual([409, HEALING_MESSAGES.notProposed]);
  expect((await approve(healing.test_healing_id, 'false')).status).toBe(409);

  await runToEnd(testId, 'passed');

  // Undoing the accept: refused while the test's steps are no longer the accepted ones (an edit wins)…
  const edited = [...after.test_generation_steps].reverse();
  await ctx.server.database.db
    .update(testCases)
    .set({ testGenerationSteps: edited })
    .where(eq(testCases.id, testId));
  const stale = await restore(healing.test_healing_id);
  expect([stale.status, errorOf(stale.body)]).toEqual([409, HEALING_MESSAGES.restoreTestChanged]);
  expect((await getTest(ctx, testId)).test_generation_steps).toEqual(edited);
  // …and, with them back, the test gets the steps and scripts it had before the healing, once.
  await ctx.server.database.db
    .update(testCases)
    .set({ testGenerationSteps: after.test_generation_steps })
    .where(eq(testCases.id, testId));
  const restored = await restore(healing.test_healing_id);
  expect(restored.status).toBe(200);
  expect(restored.body).toMatchObject({ status: 'accepted', restored_at: expect.any(String) });
  const back = await getTest(ctx, testId);
  expect(back.test_generation_steps).toEqual(before.test_generation_steps);
  expect([back.final_script, back.final_script_py]).toEqual([before.final_script, before.final_script_py]);
  const twice = await restore(healing.test_healing_id);
  expect([twice.status, errorOf(twice.body)]).toEqual([409, HEALING_MESSAGES.notRestorable]);
  expect((await getTest(ctx, testId)).test_generation_steps).toEqual(before.test_generation_steps);
});

it('refuses an accept once the test changed, and a reject leaves the test as it was', async () => {
  const { testId, healing } = await healedOnV2('Sign in, edited');
  const before = await getTest(ctx, testId);

  const edited = await api(ctx.server, 'PUT', `/test-case/${testId}/variables/who`, {
    token: ctx.token,
    body: { value: 'Ada Lovelace' },
  });
  expect(edited.status).toBe(200);
  const refused = await approve(healing.test_healing_id, 'true');
  expect([refused.status, errorOf(refused.body)]).toEqual([409, HEALING_MESSAGES.testChanged]);
  expect((await getTest(ctx, testId)).test_generation_steps).toEqual(before.test_generation_steps);

  const rejected = await approve(healing.test_healing_id, 'false');
  expect(rejected.status).toBe(200);
  expect(rejected.body.status).toBe('rejected');
  const after = await getTest(ctx, testId);
  expect(after.test_generation_steps).toEqual(before.test_generation_steps);
  expect(after.final_script).toBe(before.final_script);
});

it('reports a bug instead of healing it: unchanged, nothing to accept', async () => {
  const testId = await createSignInTest('Sign in, bug');
  ctx.sites.setVariant('login', 'bug-signin');
  const run = await runToEnd(testId, 'failed');
  const healing = await waitForHealing(run._id);

  expect(healing.status).toBe('unchanged');
  expect(healing.message).toContain(HEALING_MESSAGES.behaviourChanged);
  expect(healing.message).toContain("expected 'dashboard.html'");
  expect(healing.healed_test_case).toBeNull();
  expect(healing.steps.some((step) => step.outcome === 'retargeted')).toBe(false);
  expect(healing.steps.map((step) => step.outcome).slice(5)).toEqual(['failed', 'not_run', 'not_run']);

  const refused = await approve(healing.test_healing_id, 'true');
  expect([refused.status, errorOf(refused.body)]).toEqual([409, HEALING_MESSAGES.notProposed]);

  // The same failure again is not healed automatically again (it backs off)…
  const again = await runToEnd(testId, 'failed');
  expect([again.failing_step_index, again.error_message]).toEqual([
    run.failing_step_index,
    run.error_message,
  ]);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const none = await api(ctx.server, 'GET', `/healing/test-run/${again._id}`, { token: ctx.token });
  expect([none.status, errorOf(none.body)]).toEqual([404, HEALING_MESSAGES.notFound]);
  // …while a person may still ask.
  const asked = await api<TestHealing>(ctx.server, 'POST', `/healing/test-run/${again._id}`, {
    token: ctx.token,
  });
  expect([asked.status, asked.body.trigger]).toEqual([201, 'manual']);
  expect((await waitForHealing(again._id)).status).toBe('unchanged');

  // Nor is another failure of the same steps on the same site: one automatic healing per version of
  // the test's steps and site (issue 30).
  ctx.sites.setVariant('login', 'v2');
  const other = await runToEnd(testId, 'failed');
  expect(other.failing_step_index).not.toBe(run.failing_step_index);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const held = await api(ctx.server, 'GET', `/healing/test-run/${other._id}`, { token: ctx.token });
  expect([held.status, errorOf(held.body)]).toEqual([404, HEALING_MESSAGES.notFound]);
});

it('never heals a run on another website automatically, nor makes it the headline; a Heal asked for says its site', async () => {
  const preview = await serveFixtureSites();
  try {
    preview.setVariant('login', 'v2');
    const testId = await createSignInTest('Sign in, preview');
    await runToEnd(testId, 'passed');
    const dashboard = () =>
      api<Dashboard>(ctx.server, 'GET', `/test-suites/${ctx.suiteId}/dashboard`, { token: ctx.token });
    const before = (await dashboard()).body.pass_rate.last_7_days;

    // The preview (another copy of the site, changed) fails the test.
    const elsewhere = await waitForRun(
      ctx,
      (await startRun(ctx, testId, { website_url_override: preview.url('login') }))._id,
    );
    expect(`${elsewhere.status}\n${describeRun(elsewhere)}`).toMatch(/^failed\n/);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const none = await api(ctx.server, 'GET', `/healing/test-run/${elsewhere._id}`, { token: ctx.token });
    expect([none.status, errorOf(none.body)]).toEqual([404, HEALING_MESSAGES.notFound]);
    // The test's own site still passes it: its status and the pass rate say so.
    expect((await getTest(ctx, testId)).latest_run_status).toBe('passed');
    expect((await dashboard()).body.pass_rate.last_7_days).toEqual(before);

    // A person may still heal it, for that site, and the healing says which site it was made on.
    const asked = await api<TestHealing>(ctx.server, 'POST', `/healing/test-run/${elsewhere._id}`, {
      token: ctx.token,
    });
    expect(asked.status).toBe(201);
    expect(asked.body).toMatchObject({ trigger: 'manual', website_override: preview.url('login') });
    const ended = await waitForHealing(elsewhere._id);
    expect([ended.status, ended.website_override]).toEqual(['passed', preview.url('login')]);
    const listed = await api<TestHealing[]>(ctx.server, 'GET', `/healing/test-case/${testId}`, {
      token: ctx.token,
    });
    expect(listed.body.map((healing) => healing.website_override)).toEqual([preview.url('login')]);
  } finally {
    await preview.close();
  }
});

it("replays a run on an environment with the environment's variables, as the run had them (issue 33)", async () => {
  const website = ctx.sites.url('login');
  const created = await createTest(
    ctx,
    {
      name: 'Sign in, on an environment',
      website,
      description: 'Sign in',
      parameters: { email: 'nobody@example.com' },
    },
    false,
  );
  // The Email step types the variable: the test's own value cannot sign in, the environment's can.
  const steps = signInSteps(website).map((step, index) => ({
    ...passedStep(
      step.action.kind === 'fill' && step.action.value === 'ada@example.com'
        ? { ...step.action, value: '{{email}}' }
        : step.action,
      index,
    ),
    step_description: step.description,
  }));
  await ctx.server.database.db
    .update(testCases)
    .set({ state: 'passed', testGenerationSteps: steps })
    .where(eq(testCases.id, created._id));
  const env = await api<{ _id: string }>(ctx.server, 'POST', `/test-suites/${ctx.suiteId}/environments`, {
    token: ctx.token,
    body: {
      name: 'Staging (healing)',
      base_url: ctx.sites.origin,
      variables: { email: 'ada@example.com' },
    },
  });
  expect(env.status).toBe(201);

  try {
    ctx.sites.setVariant('login', 'v2');
    const run = await waitForRun(
      ctx,
      (await startRun(ctx, created._id, { environment_id: env.body._id }))._id,
    );
    expect(`${run.status}\n${describeRun(run)}`).toMatch(/^failed\n/);
    // The project's first environment is its default: its failed run is healed automatically.
    const healed = await waitForHealing(run._id);
    expect([healed.status, healed.message]).toEqual(['passed', expect.any(String)]);
    // The proposal keeps the variable, not the environment's value.
    const fill = healed.healed_test_case?.test_generation_steps?.[1]?.action as
      { value?: string } | undefined;
    expect(fill?.value).toBe('{{email}}');
  } finally {
    // The project is again one without environments: while this default stood, a run on another site
    // (the next test's moved website) was not healed automatically, as it should not be.
    const removed = await api(
      ctx.server,
      'DELETE',
      `/test-suites/${ctx.suiteId}/environments/${env.body._id}`,
      {
        token: ctx.token,
      },
    );
    expect(removed.status).toBe(204);
  }
});

it('after Change URL, an accepted healing on the new website brings the steps up to date, and the export has the healed steps there', async () => {
  const moved = await serveFixtureSites();
  try {
    moved.setVariant('login', 'v2');
    const testId = await createSignInTest('Sign in, moved');
    await ctx.server.database.db
      .update(testCases)
      .set({ stepsSource: { website: ctx.sites.url('login'), description: 'Sign in, moved' } })
      .where(eq(testCases.id, testId));
    const edited = await api<GeneratedTest>(ctx.server, 'PATCH', `/test-case/${testId}/edit`, {
      token: ctx.token,
      body: { test_case_id: testId, website: moved.url('login') },
    });
    expect([edited.status, edited.body.steps_out_of_date]).toEqual([200, true]);

    // The moved site changed too: the run on the test's own (new) website fails, and is healed there.
    const run = await runToEnd(testId, 'failed');
    const healing = await waitForHealing(run._id);
    expect([healing.status, healing.website_override]).toEqual(['passed', null]);
    // The proposal's script opens the test's website, as its export will once accepted (issue 28).
    const proposed = healing.healed_test_case!;
    expect(proposed.final_script).toContain(`await page.goto('${moved.url('login')}');`);
    expect((await approve(healing.test_healing_id, 'true')).status).toBe(200);

    const after = await getTest(ctx, testId);
    expect(after.steps_out_of_date).toBe(false);
    expect(after.final_script).toContain(`await page.goto('${moved.url('login')}');`);
    expect(after.final_script).toContain('Work email');
    expect([proposed.final_script, proposed.final_script_py]).toEqual([
      after.final_script,
      after.final_script_py,
    ]);
    const exported = await api<{ files: { content: string }[] }>(
      ctx.server,
      'GET',
      `/test-case/${testId}/export?language=typescript`,
      { token: ctx.token },
    );
    expect(exported.body.files.map((file) => file.content)).toEqual([after.final_script]);
    await runToEnd(testId, 'passed');

    // Undone, the steps put back were never proved on the new website: out of date again.
    expect((await restore(healing.test_healing_id)).status).toBe(200);
    expect((await getTest(ctx, testId)).steps_out_of_date).toBe(true);
  } finally {
    await moved.close();
  }
});

it('heals only on request when the suite turns automatic healing off: a Heal, and a group at once', async () => {
  const off = await api<HealingSettings>(ctx.server, 'PUT', `/healing/settings/${ctx.suiteId}`, {
    token: ctx.token,
    body: { auto_heal: false },
  });
  expect(off).toEqual({ status: 200, body: { auto_heal: false } });
  try {
    const testId = await createSignInTest('Sign in, by hand');
    const green = await runToEnd(testId, 'passed');
    const notFailed = await api(ctx.server, 'POST', `/healing/test-run/${green._id}`, { token: ctx.token });
    expect([notFailed.status, errorOf(notFailed.body)]).toEqual([422, HEALING_MESSAGES.runNotFailed]);

    ctx.sites.setVariant('login', 'v2');
    const run = await runToEnd(testId, 'failed');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const none = await api(ctx.server, 'GET', `/healing/test-run/${run._id}`, { token: ctx.token });
    expect(none.status).toBe(404);

    const live = await liveSocket(ctx.token);
    const healed = await api<TestHealing>(ctx.server, 'POST', `/healing/test-run/${run._id}`, {
      token: ctx.token,
    });
    expect(healed.status).toBe(201);
    expect(healed.body).toMatchObject({
      trigger: 'manual',
      status: 'pending',
      triggered_by_test_run_id: run._id,
    });
    // Its live progress: watched while under way, an update per stored step, then its end.
    const healingId = healed.body.test_healing_id;
    try {
      live.send({ type: 'watch_healing', healing_id: healingId });
      const twice = await api(ctx.server, 'POST', `/healing/test-run/${run._id}`, { token: ctx.token });
      expect([twice.status, errorOf(twice.body)]).toEqual([409, HEALING_MESSAGES.alreadyHealing]);
      const end = await waitUntil(
        async () => live.messages.find((m) => m.type === 'HEALING_NOT_RUNNING'),
        'the end of the healing',
        120_000,
      );
      expect(end).toEqual({
        type: 'HEALING_NOT_RUNNING',
        healing_id: healingId,
        test_id: testId,
        status: 'passed',
      });
      const watching = live.messages.find((m) => m.type === 'HEALING_WATCHING');
      expect(UNDER_WAY).toContain(watching?.status);
      const updates = live.messages.filter((m) => m.type === 'HEALING_UPDATED');
      // One per healed step (8) at least, besides the claim and the start.
      expect(updates.length).toBeGreaterThanOrEqual(8);
      expect(updates.every((m) => m.healing_id === healingId && UNDER_WAY.includes(m.status!))).toBe(true);
      live.send({ type: 'watch_healing', healing_id: ' ' });
      await waitUntil(
        async () =>
          live.messages.find((m) => m.type === 'ERROR' && m.message === HEALING_MESSAGES.watchIdRequired),
        'the error for a missing id',
      );
    } finally {
      live.close();
    }
    const ended = await waitForHealing(run._id);
    expect(ended.status).toBe('passed');
    const one = await api<TestHealing>(ctx.server, 'GET', `/healing/${healingId}`, { token: ctx.token });
    expect(one).toEqual({ status: 200, body: ended });

    // A collection's run group: every failed run in it is healed in one go.
    const collection = await api<Collection>(ctx.server, 'POST', '/test-suites/collection', {
      token: ctx.token,
      body: { name: 'Sign-in', test_suite_id: ctx.suiteId, linked_test_ids: [testId] },
    });
    expect(collection.status).toBe(201);
    const group = await api<RunAllResult>(
      ctx.server,
      'POST',
      `/test-suites/collection/${collection.body._id}/run-all`,
      { token: ctx.token, body: {} },
    );
    expect(group.status).toBe(201);
    const [groupRun] = group.body.run_ids;
    expect((await waitForRun(ctx, groupRun)).status).toBe('failed');
    const at = encodeURIComponent(group.body.created_at);
    const healings = await api<TestHealing[]>(
      ctx.server,
      'POST',
      `/healing/collection/${collection.body._id}?created_at=${at}`,
      { token: ctx.token },
    );
    expect(healings.status).toBe(201);
    expect(healings.body.map((item) => [item.triggered_by_test_run_id, item.trigger])).toEqual([
      [groupRun, 'collection'],
    ]);
    expect((await waitForHealing(groupRun)).status).toBe('passed');
    const badGroup = await api(
      ctx.server,
      'POST',
      `/healing/collection/${collection.body._id}?created_at=soon`,
      {
        token: ctx.token,
      },
    );
    expect(badGroup.status).toBe(400);
  } finally {
    await api(ctx.server, 'PUT', `/healing/settings/${ctx.suiteId}`, {
      token: ctx.token,
      body: { auto_heal: true },
    });
  }
});

it("tells a socket watching a test's healings when one is created, ends and is decided, not each step (issue 28)", async () => {
  const testId = await createSignInTest('Sign in, watched');
  const live = await liveSocket(ctx.token);
  try {
    live.send({ type: 'watch_test_healings', test_id: testId });
    await waitUntil(
      async () => live.messages.find((m) => m.type === 'TEST_HEALINGS_WATCHING'),
      "the watch of the test's healings",
    );
    ctx.sites.setVariant('login', 'v2');
    const run = await runToEnd(testId, 'failed');
    const healing = await waitForHealing(run._id);
    const changes = () =>
      live.messages
        .filter((m) => m.type === 'TEST_HEALINGS_CHANGED')
        .map((m) => [m.healing_id, (m as { change?: string }).change, m.status]);
    // The automatic healing's creation and its end; its replayed steps are not this watch's news.
    await waitUntil(async () => changes().length >= 2, 'the healing created and ended');
    expect(changes()).toEqual([
      [healing.test_healing_id, 'created', 'pending'],
      [healing.test_healing_id, 'ended', 'passed'],
    ]);
    // A decision (here a reject) is heard too: another person's page follows it.
    expect((await approve(healing.test_healing_id, 'false')).status).toBe(200);
    await waitUntil(async () => changes().length === 3, 'the decision');
    expect(changes()[2]).toEqual([healing.test_healing_id, 'decided', 'rejected']);
    // The watch outlives the healing's end: it lasts until its time limit.
    expect(live.messages.some((m) => m.type === 'WATCH_TIMED_OUT' || m.type === 'ERROR')).toBe(false);
  } finally {
    live.close();
  }
  // Another organization cannot watch it.
  const stranger = await tokenFor(ctx.server, { email: `watcher-${Date.now()}@example.com` });
  await api(ctx.server, 'POST', '/organizations', { token: stranger.token, body: { name: 'Elsewhere' } });
  const other = await liveSocket(stranger.token);
  try {
    other.send({ type: 'watch_test_healings', test_id: testId });
    const refused = await waitUntil(
      async () => other.messages.find((m) => m.type === 'ERROR'),
      "the stranger's watch to be refused",
    );
    expect(refused).toEqual({ type: 'ERROR', test_id: testId, message: 'Test case not found' });
    expect(other.messages.some((m) => m.type.startsWith('TEST_HEALINGS_'))).toBe(false);
  } finally {
    other.close();
  }
});

it("keeps another organization's healings, runs, tests and suites out of reach, and validates input", async () => {
  const { testId, run, healing } = await healedOnV2('Sign in, private');
  const stranger = await tokenFor(ctx.server, { email: `stranger-${Date.now()}@example.com` });
  await api(ctx.server, 'POST', '/organizations', { token: stranger.token, body: { name: 'Elsewhere' } });
  const as = (method: string, url: string, body?: unknown) =>
    api(ctx.server, method, url, { token: stranger.token, body });

  for (const [method, url, body] of [
    ['GET', `/healing/test-case/${testId}`],
    ['GET', `/healing/test-run/${run._id}`],
    ['GET', `/healing/${healing.test_healing_id}`],
    ['POST', `/healing/test-run/${run._id}`],
    ['POST', `/healing/${healing.test_healing_id}/approve?approved=true`],
    ['POST', `/healing/${healing.test_healing_id}/restore`],
    ['GET', `/healing/settings/${ctx.suiteId}`],
    ['PUT', `/healing/settings/${ctx.suiteId}`, { auto_heal: false }],
  ] as const) {
    const answer = await as(method, url, body);
    expect({ url, status: answer.status }).toEqual({ url, status: 404 });
    const text = JSON.stringify(answer.body);
    for (const secret of [testId, run._id, healing.test_healing_id, 'Sign in, private'])
      expect(text).not.toContain(secret);
  }
  // Nor can the stranger watch it live.
  const live = await liveSocket(stranger.token);
  try {
    live.send({ type: 'watch_healing', healing_id: healing.test_healing_id });
    const refused = await waitUntil(
      async () => live.messages.find((m) => m.type === 'ERROR'),
      "the stranger's watch to be refused",
    );
    expect(refused).toEqual({
      type: 'ERROR',
      healing_id: healing.test_healing_id,
      message: HEALING_MESSAGES.notFound,
    });
    expect(live.messages.some((m) => m.type.startsWith('HEALING_'))).toBe(false);
  } finally {
    live.close();
  }
  // Still proposed: the stranger's accept changed nothing.
  expect((await waitForHealing(run._id)).status).toBe('passed');

  // A proposal not accepted has nothing to restore.
  const early = await restore(healing.test_healing_id);
  expect([early.status, errorOf(early.body)]).toEqual([409, HEALING_MESSAGES.notRestorable]);

  const maybe = await approve(healing.test_healing_id, 'maybe');
  expect([maybe.status, errorOf(maybe.body)]).toEqual([400, 'approved must be true or false']);
  const missing = await api(ctx.server, 'POST', `/healing/${healing.test_healing_id}/approve`, {
    token: ctx.token,
  });
  expect(missing.status).toBe(400);
  for (const url of [
    '/healing/not-a-uuid/approve?approved=true',
    '/healing/not-a-uuid/restore',
    '/healing/not-a-uuid',
    '/healing/test-run/12345',
    '/healing/test-case/x',
  ])
    expect(
      (await api(ctx.server, /approve|restore/.test(url) ? 'POST' : 'GET', url, { token: ctx.token })).status,
    ).toBe(404);
  const blank = await api(ctx.server, 'GET', '/healing/test-run/%20', { token: ctx.token });
  expect([blank.status, errorOf(blank.body)]).toEqual([400, 'Test run ID is required']);
  const badSettings = await api(ctx.server, 'PUT', `/healing/settings/${ctx.suiteId}`, {
    token: ctx.token,
    body: { auto_heal: 'sometimes' },
  });
  expect(badSettings.status).toBe(400);
  expect(errorOf(badSettings.body)).toEqual(expect.any(String));
  expect((await approve(healing.test_healing_id, 'false')).body.status).toBe('rejected');
});
