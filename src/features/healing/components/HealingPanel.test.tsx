import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { HEALING_ACCEPTED_INDICATOR_MS } from '../../../../contract/healing';
import { deniedMessage } from '../../../../contract/permissions';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import {
  buildBugReport,
  buildHealing,
  findHealing,
  healingWatcherCount,
  keptStep,
  notRunStep,
  publishHealingEvent,
  publishTestHealingsChanged,
  retargetedStep,
  seedHealing,
  testHealingsWatcherCount,
  updateHealing,
} from '../../../testing/msw/healing';
import { buildFailedRun, seedRun } from '../../../testing/msw/runs';
import { server } from '../../../testing/msw/server';
import { renderApp, renderWithStore } from '../../../testing/renderWithStore';
import { signInAsMemberOf } from '../../../testing/session';
import { messages } from '../messages';
import { HealingPanel } from './HealingPanel';

function aFailedRun(role: 'admin' | 'member' | 'viewer' = 'admin') {
  const { organization } = signInAsMemberOf('Acme', role);
  const suite = seedSuite(organization.org_id, 'Shop');
  const test = seedTestCase(suite, { name: 'Sign up' });
  const run = seedRun(test, buildFailedRun(test, 4, 'The "Email" field was not found'));
  return { suite, test, run };
}

/** The test's page panel with one healing of its failed run. */
async function showHealing(overrides: Parameters<typeof buildHealing>[2] = {}) {
  const { test, run } = aFailedRun();
  const healing = seedHealing(test, buildHealing(test, run, overrides));
  const view = renderWithStore(<HealingPanel testCaseId={test._id} />);
  const panel = await screen.findByRole('region', { name: 'Healing' });
  return { ...view, test, run, healing, panel };
}

const approvals = () => {
  const seen: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST' && request.url.includes('/approve')) seen.push(request.url);
  });
  return seen;
};

describe("a viewer's healing controls (issue 27: heal)", () => {
  // NOTE: whole pages: the lazy route and the session take more than findBy's 1 s.
  const slow = { timeout: 8000 };

  it("offers a viewer a proposal's Accept and Reject disabled, saying why, on the test's page", async () => {
    const { test, run } = aFailedRun('viewer');
    seedHealing(test, buildHealing(test, run));
    const seen = approvals();
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const panel = await screen.findByRole('region', { name: 'Healing' }, slow);
    const accept = await within(panel).findByRole('button', { name: 'Accept' }, slow);
    await waitFor(() => expect(accept).toBeDisabled());
    expect(within(panel).getByRole('button', { name: 'Reject' })).toBeDisabled();
    await user.hover(accept.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(deniedMessage('heal', 'viewer'));
    expect(seen).toEqual([]);
  });

  it('lets a member accept or reject it', async () => {
    const { test, run } = aFailedRun('member');
    seedHealing(test, buildHealing(test, run));
    renderApp(`/test-cases/details/${test._id}`);
    const panel = await screen.findByRole('region', { name: 'Healing' }, slow);
    const accept = await within(panel).findByRole('button', { name: 'Accept' }, slow);
    await waitFor(() => expect(accept).toBeEnabled());
    expect(within(panel).getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it("offers a viewer no Heal on a failed run's page, saying why", async () => {
    const { test } = aFailedRun('viewer');
    renderApp(`/test-cases/details/${test._id}/runs`);
    const heal = await screen.findByRole('button', { name: 'Heal' }, slow);
    await waitFor(() => expect(heal).toBeDisabled());
    expect(
      screen.getByLabelText(`Heal: ${deniedMessage('heal', 'viewer')}`, { selector: 'span' }),
    ).toBeInTheDocument();
  });

  it("offers a viewer no Restore previous steps in the test's healing history", async () => {
    const { test, run } = aFailedRun('viewer');
    seedHealing(test, buildHealing(test, run, { status: 'accepted' }));
    const { user } = renderApp(`/test-cases/details/${test._id}`);
    const history = await screen.findByRole('list', { name: 'Healing history' }, slow);
    await user.click(within(history).getByRole('button', { name: /^Healing of / }));
    const restore = await within(history).findByRole('button', { name: 'Restore previous steps' });
    expect(restore).toBeDisabled();
  });
});

describe('HealingPanel', () => {
  it('shows a proposal as a side-by-side diff per step, unchanged steps collapsed, and the checklist', async () => {
    const { panel, user } = await showHealing();
    const step = await within(panel).findByRole('region', {
      name: 'Step 5: Type "ada@example.com" into the Email field',
    });
    expect(within(step).getByLabelText('Code before, step 5')).toHaveTextContent(
      "await page.getByLabel('Email').fill('ada@example.com');",
    );
    expect(within(step).getByLabelText('Proposed code, step 5')).toHaveTextContent(
      "await page.getByLabel('Work email').fill('ada@example.com');",
    );
    expect(within(step).getByText('The "Email" field is now labelled "Work email".')).toBeInTheDocument();
    expect(
      await within(step).findByRole('img', { name: "The failed run's screenshot of step 5" }),
    ).toHaveAttribute('src', expect.stringContaining('run-shot-failure'));
    expect(
      await within(step).findByRole('img', { name: "The healing's screenshot of step 5" }),
    ).toHaveAttribute('src', expect.stringContaining('heal-shot-5'));

    expect(within(panel).getByText('4 steps unchanged')).toBeInTheDocument();
    expect(within(panel).getByText('2 steps unchanged')).toBeInTheDocument();
    expect(within(panel).queryByText('Step number 1')).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: '4 steps unchanged' }));
    expect(await within(panel).findByText('Step number 1')).toBeVisible();

    const checks = within(panel).getByRole('status', { name: 'Checks' });
    expect(checks).toHaveTextContent('7 of 7 checks kept unchanged');
    expect(checks).toHaveClass('MuiAlert-colorSuccess');
  });

  it('shows a checklist that lost a check in red', async () => {
    const { panel } = await showHealing({ checks_kept: 6 });
    const checks = await within(panel).findByRole('status', { name: 'Checks' });
    expect(checks).toHaveTextContent('6 of 7 checks kept unchanged');
    expect(checks).toHaveClass('MuiAlert-colorError');
  });

  it('asks before accepting, approves with approved=true, keeps the indicator 2500 ms, then clears', async () => {
    const seen = approvals();
    const { panel, user, healing } = await showHealing();
    await user.click(await within(panel).findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the healing' });
    expect(dialog).toHaveTextContent(messages.confirmAccept);
    expect(seen).toHaveLength(0);

    jest.useFakeTimers({
      doNotFake: ['nextTick', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'Date'],
    });
    try {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
      const indicator = await screen.findByRole('status', { name: 'Recently accepted' });
      expect(indicator).toHaveTextContent(messages.accepted);
      expect(seen).toEqual([expect.stringMatching(/\/approve\?approved=true$/)]);
      expect(findHealing(healing.test_healing_id)?.healing.status).toBe('accepted');

      // NOTE: finding the indicator may have moved the fake clock up to one 50 ms poll past its start.
      act(() => jest.advanceTimersByTime(HEALING_ACCEPTED_INDICATOR_MS - 100));
      expect(screen.getByRole('status', { name: 'Recently accepted' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(100));
      expect(screen.queryByRole('status', { name: 'Recently accepted' })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: 'Healing' })).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('is usable from the keyboard: Accept, the dialog starts on Cancel, then Accept', async () => {
    const seen = approvals();
    const { panel, user } = await showHealing();
    const accept = await within(panel).findByRole('button', { name: 'Accept' });
    act(() => accept.focus());
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Accept the healing' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Accept' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('status', { name: 'Recently accepted' })).toBeInTheDocument();
    expect(seen).toEqual([expect.stringMatching(/approved=true$/)]);
  });

  it('rejects with approved=false and shows nothing current after', async () => {
    const seen = approvals();
    const { panel, user, healing } = await showHealing();
    await user.click(await within(panel).findByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(messages.rejected)).toBeInTheDocument();
    expect(seen).toEqual([expect.stringMatching(/\/approve\?approved=false$/)]);
    expect(findHealing(healing.test_healing_id)?.healing.status).toBe('rejected');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Healing' })).not.toBeInTheDocument());
  });

  it("says 'Failed to approve healing. Please try again.' when approving fails", async () => {
    server.use(http.post('/api/healing/:id/approve', () => HttpResponse.json({}, { status: 500 })));
    const { panel, user } = await showHealing();
    await user.click(await within(panel).findByRole('button', { name: 'Accept' }));
    const dialog = await screen.findByRole('dialog', { name: 'Accept the healing' });
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Failed to approve healing. Please try again.')).toBeInTheDocument();
    // The dialog closes; the proposal stays, to decide again.
    expect(await within(panel).findByRole('button', { name: 'Accept' })).toBeEnabled();
    expect(screen.queryByRole('status', { name: 'Recently accepted' })).not.toBeInTheDocument();
  });

  it('shows a behaviour change as a bug report with what was expected and seen, and nothing to accept', async () => {
    const { test, run } = aFailedRun();
    seedHealing(test, buildBugReport(test, run, 'Total: $42.00', 'Total: $0.00'));
    renderWithStore(<HealingPanel testCaseId={test._id} />);
    const report = await screen.findByRole('alert', { name: messages.bugReportTitle });
    expect(report).toHaveTextContent(
      "The application seems to have changed behaviour: expected 'Total: $42.00', the page shows 'Total: $0.00'",
    );
    const terms = within(report)
      .getAllByRole('term')
      .map((term) => term.textContent);
    const values = within(report)
      .getAllByRole('definition')
      .map((value) => value.textContent);
    expect(terms).toEqual(['Expected', 'The page shows']);
    expect(values).toEqual(['Total: $42.00', 'Total: $0.00']);
    expect(screen.getByText('Behaviour changed')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it("shows a flaky healing's sentence with nothing to accept", async () => {
    const { panel } = await showHealing({
      status: 'flaky',
      message: 'The test passed again on a retry with no change: nothing to heal.',
    });
    expect(await within(panel).findByText(messages.flakyTitle)).toBeInTheDocument();
    expect(
      within(panel).getByText('The test passed again on a retry with no change: nothing to heal.'),
    ).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
  });

  it('follows a healing live over the socket: each replayed step, what moved, then the proposal', async () => {
    const { panel, healing } = await showHealing({
      status: 'running',
      message: null,
      steps: [keptStep(0), keptStep(1), ...[2, 3, 4, 5, 6].map((index) => notRunStep(index))],
    });
    const id = healing.test_healing_id;
    const bar = await within(panel).findByRole('progressbar', { name: 'Healing in progress' });
    expect(bar).toHaveAttribute('aria-valuetext', '2 of 7 steps replayed');
    expect(within(panel).getByText(/now step 3: Step number 3/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument();
    await waitFor(() => expect(healingWatcherCount(id)).toBe(1));

    // The healer stored two more steps, one re-targeted: the socket says so and the panel follows.
    updateHealing(id, {
      steps: [0, 1, 2, 3]
        .map((index) => keptStep(index))
        .concat(retargetedStep(4), notRunStep(5), notRunStep(6)),
    });
    publishHealingEvent(id, 'HEALING_UPDATED');
    await waitFor(() =>
      expect(within(panel).getByRole('progressbar', { name: 'Healing in progress' })).toHaveAttribute(
        'aria-valuetext',
        '5 of 7 steps replayed',
      ),
    );
    expect(
      within(within(panel).getByRole('list', { name: 'Re-targeted so far' })).getByText(
        'Step 5: The "Email" field is now labelled "Work email".',
      ),
    ).toBeInTheDocument();

    updateHealing(id, {
      ...buildHealing(findHealing(id)!.test, { _id: healing.triggered_by_test_run_id }),
      test_healing_id: id,
    });
    publishHealingEvent(id, 'HEALING_NOT_RUNNING');
    expect(await within(panel).findByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(within(panel).queryByRole('progressbar', { name: 'Healing in progress' })).not.toBeInTheDocument();
    expect(healingWatcherCount(id)).toBe(0);
  });

  it("shows a run's automatic healing made after the panel read the run, then its proposal, without a reload (issue 28)", async () => {
    const { test, run } = aFailedRun();
    renderWithStore(<HealingPanel testCaseId={test._id} run={{ id: run._id, status: run.status }} />);
    // Read before its healing was made: the run has none yet.
    expect(await screen.findByRole('button', { name: 'Heal' })).toBeInTheDocument();
    await waitFor(() => expect(testHealingsWatcherCount(test._id)).toBe(1));

    // The server made the automatic healing and told the test's watchers.
    const healing = seedHealing(
      test,
      buildHealing(test, run, {
        status: 'pending',
        trigger: 'auto',
        message: null,
        steps: [0, 1, 2].map((index) => notRunStep(index)),
      }),
    );
    publishTestHealingsChanged(healing.test_healing_id, 'created');
    expect(await screen.findByRole('progressbar', { name: 'Healing in progress' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Heal' })).not.toBeInTheDocument();

    // It ended with a proposal: the test's watchers hear it even when the healing itself is not watched.
    updateHealing(healing.test_healing_id, {
      ...buildHealing(test, run),
      test_healing_id: healing.test_healing_id,
      trigger: 'auto',
    });
    publishTestHealingsChanged(healing.test_healing_id, 'ended');
    expect(await screen.findByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Healing in progress' })).not.toBeInTheDocument();
  });

  it('on a failed run with no healing, Heal creates one and shows its progress', async () => {
    const { test, run } = aFailedRun();
    const { user } = renderWithStore(
      <HealingPanel testCaseId={test._id} run={{ id: run._id, status: run.status }} />,
    );
    // Why it may have no automatic healing (issue 30: once for each version of its steps on each site).
    expect(await screen.findByText(messages.autoHealOnce)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Heal' }));
    expect(await screen.findByText(messages.healStarted)).toBeInTheDocument();
    expect(await screen.findByRole('progressbar', { name: 'Healing in progress' })).toBeInTheDocument();
    expect(screen.getByText('Queued')).toBeInTheDocument();
  });
});
