import { chromium } from 'playwright-core';
import { findChromium, QUIET_CHROMIUM_ARGS } from '../src/runner/chromium';
import { api } from './helpers';
import {
  createTest,
  describeSteps,
  getTest,
  isGenerating,
  setUpGeneration,
  waitForGeneration,
  waitUntil,
  type GeneratedTest,
  type GenerationContext,
} from './generationFixtures';
import { tokenFor } from './helpers';

jest.setTimeout(120_000);

const SIGN_IN = [
  'Type "ada@example.com" into the Email field.',
  'Type {{password}} into the Password field.',
  'Click the Sign in button.',
  'Verify the page shows "Welcome, Ada Lovelace".',
].join(' ');

describe('generation through the API', () => {
  let ctx: GenerationContext;
  let passwordId: string;

  beforeAll(async () => {
    ctx = await setUpGeneration();
    const secret = await api<{ _id: string }>(
      ctx.server,
      'POST',
      `/test-suites/${ctx.suiteId}/shared-parameters`,
      {
        token: ctx.token,
        body: { key: 'password', value: 'correct-horse-battery' },
      },
    );
    passwordId = secret.body._id;
  });
  afterAll(async () => ctx?.close());

  it('generates a test created with schedule_generation step by step, with screenshots, code and scripts', async () => {
    const created = await createTest(ctx, {
      name: 'Sign in as Ada',
      website: ctx.sites.url('login'),
      description: SIGN_IN,
      shared_parameter_ids: [passwordId],
    });
    expect(['pending', 'waiting_for_executor', 'running']).toContain(created.state);
    const test = await waitForGeneration(ctx, created._id);
    expect({ state: test.state, steps: describeSteps(test) }).toMatchObject({ state: 'passed' });
    expect(test.final_message).toBe('All 5 steps passed.');
    expect(test.generation_plan_length).toBe(5);
    const steps = test.test_generation_steps;
    expect(steps.map((step) => step.step_description)).toEqual([
      `Open ${ctx.sites.url('login')}`,
      'Type "ada@example.com" into the Email field',
      'Type {{password}} into the Password field',
      'Click the Sign in button',
      'Verify the page shows "Welcome, Ada Lovelace"',
    ]);
    for (const [index, step] of steps.entries()) {
      expect(step).toMatchObject({
        step_index: index,
        execution_succeded: true,
        cost: 0,
        model: 'rules',
        cached_action_id: null,
      });
      expect(step.planner_message).toContain(`Step ${index + 1} of 5`);
      expect(step.screenshot_id).toEqual(expect.any(String));
      expect(step.generated_code).toBe(step.generated_code_ts);
      expect(step.trace_zip_path).toEqual(expect.any(String));
      expect(step.verification.passed).toBe(true);
    }
    expect(steps[1].generated_code).toBe(
      "await page.getByRole('textbox', { name: 'Email', exact: true }).fill('ada@example.com');",
    );
    expect(steps[1].action_name).toBe('Fill "Email" field with "ada@example.com"');
    expect(steps[2].generated_code_py).toBe(
      'page.get_by_role("textbox", name="Password", exact=True).fill(secret("SECRET_PASSWORD"))',
    );
    expect(steps[3].before_screenshot_id).toBe(steps[2].screenshot_id);
    expect(steps[1].trace).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          type: 'action',
          apiName: 'locator.fill',
          params: expect.objectContaining({ value: 'ada@example.com' }),
          screenshot_id: steps[1].screenshot_id,
        }),
      ]),
    );
    // The secret is masked in the trace's parameters.
    expect(steps[2].trace).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          apiName: 'locator.fill',
          params: expect.objectContaining({ value: '••••••' }),
        }),
      ]),
    );
    expect(test.final_script).toContain("test('Sign in as Ada', async ({ page }) => {");
    expect(test.final_script).toContain('  // 4. Click the Sign in button');
    expect(test.final_script_py).toContain('def test_sign_in_as_ada(page: Page) -> None:');
    // The secret's value is nowhere in what is stored about the test.
    expect(JSON.stringify(test)).not.toContain('correct-horse-battery');
  });

  it('serves screenshots and traces through short-lived signed links that need no token', async () => {
    const test = await waitForGeneration(
      ctx,
      (
        await createTest(ctx, {
          name: 'Todo',
          website: ctx.sites.url('todo'),
          description: 'Add a todo "Buy milk". Verify there is 1 todo item.',
        })
      )._id,
    );
    expect(test.state).toBe('passed');
    const step = test.test_generation_steps[2];
    const image = await api<{ id: string; url: string; expires_at: string }>(
      ctx.server,
      'GET',
      `/images/${step.screenshot_id}`,
      { token: ctx.token },
    );
    expect(image.status).toBe(200);
    expect(image.body.id).toBe(step.screenshot_id);
    expect(new Date(image.body.expires_at).getTime()).toBeGreaterThan(Date.now());
    const jpeg = await fetch(`${ctx.server.url}${image.body.url}`);
    expect(jpeg.status).toBe(200);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    // JPEG's start-of-image marker.
    expect([...Buffer.from(await jpeg.arrayBuffer()).subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const trace = await api<{ url: string; viewer_url: string; trace_id: string }>(
      ctx.server,
      'GET',
      `/traces/${test._id}/2`,
      { token: ctx.token },
    );
    expect(trace.status).toBe(200);
    expect(trace.body.trace_id).toBe(step.trace_zip_path);
    expect(trace.body.viewer_url).toBe(`/trace/index.html?trace=${encodeURIComponent(trace.body.url)}`);
    const zip = await fetch(`${ctx.server.url}${trace.body.url}`);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    expect(
      Buffer.from(await zip.arrayBuffer())
        .subarray(0, 2)
        .toString(),
    ).toBe('PK');

    const forged = image.body.url.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await fetch(`${ctx.server.url}${forged}`)).status).toBe(403);
    const other = image.body.url.replace(
      /expires=\d+/,
      (match) => `expires=${Number(match.split('=')[1]) + 60}`,
    );
    expect((await fetch(`${ctx.server.url}${other}`)).status).toBe(403);
  });

  it('gives a duplicated test its own screenshots and trace, which outlive the original', async () => {
    const original = await waitForGeneration(
      ctx,
      (
        await createTest(ctx, {
          name: 'Todo to copy',
          website: ctx.sites.url('todo'),
          description: 'Add a todo "Copy me".',
        })
      )._id,
    );
    expect(original.state).toBe('passed');
    const copy = await api<GeneratedTest>(ctx.server, 'POST', `/test-case/${original._id}/duplicate`, {
      token: ctx.token,
    });
    expect(copy.status).toBe(201);
    const before = original.test_generation_steps;
    const after = copy.body.test_generation_steps;
    expect(after.map((step) => step.step_description)).toEqual(before.map((step) => step.step_description));
    after.forEach((step, index) => {
      expect(step.screenshot_id).toEqual(expect.any(String));
      expect(step.screenshot_id).not.toBe(before[index].screenshot_id);
      expect(step.trace_zip_path).not.toBe(before[index].trace_zip_path);
    });
    expect(
      (await api(ctx.server, 'DELETE', `/test-case/${original._id}`, { token: ctx.token })).status,
    ).toBeLessThan(300);

    for (const step of after) {
      const image = await api<{ url: string }>(ctx.server, 'GET', `/images/${step.screenshot_id}`, {
        token: ctx.token,
      });
      expect(image.status).toBe(200);
      expect((await fetch(`${ctx.server.url}${image.body.url}`)).status).toBe(200);
    }
    const last = after.length - 1;
    const trace = await api<{ url: string }>(ctx.server, 'GET', `/traces/${copy.body._id}/${last}`, {
      token: ctx.token,
    });
    expect(trace.status).toBe(200);
    expect((await fetch(`${ctx.server.url}${trace.body.url}`)).status).toBe(200);
  });

  it("answers 'Image ID is required' and hides another organization's images and traces", async () => {
    const missing = await api<{ error: { message: string } }>(ctx.server, 'GET', '/images/', {
      token: ctx.token,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe('Image ID is required');
    const blank = await api<{ error: { message: string } }>(ctx.server, 'GET', '/images/%20', {
      token: ctx.token,
    });
    expect(blank.body.error.message).toBe('Image ID is required');

    const test = await waitForGeneration(
      ctx,
      (
        await createTest(ctx, {
          name: 'Reload',
          website: ctx.sites.url('todo'),
          description: 'Reload the page.',
        })
      )._id,
    );
    const stranger = await tokenFor(ctx.server, { email: 'stranger@example.com' });
    const image = await api(ctx.server, 'GET', `/images/${test.test_generation_steps[0].screenshot_id}`, {
      token: stranger.token,
    });
    expect(image.status).toBe(404);
    const trace = await api(ctx.server, 'GET', `/traces/${test._id}/0`, { token: stranger.token });
    expect(trace.status).toBe(404);
    const noStep = await api<{ error: { message: string } }>(ctx.server, 'GET', `/traces/${test._id}/9`, {
      token: ctx.token,
    });
    expect(noStep.status).toBe(404);
    expect(noStep.body.error.message).toBe('Step 9 does not exist');
  });

  it("opens a step's trace in Playwright's trace viewer served at /trace/", async () => {
    const test = await waitForGeneration(
      ctx,
      (
        await createTest(ctx, {
          name: 'Trace',
          website: ctx.sites.url('login'),
          description: 'Type "ada@example.com" into the Email field.',
        })
      )._id,
    );
    const trace = await api<{ viewer_url: string }>(ctx.server, 'GET', `/traces/${test._id}/1`, {
      token: ctx.token,
    });
    const browser = await chromium.launch({
      executablePath: findChromium() ?? undefined,
      args: QUIET_CHROMIUM_ARGS,
    });
    try {
      const page = await browser.newPage();
      await page.goto(`${ctx.server.url}${trace.body.viewer_url}`);
      // The step's group, as the generator named it; opened, it shows the fill and its locator.
      const group = page.getByText('2. Type "ada@example.com" into the Email field').first();
      await group.click({ timeout: 20_000 });
      await page.keyboard.press('ArrowRight');
      await page.getByText('Fill "ada@example.com"').first().waitFor({ timeout: 20_000 });
      await page
        .getByText("getByRole('textbox', { name: 'Email', exact: true })")
        .first()
        .waitFor({ timeout: 20_000 });
    } finally {
      await browser.close();
    }
  });

  it('ends vague instructions as not_runnable, naming the sentence and how to phrase it', async () => {
    const test = await waitForGeneration(
      ctx,
      (
        await createTest(ctx, {
          name: 'Vague',
          website: ctx.sites.url('login'),
          description: 'Make sure the login works properly.',
        })
      )._id,
    );
    expect(test.state).toBe('not_runnable');
    expect(test.final_message).toContain(
      'Step 2, "Make sure the login works properly", could not be understood.',
    );
    expect(test.final_message).toContain('Verify the page shows "Welcome"');
    expect(test.final_script).toBeNull();
    const unknown = await waitForGeneration(
      ctx,
      (
        await createTest(ctx, {
          name: 'Unknown variable',
          website: ctx.sites.url('login'),
          description: 'Type {{nope}} into the Email field.',
        })
      )._id,
    );
    expect(unknown.state).toBe('not_runnable');
    expect(unknown.final_message).toContain('{{nope}} is not a variable or secret of this test');
  });

  it('ends as failed when a check does not hold, keeping the failed step with its attempts', async () => {
    const test = await waitForGeneration(
      ctx,
      (
        await createTest(ctx, {
          name: 'Wrong password',
          website: ctx.sites.url('login'),
          description:
            'Type "ada@example.com" into the Email field. Type "nope" into the Password field. Click Sign in. Verify the page shows "Welcome, Ada Lovelace".',
        })
      )._id,
    );
    expect(test.state).toBe('failed');
    const last = test.test_generation_steps[4];
    expect(last.execution_succeded).toBe(false);
    expect(last.screenshot_id).toEqual(expect.any(String));
    expect(last.unsuccessful_code_attempts).toEqual([
      expect.objectContaining({
        attempted_code: "await expect(page.getByText('Welcome, Ada Lovelace')).toBeVisible();",
        language: 'typescript',
        execution_succeeded: false,
        user_visible_error: expect.objectContaining({ error_type: 'assertion_failed' }),
      }),
    ]);
    expect(test.final_message).toContain(
      'Step 5, "Verify the page shows "Welcome, Ada Lovelace"", failed: Expected text "Welcome, Ada Lovelace" to be visible',
    );

    expect(test.instructions_without_steps).toEqual(['Verify the page shows "Welcome, Ada Lovelace"']);

    // Mark complete keeps the steps up to the index, with their scripts; the instruction left
    // without a step is named and the test is not passed (issue 28).
    const tooFar = await api<{ error: { message: string } }>(
      ctx.server,
      'PUT',
      `/test-case/${test._id}/force-stop/7`,
      { token: ctx.token },
    );
    expect(tooFar.status).toBe(400);
    const completed = await api<{
      state: string;
      test_generation_steps: unknown[];
      final_script: string;
      final_message: string;
      instructions_without_steps: string[];
    }>(ctx.server, 'PUT', `/test-case/${test._id}/force-stop/3`, { token: ctx.token });
    expect(completed.status).toBe(200);
    expect(completed.body.state).toBe('failed');
    expect(completed.body.instructions_without_steps).toEqual([
      'Verify the page shows "Welcome, Ada Lovelace"',
    ]);
    expect(completed.body.final_message).toBe(
      'Marked as completed with 4 steps. 1 instruction has no step, so the test does not cover it.',
    );
    expect(completed.body.test_generation_steps).toHaveLength(4);
    expect(completed.body.final_script).toContain('// 4. Click Sign in');
    expect(completed.body.final_script).not.toContain('Welcome');
  });

  it('cancels a running generation; a test that is not generating cannot be cancelled', async () => {
    const created = await createTest(ctx, {
      name: 'Slow',
      website: ctx.sites.url('todo'),
      description: 'Wait 20 seconds. Reload the page.',
    });
    await waitUntil(
      async () => (await getTest(ctx, created._id)).test_generation_steps.length >= 1,
      'the first step',
    );
    const cancelled = await api<{ state: string; final_message: string }>(
      ctx.server,
      'DELETE',
      `/test-case/cancel/${created._id}`,
      { token: ctx.token },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.state).toBe('cancelled');
    expect(cancelled.body.final_message).toBe('Generation cancelled.');
    // The worker notices and lets go; the person's state stands.
    await waitUntil(async () => {
      const job = await ctx.server.queue.boss.getJobById(
        'generate',
        (await generationJob(ctx, created._id))!,
      );
      return job?.state === 'completed' || job?.state === 'cancelled';
    }, 'the job to end');
    const after = await getTest(ctx, created._id);
    expect(after.state).toBe('cancelled');
    expect(after.test_generation_steps.length).toBeLessThanOrEqual(2);
    const again = await api<{ error: { message: string } }>(
      ctx.server,
      'DELETE',
      `/test-case/cancel/${created._id}`,
      { token: ctx.token },
    );
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('The test case is not generating');
  });

  it('marks a running generation complete with the steps stored so far', async () => {
    const created = await createTest(ctx, {
      name: 'Complete early',
      website: ctx.sites.url('todo'),
      description: 'Add a todo "Keep me". Wait 20 seconds. Reload the page.',
    });
    await waitUntil(
      async () => (await getTest(ctx, created._id)).test_generation_steps.length >= 3,
      'three steps',
    );
    const completed = await api<{
      state: string;
      test_generation_steps: unknown[];
      final_script: string;
      instructions_without_steps: string[];
    }>(ctx.server, 'PUT', `/test-case/${created._id}/force-stop/all`, { token: ctx.token });
    expect(completed.status).toBe(200);
    // The instructions not reached have no steps: named, and not passed (issue 28).
    expect(completed.body.state).toBe('failed');
    expect(completed.body.instructions_without_steps).toContainEqual(
      expect.stringContaining('Reload the page'),
    );
    expect(completed.body.test_generation_steps).toHaveLength(3);
    expect(completed.body.final_script).toContain("fill('Keep me')");
    expect(completed.body.final_script).not.toContain('waitForTimeout');
    // The worker lets go, leaves the person's state, and adds the trace of the steps kept.
    const withTrace = await waitUntil(async () => {
      const test = await getTest(ctx, created._id);
      return test.test_generation_steps[1].trace.length > 0 ? test : null;
    }, 'the trace to be attached');
    expect(withTrace.state).toBe('failed');
    expect(withTrace.test_generation_steps).toHaveLength(3);
  });

  it('regenerates on request and restores the previous steps when the regeneration fails', async () => {
    const test = await waitForGeneration(
      ctx,
      (
        await createTest(ctx, {
          name: 'Heading',
          website: ctx.sites.url('login'),
          description:
            'Verify the page shows "Sign in to your account". Type "x@example.com" into the Email field.',
        })
      )._id,
    );
    expect(test.state).toBe('passed');
    const again = await api<{ state: string; test_generation_steps: unknown[] }>(
      ctx.server,
      'PUT',
      `/test-case/${test._id}/regenerate`,
      { token: ctx.token },
    );
    expect(again.status).toBe(200);
    expect(['pending', 'waiting_for_executor', 'running']).toContain(again.body.state);
    expect(again.body.test_generation_steps).toEqual([]);
    const twice = await api(ctx.server, 'PUT', `/test-case/${test._id}/regenerate`, { token: ctx.token });
    expect(twice.status).toBe(409);
    const regenerated = await waitForGeneration(ctx, test._id);
    expect(regenerated.state).toBe('passed');
    // The cache answered every step: no model decision was needed.
    expect(regenerated.test_generation_steps.slice(1).every((step) => step.cached_action_id !== null)).toBe(
      true,
    );

    ctx.sites.setVariant('login', 'v2');
    try {
      await api(ctx.server, 'PUT', `/test-case/${test._id}/regenerate`, { token: ctx.token });
      const failed = await waitForGeneration(ctx, test._id);
      expect(failed.state).toBe('failed');
      expect(failed.final_message).toContain('The steps of the previous generation were restored.');
      expect(failed.test_generation_steps.map((step) => step.generated_code)).toEqual(
        regenerated.test_generation_steps.map((step) => step.generated_code),
      );
      expect(failed.final_script).toBe(regenerated.final_script);
    } finally {
      ctx.sites.setVariant('login', null);
    }
  });

  it('generates again with the new instructions after PATCH …/edit?schedule=true', async () => {
    const test = await waitForGeneration(
      ctx,
      (
        await createTest(ctx, {
          name: 'Edit',
          website: ctx.sites.url('todo'),
          description: 'Verify the page shows "Nothing to do yet."',
        })
      )._id,
    );
    const edited = await api<{ state: string }>(
      ctx.server,
      'PATCH',
      `/test-case/${test._id}/edit?schedule=true`,
      {
        token: ctx.token,
        body: { test_case_id: test._id, description: 'Add a todo "Ship it". Verify "1 item left" is shown.' },
      },
    );
    expect(edited.status).toBe(200);
    expect(['pending', 'waiting_for_executor', 'running']).toContain(edited.body.state);
    const regenerated = await waitForGeneration(ctx, test._id);
    expect(regenerated.state).toBe('passed');
    expect(regenerated.test_generation_steps.map((step) => step.step_description)).toContain(
      'Verify "1 item left" is shown',
    );
  });

  describe('user feedback', () => {
    // Each test corrects a different wrong word: a correction is cached for its words on that page.
    const wrongNames = ['Register', 'Join', 'Enroll', 'Subscribe'];
    let failedId: string;
    let wrong: string;
    beforeEach(async () => {
      wrong = wrongNames.shift()!;
      const test = await waitForGeneration(
        ctx,
        (
          await createTest(ctx, {
            name: 'Feedback',
            website: ctx.sites.url('login'),
            description: `Type "ada@example.com" into the Email field. Click the ${wrong} button. Verify the page shows "Enter your password".`,
          })
        )._id,
      );
      expect(test.state).toBe('failed');
      failedId = test._id;
    });

    it('refuses the same instruction, ignores feedback without a step, and names a missing test id', async () => {
      const same = await api<{ error: { message: string } }>(
        ctx.server,
        'PUT',
        `/test-case/${failedId}/user-feedback`,
        {
          token: ctx.token,
          body: { step: 2, action_description: `Click the ${wrong} button` },
        },
      );
      expect(same.status).toBe(400);
      expect(same.body.error.message).toBe('New instruction is exactly same as the original instruction');
      const ignored = await api<{ state: string }>(
        ctx.server,
        'PUT',
        `/test-case/${failedId}/user-feedback`,
        {
          token: ctx.token,
          body: { action_description: 'Click the Sign in button' },
        },
      );
      expect(ignored.status).toBe(200);
      expect(ignored.body.state).toBe('failed');
      const noAction = await api<{ error: { message: string } }>(
        ctx.server,
        'PUT',
        `/test-case/${failedId}/user-feedback`,
        { token: ctx.token, body: { step: 2, code_attempt_index: 0 } },
      );
      expect(noAction.status).toBe(400);
      expect(noAction.body.error.message).toBe('That attempt found no element to act on');
      const noId = await api<{ error: { message: string } }>(
        ctx.server,
        'PUT',
        '/test-case/%20/user-feedback',
        {
          token: ctx.token,
          body: { step: 2, action_description: 'Click the Sign in button' },
        },
      );
      expect(noId.status).toBe(400);
      expect(noId.body.error.message).toBe('Testcase id is required');
    });

    it('resumes from the step after text feedback and keeps the correction in the instructions', async () => {
      const response = await api<{ state: string; test_generation_steps: unknown[] }>(
        ctx.server,
        'PUT',
        `/test-case/${failedId}/user-feedback`,
        {
          token: ctx.token,
          body: { step: 2, action_description: 'Click the Sign in button', feedback_type: 'text' },
        },
      );
      expect(response.status).toBe(200);
      expect(['pending', 'waiting_for_executor', 'running']).toContain(response.body.state);
      expect(response.body.test_generation_steps).toHaveLength(2);
      const resumed = await waitForGeneration(ctx, failedId);
      expect({ state: resumed.state, steps: describeSteps(resumed) }).toMatchObject({ state: 'passed' });
      expect(resumed.test_generation_steps[2]).toMatchObject({
        step_description: 'Click the Sign in button',
        user_feedback: expect.objectContaining({
          feedback_type: 'text',
          action_description: 'Click the Sign in button',
        }),
      });
      expect(resumed.description).toContain('Click the Sign in button.');
      expect(resumed.description).not.toContain(wrong);
    });

    it('resumes from the step after visual feedback, acting on the element at the point clicked', async () => {
      const before = await getTest(ctx, failedId);
      const box = await buttonBox(ctx.sites.url('login'), 'Sign in');
      const response = await api(ctx.server, 'PUT', `/test-case/${failedId}/user-feedback`, {
        token: ctx.token,
        body: {
          step: 2,
          feedback_type: 'visual',
          locator_based_feedback: { x: box.x + box.width / 2, y: box.y + box.height / 2 },
        },
      });
      expect(response.status).toBe(200);
      const resumed = await waitForGeneration(ctx, failedId);
      expect({ state: resumed.state, steps: describeSteps(resumed) }).toMatchObject({ state: 'passed' });
      const step = resumed.test_generation_steps[2];
      expect(step.generated_code).toBe(
        "await page.getByRole('button', { name: 'Sign in', exact: true }).click();",
      );
      expect(step.step_description).toBe(`Click the ${wrong} button`);
      expect(step.user_feedback).toMatchObject({
        feedback_type: 'visual',
        locator_based_feedback: expect.any(Object),
      });
      expect(step.planner_message).toContain('the element you clicked');
      // The steps before it were kept, not generated again.
      expect(resumed.test_generation_steps[1].screenshot_id).toBe(
        before.test_generation_steps[1].screenshot_id,
      );
    });

    it('uses a Python statement given as feedback, and explains one it cannot read', async () => {
      const bad = await api<{ error: { message: string } }>(
        ctx.server,
        'PUT',
        `/test-case/${failedId}/user-feedback`,
        {
          token: ctx.token,
          body: { step: 2, python_code: 'import os; os.system("rm -rf /")' },
        },
      );
      expect(bad.status).toBe(400);
      expect(bad.body.error.message).toMatch(/^The Python statement could not be read/);
      const response = await api(ctx.server, 'PUT', `/test-case/${failedId}/user-feedback`, {
        token: ctx.token,
        body: { step: 2, python_code: 'page.get_by_role("button", name="Sign in").click()' },
      });
      expect(response.status).toBe(200);
      const resumed = await waitForGeneration(ctx, failedId);
      expect(resumed.state).toBe('passed');
      expect(resumed.test_generation_steps[2].generated_code_py).toBe(
        'page.get_by_role("button", name="Sign in").click()',
      );
    });
  });
});

async function generationJob(ctx: GenerationContext, testId: string): Promise<string | null> {
  const { testCases } = await import('../src/db/schema');
  const { eq } = await import('drizzle-orm');
  const [row] = await ctx.server.database.db
    .select({ job: testCases.generationJobId })
    .from(testCases)
    .where(eq(testCases.id, testId));
  return row?.job ?? null;
}

async function buttonBox(url: string, name: string) {
  const browser = await chromium.launch({
    executablePath: findChromium() ?? undefined,
    args: QUIET_CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    await page.goto(url);
    await page.getByLabel('Email').fill('ada@example.com');
    return (await page.getByRole('button', { name }).boundingBox())!;
  } finally {
    await browser.close();
  }
}

void isGenerating;
