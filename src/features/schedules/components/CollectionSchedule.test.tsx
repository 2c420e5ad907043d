import { screen, waitFor, within } from '@testing-library/react';
import { seedAlerts } from '../../../testing/msw/alerts';
import { findCollection, seedCollection, seedRunGroup } from '../../../testing/msw/collections';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { renderApp } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { deniedMessage } from '../../../../contract/permissions';

function checkout(
  overrides: Parameters<typeof seedCollection>[2] = {},
  role: 'admin' | 'member' | 'viewer' = 'admin',
) {
  const { organization } = signInAsMemberOf('Acme', role);
  const suite = seedSuite(organization.org_id, 'Shop');
  const pay = seedTestCase(suite, { name: 'Pay by card' });
  const refund = seedTestCase(suite, { name: 'Refund' });
  return seedCollection(suite, 'Checkout', { linked_test_ids: [pay._id, refund._id], ...overrides });
}

// NOTE: the first page of a run loads the lazy route and the session: more than findBy's 1 s.
const section = (name: RegExp) => screen.findByRole('button', { name }, { timeout: 8000 });

describe("a collection page's schedule and alerts", () => {
  it('keeps both sections closed, their headings saying the gist', async () => {
    const collection = checkout({ schedule: '0 9 * * 1-5', schedule_timezone: 'Europe/Berlin' });
    seedAlerts(collection, { alert_on: 'failure', retry_on_failure: true });
    renderApp(`/test-cases/collection/${collection._id}`);

    const schedule = await section(/^Schedule/);
    expect(schedule).toHaveAttribute('aria-expanded', 'false');
    expect(schedule).toHaveTextContent('Every weekday at 09:00 (Europe/Berlin)');
    const alerts = await section(/^Alerts & retries/);
    expect(alerts).toHaveTextContent('Alerts on failure · retries a failed test once');
    expect(screen.getByRole('heading', { level: 2, name: /^Alerts & retries/ })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Schedule' })).not.toBeInTheDocument();
  });

  it('sets a daily schedule in a time zone and shows it in the heading', async () => {
    const collection = checkout();
    const { user } = renderApp(`/test-cases/collection/${collection._id}`);

    const schedule = await section(/^Schedule/);
    expect(schedule).toHaveTextContent('Not scheduled');
    await user.click(schedule);
    const form = await screen.findByRole('form', { name: 'Schedule' });
    const zone = within(form).getByRole('combobox', { name: 'Time zone' });
    await user.clear(zone);
    await user.type(zone, 'Asia/Tokyo');
    await user.click(await screen.findByRole('option', { name: 'Asia/Tokyo' }));
    await waitFor(() =>
      expect(within(form).getByRole('status', { name: 'Schedule preview' })).toHaveTextContent(
        'Every day at 09:00 (Asia/Tokyo)',
      ),
    );
    await user.click(within(form).getByRole('button', { name: 'Save schedule' }));

    expect(await screen.findByText('Schedule saved')).toBeInTheDocument();
    await waitFor(() => expect(schedule).toHaveTextContent('Every day at 09:00 (Asia/Tokyo)'));
    expect(findCollection(collection._id)?.collection).toMatchObject({
      schedule: '0 9 * * *',
      schedule_timezone: 'Asia/Tokyo',
    });
  });

  it('shows a viewer the schedule read-only, saying why (issue 27: writeCollections)', async () => {
    const collection = checkout({ schedule: '0 9 * * *', schedule_timezone: 'UTC' }, 'viewer');
    const { user } = renderApp(`/test-cases/collection/${collection._id}`);

    await user.click(await section(/^Schedule/));
    const form = await screen.findByRole('form', { name: 'Schedule' });
    const reason = deniedMessage('writeCollections', 'viewer');
    expect(within(form).getByText(reason)).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Save schedule' })).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Remove schedule' })).toBeDisabled();
    expect(within(form).getByRole('radio', { name: 'Hourly' })).toBeDisabled();
    expect(within(form).getByRole('combobox', { name: 'Time zone' })).toBeDisabled();
    await user.hover(
      within(form).getByRole('button', { name: 'Save schedule' }).parentElement as HTMLElement,
    );
    expect(await screen.findByRole('tooltip')).toHaveTextContent(reason);
  });

  it('lets a member change the schedule', async () => {
    const collection = checkout({ schedule: '0 9 * * *', schedule_timezone: 'UTC' }, 'member');
    const { user } = renderApp(`/test-cases/collection/${collection._id}`);

    await user.click(await section(/^Schedule/));
    const form = await screen.findByRole('form', { name: 'Schedule' });
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Save schedule' })).toBeEnabled());
    expect(within(form).getByRole('radio', { name: 'Hourly' })).toBeEnabled();
  });

  it('links a started tick to its group, and opens that group', async () => {
    const collection = checkout({ schedule: '0 9 * * *', schedule_timezone: 'UTC' });
    const at = '2026-01-04T09:00:00.000Z';
    seedRunGroup(collection, at, ['passed', 'failed']);
    seedRunGroup(collection, '2026-01-05T09:00:00.000Z', ['passed', 'passed']);
    collection.schedule_ticks = [
      {
        tick_at: at,
        handled_at: at,
        outcome: 'started',
        message: null,
        group_created_at: at,
        run_id: null,
      },
    ];
    const { user, router } = renderApp(`/test-cases/collection/${collection._id}`);

    await user.click(await section(/^Schedule/));
    const ticks = await screen.findByRole('list', { name: 'Recent scheduled runs' });
    await user.click(within(ticks).getByRole('link'));
    await waitFor(() => expect(router.state.location.search).toBe(`?created_at=${encodeURIComponent(at)}`));
    const groups = within(screen.getByRole('list', { name: 'Recent runs' })).getAllByRole('listitem', {
      name: /^Run of/,
    });
    await waitFor(() =>
      expect(within(groups[1]).getByRole('button', { expanded: true })).toBeInTheDocument(),
    );
  });

  it('counts flaky runs apart from passed ones, in the warning colour', async () => {
    const collection = checkout();
    seedRunGroup(collection, '2026-01-05T09:00:00.000Z', ['passed', 'flaky']);
    const { user } = renderApp(`/test-cases/collection/${collection._id}`);

    const [group] = within(await screen.findByRole('list', { name: 'Recent runs' })).getAllByRole(
      'listitem',
      { name: /^Run of/ },
    );
    expect(within(group).getByText('1 passed')).toBeInTheDocument();
    const flaky = within(group).getByText('1 flaky');
    expect(flaky.closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
    await user.click(within(group).getByRole('button', { expanded: false }));
    const runs = await within(group).findByRole('list', { name: /^Runs of/ });
    expect(within(runs).getByText('Flaky').closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
  });
});
