// How long to wait before starting again what stopped: a supervised process, the database's thread.

const FIRST_DELAY_MS = 500;
const CAP_MS = 10_000;
/** What served this long before it stopped starts its back-off afresh. */
const STABLE_AFTER_MS = 30_000;

export class RestartBackoff {
  private _delayMs = FIRST_DELAY_MS;

  /** The wait before the next start: 0.5 s, doubling while starts keep failing, at most 10 s. */
  next(): number {
    const delay = this._delayMs;
    this._delayMs = Math.min(delay * 2, CAP_MS);
    return delay;
  }

  /** The wait before starting again what served since `startedAt` and stopped. */
  stopped(startedAt: number): number {
    if (Date.now() - startedAt > STABLE_AFTER_MS) this.reset();
    return this.next();
  }

  /** It started well: the next failure waits the least again. */
  reset(): void {
    this._delayMs = FIRST_DELAY_MS;
  }
}
