import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, type JsonBodyType } from 'msw';
import { GENERATION_MESSAGES } from '../../../../contract/generation';
import { deniedMessage } from '../../../../contract/permissions';
import { buildStep, seedTodoTest, todoSteps } from '../../../testing/generation';
import { apiError } from '../../../testing/msw/api';
import { db, seedSuite, seedTestCase } from '../../../testing/msw/db';
import { publishTestEvent, watcherCount } from '../../../testing/msw/generation';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { setViewportWidth } from '../../../testing/viewport';
import { imageCache } from '../imageCache';
import { selectGenerationRequested } from '../selectors';

// The Steps section of a test's page, with the whole app around it, MSW for the API and the live socket.

const stepsList = () => screen.findByRole('list', { name: 'Steps' });
const stored = (id: string) => db.testCases.find(({ _id }) => _id === id)!;

/** The steps' rows (not the items of lists inside a step). */
const stepItems = (list: HTMLElement) =>
  within(list)
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === list);

async function openStep(user: ReturnType<typeof renderApp>['user'], number: number) {
  const list = await stepsList();
  const item = stepItems(list)[number - 1];
  await user.click(within(item).getAllByRole('button')[0]);
  return item;
}

/** Records the bodies sent to a path, letting the handler behind answer. */
function recordBodies(method: 'put' | 'patch', path: string) {
  const bodies: JsonBodyType[] = [];
  server.use(
    http[method](path, async ({ request }) => {
      bodies.push((await request.clone().json()) as JsonBodyType);
      return undefined;
    }),
  );
  return bodies;
}

/** jsdom has no layout: the screenshot says where it is and how big its image is. */
function layOut(img: HTMLElement, rect: { left: number; top: number; width: number; height: number }) {
  Object.defineProperty(img, 'naturalWidth', { value: 1280 });
  Object.defineProperty(img, 'naturalHeight', { value: 720 });
  img.getBoundingClientRect = () =>
    ({
      ...rect,
      x: rect.left,
      y: rect.top,
      right: rect.left + rect.width,
      bottom: rect.top + rect.height,
    }) as DOMRect;
}

/** seedTodoTest's passed test, in an organization where the person has the given role. */
function seedTodoTestAs(role: 'member' | 'viewer') {
  const { organization } = signInAsMemberOf('Acme', role);
  const suite = seedSuite(organization.org_id, 'Todo');
  return seedTestCase(suite, {
    name: 'Add a todo',
    website: 'https://todo.example/',
    description: '<p>Add a todo called "Buy milk". Verify "Buy milk" is listed.</p>',
    state: 'passed',
    test_generation_steps: todoSteps(),
  });
}

describe("a viewer's step feedback (issue 27: generateTests)", () => {
  beforeEach(() => {
    imageCache.clear();
    setViewportWidth(800);
  });
  afterEach(() => server.events.removeAllListeners());

  it('offers a viewer Edit step disabled with the reason, and no point to pick on a screenshot', async () => {
    const test = seedTodoTestAs('viewer');
    const bodies = recordBodies('put', '/api/test-case/:id/user-feedback');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const step = await openStep(user, 2);
    const edit = within(step).getByRole('button', { name: 'Edit step' });
    await waitFor(() => expect(edit).toBeDisabled());
    await user.hover(edit.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('generateTests', 'viewer'));
    await user.click(await within(step).findByRole('button', { name: 'Before the step' }));
    expect(await within(step).findByRole('img', { name: 'Page before step 2' })).toBeInTheDocument();
    expect(within(step).queryByRole('button', { name: /Pick the element/ })).not.toBeInTheDocument();
    expect(within(step).queryByRole('button', { name: 'Use this attempt' })).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('lets a member edit a step and pick a point', async () => {
    const test = seedTodoTestAs('member');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const step = await openStep(user, 2);
    await waitFor(() => expect(within(step).getByRole('button', { name: 'Edit step' })).toBeEnabled());
    await user.click(await within(step).findByRole('button', { name: 'Before the step' }));
    await within(step).findByRole('img', { name: 'Page before step 2' });
    expect(within(step).getByRole('button', { name: /Pick the element/ })).toBeInTheDocument();
  });
});

describe('GenerationPanel', () => {
  // The app's image cache outlives a test; each starts without links.
  beforeEach(() => {
    imageCache.clear();
    // A narrow window, where each step shows its own screenshot; BrowserView.test.tsx covers wide ones.
    setViewportWidth(800);
  });
  afterEach(() => server.events.removeAllListeners());

  it('shows each step: planner, coder with its code, verifier, failed attempts with their errors, cost', async () => {
    const { test } = seedTodoTest('passed');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const list = await stepsList();
    const items = stepItems(list);
    expect(items.map((item) => within(item).getAllByRole('button')[0].textContent)).toEqual([
      expect.stringContaining('1. Go to https://todo.example/'),
      expect.stringContaining('2. Fill "Buy milk" into the textbox "What needs to be done?"'),
      expect.stringContaining('3. Press Enter'),
      expect.stringContaining('4. Expect the text "Buy milk" to be visible'),
    ]);
    expect(within(items[1]).getByText('1 failed attempt')).toBeInTheDocument();
    expect(within(items[1]).getByText('$0.0012')).toBeInTheDocument();

    const step = await openStep(user, 2);
    const planner = within(step).getByRole('region', { name: 'Planner' });
    expect(planner).toHaveTextContent('Type the todo into the new todo field at the top of the list.');
    const coder = within(step).getByRole('region', { name: 'Coder' });
    expect(await within(coder).findByRole('textbox', { name: 'Code of step 2' })).toHaveTextContent(
      "await page.getByPlaceholder('What needs to be done?').fill('Buy milk');",
    );
    expect(coder).toHaveTextContent('Model: openai:gpt-4o-mini · Cost: $0.0012');
    expect(within(step).getByRole('region', { name: 'Verifier' })).toHaveTextContent(
      'Succeeded: The step did what it said',
    );
    const attempts = within(step).getByRole('region', { name: 'Unsuccessful attempts (1)' });
    expect(attempts).toHaveTextContent('Element not found');
    expect(attempts).toHaveTextContent('No element is labelled "New todo"');
    expect(await within(attempts).findByRole('textbox', { name: 'Attempt 1 of step 2' })).toHaveTextContent(
      "await page.getByLabel('New todo').fill('Buy milk');",
    );
  });

  it("shows the step's screenshots through the image endpoint, after and before the step", async () => {
    const { test } = seedTodoTest('passed');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const step = await openStep(user, 2);
    const after = await within(step).findByRole('img', { name: 'Page after step 2' });
    expect(after.getAttribute('src')).toMatch(/^\/api\/files\/shot-2\.png\?expires=\d+&signature=test$/);
    await user.click(within(step).getByRole('button', { name: 'Before the step' }));
    const before = await within(step).findByRole('img', { name: 'Page before step 2' });
    expect(before.getAttribute('src')).toMatch(/^\/api\/files\/shot-1\.png/);
  });

  it('fetches a fresh link once when the browser cannot load a screenshot, then offers to retry', async () => {
    const { test } = seedTodoTest('passed');
    let fetches = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === '/api/images/shot-2') fetches++;
    });
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const step = await openStep(user, 2);
    fireEvent.error(await within(step).findByRole('img', { name: 'Page after step 2' }));
    await waitFor(() => expect(fetches).toBe(2));
    fireEvent.error(await within(step).findByRole('img', { name: 'Page after step 2' }));
    expect(await within(step).findByText('Failed to fetch image')).toBeInTheDocument();
    expect(fetches).toBe(2);
    await user.click(within(step).getByRole('button', { name: 'Retry' }));
    expect(await within(step).findByRole('img', { name: 'Page after step 2' })).toBeInTheDocument();
    expect(fetches).toBe(3);
  });

  it('sends a click on the page before a step as visual feedback, in the screenshot’s own pixels', async () => {
    const { test } = seedTodoTest('passed');
    const bodies = recordBodies('put', '/api/test-case/:id/user-feedback');
    const { user, store } = renderApp(`/test-cases/details/${test._id}`);
    const step = await openStep(user, 2);
    await user.click(within(step).getByRole('button', { name: 'Before the step' }));
    const img = await within(step).findByRole('img', { name: 'Page before step 2' });
    // Shown at half size, 10 px from the left and 20 px from the top of the window.
    layOut(img, { left: 10, top: 20, width: 640, height: 360 });
    fireEvent.click(img, { clientX: 10 + 320, clientY: 20 + 180 });

    expect(within(step).getByTestId('target-marker')).toHaveStyle({ left: '50%', top: '50%' });
    const confirm = within(step).getByRole('group', { name: 'Visual feedback' });
    expect(confirm).toHaveTextContent('Target at (640, 360)');
    expect(bodies).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Send feedback' }));

    expect(await screen.findByText('Feedback sent: regenerating from this step')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        test_case_id: test._id,
        step: 1,
        feedback_type: 'visual',
        locator_based_feedback: { x: 640, y: 360 },
      },
    ]);
    expect(selectGenerationRequested(store.getState(), test._id)).toBe(true);
    expect(await screen.findByRole('button', { name: 'Cancel generation' })).toBeInTheDocument();
    // The server kept the steps before the corrected one.
    expect(stepItems(await stepsList())).toHaveLength(1);
  });

  it('lets a keyboard user place and move the target: Enter puts it in the middle, arrows move it', async () => {
    const { test } = seedTodoTest('passed');
    const bodies = recordBodies('put', '/api/test-case/:id/user-feedback');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const step = await openStep(user, 3);
    await user.click(within(step).getByRole('button', { name: 'Before the step' }));
    await within(step).findByRole('img', { name: 'Page before step 3' });
    const target = within(step).getByRole('button', { name: 'Pick the element step 3 should act on' });
    act(() => target.focus());
    await user.keyboard('{Enter}{ArrowRight}{ArrowRight}{Shift>}{ArrowUp}{/Shift}');
    const confirm = within(step).getByRole('group', { name: 'Visual feedback' });
    expect(confirm).toHaveTextContent('Target at (660, 310)');
    await user.click(within(confirm).getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ step: 2, locator_based_feedback: { x: 660, y: 310 } });
  });

  it('offers no visual feedback on the first step, which has no page before it', async () => {
    const { test } = seedTodoTest('passed');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const step = await openStep(user, 1);
    expect(await within(step).findByRole('img', { name: 'Page after step 1' })).toBeInTheDocument();
    expect(within(step).queryByRole('button', { name: 'Before the step' })).not.toBeInTheDocument();
    expect(within(step).queryByRole('button', { name: /Pick the element/ })).not.toBeInTheDocument();
  });

  it("refuses an unchanged step text with SPEC's sentence, and sends a new one as text feedback", async () => {
    const { test } = seedTodoTest('passed');
    const bodies = recordBodies('put', '/api/test-case/:id/user-feedback');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const step = await openStep(user, 2);
    await user.click(within(step).getByRole('button', { name: 'Edit step' }));
    const field = within(step).getByRole('textbox', { name: 'New instruction for step 2' });
    expect(field).toHaveValue('Type "Buy milk" into the new todo field');
    await user.click(within(step).getByRole('button', { name: 'Regenerate from here' }));
    expect(await within(step).findByText(GENERATION_MESSAGES.sameInstruction)).toBeInTheDocument();
    expect(bodies).toHaveLength(0);

    await user.clear(field);
    await user.paste('Type "Buy oat milk" into the new todo field');
    await user.click(within(step).getByRole('button', { name: 'Regenerate from here' }));
    expect(await screen.findByText('Feedback sent: regenerating from this step')).toBeInTheDocument();
    expect(bodies).toEqual([
      {
        test_case_id: test._id,
        step: 1,
        feedback_type: 'text',
        action_description: 'Type "Buy oat milk" into the new todo field',
      },
    ]);
  });

  it('says Failed to submit feedback and changes nothing when the server refuses', async () => {
    server.use(http.put('/api/test-case/:id/user-feedback', () => apiError(500, 'internal', 'boom')));
    const { test } = seedTodoTest('passed');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const step = await openStep(user, 2);
    await user.click(within(step).getByRole('button', { name: 'Edit step' }));
    const field = within(step).getByRole('textbox', { name: 'New instruction for step 2' });
    await user.clear(field);
    await user.paste('Type "Tea" into the new todo field');
    await user.click(within(step).getByRole('button', { name: 'Regenerate from here' }));
    expect(await screen.findByText('Failed to submit feedback')).toBeInTheDocument();
    expect(field).toHaveValue('Type "Tea" into the new todo field');
    expect(stepItems(await stepsList())).toHaveLength(4);
    expect(screen.queryByRole('button', { name: 'Cancel generation' })).not.toBeInTheDocument();
  });

  it("links each step to the trace viewer on the step's trace, in a new tab", async () => {
    const { test } = seedTodoTest('passed');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const step = await openStep(user, 2);
    const link = await within(step).findByRole('link', { name: 'Open trace' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.getAttribute('href')).toBe(
      `/trace/index.html?trace=${encodeURIComponent('/api/files/traces/trace-1.zip?expires=1&signature=test')}`,
    );
  });

  it('says Failed to get signed url for trace when the trace cannot be had', async () => {
    server.use(http.get('/api/traces/:testCaseId/:stepIndex', () => apiError(500, 'internal', 'boom')));
    const { test } = seedTodoTest('passed');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const step = await openStep(user, 1);
    expect(await within(step).findByText('Failed to get signed url for trace')).toBeInTheDocument();
  });

  it('follows a generation live: progress, steps as they come, then the end', async () => {
    const steps = todoSteps();
    const { test } = seedTodoTest(
      'running',
      steps.slice(0, 2).map((step) => ({ ...step, trace_zip_path: null })),
    );
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const progress = await screen.findByRole('progressbar', { name: 'Generation progress' });
    expect(screen.getByText('Generating step 3 of about 3…')).toBeInTheDocument();
    expect(progress).toHaveAttribute('aria-valuenow', '67');
    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(watcherCount(test._id)).toBe(1);

    // While it generates, steps are not corrected and have no trace yet.
    const step = await openStep(user, 2);
    expect(within(step).queryByRole('button', { name: 'Edit step' })).not.toBeInTheDocument();
    expect(within(step).queryByRole('link', { name: 'Open trace' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel generation' })).toBeInTheDocument();

    stored(test._id).test_generation_steps = steps.slice(0, 3);
    publishTestEvent(test._id, 'TEST_UPDATED');
    await waitFor(() => expect(stepItems(screen.getByRole('list', { name: 'Steps' }))).toHaveLength(3));
    expect(screen.getByText('Generating step 4 of about 4…')).toBeInTheDocument();

    Object.assign(stored(test._id), {
      state: 'passed',
      test_generation_steps: steps,
      final_message: 'Generated 4 steps.',
      final_script: 'test()',
      final_script_py: 'def test(): pass',
    });
    publishTestEvent(test._id, 'TEST_UPDATED');
    publishTestEvent(test._id, 'TEST_NOT_RUNNING');
    expect(await screen.findByText('Generated 4 steps.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Generation progress' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(stepItems(await stepsList())).toHaveLength(4);
  });

  it('counts the steps of the plan itself once the server sends its length', async () => {
    const { test } = seedTodoTest('running', todoSteps().slice(0, 1), { generation_plan_length: 5 });
    renderApp(`/test-cases/details/${test._id}`);
    expect(await screen.findByText('Generating step 2 of 5…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toHaveAttribute(
      'aria-valuenow',
      '20',
    );
    expect(await screen.findByText('Live')).toBeInTheDocument();
    stored(test._id).test_generation_steps = todoSteps().slice(0, 2);
    stored(test._id).generation_plan_length = 6;
    publishTestEvent(test._id, 'TEST_UPDATED');
    expect(await screen.findByText('Generating step 3 of 6…')).toBeInTheDocument();
  });

  it('stops watching when the person leaves the page', async () => {
    const { test } = seedTodoTest('running', []);
    const { router } = renderApp(`/test-cases/details/${test._id}`);
    expect(await screen.findByText('Live')).toBeInTheDocument();
    expect(screen.getByText('Generating step 1 of about 3…')).toBeInTheDocument();
    expect(watcherCount(test._id)).toBe(1);
    await act(() => router.navigate('/test-cases'));
    await waitFor(() => expect(watcherCount(test._id)).toBe(0));
  });

  it('says a queued generation is waiting, without a made-up step count', async () => {
    const { test } = seedTodoTest('pending', []);
    renderApp(`/test-cases/details/${test._id}`);
    expect(await screen.findByText('Queued: waiting for a worker…')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).not.toHaveAttribute(
      'aria-valuenow',
    );
  });

  it.each([
    ['failed', 'Generation failed', 'Step 3 failed: no element is labelled "Save".'],
    [
      'not_runnable',
      'The instructions could not be run',
      'Step 2 was not understood: "Frobnicate the cart".',
    ],
    ['error', 'Generation error', 'The worker stopped; no retries were left.'],
  ] as const)('shows the final message of a %s generation', async (state, title, message) => {
    const { test } = seedTodoTest(state, todoSteps().slice(0, 2), { final_message: message });
    renderApp(`/test-cases/details/${test._id}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(message);
  });

  it('says the steps are out of date once the instructions change, and regenerates them from there', async () => {
    const { test } = seedTodoTest('passed');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    await stepsList();
    const banner = () => screen.queryByText('Instructions changed since these steps were generated');
    expect(banner()).not.toBeInTheDocument();

    const editor = await within(await screen.findByRole('region', { name: 'Instructions' })).findByRole(
      'textbox',
      { name: 'Instructions' },
    );
    await user.click(editor);
    await user.paste(' Then clear the completed todos.');
    await user.click(screen.getByRole('button', { name: 'Save instructions' }));
    expect(await screen.findByText('Instructions saved')).toBeInTheDocument();
    const alert = (await screen.findByText('Instructions changed since these steps were generated')).closest(
      '[role="alert"]',
    ) as HTMLElement;
    expect(alert).toHaveTextContent('runs still replay them');

    await user.click(within(alert).getByRole('button', { name: 'Regenerate' }));
    await waitFor(() => expect(stored(test._id).state).toBe('pending'));
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
  });

  it('shows an empty state before any generation', async () => {
    const { test } = seedTodoTest('created', []);
    renderApp(`/test-cases/details/${test._id}`);
    const steps = await screen.findByRole('region', { name: 'Steps' });
    expect(within(steps).getByText('No steps yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeInTheDocument();
  });

  it('marks a step that failed and one the person corrected', async () => {
    const { test } = seedTodoTest('failed', [
      buildStep(0),
      buildStep(1, {
        execution_succeded: false,
        verification: { passed: false, message: 'No element is labelled "Save"' },
        user_feedback: {
          feedback_type: 'text',
          action_description: 'Click Save',
          action_name: null,
          code_attempt_index: null,
          verified: null,
          coder_hint: null,
          python_code: null,
          locator_based_feedback: null,
          given_at: '2026-01-01T12:00:00.000Z',
        },
      }),
    ]);
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const list = await stepsList();
    expect(within(stepItems(list)[1]).getByText('Corrected')).toBeInTheDocument();
    const step = await openStep(user, 2);
    expect(within(step).getByRole('region', { name: 'Verifier' })).toHaveTextContent(
      'Failed: No element is labelled "Save"',
    );
    expect(step).toHaveTextContent('You corrected this step: “Click Save”.');
  });
});
