import { BROWSER_STATE_MAX_AGE_MS, isFresh } from './browserStates';

describe('isFresh', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const ago = (ms: number) => new Date(now - ms);

  it.each([
    ['never saved', null, null, false],
    ['saved a minute ago', ago(60_000), null, true],
    ['saved just within its time to live', ago(BROWSER_STATE_MAX_AGE_MS - 1), null, true],
    ['saved longer ago than its time to live', ago(BROWSER_STATE_MAX_AGE_MS + 1), null, false],
    ['saved after its module last changed', ago(60_000), ago(120_000), true],
    ['saved before its module last changed', ago(120_000), ago(60_000), false],
  ])('a state %s is fresh: %s', (_what, savedAt, moduleUpdatedAt, fresh) => {
    expect(isFresh({ savedAt }, moduleUpdatedAt, now)).toBe(fresh);
  });
});
