import { render, screen, within } from '@testing-library/react';
import { buildRunStep } from '../../../testing/msw/runs';
import { RunSteps } from './RunSteps';

// Issue 32: an optional step's record says which way it went, on the step's line of the run.

describe('RunSteps', () => {
  it("shows an optional step's note beside it, and none for an ordinary step", () => {
    const skipped = 'The "Accept all" button was not shown within 3 s, so the step was skipped.';
    render(
      <RunSteps
        rows={[
          {
            index: 0,
            description: 'If a cookie banner is shown, click "Accept all"',
            state: 'passed',
            result: buildRunStep(0, {
              step_description: 'If a cookie banner is shown, click "Accept all"',
              note: skipped,
            }),
          },
          {
            index: 1,
            description: 'Click "Show more"',
            state: 'passed',
            result: buildRunStep(1, { step_description: 'Click "Show more"' }),
          },
        ]}
        selected={null}
        onSelect={() => undefined}
        runError={null}
        viewport={{ width: 1280, height: 720 }}
      />,
    );
    const [optional, plain] = within(screen.getByRole('list', { name: 'Steps of the run' })).getAllByRole(
      'listitem',
    );
    expect(within(optional).getByText(skipped)).toBeInTheDocument();
    expect(within(plain).queryByText(/was not shown|was shown/)).not.toBeInTheDocument();
  });
});
