import { screen, within } from '@testing-library/react';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { buildBugReport, buildHealing, seedHealing } from '../../../testing/msw/healing';
import { buildFailedRun, seedRun } from '../../../testing/msw/runs';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { messages } from '../messages';
import { HealingHistory } from './HealingHistory';

jest.setTimeout(30_000);

function aTest() {
  const { organization } = signInAsMemberOf();
  const suite = seedSuite(organization.org_id, 'Shop');
  const test = seedTestCase(suite, { name: 'Checkout' });
  const run = seedRun(test, buildFailedRun(test, 1, 'The "Pay" button was not found'));
  return { test, run };
}

describe('HealingHistory', () => {
  it("lists the test's healings newest first, each openable", async () => {
    const { test, run } = aTest();
    // Seeded out of order: the list is ordered by created_at.
    seedHealing(
      test,
      buildHealing(test, run, { status: 'accepted', created_at: '2026-02-01T10:00:00.000Z' }),
    );
    seedHealing(
      test,
      buildBugReport(test, run, 'Total: $42.00', 'Total: $0.00', {
        created_at: '2026-03-01T10:00:00.000Z',
        trigger: 'auto',
      }),
    );
    seedHealing(
      test,
      buildHealing(test, run, { status: 'rejected', created_at: '2026-01-01T10:00:00.000Z' }),
    );
    const { user } = renderWithStore(<HealingHistory testCaseId={test._id} />);

    const list = await screen.findByRole('list', { name: 'Healing history' });
    const entries = within(list).getAllByRole('listitem');
    expect(
      entries.map(
        (entry) => within(entry).getAllByText(/Behaviour changed|Accepted|Rejected/)[0].textContent,
      ),
    ).toEqual(['Behaviour changed', 'Accepted', 'Rejected']);
    expect(within(entries[0]).getByText('Healed automatically')).toBeInTheDocument();
    expect(within(entries[1]).getByText('Healed by a person')).toBeInTheDocument();

    await user.click(within(entries[0]).getByRole('button', { name: /^Healing of / }));
    expect(await within(entries[0]).findByRole('alert', { name: messages.bugReportTitle })).toBeVisible();
    await user.click(within(entries[1]).getByRole('button', { name: /^Healing of / }));
    expect(await within(entries[1]).findByText('7 of 7 checks kept unchanged')).toBeVisible();
    // A decided healing is shown, not decided again.
    expect(within(entries[1]).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('says when the test has never been healed', async () => {
    const { test } = aTest();
    renderWithStore(<HealingHistory testCaseId={test._id} />);
    expect(await screen.findByText(messages.noHealings)).toBeInTheDocument();
  });
});
