import { act, screen, waitFor, within } from '@testing-library/react';
import { seedTodoTest } from '../../../testing/generation';
import { stubViewportSize } from '../../../testing/layout';
import { quarantineOf } from '../../../testing/msw/dashboard';
import { db } from '../../../testing/msw/db';
import { seedEnvironment } from '../../../testing/msw/environments';
import {
  buildFailedRun,
  buildRun,
  buildRunStep,
  publishRunEvent,
  runWatcherCount,
  seedRun,
  storedRuns,
  updateRun,
} from '../../../testing/msw/runs';
import { renderApp } from '../../../testing/renderWithStore';

// The Runs section of a test's page: the whole app, MSW for the API and the live socket.

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = stubViewportSize(4000, 1000);
});
afterEach(() => restoreViewport());

const section = () => screen.findByRole('region', { name: 'Runs' });
const minute = (n: number) => new Date(Date.UTC(2026, 0, 2, 10, n)).toISOString();

describe('RunPanel', () => {
  it('runs the test and follows the new run live until it passes', async () => {
    const { test } = seedTodoTest('passed');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const runs = await section();
    expect(
      await within(runs).findByText('No runs yet — run the test to see its results here'),
    ).toBeInTheDocument();

    await user.click(within(runs).getByRole('button', { name: 'Run' }));
    const latest = await within(runs).findByRole('region', { name: 'Latest run' });
    expect(within(latest).getByText('Queued')).toBeInTheDocument();
    const [run] = storedRuns(test);
    await waitFor(() => expect(runWatcherCount(run._id)).toBe(1));

    updateRun(run._id, {
      status: 'running',
      steps: [buildRunStep(0, { step_description: 'Open https://todo.example/' })],
    });
    publishRunEvent(run._id, 'RUN_UPDATED');
    expect(await within(latest).findByText('Running')).toBeInTheDocument();
    expect(within(latest).getByText(/Step 2 of 4/)).toBeInTheDocument();

    updateRun(run._id, {
      ...buildRun(test, { _id: run._id, created_at: run.created_at }),
      last_modified_at: run.last_modified_at,
    });
    publishRunEvent(run._id, 'RUN_NOT_RUNNING');
    expect(await within(latest).findByText('Passed')).toBeInTheDocument();
    expect(runWatcherCount(run._id)).toBe(0);
    // The test's own status follows its latest run.
    await waitFor(() => expect(db.testCases[0].latest_run_status).toBe('passed'));
  });

  it('after the run ends, every status on screen follows it: the header, the runs card and the tree', async () => {
    const { test } = seedTodoTest('passed');
    const { user, router } = renderApp(`/test-cases/details/${test._id}`);
    const runs = await section();
    // The status under the title, next to "Never run" / "Last run …".
    const header = async () => (await screen.findByText(/^(Never run|Last run )/)).parentElement!;
    expect(within(await header()).getByText('Passed')).toBeInTheDocument();

    await user.click(within(runs).getByRole('button', { name: 'Run' }));
    const latest = await within(runs).findByRole('region', { name: 'Latest run' });
    const [run] = storedRuns(test);
    await waitFor(() => expect(runWatcherCount(run._id)).toBe(1));
    updateRun(run._id, { status: 'running' });
    publishRunEvent(run._id, 'RUN_UPDATED');
    expect(await within(latest).findByText('Running')).toBeInTheDocument();
    await waitFor(async () => expect(within(await header()).getByText('In progress')).toBeInTheDocument());

    // As the server does at the end: the final status as an update, then the end of the watch.
    updateRun(run._id, {
      ...buildRun(test, { _id: run._id, created_at: run.created_at }),
      last_modified_at: run.last_modified_at,
    });
    publishRunEvent(run._id, 'RUN_UPDATED');
    // The card shows the end and stops watching before RUN_NOT_RUNNING comes (a browser may well).
    expect(await within(latest).findByText('Passed')).toBeInTheDocument();
    await waitFor(() => expect(runWatcherCount(run._id)).toBe(0));
    publishRunEvent(run._id, 'RUN_NOT_RUNNING');
    await waitFor(async () => expect(within(await header()).getByText('Passed')).toBeInTheDocument());
    expect(within(await header()).queryByText('In progress')).not.toBeInTheDocument();

    // The tree the test list shows reads the same.
    await act(() => router.navigate('/test-cases'));
    const row = await screen.findByRole('treeitem', { name: /Add a todo/ });
    expect(within(row).getByText('Passed')).toBeInTheDocument();
  });

  it('says when a run replays steps that are out of date', async () => {
    const { test } = seedTodoTest('passed', undefined, { steps_out_of_date: true });
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const runs = await section();
    await user.click(within(runs).getByRole('button', { name: 'Run' }));
    const latest = await within(runs).findByRole('region', { name: 'Latest run' });
    expect(await within(latest).findByText(/^Steps out of date: /)).toBeInTheDocument();
    expect(storedRuns(test)[0].steps_out_of_date).toBe(true);
  });

  it('shows why the latest run failed, and opens an earlier run on the runs page', async () => {
    const { test } = seedTodoTest('passed');
    const earlier = seedRun(test, buildRun(test, { created_at: minute(1) }));
    seedRun(
      test,
      buildFailedRun(test, 1, 'the "What needs to be done?" field was not found on the page within 2.5 s.', {
        created_at: minute(2),
      }),
    );
    const { user, router } = renderApp(`/test-cases/details/${test._id}`);
    const runs = await section();
    const latest = await within(runs).findByRole('region', { name: 'Latest run' });
    expect(within(latest).getByRole('alert')).toHaveTextContent(
      'Step 2, “Type "Buy milk" into the new todo field”, failed: the "What needs to be done?" field was not found on the page within 2.5 s.',
    );
    const recent = within(runs).getByRole('navigation', { name: 'Recent runs' });
    expect(recent).toHaveTextContent('4 of 4 steps');

    await user.click(within(recent).getByRole('link'));
    expect(router.state.location.pathname).toBe(`/test-cases/details/${test._id}/runs`);
    const list = await screen.findByRole('listbox', { name: 'Runs, newest first' });
    await waitFor(() =>
      expect(within(list).getByRole('option', { selected: true })).toHaveAttribute(
        'data-run-id',
        earlier._id,
      ),
    );
  });
  it('labels a run on another website with that site, and keeps the test on its own site as its status', async () => {
    const { test } = seedTodoTest('passed');
    seedRun(test, buildRun(test, { created_at: minute(1) }));
    seedRun(
      test,
      buildFailedRun(test, 1, 'The "Add" button was not found', {
        created_at: minute(2),
        settings: { parameter_overrides: {}, website_url_override: 'https://preview.todo.example/' },
      }),
    );
    renderApp(`/test-cases/details/${test._id}`);
    const latest = await within(await section()).findByRole('region', { name: 'Latest run' });
    expect(await within(latest).findByText(/· on https:\/\/preview\.todo\.example\//)).toBeInTheDocument();
    expect(db.testCases[0].latest_run_status).toBe('passed');
  });

  it('shows the newest run on each environment, the default first (issue 33)', async () => {
    const { suite, test } = seedTodoTest('passed');
    const staging = seedEnvironment(suite, { name: 'Staging', base_url: 'https://staging.todo.example' });
    seedEnvironment(suite, { name: 'Preview', base_url: 'https://preview.todo.example' });
    seedRun(
      test,
      buildFailedRun(test, 1, 'The list is empty', {
        environment_id: staging._id,
        created_at: minute(2),
        settings: { parameter_overrides: {}, website_url_override: 'https://staging.todo.example/' },
      }),
    );
    seedRun(test, buildRun(test, { created_at: minute(1) }));
    renderApp(`/test-cases/details/${test._id}`);
    const list = await within(await section()).findByRole('list', { name: 'Newest run per environment' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Staging (default): Failed', 'Preview: never run', "The test's website: Passed"]);
  });

  it('shows no environments for a project without them', async () => {
    const { test } = seedTodoTest('passed');
    seedRun(test, buildRun(test, { created_at: minute(1) }));
    renderApp(`/test-cases/details/${test._id}`);
    await within(await section()).findByRole('region', { name: 'Latest run' });
    expect(screen.queryByRole('list', { name: 'Newest run per environment' })).toBeNull();
  });

  it('quarantines the test with a reason, says so, and releases it (issue 33)', async () => {
    const { test } = seedTodoTest('passed');
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const runs = await section();
    await user.click(await within(runs).findByRole('button', { name: 'Quarantine' }));
    const dialog = await screen.findByRole('dialog', { name: 'Quarantine this test' });
    await user.click(within(dialog).getByRole('button', { name: 'Quarantine' }));
    expect(await within(dialog).findByText('Say why the test is quarantined')).toBeInTheDocument();
    expect(quarantineOf(test)).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Fails when the list is slow');
    await user.click(within(dialog).getByRole('button', { name: 'Quarantine' }));
    const banner = await within(runs).findByRole('status', { name: 'Quarantined' });
    expect(banner).toHaveTextContent(/Quarantined by .+@example\.com on .+: Fails when the list is slow\./);
    expect(quarantineOf(test)).toMatchObject({ reason: 'Fails when the list is slow' });

    await user.click(within(banner).getByRole('button', { name: 'Release' }));
    expect(await within(runs).findByRole('button', { name: 'Quarantine' })).toBeInTheDocument();
    expect(quarantineOf(test)).toBeNull();
  });
});
