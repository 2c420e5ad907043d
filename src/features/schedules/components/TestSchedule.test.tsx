import { screen } from '@testing-library/react';
import { deniedMessage } from '../../../../contract/permissions';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { seedTestSchedule } from '../../../testing/msw/schedules';
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
});
