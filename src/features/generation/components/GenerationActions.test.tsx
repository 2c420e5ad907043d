import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { createElement, useEffect } from 'react';
import { buildStep, seedTodoTest, todoSteps } from '../../../testing/generation';
import { apiError } from '../../../testing/msw/api';
import { db } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { renderApp, renderWithStore } from '../../../testing/renderWithStore';
import { toTestCase } from '../../tests/api';
import { selectGenerationRequested } from '../selectors';
import { useGenerationCommands } from '../useGenerationCommands';
import { deniedMessage } from '../../../../contract/permissions';

// The header's generation buttons on a test's page, against MSW.

const stored = (id: string) => db.testCases.find(({ _id }) => _id === id)!;
const button = (name: string) => screen.findByRole('button', { name });

/** Counts the requests to a path. */
function countRequests(method: string, pattern: RegExp) {
  let count = 0;
  server.events.on('request:start', ({ request }) => {
    if (request.method === method && pattern.test(new URL(request.url).pathname)) count++;
  });
  return () => count;
}

afterEach(() => server.events.removeAllListeners());

describe('GenerationActions', () => {
  it('offers a viewer no generation: Generate is off with the reason (issue 27)', async () => {
    const { test, person } = seedTodoTest('created', []);
    db.memberships.find(({ user_id }) => user_id === person.id)!.role = 'viewer';
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const generate = await button('Generate');
    await waitFor(() => expect(generate).toBeDisabled());
    await user.hover(generate.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('generateTests', 'viewer'));
  });

  it('keeps Cancel from a viewer, and Mark as complete out of sight', async () => {
    const { test, person } = seedTodoTest('running', todoSteps().slice(0, 2));
    db.memberships.find(({ user_id }) => user_id === person.id)!.role = 'viewer';
    renderApp(`/test-cases/details/${test._id}`);
    const cancel = await button('Cancel generation');
    await waitFor(() => expect(cancel).toBeDisabled());
    expect(screen.queryByRole('button', { name: 'Mark as complete' })).not.toBeInTheDocument();
  });

  it('lets a member regenerate', async () => {
    const { test, person } = seedTodoTest('passed');
    db.memberships.find(({ user_id }) => user_id === person.id)!.role = 'member';
    renderApp(`/test-cases/details/${test._id}`);
    const regenerate = await button('Regenerate');
    await waitFor(() => expect(regenerate).toBeEnabled());
  });

  it('generates a test that has no steps yet, and shows it queued', async () => {
    const { test } = seedTodoTest('created', []);
    const { user, store } = renderApp(`/test-cases/details/${test._id}`);
    await user.click(await button('Generate'));
    expect(await screen.findByText('Generation started')).toBeInTheDocument();
    expect(await screen.findByText('Queued: waiting for a worker…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel generation' })).toBeInTheDocument();
    expect(stored(test._id).state).toBe('pending');
    expect(stored(test._id).generation_requested_at).not.toBeNull();
    expect(selectGenerationRequested(store.getState(), test._id)).toBe(true);
  });

  it('says Failed to start generation when the server fails', async () => {
    server.use(http.patch('/api/test-case/:id/edit', () => apiError(500, 'internal', 'boom')));
    const { test } = seedTodoTest('created', []);
    const { user, store } = renderApp(`/test-cases/details/${test._id}`);
    await user.click(await button('Generate'));
    expect(await screen.findByText('Failed to start generation. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeEnabled();
    expect(selectGenerationRequested(store.getState(), test._id)).toBe(false);
  });

  it('regenerates after confirmation, clearing the steps at once', async () => {
    const { test } = seedTodoTest('passed');
    const regenerations = countRequests('PUT', /\/regenerate$/);
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    await user.click(await button('Regenerate'));
    const dialog = await screen.findByRole('dialog', { name: 'Regenerate test?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(regenerations()).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Regenerate' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Regenerate test?' })).getByRole('button', {
        name: 'Regenerate',
      }),
    );
    expect(await screen.findByText('Regeneration started')).toBeInTheDocument();
    expect(regenerations()).toBe(1);
    expect(screen.queryByRole('list', { name: 'Steps' })).not.toBeInTheDocument();
    expect(screen.getByText('Queued: waiting for a worker…')).toBeInTheDocument();
    expect(stored(test._id).state).toBe('pending');
  });

  it('restores the steps and says so when regenerating fails', async () => {
    let answer: () => void = () => undefined;
    server.use(
      http.put('/api/test-case/:id/regenerate', async () => {
        await new Promise<void>((resolve) => (answer = resolve));
        return apiError(
          409,
          'conflict',
          'The test case is already generating. Cancel it first or wait until it ends.',
        );
      }),
    );
    const { test } = seedTodoTest('passed');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    await user.click(await button('Regenerate'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Regenerate test?' })).getByRole('button', {
        name: 'Regenerate',
      }),
    );
    // Cleared while the request runs (SPEC §4) …
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Steps' })).not.toBeInTheDocument());
    answer();
    // … and restored when it fails, with the server's reason.
    expect(
      await screen.findByText('The test case is already generating. Cancel it first or wait until it ends.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'Steps' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeInTheDocument();
    expect(stored(test._id).state).toBe('passed');
  });

  it('cancels a generation after confirmation and reloads the test', async () => {
    const { test } = seedTodoTest('running', todoSteps().slice(0, 2));
    const reads = countRequests('GET', new RegExp(`^/api/test-case/${test._id}$`));
    const { user, store } = renderApp(`/test-cases/details/${test._id}`);
    await user.click(await button('Cancel generation'));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel generation?' });
    const readsBefore = reads();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel generation' }));
    expect(
      await screen.findByText('Generation cancelled', { selector: '.notistack-MuiContent *' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const steps = screen.getByRole('region', { name: 'Steps' });
    const alert = await within(steps).findByRole('alert');
    expect(alert).toHaveTextContent('Generation cancelled');
    expect(alert).toHaveTextContent('Generation cancelled.');
    await waitFor(() => expect(reads()).toBeGreaterThan(readsBefore));
    expect(screen.queryByRole('progressbar', { name: 'Generation progress' })).not.toBeInTheDocument();
    expect(stored(test._id).state).toBe('cancelled');
    expect(selectGenerationRequested(store.getState(), test._id)).toBe(false);
  });

  it('says Failed to cancel generation and keeps generating when cancelling fails', async () => {
    server.use(http.delete('/api/test-case/cancel/:id', () => apiError(500, 'internal', 'boom')));
    const { test } = seedTodoTest('running', todoSteps().slice(0, 2));
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    await user.click(await button('Cancel generation'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel generation?' })).getByRole('button', {
        name: 'Cancel generation',
      }),
    );
    expect(await screen.findByText('Failed to cancel generation')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('progressbar', { name: 'Generation progress' })).toBeInTheDocument();
    expect(stored(test._id).state).toBe('running');
  });

  it('marks a failed generation complete, keeping its successful steps, after confirmation', async () => {
    const steps = [buildStep(0), buildStep(1), buildStep(2, { execution_succeded: false })];
    const { test } = seedTodoTest('failed', steps, { final_message: 'Step 3 failed.' });
    const forceStops: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'PUT' && request.url.includes('/force-stop/'))
        forceStops.push(new URL(request.url).pathname);
    });
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    await user.click(await button('Mark as complete'));
    const dialog = await screen.findByRole('dialog', { name: 'Mark as complete?' });
    expect(dialog).toHaveTextContent('The test keeps its 2 successful steps; the others are dropped.');
    await user.click(within(dialog).getByRole('button', { name: 'Mark as complete' }));
    // Step 3's instruction lost its step: named, and the test is not passed (issue 28).
    expect(
      await screen.findByText(
        'Marked as completed with 2 steps. 1 instruction has no step, so the test does not cover it.',
      ),
    ).toBeInTheDocument();
    expect(stored(test._id).state).toBe('failed');
    expect(stored(test._id).instructions_without_steps).toEqual(['Step number 3']);
    expect(forceStops).toEqual([`/api/test-case/${test._id}/force-stop/2`]);
    expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as complete' })).not.toBeInTheDocument();
  });

  it('marks complete after the last step failed without passing the test: it names the instructions left without steps (issue 28)', async () => {
    const steps = [
      ...Array.from({ length: 6 }, (_, index) => buildStep(index)),
      buildStep(6, { step_description: 'Click Pay', execution_succeded: false }),
    ];
    // The server names the plan's instructions with no successful step: the failed one and the one never reached.
    const { test } = seedTodoTest('failed', steps, {
      final_message: 'Step 7, "Click Pay", failed.',
      generation_plan_length: 8,
      instructions_without_steps: ['Click Pay', 'Verify "Thank you" is shown'],
    });
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    await user.click(await button('Mark as complete'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Mark as complete?' })).getByRole('button', {
        name: 'Mark as complete',
      }),
    );
    expect(
      await screen.findByText(
        'Marked as completed with 6 steps. 2 instructions have no steps, so the test does not cover them.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const list = screen.getByRole('region', { name: 'Instructions without steps' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Click Pay', 'Verify "Thank you" is shown']);
    expect(stored(test._id).state).toBe('failed');
    expect(screen.getByText('Generation failed')).toBeInTheDocument();
    expect(screen.queryByText('Passed')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as complete' })).not.toBeInTheDocument();
  });

  it('says Failed to mark as completed and changes nothing when the server fails', async () => {
    server.use(http.put('/api/test-case/:id/force-stop/:step', () => apiError(500, 'internal', 'boom')));
    const { test } = seedTodoTest('running', todoSteps().slice(0, 2));
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    await user.click(await button('Mark as complete'));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Mark as complete?' })).getByRole('button', {
        name: 'Mark as complete',
      }),
    );
    expect(await screen.findByText('Failed to mark as completed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(stored(test._id).state).toBe('running');
    expect(screen.getByRole('button', { name: 'Cancel generation' })).toBeInTheDocument();
  });

  it('exports the TypeScript spec and the Python script: copy or download with sensible names', async () => {
    const { test } = seedTodoTest('passed');
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:spec');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const downloads: { name: string; href: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, href: this.href });
    });
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    // user-event put its clipboard in place on setup; jsdom's Blob cannot be read back from it.
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');

    await user.click(await button('Export'));
    await user.click(await screen.findByRole('menuitem', { name: /Download TypeScript/ }));
    expect(downloads).toEqual([{ name: 'add-a-todo.spec.ts', href: 'blob:spec' }]);
    expect(await createObjectURL.mock.calls[0][0].text()).toBe(stored(test._id).final_script);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: /Download Python/ }));
    expect(downloads[1].name).toBe('test_add_a_todo.py');
    expect(await createObjectURL.mock.calls[1][0].text()).toBe(stored(test._id).final_script_py);

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Copy Python' }));
    expect(await screen.findByText('Copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(stored(test._id).final_script_py);
  });

  it('offers no export before a generation produced a script', async () => {
    const { test } = seedTodoTest('failed', todoSteps().slice(0, 1));
    renderApp(`/test-cases/details/${test._id}`);
    expect(await button('Regenerate')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
  });
});

describe('useGenerationCommands', () => {
  it('ignores a second cancel or mark complete while the first is on its way (SPEC §4)', async () => {
    const { test } = seedTodoTest('running', todoSteps().slice(0, 2));
    const cancels = countRequests('DELETE', /\/test-case\/cancel\//);
    const completes = countRequests('PUT', /\/force-stop\//);
    const results: Promise<boolean>[] = [];
    function Probe() {
      const commands = useGenerationCommands(toTestCase(test));
      useEffect(() => {
        results.push(
          commands.cancel(),
          commands.cancel(),
          commands.markComplete(1),
          commands.markComplete(1),
        );
        // Once, on mount: the probe asks four times in the same tick.
        // eslint-disable-next-line react-hooks/exhaustive-deps
      }, []);
      return null;
    }
    renderWithStore(createElement(Probe));
    await waitFor(() => expect(results).toHaveLength(4));
    // The second of each pair answers false at once; the first ones reach the server.
    expect(await Promise.all(results)).toEqual([true, false, true, false]);
    expect(cancels()).toBe(1);
    expect(completes()).toBe(1);
  });
});
