import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { apiError } from '../../testing/msw/api';
import {
  candidateOf,
  seedDashboard,
  seedQuarantine,
  seedQuarantineCandidate,
} from '../../testing/msw/dashboard';
import { db, seedSuite, seedTestCase } from '../../testing/msw/db';
import { buildRun, seedRun } from '../../testing/msw/runs';
import { seedEnvironment } from '../../testing/msw/environments';
import { server } from '../../testing/msw/server';
import { renderApp } from '../../testing/renderWithStore';
import { signInAsMemberOf } from '../../testing/session';

const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

function dashboardOf(suiteName = 'Checkout') {
  const { organization } = signInAsMemberOf();
  const suite = seedSuite(organization.org_id, suiteName);
  return { organization, suite };
}

describe('the dashboard', () => {
  it('asks what the person wants to test today, naming the current suite', async () => {
    const { organization } = signInAsMemberOf();
    seedSuite(organization.org_id, 'Checkout');
    renderApp('/dashboard');
    expect(
      await screen.findByRole('heading', { name: 'What do you want to test today?' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('Checkout', { selector: 'strong' })).toBeInTheDocument();
    expect(document.title).toBe('Dashboard · Plainwright');
  });

  it('invites the person to create the first suite, then selects it', async () => {
    signInAsMemberOf();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Create project' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create project' });
    await user.type(within(dialog).getByLabelText('Name'), 'Checkout{Enter}');
    expect(await screen.findByRole('button', { name: 'Project: Checkout' })).toBeInTheDocument();
  });
});

describe('the dashboard headline form', () => {
  it('creates the test from a bare website and plain words, asks for its generation and opens it', async () => {
    const { suite } = dashboardOf();
    const { user, router } = renderApp('/dashboard');
    const form = await screen.findByRole('form', { name: 'What do you want to test today?' });
    await user.type(within(form).getByLabelText(/^Website/), 'localhost:3112');
    await user.type(
      within(form).getByLabelText(/^What should the test do/),
      'Log in as ada and check the cart{Enter}Then pay by card',
    );
    await user.click(within(form).getByRole('button', { name: 'Create and generate' }));

    await waitFor(() => expect(db.testCases).toHaveLength(1));
    const [test] = db.testCases;
    expect(test).toMatchObject({
      test_suite_id: suite.test_suite_id,
      name: 'Log in as ada and check the cart',
      website: 'http://localhost:3112',
      description: '<p>Log in as ada and check the cart</p><p>Then pay by card</p>',
      state: 'pending',
    });
    expect(test.generation_requested_at).not.toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe(`/test-cases/details/${test._id}`));
  });

  it('submits with Ctrl+Enter and reads example.com as https', async () => {
    dashboardOf();
    const { user } = renderApp('/dashboard');
    const form = await screen.findByRole('form', { name: 'What do you want to test today?' });
    await user.type(within(form).getByLabelText(/^Website/), 'example.com');
    await user.type(within(form).getByLabelText(/^What should the test do/), 'Open the pricing page');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(db.testCases).toHaveLength(1));
    expect(db.testCases[0]).toMatchObject({ website: 'https://example.com', name: 'Open the pricing page' });
  });

  it('says what is missing or wrong and keeps what was typed', async () => {
    dashboardOf();
    const { user } = renderApp('/dashboard');
    const form = await screen.findByRole('form', { name: 'What do you want to test today?' });
    await user.click(within(form).getByRole('button', { name: 'Create and generate' }));
    expect(await within(form).findByText('Website URL is required')).toBeInTheDocument();
    expect(within(form).getByText('Describe what to test in plain words.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/^Website/), 'not a site');
    await user.type(within(form).getByLabelText(/^What should the test do/), 'Open the shop');
    await user.click(within(form).getByRole('button', { name: 'Create and generate' }));
    expect(await within(form).findByText('Please enter a valid URL')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^What should the test do/)).toHaveValue('Open the shop');
    expect(db.testCases).toHaveLength(0);
  });

  it('keeps the words when the server fails, and says so', async () => {
    dashboardOf();
    server.use(http.post('/api/test-cases/', () => apiError(500, 'internal_error', 'boom')));
    const { user, router } = renderApp('/dashboard');
    const form = await screen.findByRole('form', { name: 'What do you want to test today?' });
    await user.type(within(form).getByLabelText(/^Website/), 'shop.example');
    await user.type(within(form).getByLabelText(/^What should the test do/), 'Open the shop');
    await user.click(within(form).getByRole('button', { name: 'Create and generate' }));
    expect(await screen.findByText('Failed to create test case. Please try again.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^What should the test do/)).toHaveValue('Open the shop');
    expect(within(form).getByLabelText(/^Website/)).toHaveValue('shop.example');
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

describe('the dashboard sections', () => {
  it('shows pass rates, latest failures, flaky, out-of-date and running tests', async () => {
    const { suite } = dashboardOf();
    const longName = `Checks the whole checkout ${'with many steps '.repeat(8)}`.trim();
    seedDashboard(suite.test_suite_id, {
      pass_rate: {
        last_7_days: { passed: 9, failed: 1, total: 10, rate: 0.9 },
        last_30_days: { passed: 30, failed: 10, total: 40, rate: 0.75 },
        daily: Array.from({ length: 30 }, (_, index) => ({ date: day(29 - index), passed: 1, failed: 0 })),
      },
      latest_failures: [
        {
          test_case_id: 'test-failing',
          test_name: longName,
          run_id: 'run-1',
          status: 'failed',
          failed_at: new Date().toISOString(),
          failing_step_index: 2,
          failing_step: 'Click "Pay"',
          error_message: 'No button named "Pay"',
        },
      ],
      flaky: [{ test_case_id: 'test-flaky', test_name: 'Searches', passed: 3, failed: 1, flaky: 1, runs: 5 }],
      out_of_date: [{ test_case_id: 'test-stale', test_name: 'Signs up' }],
      running: [
        {
          kind: 'run',
          test_case_id: 'test-running',
          test_name: 'Pays by card',
          run_id: 'run-2',
          status: 'running',
          started_at: new Date().toISOString(),
        },
        {
          kind: 'generation',
          test_case_id: 'test-generating',
          test_name: 'Writes a review',
          run_id: null,
          status: 'pending',
          started_at: null,
        },
      ],
    });
    renderApp('/dashboard');

    const rates = await screen.findByRole('region', { name: 'Pass rate' });
    expect(within(rates).getByRole('group', { name: 'Last 7 days' })).toHaveTextContent(
      '90%9 passed · 1 failed',
    );
    expect(within(rates).getByRole('group', { name: 'Last 30 days' })).toHaveTextContent('75%');
    expect(within(rates).getByText('Last 30 days: 30 passed, 0 failed')).toBeInTheDocument();

    const failures = screen.getByRole('region', { name: 'Latest failures' });
    const failing = within(failures).getByRole('link', { name: longName });
    expect(failing).toHaveAttribute('href', '/test-cases/details/test-failing/runs');
    expect(within(failures).getByText('Step 3: Click "Pay"')).toBeInTheDocument();
    expect(within(failures).getByText('No button named "Pay"')).toBeInTheDocument();

    const flaky = screen.getByRole('region', { name: 'Flaky tests' });
    expect(within(flaky).getByRole('link', { name: 'Searches' })).toBeInTheDocument();
    expect(within(flaky).getByText('3 passed · 1 flaky · 1 failed of the last 5 runs')).toBeInTheDocument();

    const stale = screen.getByRole('region', { name: 'Steps out of date' });
    expect(within(stale).getByRole('link', { name: 'Signs up' })).toHaveAttribute(
      'href',
      '/test-cases/details/test-stale',
    );

    const running = screen.getByRole('region', { name: 'Running now' });
    expect(within(running).getByText('Live')).toBeInTheDocument();
    expect(within(running).getByText('Run · Running')).toBeInTheDocument();
    expect(within(running).getByText('Generation · Queued')).toBeInTheDocument();
  });

  it('reads the dashboard again within seconds while something runs', async () => {
    const { suite } = dashboardOf();
    seedDashboard(suite.test_suite_id, {
      running: [
        {
          kind: 'run',
          test_case_id: 'test-running',
          test_name: 'Pays by card',
          run_id: 'run-2',
          status: 'pending',
          started_at: null,
        },
      ],
    });
    renderApp('/dashboard');
    const running = await screen.findByRole('region', { name: 'Running now' });
    expect(within(running).getByText('Run · Queued')).toBeInTheDocument();
    seedDashboard(suite.test_suite_id, { running: [] });
    // Polled every 3 s while live (every 30 s otherwise).
    expect(
      await within(running).findByText('Nothing is running right now.', undefined, { timeout: 6000 }),
    ).toBeInTheDocument();
  });

  it('says so in a sentence when a section has nothing to show', async () => {
    dashboardOf();
    renderApp('/dashboard');
    const rates = await screen.findByRole('region', { name: 'Pass rate' });
    expect(within(rates).getAllByText('No finished runs')).toHaveLength(2);
    for (const sentence of [
      'No test is failing right now.',
      'No test both passed and failed on the same steps lately.',
      "Every test's steps match its instructions and website.",
      'Nothing is running right now.',
    ])
      expect(screen.getByText(sentence)).toBeInTheDocument();
  });

  it("shows the default environment's runs, and another environment's when chosen (issue 33)", async () => {
    const { suite } = dashboardOf();
    const staging = seedEnvironment(suite, { name: 'Staging', base_url: 'https://staging.shop.example' });
    const preview = seedEnvironment(suite, { name: 'Preview', base_url: 'https://preview.shop.example' });
    const failure = {
      test_case_id: 'test-checkout',
      test_name: 'Checks out',
      run_id: 'run-checkout',
      status: 'failed',
      failed_at: new Date().toISOString(),
      failing_step_index: 1,
      failing_step: 'Click "Pay"',
      error_message: 'The button was not found.',
    };
    seedDashboard(suite.test_suite_id, { latest_failures: [failure] }, staging._id);
    seedDashboard(suite.test_suite_id, { latest_failures: [] }, preview._id);
    const { user } = renderApp('/dashboard');
    const choice = await screen.findByRole('combobox', { name: 'Environment' });
    expect(choice).toHaveTextContent('Staging (default)');
    expect(await screen.findByText('Checks out')).toBeInTheDocument();

    await user.click(choice);
    await user.click(await screen.findByRole('option', { name: 'Preview' }));
    expect(await screen.findByText('No test is failing right now.')).toBeInTheDocument();
    expect(screen.queryByText('Checks out')).toBeNull();
  });

  it('lists the quarantined tests with their reason, who quarantined them and their newest runs (issue 33)', async () => {
    const { suite } = dashboardOf();
    const test = seedTestCase(suite, { name: 'Searches by colour' });
    seedRun(test, buildRun(test, { status: 'failed' }));
    seedQuarantine(test, 'Fails when the index rebuilds', 'grace@example.com');
    renderApp('/dashboard');
    const section = await screen.findByRole('region', { name: 'Quarantined tests' });
    expect(await within(section).findByRole('link', { name: 'Searches by colour' })).toBeInTheDocument();
    expect(
      within(section).getByText(/^Fails when the index rebuilds · by grace@example\.com on /),
    ).toBeInTheDocument();
    expect(
      within(within(section).getByRole('list', { name: 'Newest runs of Searches by colour' })).getByText(
        'failed',
      ),
    ).toBeInTheDocument();
  });

  it('lists the candidates for quarantine, a flaky run marked, until a person dismisses one (issue 33)', async () => {
    const { suite } = dashboardOf();
    const test = seedTestCase(suite, { name: 'Pays by card' });
    const run = seedRun(test, buildRun(test, { status: 'flaky' }));
    seedQuarantineCandidate(test, run._id);
    const { user } = renderApp('/dashboard');
    const section = await screen.findByRole('region', { name: 'Candidates for quarantine' });
    expect(within(section).getByRole('link', { name: 'Pays by card' })).toBeInTheDocument();
    expect(within(section).getByText(/^Passed only on its retry · /)).toBeInTheDocument();
    expect(
      within(within(section).getByRole('list', { name: 'Newest runs of Pays by card' })).getByText('flaky'),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Dismiss Pays by card' }));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Candidates for quarantine' })).not.toBeInTheDocument(),
    );
    expect(candidateOf(test)).toBeNull();
  });

  it('says so when no test is quarantined, and offers a retry when the list fails (issue 33)', async () => {
    dashboardOf();
    let fail = true;
    server.use(
      http.get('/api/test-suites/:suiteId/quarantine', () =>
        fail ? apiError(500, 'internal_error', 'boom') : undefined,
      ),
    );
    const { user } = renderApp('/dashboard');
    expect(
      await screen.findByText('Failed to load the quarantined tests. Please try again.'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getAllByRole('button', { name: 'Retry' }).at(-1)!);
    expect(await screen.findByText('No test is quarantined: every failure counts.')).toBeInTheDocument();
  });

  it('shows an error with a retry that reads the dashboard again', async () => {
    const { suite } = dashboardOf();
    let fail = true;
    server.use(
      http.get('/api/test-suites/:suiteId/dashboard', () =>
        fail ? apiError(500, 'internal_error', 'boom') : undefined,
      ),
    );
    const { user } = renderApp('/dashboard');
    expect(await screen.findByText('Failed to load the dashboard. Please try again.')).toBeInTheDocument();
    fail = false;
    seedDashboard(suite.test_suite_id, { flaky: [] });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('region', { name: 'Pass rate' })).toBeInTheDocument();
  });
});

describe('the styles page', () => {
  it('shows the design system in both colour schemes', async () => {
    signInAsMemberOf();
    renderApp('/common/styles');
    expect(await screen.findByRole('heading', { name: 'Styles' })).toBeInTheDocument();
    for (const scheme of ['light', 'dark']) {
      const section = screen.getByRole('region', { name: `${scheme} theme` });
      expect(section).toHaveAttribute('data-color-scheme', scheme);
      for (const title of ['Palette', 'Typography', 'Buttons', 'Inputs', 'Chips']) {
        expect(within(section).getByRole('heading', { name: title })).toBeInTheDocument();
      }
    }
  });
});

describe('the settings tabs', () => {
  it('moves between organization and project settings', async () => {
    signInAsMemberOf();
    const { user, router } = renderApp('/auth/settings');
    await screen.findByRole('heading', { name: 'Service account key' });
    await user.click(screen.getByRole('tab', { name: 'Projects' }));
    expect(await screen.findByRole('heading', { name: 'Projects' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/settings/projects');
    expect(screen.getByRole('tab', { name: 'Projects' })).toHaveAttribute('aria-selected', 'true');
  });
});
