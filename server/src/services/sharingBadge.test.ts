import { RUN_STATES } from '../../../contract/states';
import { badgeStatus, badgeSvg } from './sharing';

// The status badge says what the test list and the share page say (issue 28): a CI run cancelled by
// its timeout read "failing" here while they said Cancelled.

describe('the status badge', () => {
  it('says cancelled for a cancelled run, in its own colour, not failing', () => {
    expect(badgeStatus('cancelled')).toBe('cancelled');
    const svg = badgeSvg('cancelled');
    expect(svg).toContain('<title>plainwright: cancelled</title>');
    expect(svg).not.toContain(badgeSvg('failing').match(/fill="(#[0-9a-f]{6})"\/><\/g>/)![1]);
  });

  it('says running while a run waits for its turn or a browser, never failing', () => {
    for (const state of ['pending', 'scheduled', 'waiting_for_executor', 'running'])
      expect(badgeStatus(state)).toBe('running');
  });

  it('says failing only for a run that failed or could not run', () => {
    const failing = RUN_STATES.filter((state) => badgeStatus(state) === 'failing');
    expect(failing).toEqual(['failed', 'not_runnable']);
    expect(badgeStatus(null)).toBe('no runs');
  });
});
