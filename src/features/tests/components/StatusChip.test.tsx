import { render, screen } from '@testing-library/react';
import type { GenerationState, RunState } from '../../../../contract/states';
import { StatusChip } from './StatusChip';

describe('StatusChip', () => {
  it.each<[GenerationState | null, RunState | null, string, string]>([
    ['created', null, 'Created', 'created'],
    ['pending', null, 'In progress', 'in_progress'],
    ['waiting_for_executor', null, 'In progress', 'in_progress'],
    ['retrying', null, 'In progress', 'in_progress'],
    ['completed', null, 'Passed', 'passed'],
    ['passed', null, 'Passed', 'passed'],
    ['failed', null, 'Failed', 'failed'],
    ['resources_exceeded', null, 'Error', 'error'],
    // Cancelled says so (issue 28), coloured and filtered as SPEC §4's error.
    ['cancelled', null, 'Cancelled', 'error'],
    ['unknown', null, 'Unknown', 'unknown'],
    // A finished generation shows the latest run.
    ['passed', 'failed', 'Failed', 'failed'],
    ['completed', 'running', 'In progress', 'in_progress'],
    ['passed', 'cancelled', 'Cancelled', 'error'],
    // A cancelled generation hides the run it would have replaced; a cancelled run after one keeps it.
    ['cancelled', 'passed', 'Cancelled', 'error'],
    // No generation state: the run decides.
    [null, 'passed', 'Passed', 'passed'],
    // Generation still going or failed: the run is not shown.
    ['running', 'passed', 'In progress', 'in_progress'],
    ['error', 'passed', 'Error', 'error'],
  ])('generation %s with run %s reads %s', (state, run, label, status) => {
    render(<StatusChip state={state} latestRunStatus={run} />);
    const chip = screen.getByText(label).closest('[data-status]');
    expect(chip).toHaveAttribute('data-status', status);
  });

  it('colours the statuses apart', () => {
    render(
      <>
        <StatusChip state="passed" latestRunStatus={null} />
        <StatusChip state="failed" latestRunStatus={null} />
        <StatusChip state="running" latestRunStatus={null} />
        <StatusChip state="error" latestRunStatus={null} />
      </>,
    );
    expect(screen.getByText('Passed').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    expect(screen.getByText('Failed').closest('.MuiChip-root')).toHaveClass('MuiChip-colorError');
    expect(screen.getByText('In progress').closest('.MuiChip-root')).toHaveClass('MuiChip-colorInfo');
    expect(screen.getByText('Error').closest('.MuiChip-root')).toHaveClass('MuiChip-colorWarning');
  });
});
