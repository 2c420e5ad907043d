import { screen, waitFor, within } from '@testing-library/react';
import { seedTodoTest } from '../../../testing/generation';
import { stubViewportSize } from '../../../testing/layout';
import { buildHealing, seedHealing, storedHealings } from '../../../testing/msw/healing';
import { buildFailedRun, seedRun } from '../../../testing/msw/runs';
import { renderApp } from '../../../testing/renderWithStore';

// Issue 14 in the app: the runs page offers Heal under a failed run, and the test page shows the
// healing it proposes (the healing feature's own tests cover the panel itself).

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = stubViewportSize(4000, 1000);
});
afterEach(() => restoreViewport());

describe('healing in the app', () => {
  it('offers Heal under a failed run on the runs page, and starts a healing of that run', async () => {
    const { test } = seedTodoTest('passed');
    const run = seedRun(test, buildFailedRun(test, 2, 'The "Add" button was not found.'));
    const { user } = renderApp(`/test-cases/details/${test._id}/runs`);
    const details = await screen.findByRole('article', { name: 'Run details' });
    const heal = await within(details).findByRole('button', { name: /^Heal/ });
    await user.click(heal);
    await waitFor(() => expect(storedHealings(test)).toHaveLength(1));
    expect(storedHealings(test)[0].triggered_by_test_run_id).toBe(run._id);
  });

  it("shows the test's proposed healing on its page, with its checks kept", async () => {
    const { test } = seedTodoTest('passed');
    const run = seedRun(test, buildFailedRun(test, 2, 'The "Add" button was not found.'));
    seedHealing(test, buildHealing(test, run));
    renderApp(`/test-cases/details/${test._id}`);
    expect(await screen.findByText('7 of 7 checks kept unchanged')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Accept' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject' })).toBeInTheDocument();
  });
});
