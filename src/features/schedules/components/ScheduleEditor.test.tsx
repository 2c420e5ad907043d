import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { apiError } from '../../../testing/msw/api';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { seedTestSchedule, testScheduleOf } from '../../../testing/msw/schedules';
import { server } from '../../../testing/msw/server';
import { renderApp, renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { ScheduleEditor } from './ScheduleEditor';
import { TestSchedule } from './TestSchedule';

function aTest() {
  const { organization } = signInAsMemberOf();
  const suite = seedSuite(organization.org_id, 'Shop');
  return seedTestCase(suite, { name: 'Pay by card' });
}

const preview = () => screen.getByRole('status', { name: 'Schedule preview' });

async function chooseZone(user: ReturnType<typeof renderWithStore>['user'], zone: string) {
  const field = screen.getByRole('combobox', { name: 'Time zone' });
  await user.clear(field);
  await user.type(field, zone);
  await user.click(await screen.findByRole('option', { name: zone }));
}

describe('ScheduleEditor', () => {
  it('says a daily schedule in words with its next three times in the chosen zone', async () => {
    aTest();
    const onSave = jest.fn(async () => true);
    const { user } = renderWithStore(<ScheduleEditor cron={null} timezone="UTC" onSave={onSave} />);

    await chooseZone(user, 'Europe/Berlin');
    await waitFor(() => expect(preview()).toHaveTextContent('Every day at 09:00 (Europe/Berlin)'));
    const next = within(preview()).getAllByRole('listitem');
    expect(next).toHaveLength(3);
    // 09:00 in Berlin is 08:00 UTC: the first run after the fixed "now" (Monday 08:30 UTC) is Tuesday's.
    expect(next[0]).toHaveTextContent(/Jan 6, 2026.*09:00/);

    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(onSave).toHaveBeenCalledWith({
      cron: '0 9 * * *',
      timezone: 'Europe/Berlin',
      environmentId: null,
    });
  });

  it('builds a weekly cron from the chosen days and time', async () => {
    aTest();
    const onSave = jest.fn(async () => true);
    const { user } = renderWithStore(<ScheduleEditor cron={null} timezone="UTC" onSave={onSave} />);

    await user.click(screen.getByRole('radio', { name: 'Weekly' }));
    await user.click(screen.getByRole('checkbox', { name: 'Tuesday' }));
    await user.click(screen.getByRole('checkbox', { name: 'Thursday' }));
    const time = screen.getByLabelText('Time');
    await user.clear(time);
    await user.type(time, '17:30');
    await waitFor(() =>
      expect(preview()).toHaveTextContent('Every Monday, Wednesday, Friday at 17:30 (UTC)'),
    );

    await user.click(screen.getByRole('button', { name: 'Save schedule' }));
    expect(onSave).toHaveBeenCalledWith({ cron: '30 17 * * 1,3,5', timezone: 'UTC', environmentId: null });
  });

  it('refuses a custom cron without 5 fields, with SPEC §5 words, and sends nothing', async () => {
    aTest();
    const onSave = jest.fn(async () => true);
    const { user } = renderWithStore(<ScheduleEditor cron={null} timezone="UTC" onSave={onSave} />);

    await user.click(screen.getByRole('radio', { name: 'Custom cron' }));
    await user.type(screen.getByLabelText('Cron expression'), '0 9 * *');
    await user.click(screen.getByRole('button', { name: 'Save schedule' }));

    expect(
      await screen.findByText(
        'A schedule must be a cron expression of 5 fields (minute hour day month weekday)',
      ),
    ).toBeInTheDocument();
    expect(preview()).toHaveTextContent('Complete the schedule to see when it runs.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the server's reason when it cannot read a custom cron", async () => {
    aTest();
    const { user } = renderWithStore(<ScheduleEditor cron={null} timezone="UTC" onSave={async () => true} />);

    await user.click(screen.getByRole('radio', { name: 'Custom cron' }));
    await user.type(screen.getByLabelText('Cron expression'), '99 9 * * *');
    expect(
      await within(preview()).findByText(
        'A schedule must be a cron expression of 5 fields (minute hour day month weekday)',
      ),
    ).toBeInTheDocument();
  });

  it('previews a custom cron while it is typed, before any save (issue 28)', async () => {
    aTest();
    const onSave = jest.fn(async () => true);
    const { user } = renderWithStore(<ScheduleEditor cron="0 9 * * *" timezone="UTC" onSave={onSave} />);
    await waitFor(() => expect(preview()).toHaveTextContent('Every day at 09:00 (UTC)'));

    await user.click(screen.getByRole('radio', { name: 'Custom cron' }));
    const field = screen.getByLabelText('Cron expression');
    await user.clear(field);
    await user.type(field, '30 8 * * 1-5');
    await waitFor(() => expect(preview()).toHaveTextContent('Every weekday at 08:30 (UTC)'));
    expect(within(preview()).getAllByRole('listitem')).toHaveLength(3);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says under the field, while it is typed, that an incomplete cron needs 5 fields (issue 28)', async () => {
    aTest();
    const { user } = renderWithStore(<ScheduleEditor cron={null} timezone="UTC" onSave={async () => true} />);

    await user.click(screen.getByRole('radio', { name: 'Custom cron' }));
    const field = screen.getByLabelText('Cron expression');
    await user.type(field, '0 9 * *');
    // No blur, no save: the field itself says what is wrong.
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'A schedule must be a cron expression of 5 fields (minute hour day month weekday)',
      ),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(preview()).toHaveTextContent('Complete the schedule to see when it runs.');

    await user.type(field, ' *');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'false'));
    await waitFor(() => expect(preview()).toHaveTextContent('Every day at 09:00 (UTC)'));
  });

  it("says the server's reason under the field for a cron of 5 fields it cannot read (issue 28)", async () => {
    aTest();
    const { user } = renderWithStore(<ScheduleEditor cron={null} timezone="UTC" onSave={async () => true} />);

    await user.click(screen.getByRole('radio', { name: 'Custom cron' }));
    const field = screen.getByLabelText('Cron expression');
    await user.type(field, '99 9 * * *');
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(
        'A schedule must be a cron expression of 5 fields (minute hour day month weekday)',
      ),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('opens a saved custom cron as custom, and a preset as its preset', async () => {
    aTest();
    const { unmount } = renderWithStore(
      <ScheduleEditor cron="*/15 9-17 * * 1-5" timezone="UTC" onSave={async () => true} />,
    );
    expect(screen.getByRole('radio', { name: 'Custom cron' })).toBeChecked();
    expect(screen.getByLabelText('Cron expression')).toHaveValue('*/15 9-17 * * 1-5');
    unmount();
    renderWithStore(<ScheduleEditor cron="20 * * * *" timezone="UTC" onSave={async () => true} />);
    expect(screen.getByRole('radio', { name: 'Hourly' })).toBeChecked();
    expect(screen.getByLabelText('Minute past the hour')).toHaveValue(20);
  });
});

describe("a test's schedule", () => {
  it("is a section of the test's page", async () => {
    const test = aTest();
    renderApp(`/test-cases/details/${test._id}`);
    const section = await screen.findByRole('region', { name: 'Schedule' }, { timeout: 8000 });
    expect(await within(section).findByText('Not scheduled')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Set schedule' })).toBeInTheDocument();
  });

  it('sets a schedule in a dialog, then shows it with its next run', async () => {
    const test = aTest();
    const { user } = renderWithStore(<TestSchedule test={{ id: test._id }} />);

    expect(await screen.findByText('Not scheduled')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule' });
    await user.click(within(dialog).getByRole('radio', { name: 'Hourly' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));

    expect(await screen.findByText('Schedule saved')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Every hour at minute 0 (UTC)')).toBeInTheDocument();
    expect(screen.getByText(/^Next run /)).toBeInTheDocument();
    expect(testScheduleOf(test)?.cron).toBe('0 * * * *');
  });

  it('lists what the last ticks did and removes the schedule', async () => {
    const test = aTest();
    seedTestSchedule(test, '0 9 * * *', 'UTC', [
      {
        tick_at: '2026-01-05T09:00:00.000Z',
        handled_at: '2026-01-05T09:00:01.000Z',
        outcome: 'skipped',
        message: 'The previous run was still going',
        group_created_at: null,
        run_id: null,
      },
      {
        tick_at: '2026-01-04T09:00:00.000Z',
        handled_at: '2026-01-04T09:00:01.000Z',
        outcome: 'started',
        message: null,
        group_created_at: null,
        run_id: 'run-1',
      },
    ]);
    const { user } = renderWithStore(<TestSchedule test={{ id: test._id }} />);

    const ticks = await screen.findByRole('list', { name: 'Recent scheduled runs' });
    const [skipped, started] = within(ticks).getAllByRole('listitem');
    expect(skipped).toHaveTextContent('Skipped');
    expect(skipped).toHaveTextContent('The previous run was still going');
    expect(within(started).getByRole('link')).toHaveAttribute('href', `/test-cases/details/${test._id}/runs`);

    await user.click(screen.getByRole('button', { name: 'Change schedule' }));
    await user.click(await screen.findByRole('button', { name: 'Remove schedule' }));
    // Asked first: nothing is removed until it is confirmed.
    const confirm = await screen.findByRole('dialog', { name: 'Remove this schedule?' });
    expect(testScheduleOf(test)).not.toBeNull();
    await user.click(within(confirm).getByRole('button', { name: 'Remove schedule' }));
    expect(await screen.findByText('Schedule removed')).toBeInTheDocument();
    expect(await screen.findByText('Not scheduled')).toBeInTheDocument();
    expect(testScheduleOf(test)).toBeNull();
  });

  it('says when the schedule cannot be read, and reads it again on Retry', async () => {
    const test = aTest();
    server.use(
      http.get('/api/test-case/:id/schedule', () => apiError(500, 'internal', 'boom'), { once: true }),
    );
    const { user } = renderWithStore(<TestSchedule test={{ id: test._id }} />);
    expect(await screen.findByText('Failed to fetch schedule')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Not scheduled')).toBeInTheDocument();
  });
});
