import { RestartBackoff } from './restartBackoff';

describe('RestartBackoff', () => {
  afterEach(() => jest.useRealTimers());

  it('waits 0.5 s, then doubles while starts keep failing, at most 10 s; a good start waits the least again', () => {
    const backoff = new RestartBackoff();
    expect(Array.from({ length: 7 }, () => backoff.next())).toEqual([
      500, 1000, 2000, 4000, 8000, 10_000, 10_000,
    ]);
    backoff.reset();
    expect(backoff.next()).toBe(500);
  });

  it('starts afresh for what served 30 s before it stopped, not for what stopped soon after it started', () => {
    jest.useFakeTimers({ now: 1_000_000 });
    const backoff = new RestartBackoff();
    expect(backoff.stopped(Date.now() - 1000)).toBe(500);
    expect(backoff.stopped(Date.now() - 1000)).toBe(1000);
    expect(backoff.stopped(Date.now() - 30_001)).toBe(500);
  });
});
