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

  it('says failing only for a run that failed', () => {
    const failing = RUN_STATES.filter((state) => badgeStatus(state) === 'failing');
    expect(failing).toEqual(['failed']);
    expect(badgeStatus(null)).toBe('no runs');
  });

  it('says flaky (amber) for a pass on the retry and not runnable (grey) for a run that could not run', () => {
    expect(badgeStatus('flaky')).toBe('flaky');
    expect(badgeStatus('not_runnable')).toBe('not runnable');
    expect(badgeStatus('passed')).toBe('passing');
    const fill = (svg: string) => svg.match(/x="\d+" width="\d+" height="20" fill="(#[0-9a-f]{6})"/)![1];
    expect(badgeSvg('flaky')).toContain('<title>plainwright: flaky</title>');
    expect(badgeSvg('not runnable')).toContain('<title>plainwright: not runnable</title>');
    expect(fill(badgeSvg('flaky'))).toBe('#dfb317');
    expect(fill(badgeSvg('not runnable'))).toBe('#9e9e9e');
    // Every status has its own colour.
    const statuses = [
      'passing',
      'failing',
      'flaky',
      'not runnable',
      'cancelled',
      'running',
      'no runs',
    ] as const;
    expect(new Set(statuses.map((status) => fill(badgeSvg(status)))).size).toBe(statuses.length);
  });
});
