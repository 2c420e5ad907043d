import { screen, within } from '@testing-library/react';
import { deniedMessage } from '../../../../contract/permissions';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { seedEnvironment } from '../../../testing/msw/environments';
import { seedTestSchedule, testScheduleOf } from '../../../testing/msw/schedules';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { TestSchedule } from './TestSchedule';

function aScheduledTest(role: 'member' | 'viewer') {
  const { organization } = signInAsMemberOf('Acme', role);
  const test = seedTestCase(seedSuite(organization.org_id, 'Shop'), { name: 'Pay by card' });
  seedTestSchedule(test, '0 9 * * 1-5', 'Europe/Berlin');
  return test;
}

describe('TestSchedule', () => {
  it('shows a viewer the schedule but not a way to change it, saying why (issue 27)', async () => {
    const test = aScheduledTest('viewer');
    const { user } = renderWithStore(
      <TestSchedule test={{ id: test._id }} locked={deniedMessage('writeSchedules', 'viewer')} />,
    );
    const change = await screen.findByRole('button', { name: 'Change schedule' });
    expect(change).toBeDisabled();
    expect(screen.getByText(/^Next run /)).toBeInTheDocument();
    await user.hover(change.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('writeSchedules', 'viewer'));
  });

  it('lets a member change the schedule', async () => {
    const test = aScheduledTest('member');
    const { user } = renderWithStore(<TestSchedule test={{ id: test._id }} locked={null} />);
    const change = await screen.findByRole('button', { name: 'Change schedule' });
    expect(change).toBeEnabled();
    await user.click(change);
    expect(await screen.findByRole('dialog', { name: 'Schedule' })).toBeInTheDocument();
  });

  it('saves the environment a schedule runs on and names it with the schedule (issue 33)', async () => {
    const { organization } = signInAsMemberOf('Acme', 'member');
    const suite = seedSuite(organization.org_id, 'Shop');
    const test = seedTestCase(suite, { name: 'Pay by card' });
    seedEnvironment(suite, { name: 'Production', base_url: 'https://shop.example' });
    const staging = seedEnvironment(suite, { name: 'Staging', base_url: 'https://staging.shop.example' });
    const { user } = renderWithStore(<TestSchedule test={{ id: test._id, suiteId: suite.test_suite_id }} />);
    await user.click(await screen.findByRole('button', { name: 'Set schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Environment' }));
    await user.click(await screen.findByRole('option', { name: 'Staging' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    expect(await screen.findByText(/ · on Staging$/)).toBeInTheDocument();
    expect(testScheduleOf(test)).toMatchObject({ environment_id: staging._id, environment_name: 'Staging' });
  });

  it('offers no environment choice for a project without environments', async () => {
    const test = aScheduledTest('member');
    const { user } = renderWithStore(<TestSchedule test={{ id: test._id, suiteId: test.test_suite_id }} />);
    await user.click(await screen.findByRole('button', { name: 'Change schedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule' });
    expect(await within(dialog).findByRole('button', { name: 'Save schedule' })).toBeEnabled();
    expect(within(dialog).queryByRole('combobox', { name: 'Environment' })).toBeNull();
  });
});
