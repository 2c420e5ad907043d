import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { seedTodoTest } from '../../../testing/generation';
import { stubViewportSize } from '../../../testing/layout';
import { apiError } from '../../../testing/msw/api';
import { buildFailedRun, buildRun, deleteRun, findRun, seedRun, seedRuns } from '../../../testing/msw/runs';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/renderWithStore';
import { seedEnvironment } from '../../../testing/msw/environments';
import { VIEW_TYPE_KEY } from '../slice';

// The runs page of a test with the whole app around it and MSW for the API (src/testing/msw/runs.ts).

let restoreViewport: () => void;
beforeEach(() => {
  // Tall enough for every loaded run: the list is virtualized.
  restoreViewport = stubViewportSize(4000, 1000);
});
afterEach(() => restoreViewport());

const runsList = () => screen.findByRole('listbox', { name: 'Runs, newest first' });
const options = (list: HTMLElement) => within(list).queryAllByRole('option');
const details = () => screen.getByRole('article', { name: 'Run details' });
const minute = (n: number) => new Date(Date.UTC(2026, 0, 2, 10, n)).toISOString();

function renderRuns(testId: string) {
  return renderApp(`/test-cases/details/${testId}/runs`);
}

describe('TestRunsPage', () => {
  it('shows the environment a run ran on, by name (issue 33)', async () => {
    const { suite, test } = seedTodoTest('passed');
    const staging = seedEnvironment(suite, { name: 'Staging', base_url: 'https://staging.todo.example' });
    seedRun(
      test,
      buildRun(test, {
        environment_id: staging._id,
        settings: { parameter_overrides: {}, website_url_override: 'https://staging.todo.example/' },
      }),
    );
    renderRuns(test._id);
    expect(
      await within(await screen.findByRole('article', { name: 'Run details' })).findByText(
        'Environment Staging',
      ),
    ).toBeInTheDocument();
    expect(within(details()).getByText('Website https://staging.todo.example/')).toBeInTheDocument();
  });

  it("names a run's environment in the history, not the address it opened (issue 33)", async () => {
    const { suite, test } = seedTodoTest('passed');
    const staging = seedEnvironment(suite, { name: 'Staging', base_url: 'https://staging.todo.example' });
    seedRun(
      test,
      buildRun(test, {
        environment_id: staging._id,
        settings: { parameter_overrides: {}, website_url_override: 'https://staging.todo.example/' },
      }),
    );
    renderRuns(test._id);
    const list = await runsList();
    await waitFor(() => expect(options(list)[0]).toHaveAccessibleName(/ · on Staging$/));
  });

  it('lists the newest 20 runs first, then 20 more per "Load more" until all are shown', async () => {
    const { test } = seedTodoTest('passed');
    const seeded = seedRuns(test, 45); // newest first
    const { user } = renderRuns(test._id);

    const list = await runsList();
    await waitFor(() => expect(options(list)).toHaveLength(20));
    expect(options(list).map((option) => option.dataset.runId)).toEqual(
      seeded.slice(0, 20).map((run) => run._id),
    );
    expect(screen.getByText('Showing 20 of 45 runs')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(options(list)).toHaveLength(40));
    expect(options(list).map((option) => option.dataset.runId)).toEqual(
      seeded.slice(0, 40).map((run) => run._id),
    );

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(options(list)).toHaveLength(45));
    expect(options(list).map((option) => option.dataset.runId)).toEqual(seeded.map((run) => run._id));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('45 runs')).toBeInTheDocument();
  });

  it('sorts runs newest first whatever order the server stored them in', async () => {
    const { test } = seedTodoTest('passed');
    const middle = seedRun(test, buildRun(test, { created_at: minute(5) }));
    const newest = seedRun(test, buildRun(test, { created_at: minute(9) }));
    const oldest = seedRun(test, buildRun(test, { created_at: minute(1) }));
    renderRuns(test._id);
    const list = await runsList();
    await waitFor(() => expect(options(list)).toHaveLength(3));
    expect(options(list).map((option) => option.dataset.runId)).toEqual([newest._id, middle._id, oldest._id]);
  });

  it('selects the newest run, keeps the chosen one while it is listed, and falls back to the newest when it is gone', async () => {
    const { test } = seedTodoTest('passed');
    const [newest, second, third] = seedRuns(test, 3);
    const { user } = renderRuns(test._id);
    const list = await runsList();
    await waitFor(() => expect(options(list)).toHaveLength(3));
    expect(within(list).getByRole('option', { selected: true })).toHaveAttribute('data-run-id', newest._id);

    await user.click(options(list)[2]);
    expect(within(list).getByRole('option', { selected: true })).toHaveAttribute('data-run-id', third._id);

    // A run started elsewhere arrives with the next read: the chosen run stays selected.
    const started = seedRun(test, buildRun(test, { created_at: minute(30) }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(options(list)).toHaveLength(5));
    // Starting a run here selects it.
    const created = options(list)[0];
    expect(created).toHaveAttribute('aria-selected', 'true');
    expect(created.dataset.runId).not.toBe(started._id);

    await user.click(list.querySelector<HTMLElement>(`[data-run-id="${second._id}"]`)!);
    expect(within(list).getByRole('option', { selected: true })).toHaveAttribute('data-run-id', second._id);

    // The chosen run is deleted: the newest is selected.
    deleteRun(second._id);
    seedRun(test, buildRun(test, { created_at: minute(40) }));
    await user.click(screen.getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(options(list)).toHaveLength(6));
    await waitFor(() => expect(within(list).getByRole('option', { selected: true })).toBe(options(list)[0]));
  });

  it('marks the failing step in red with its error, and shows its screenshot, the trace and the log', async () => {
    const { test } = seedTodoTest('passed');
    const message =
      'the "Add" button was not found on the page within 2.5 s. The page shows these buttons: "Create".';
    const failed = seedRun(test, buildFailedRun(test, 2, message, { created_at: minute(2) }));
    seedRun(test, buildRun(test, { created_at: minute(1) }));
    const { user } = renderRuns(test._id);
    await runsList();

    const steps = await within(details()).findByRole('list', { name: 'Steps of the run' });
    const failing = within(steps)
      .getAllByRole('listitem')
      .find((item) => item.getAttribute('aria-current') === 'step')!;
    expect(failing).toHaveAttribute('data-state', 'failed');
    expect(within(failing).getByRole('alert')).toHaveTextContent(`Step 3 failed: ${message}`);
    // Opened at the failing step: its screenshot is shown.
    expect(await within(failing).findByRole('img', { name: 'Page after step 3' })).toHaveAttribute(
      'src',
      expect.stringContaining('run-shot-failure'),
    );
    // The steps after it never ran.
    const rows = within(steps).getAllByRole('listitem');
    expect(rows[3]).toHaveAttribute('data-state', 'skipped');
    expect(rows[0]).toHaveAttribute('data-state', 'passed');
    expect(within(details()).getByText(failed.error_message!)).toBeInTheDocument();

    const strip = within(details()).getByRole('toolbar', { name: 'Screenshots of the steps' });
    expect(within(strip).getByRole('button', { name: 'Step 3: failed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(within(strip).getByRole('button', { name: 'Step 1: passed' }));
    expect(within(strip).getByRole('button', { name: 'Step 1: passed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );

    const trace = within(details()).getByRole('link', { name: 'Open trace' });
    await waitFor(() =>
      expect(trace).toHaveAttribute('href', expect.stringContaining('/trace/index.html?trace=')),
    );
    expect(trace).toHaveAttribute('target', '_blank');
    const log = within(details()).getByRole('region', { name: 'Log' });
    await waitFor(() => expect(log.textContent).toContain('3 errors'));
    expect(within(details()).getByRole('link', { name: 'Download log' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^data:text\/plain/),
    );
  });

  it('says so when the test has no runs yet', async () => {
    const { test } = seedTodoTest('passed');
    renderRuns(test._id);
    expect(await screen.findByText('No runs yet — run the test to see its results here')).toBeInTheDocument();
  });

  it("shows SPEC §8's message when the runs cannot be read, and reads them again on Retry", async () => {
    const { test } = seedTodoTest('passed');
    seedRuns(test, 2);
    server.use(http.get('/api/test-runs/:id', () => apiError(500, 'internal', 'boom'), { once: true }));
    const { user } = renderRuns(test._id);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get test runs');
    await waitFor(() => expect(screen.getAllByText('Failed to get test runs').length).toBeGreaterThan(1));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(async () => expect(options(await runsList())).toHaveLength(2));
  });

  it('moves the selection with the arrow keys and remembers the grid view', async () => {
    const { test } = seedTodoTest('passed');
    const runs = seedRuns(test, 3);
    const { user } = renderRuns(test._id);
    const list = await runsList();
    await waitFor(() => expect(options(list)).toHaveLength(3));
    options(list)[0].focus();
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-run-id', runs[1]._id));
    expect(document.activeElement).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toHaveAttribute('data-run-id', runs[2]._id));

    await user.click(screen.getByRole('button', { name: 'Grid' }));
    expect(list).toHaveAttribute('data-view', 'grid');
    expect(window.localStorage.getItem(VIEW_TYPE_KEY)).toBe('grid');
  });

  it('cancels a running run only after confirming, and leaves it as it was when the cancel fails', async () => {
    const { test } = seedTodoTest('passed');
    const run = seedRun(test, buildRun(test, { status: 'running', steps: [], created_at: minute(3) }));
    const { user } = renderRuns(test._id);
    await runsList();
    await user.click(await within(details()).findByRole('button', { name: 'Cancel run' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel this run?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(findRun(run._id)!.run.status).toBe('running');

    server.use(http.delete('/api/test-run/:id', () => apiError(500, 'internal', 'boom'), { once: true }));
    await user.click(within(details()).getByRole('button', { name: 'Cancel run' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel this run?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel run' }));
    expect(await screen.findByText('Failed to cancel test run. Please try again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(findRun(run._id)!.run.status).toBe('running');
    expect(within(details()).getAllByText('Running').length).toBeGreaterThan(0);

    await user.click(within(details()).getByRole('button', { name: 'Cancel run' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel this run?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel run' }));
    expect(await screen.findByText('Test run cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(findRun(run._id)!.run.status).toBe('cancelled');
    await waitFor(() => expect(within(details()).getAllByText('Cancelled').length).toBeGreaterThan(0));
    expect(within(details()).queryByRole('button', { name: 'Cancel run' })).not.toBeInTheDocument();
  });
});
