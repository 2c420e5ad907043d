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

describe('a data-driven run (issue 33)', () => {
  it('shows its rows as one result, a line per row, the failing row with its values and why', async () => {
    const { test } = seedTodoTest('passed');
    seedRun(
      test,
      buildRun(test, {
        status: 'failed',
        error_message: 'Row 2 of 2 (item=Bread): Expected the value Milk',
        data_rows: [
          {
            index: 0,
            values: { item: 'Milk' },
            status: 'passed',
            failing_step_index: null,
            error_message: null,
            duration_ms: 900,
          },
          {
            index: 1,
            values: { item: 'Bread', password: '********' },
            status: 'failed',
            failing_step_index: 2,
            error_message: 'Expected the value Milk',
            duration_ms: 1200,
          },
        ],
      }),
    );
    renderApp(`/test-cases/details/${test._id}/runs`);
    const details = await screen.findByRole('article', { name: 'Run details' });
    const rows = within(details).getByRole('list', { name: 'Data rows' });
    expect(within(details).getByText('Data rows: 1 of 2 passed')).toBeInTheDocument();
    const [first, second] = within(rows).getAllByRole('listitem');
    expect(first).toHaveTextContent('Row 1: item=Milk');
    expect(first).toHaveTextContent('Passed');
    expect(second).toHaveTextContent('Row 2: item=Bread, password=********');
    expect(second).toHaveTextContent('Failed at step 3: Expected the value Milk');
  });
});
