import { screen, within } from '@testing-library/react';
import { seedTodoTest } from '../../../testing/generation';
import { stubViewportSize } from '../../../testing/layout';
import { buildRun, seedRun } from '../../../testing/msw/runs';
import { renderApp } from '../../../testing/renderWithStore';

// A run that failed, then passed on its one retry (issue 12): flaky wherever its status shows.

let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = stubViewportSize(4000, 1000);
});
afterEach(() => restoreViewport());

describe('a flaky run', () => {
  it('shows as Flaky in the warning colour, with where and why its first attempt failed', async () => {
    const { test } = seedTodoTest('passed');
    seedRun(
      test,
      buildRun(test, {
        status: 'flaky',
        error_message:
          'Failed at step 2 first ("The "Pay" button was not found"), then passed when run again.',
        trigger: 'schedule',
        first_failure: { failing_step_index: 1, error_message: 'The "Pay" button was not found' },
      }),
    );
    renderApp(`/test-cases/details/${test._id}/runs`);

    const list = await screen.findByRole('listbox', { name: 'Runs, newest first' });
    const [option] = within(list).getAllByRole('option');
    const chip = within(option).getByText('Flaky').closest('.MuiChip-root');
    expect(chip).toHaveClass('MuiChip-colorWarning');

    const details = await screen.findByRole('article', { name: 'Run details' });
    expect(
      within(details).getByText(
        /Flaky: the first attempt failed at step 2: The "Pay" button was not found, then the run passed/,
      ),
    ).toBeInTheDocument();
    expect(details).toHaveTextContent('started by its schedule');
    // Said once, as a warning: not a second time as an error.
    expect(within(details).getAllByRole('alert')).toHaveLength(1);
  });
});
