import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { parse } from 'yaml';
import { apiError } from '../../../testing/msw/api';
import { seedCollection } from '../../../testing/msw/collections';
import { seedSuite } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { ciRunGroup, seedCiRuns } from '../../../testing/msw/sharing';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { IntegrationsRoute } from './IntegrationsRoute';

function shop() {
  const { organization } = signInAsMemberOf();
  return seedSuite(organization.org_id, 'Shop');
}

async function renderIntegrations() {
  const view = renderWithStore(<IntegrationsRoute />, { route: '/integrations' });
  await screen.findByRole('heading', { level: 1, name: 'Integrations' });
  return view;
}

const snippet = (name: string) => screen.findByLabelText(name, { selector: 'pre' });

describe('the Integrations page', () => {
  it('hands out a GitHub Actions workflow and a GitLab CI job for the chosen suite and timeout', async () => {
    const suite = shop();
    seedCollection(suite, 'Checkout');
    const nightly = seedCollection(suite, 'Nightly');
    const { user } = await renderIntegrations();

    await user.click(await screen.findByRole('combobox', { name: 'Test suite' }));
    await user.click(await screen.findByRole('option', { name: 'Nightly' }));
    const timeout = screen.getByRole('spinbutton', { name: 'Timeout (seconds)' });
    await user.clear(timeout);
    await user.type(timeout, '600');

    const github = await snippet('GitHub Actions workflow');
    await waitFor(() => expect(github).toHaveTextContent(`--collection ${nightly._id} --timeout 600`));
    const workflow = parse(github.textContent!) as {
      jobs: { plainwright: { name: string; steps: { run?: string; env?: Record<string, string> }[] } };
    };
    expect(workflow.jobs.plainwright.name).toBe('Plainwright: Nightly');
    const runs = workflow.jobs.plainwright.steps.filter((step) => step.run);
    // The key reaches the CLI through its environment, never its command line (`ps` shows those).
    expect(runs.map((step) => step.run)).toEqual([
      `curl -fsSL ${window.location.origin}/api/cli/plainwright.mjs -o plainwright.mjs`,
      `node plainwright.mjs ci --server ${window.location.origin} ` +
        `--collection ${nightly._id} --timeout 600 --junit results.xml`,
    ]);
    expect(runs[1].env).toEqual({ PLAINWRIGHT_KEY: '${{ secrets.PLAINWRIGHT_KEY }}' });
    const gitlab = await snippet('GitLab CI job');
    expect(gitlab).toHaveTextContent(`--collection ${nightly._id} --timeout 600`);
    expect(gitlab).not.toHaveTextContent('--key');
    expect(gitlab).toHaveTextContent('junit: results.xml');

    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy workflow' }));
    expect(writeText).toHaveBeenCalledWith(github.textContent);
    await user.click(screen.getByRole('button', { name: 'Copy job' }));
    expect(writeText).toHaveBeenLastCalledWith(gitlab.textContent);
    expect(await screen.findAllByText('Copied to clipboard')).not.toHaveLength(0);
  });

  it('warns that CI runners cannot reach a loopback address, and says how to set the public one', async () => {
    seedCollection(shop(), 'Checkout');
    await renderIntegrations();
    await snippet('GitHub Actions workflow');
    // The tests' page is at http://localhost: the address the workflow would call.
    expect(new URL(window.location.origin).hostname).toBe('localhost');
    const warning = screen.getByRole('alert');
    expect(warning).toHaveTextContent(`CI runners cannot reach ${window.location.origin}`);
    expect(warning).toHaveTextContent('PUBLIC_URL');
  });

  it('refuses a timeout outside 30 to 900 seconds and at least one browser is needed', async () => {
    seedCollection(shop(), 'Checkout');
    const { user } = await renderIntegrations();
    const timeout = await screen.findByRole('spinbutton', { name: 'Timeout (seconds)' });

    await user.clear(timeout);
    await user.type(timeout, '20');
    expect(await screen.findByText('Timeout must be between 30 and 900 seconds')).toBeInTheDocument();
    expect(screen.getByText('Fix the settings above to see the workflow.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy workflow' })).not.toBeInTheDocument();

    await user.clear(timeout);
    await user.type(timeout, '901');
    expect(await screen.findByText('Timeout must be between 30 and 900 seconds')).toBeInTheDocument();

    await user.clear(timeout);
    await user.type(timeout, '900');
    expect(await snippet('GitHub Actions workflow')).toHaveTextContent('--timeout 900');
    expect(screen.queryByText('Timeout must be between 30 and 900 seconds')).not.toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Firefox' }));
    expect(await snippet('GitHub Actions workflow')).toHaveTextContent('--browsers chromium,firefox');
    await user.click(screen.getByRole('checkbox', { name: 'Chromium' }));
    await user.click(screen.getByRole('checkbox', { name: 'Firefox' }));
    expect(await screen.findByText('Choose at least one browser')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy workflow' })).not.toBeInTheDocument();
  });

  it('offers only the browsers the server can launch, and says why the others are missing (issue 28)', async () => {
    server.use(http.get('/api/system/browsers', () => HttpResponse.json({ browsers: ['chromium'] })));
    seedCollection(shop(), 'Checkout');
    await renderIntegrations();
    const browsers = await screen.findByRole('group', { name: 'Browsers' });
    expect(
      await screen.findByText(
        'Only Chromium is installed on this server: Firefox and WebKit need installing where the workers run (npx playwright install firefox webkit).',
      ),
    ).toBeInTheDocument();
    expect(
      within(browsers)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Chromium']);
    expect(screen.queryByRole('checkbox', { name: 'Firefox' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'WebKit' })).not.toBeInTheDocument();
  });

  it('tells where the key is without showing it', async () => {
    seedCollection(shop(), 'Checkout');
    await renderIntegrations();
    expect(await screen.findByRole('link', { name: 'Settings → Organization' })).toHaveAttribute(
      'href',
      '/auth/settings',
    );
    expect(document.body).not.toHaveTextContent('sak_acme_1');
    const exitCodes = within(screen.getByRole('table', { name: 'Exit codes' })).getAllByRole('row');
    expect(exitCodes.map((row) => row.firstChild?.textContent)).toEqual(['Code', '0', '1', '2']);
  });

  it('lists the latest runs pipelines started, each linking to its group', async () => {
    const suite = shop();
    const checkout = seedCollection(suite, 'Checkout');
    seedCiRuns(suite, [
      ciRunGroup({
        collection_id: checkout._id,
        collection_name: 'Checkout',
        created_at: '2026-03-02T09:00:00.000Z',
        counts: { pending: 0, running: 1, passed: 2, failed: 0, cancelled: 0, error: 0, flaky: 0 },
        finished_at: null,
      }),
      ciRunGroup({
        collection_id: checkout._id,
        collection_name: 'Checkout',
        created_at: '2026-03-01T09:00:00.000Z',
        counts: { pending: 0, running: 0, passed: 2, failed: 1, cancelled: 0, error: 0, flaky: 0 },
      }),
    ]);
    await renderIntegrations();

    const rows = within(await screen.findByRole('list', { name: 'Runs started from CI' })).getAllByRole(
      'listitem',
    );
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Running')).toBeInTheDocument();
    expect(within(rows[0]).getByText('2 passed')).toBeInTheDocument();
    expect(rows[0]).toHaveTextContent('3 tests');
    expect(within(rows[1]).getByText('1 failed')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: 'Checkout' })).toHaveAttribute(
      'href',
      `/test-cases/collection/${checkout._id}?created_at=${encodeURIComponent('2026-03-01T09:00:00.000Z')}`,
    );
  });

  it('says when the runs from CI failed to load, and loads them again on Retry', async () => {
    seedCollection(shop(), 'Checkout');
    server.use(
      http.get('/api/test-suites/:suiteId/ci-runs', () => apiError(500, 'internal_error', 'Internal error'), {
        once: true,
      }),
    );
    const { user } = await renderIntegrations();
    expect(
      await screen.findByText('Failed to load the runs started from CI. Please try again.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No runs from CI yet')).toBeInTheDocument();
  });

  it('says when no pipeline has run yet, and when there is no suite to run', async () => {
    shop();
    await renderIntegrations();
    expect(await screen.findByText('No runs from CI yet')).toBeInTheDocument();
    expect(await screen.findByText('No test suites yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to test suites' })).toHaveAttribute(
      'href',
      '/test-cases/collections',
    );
  });
});
