import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { RUN_MESSAGES } from '../../../../contract/runs';
import { deniedMessage } from '../../../../contract/permissions';
import { db } from '../../../testing/msw/db';
import { seedTodoTest, todoSteps } from '../../../testing/generation';
import { stubViewportSize } from '../../../testing/layout';
import { apiError } from '../../../testing/msw/api';
import { buildRun, seedRun, storedRuns } from '../../../testing/msw/runs';
import { seedEnvironment } from '../../../testing/msw/environments';
import { server } from '../../../testing/msw/server';
import { renderApp } from '../../../testing/renderWithStore';

// Run and Run with overrides (SPEC §5: running is blocked until validation errors are fixed).

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = stubViewportSize(4000, 1000);
});
afterEach(() => restoreViewport());

function seed(overrides: Parameters<typeof seedTodoTest>[2] = {}) {
  return seedTodoTest('passed', todoSteps(), { parameters: { user: 'ada', item: 'Buy milk' }, ...overrides });
}

/** Records the bodies POSTed to start runs, letting the handler behind answer. */
function recordRunBodies() {
  const bodies: unknown[] = [];
  server.use(
    http.post('/api/test-run/:id', async ({ request }) => {
      bodies.push(await request.clone().json());
      return undefined;
    }),
  );
  return bodies;
}

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Run with overrides' }));
  return screen.getByRole('dialog', { name: 'Run with overrides' });
}

describe('RunActions', () => {
  it('offers a viewer no run: Run and Run with overrides are off with the reason (issue 27)', async () => {
    const { test, person } = seed();
    db.memberships.find(({ user_id }) => user_id === person.id)!.role = 'viewer';
    const { user } = renderApp(`/test-cases/details/${test._id}/runs`);
    const run = await screen.findByRole('button', { name: 'Run' });
    await waitFor(() => expect(run).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Run with overrides' })).toBeDisabled();
    await user.hover(run.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('runTests', 'viewer'));
  });

  it('lets a member run', async () => {
    const { test, person } = seed();
    db.memberships.find(({ user_id }) => user_id === person.id)!.role = 'member';
    renderApp(`/test-cases/details/${test._id}/runs`);
    const run = await screen.findByRole('button', { name: 'Run' });
    await waitFor(() => expect(run).toBeEnabled());
  });

  it('keeps Run blocked while the website is not a valid URL, then runs with the overrides that changed', async () => {
    const { test } = seed();
    const bodies = recordRunBodies();
    const { user } = renderApp(`/test-cases/details/${test._id}/runs`);
    const dialog = await openDialog(user);
    const run = within(dialog).getByRole('button', { name: 'Run' });
    const website = within(dialog).getByRole('textbox', { name: 'Website URL' });

    await user.type(website, 'localhost 3000');
    await user.tab();
    expect(within(dialog).getByText('Please enter a valid URL')).toBeInTheDocument();
    expect(run).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(bodies).toHaveLength(0);

    await user.clear(website);
    await user.type(website, 'http://localhost:3000/');
    const variable = within(dialog).getByRole('textbox', { name: 'user' });
    await user.clear(variable);
    await user.type(variable, 'grace');
    await waitFor(() => expect(run).toBeEnabled());
    expect(within(dialog).getByText('Overridden (the test has "ada")')).toBeInTheDocument();
    await user.click(run);

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([
      { parameter_overrides: { user: 'grace' }, website_url_override: 'http://localhost:3000/' },
    ]);
    expect(await screen.findByText('Test run started')).toBeInTheDocument();
    const details = await screen.findByRole('article', { name: 'Run details' });
    expect(within(details).getByText('Website http://localhost:3000/')).toBeInTheDocument();
    expect(within(details).getByText('user = grace')).toBeInTheDocument();
  });

  it("runs on a chosen environment: the test's path on its origin, shown on the run (issue 33)", async () => {
    const { suite, test } = seed();
    const staging = seedEnvironment(suite, { name: 'Staging', base_url: 'https://staging.todo.example' });
    const bodies = recordRunBodies();
    const { user } = renderApp(`/test-cases/details/${test._id}/runs`);
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('combobox', { name: 'Environment' }));
    await user.click(await screen.findByRole('option', { name: 'Staging (default)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ environment_id: staging._id }]);
    const details = await screen.findByRole('article', { name: 'Run details' });
    expect(await within(details).findByText('Environment Staging')).toBeInTheDocument();
    expect(within(details).getByText('Website https://staging.todo.example/')).toBeInTheDocument();
  });

  it('blocks running while a value is too long', async () => {
    const { test } = seed();
    const bodies = recordRunBodies();
    const { user } = renderApp(`/test-cases/details/${test._id}/runs`);
    const dialog = await openDialog(user);
    const variable = within(dialog).getByRole('textbox', { name: 'item' });
    fireEvent.change(variable, { target: { value: 'x'.repeat(10_001) } });
    expect(await within(dialog).findByText('Must be at most 10000 characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Run' })).toBeDisabled();
    fireEvent.change(variable, { target: { value: 'x'.repeat(10_000) } });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Run' })).toBeEnabled());
    expect(within(dialog).queryByText('Must be at most 10000 characters')).not.toBeInTheDocument();
    expect(bodies).toHaveLength(0);
  });

  it('shows a setting the server refused at its field and keeps Run blocked until it changes', async () => {
    const { test } = seed();
    server.use(
      http.post(
        '/api/test-run/:id',
        () =>
          HttpResponse.json(
            {
              error: {
                code: 'validation_failed',
                message: '"user" is not a variable of this test',
                details: { fields: { 'parameter_overrides.user': 'unknown' } },
              },
            },
            { status: 400 },
          ),
        { once: true },
      ),
    );
    const { user } = renderApp(`/test-cases/details/${test._id}/runs`);
    const dialog = await openDialog(user);
    const variable = within(dialog).getByRole('textbox', { name: 'user' });
    await user.type(variable, '!');
    await user.click(within(dialog).getByRole('button', { name: 'Run' }));
    expect(await within(dialog).findByText('"user" is not a variable of this test')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Run' })).toBeDisabled();
    expect(storedRuns(test)).toHaveLength(0);
    await user.type(variable, '?');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Run' })).toBeEnabled());
  });

  it('says "Failed to create test run" when the run cannot start, leaving the runs as they were', async () => {
    const { test } = seed();
    const earlier = seedRun(test, buildRun(test));
    server.use(http.post('/api/test-run/:id', () => apiError(500, 'internal', 'boom'), { once: true }));
    const { user } = renderApp(`/test-cases/details/${test._id}/runs`);
    const list = await screen.findByRole('listbox', { name: 'Runs, newest first' });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(await screen.findByText('Failed to create test run')).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.dataset.runId),
    ).toEqual([earlier._id]);
  });

  it('says the server cannot be reached when the run is refused without an answer (server down)', async () => {
    const { test } = seed();
    seedRun(test, buildRun(test));
    server.use(http.post('/api/test-run/:id', () => HttpResponse.error(), { once: true }));
    const { user } = renderApp(`/test-cases/details/${test._id}/runs`);
    await screen.findByRole('listbox', { name: 'Runs, newest first' });
    await user.click(screen.getByRole('button', { name: 'Run' }));
    expect(
      await screen.findByText(
        'Failed to create test run: the server cannot be reached. Check your connection, or try again once it is back.',
      ),
    ).toBeInTheDocument();
    expect(storedRuns(test)).toHaveLength(1);
  });

  it('cannot run a test that is generating, and says why', async () => {
    const { test } = seed({ state: 'running' });
    renderApp(`/test-cases/details/${test._id}/runs`);
    const run = await screen.findByRole('button', { name: 'Run' });
    expect(run).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Run with overrides' })).toBeDisabled();
    expect(run.parentElement).toHaveAttribute('aria-label', RUN_MESSAGES.generating);
  });
});
