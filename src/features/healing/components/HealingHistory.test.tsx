import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { buildBugReport, buildHealing, findHealing, seedHealing } from '../../../testing/msw/healing';
import { buildFailedRun, seedRun } from '../../../testing/msw/runs';
import { server } from '../../../testing/msw/server';
import { renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { messages } from '../messages';
import { HealingHistory } from './HealingHistory';

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
    // Who started each, never "Healed …": the bug report healed nothing (issue 28).
    expect(within(entries[0]).getByText('Started automatically after a failed run')).toBeInTheDocument();
    expect(within(entries[1]).getByText('Started by a person')).toBeInTheDocument();
    expect(list).not.toHaveTextContent(/Healed (automatically|by a person)/);

    await user.click(within(entries[0]).getByRole('button', { name: /^Healing of / }));
    expect(await within(entries[0]).findByRole('alert', { name: messages.bugReportTitle })).toBeVisible();
    await user.click(within(entries[1]).getByRole('button', { name: /^Healing of / }));
    expect(await within(entries[1]).findByText('7 of 7 checks kept unchanged')).toBeVisible();
    // A decided healing is shown, not decided again.
    expect(within(entries[1]).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('labels a healing made on another website with that site, and warns that accepting it re-targets the test there', async () => {
    const { test } = aTest();
    const elsewhere = seedRun(
      test,
      buildFailedRun(test, 1, 'The "Pay" button was not found', {
        settings: { parameter_overrides: {}, website_url_override: 'https://preview.shop.example/' },
      }),
    );
    seedHealing(test, buildHealing(test, elsewhere, { status: 'passed' }));
    const { user } = renderWithStore(<HealingHistory testCaseId={test._id} />);

    const [entry] = within(await screen.findByRole('list', { name: 'Healing history' })).getAllByRole(
      'listitem',
    );
    const site = within(entry).getByText(/Made on https:\/\/preview\.shop\.example\//);
    // Issue 28: a long address wraps, and the summary may shrink, so the row never overflows the page.
    expect(site).toHaveStyle({ overflowWrap: 'anywhere' });
    const summary = within(entry).getByRole('button', { name: /^Healing of / });
    expect(summary.querySelector('.MuiAccordionSummary-content')).toHaveStyle({ minWidth: '0' });
    await user.click(within(entry).getByRole('button', { name: /^Healing of / }));
    expect(await within(entry).findByRole('alert', { name: 'Made on another website' })).toHaveTextContent(
      messages.otherSite('https://preview.shop.example/'),
    );
  });

  it('restores the steps the newest accepted healing replaced, after a confirmation, and marks it restored', async () => {
    const { test, run } = aTest();
    const older = seedHealing(
      test,
      buildHealing(test, run, { status: 'accepted', created_at: '2026-01-01T10:00:00.000Z' }),
    );
    const newest = seedHealing(
      test,
      buildHealing(test, run, { status: 'accepted', created_at: '2026-02-01T10:00:00.000Z' }),
    );
    const restores: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST' && request.url.endsWith('/restore')) restores.push(request.url);
    });
    const { user } = renderWithStore(<HealingHistory testCaseId={test._id} />);
    const entries = within(await screen.findByRole('list', { name: 'Healing history' })).getAllByRole(
      'listitem',
    );
    await user.click(within(entries[1]).getByRole('button', { name: /^Healing of / }));
    await within(entries[1]).findByText('7 of 7 checks kept unchanged');
    // An older accept was overtaken by the newest one: only that one can be undone.
    expect(within(entries[1]).queryByRole('button', { name: 'Restore previous steps' })).toBeNull();

    await user.click(within(entries[0]).getByRole('button', { name: /^Healing of / }));
    await user.click(await within(entries[0]).findByRole('button', { name: 'Restore previous steps' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore the previous steps' });
    expect(dialog).toHaveTextContent(messages.confirmRestore);
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText(messages.restored)).toBeInTheDocument();
    expect(restores).toEqual([expect.stringContaining(`/healing/${newest.test_healing_id}/restore`)]);
    expect(findHealing(newest.test_healing_id)?.healing.restored_at).toEqual(expect.any(String));
    expect(findHealing(older.test_healing_id)?.healing.restored_at).toBeNull();
    expect(await within(entries[0]).findByText(/^Previous steps restored/)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(entries[0]).queryByRole('button', { name: 'Restore previous steps' })).toBeNull(),
    );
  });

  it("says the server's sentence when the steps can no longer be restored, and keeps the healing as it was", async () => {
    server.use(
      http.post('/api/healing/:id/restore', () =>
        HttpResponse.json(
          { error: { code: 'conflict', message: messages.restoreTestChanged } },
          { status: 409 },
        ),
      ),
    );
    const { test, run } = aTest();
    const accepted = seedHealing(test, buildHealing(test, run, { status: 'accepted' }));
    const { user } = renderWithStore(<HealingHistory testCaseId={test._id} />);
    await user.click(await screen.findByRole('button', { name: /^Healing of / }));
    await user.click(await screen.findByRole('button', { name: 'Restore previous steps' }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore the previous steps' });
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText(messages.restoreTestChanged)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Restore previous steps' })).toBeEnabled();
    expect(findHealing(accepted.test_healing_id)?.healing.restored_at).toBeNull();
  });

  it('says when the test has never been healed', async () => {
    const { test } = aTest();
    renderWithStore(<HealingHistory testCaseId={test._id} />);
    expect(await screen.findByText(messages.noHealings)).toBeInTheDocument();
  });
});
