import { type BusEvent } from '../realtime/bus';

/**
 * Tracked jobs (DESIGN §6): generation, runs and healing are one kind of thing, a job claimed with a
 * lease, kept alive by a heartbeat, swept when its worker dies, cancellable and watched live. This is
 * one claimed job's control on its worker (heartbeat, stops, deadline, abandonment) and the table of
 * how a job ends; lease.ts is its database half, worker.ts the loop that runs it.
 */

/** The lease settings every kind shares (GENERATION_HEARTBEAT_MS, GENERATION_STALE_MS, STEP_TIMEOUT_MS). */
export interface LeaseConfig {
  heartbeatMs: number;
  staleMs: number;
  stepTimeoutMs: number;
}

/**
 * How long after a job is told to stop its browser work may still take before the worker moves on
 * without it: the step in flight ends by its own timeouts (an action, then its screenshot); past twice
 * that, a Playwright call hangs (a browser that went away mid-call) and is abandoned.
 */
export function abandonAfterMs(config: Pick<LeaseConfig, 'stepTimeoutMs'>): number {
  return 2 * config.stepTimeoutMs + 10_000;
}

/** Every interval between two sweeps of a kind. */
export function sweepEveryMs(config: Pick<LeaseConfig, 'staleMs'>): number {
  return Math.max(1000, Math.floor(config.staleMs / 2));
}

/**
 * How a job ends, in order of precedence: the one table each kind fills in.
 * - released: its worker shuts down; the job goes back to the queue without counting an attempt.
 * - stopped: a person cancelled or completed it (or a sweep took it back); their state stands.
 * - timed_out: it ran past its kind's time limit.
 * - failed: the work threw (an abandoned browser call included).
 * - done: the work returned its outcome.
 */
export type Ending = 'released' | 'stopped' | 'timed_out' | 'failed' | 'done';

/** A kind's part in ownership: the service's conditional writes on the job's row. */
export interface Ownership<Claim> {
  /** The worker is alive; false when the job is no longer its own (cancelled, completed, taken back). */
  heartbeat(claim: Claim): Promise<boolean>;
}

export class AbandonedError extends Error {
  constructor() {
    super('The browser did not stop in time');
  }
}

/**
 * One claimed job on a worker: its heartbeat, the ways it is told to stop (release, a person, its
 * deadline), and the guard that abandons browser work which never settles after that.
 */
export class TrackedJobControl<Claim> {
  private _stopped = false;
  private _released = false;
  private _timedOut = false;
  private _aborters: (() => unknown)[] = [];
  private _aborted = false;
  private _abandonTimer: NodeJS.Timeout | null = null;
  private _deadline: NodeJS.Timeout | null = null;
  private _heartbeat: NodeJS.Timeout | null = null;
  private _claim: Claim | null = null;
  private _abandon: () => void = () => undefined;
  private readonly _abandoned = new Promise<never>((_, reject) => {
    this._abandon = () => reject(new AbandonedError());
  });

  constructor(
    private readonly _ownership: Ownership<Claim>,
    private readonly _config: LeaseConfig,
  ) {
    // Observed by guard(); this keeps a late rejection from going unhandled.
    this._abandoned.catch(() => undefined);
  }

  get stopped(): boolean {
    return this._stopped;
  }

  get released(): boolean {
    return this._released;
  }

  get timedOut(): boolean {
    return this._timedOut;
  }

  /** Whether the work should stop at its next chance. */
  readonly shouldStop = (): boolean => this._stopped || this._released || this._timedOut;

  /** From the claim on, even while a browser starts: a silent worker is taken for dead. */
  claimed(claim: Claim): void {
    this._claim = claim;
    this._heartbeat = setInterval(() => void this.checkStillOwned(), this._config.heartbeatMs);
  }

  /** Called by the heartbeat, and at once when an event says the job may have ended. */
  async checkStillOwned(): Promise<void> {
    const claim = this._claim;
    if (!claim || this._stopped) return;
    const alive = await this._ownership.heartbeat(claim).catch(
      // The database is briefly unreachable: the next beat tries again (the sweep judges staleness).
      () => true,
    );
    if (!alive && !this._stopped && this._claim) {
      this._stopped = true;
      this._abort();
    }
  }

  /** The worker shuts down: the job hands its work back. */
  release(): void {
    this._released = true;
    this._abort();
  }

  /** Registers what stops the browser work at once (a session's abort); run now if already told to stop. */
  onAbort(abort: () => unknown): void {
    this._aborters.push(abort);
    if (this._aborted) void Promise.resolve(abort()).catch(() => undefined);
  }

  /** The kind's time limit: past it the job stops and ends as timed_out. */
  startDeadline(ms: number): void {
    this._deadline = setTimeout(() => {
      this._timedOut = true;
      this._abort();
    }, ms);
  }

  clearDeadline(): void {
    if (this._deadline) clearTimeout(this._deadline);
    this._deadline = null;
  }

  /** Browser work that may never settle: it rejects with AbandonedError once the grace after a stop is over. */
  guard<T>(work: Promise<T>): Promise<T> {
    return Promise.race([work, this._abandoned]);
  }

  /** The one table's row for this job. */
  ending(failure: unknown): Ending {
    if (this._released && !this._stopped) return 'released';
    if (this._stopped) return 'stopped';
    if (this._timedOut) return 'timed_out';
    if (failure) return 'failed';
    return 'done';
  }

  /** The job is over on this worker: timers go. */
  dispose(): void {
    this._claim = null;
    if (this._heartbeat) clearInterval(this._heartbeat);
    if (this._abandonTimer) clearTimeout(this._abandonTimer);
    this.clearDeadline();
  }

  /**
   * Stops the browser work at once. Should a Playwright call never settle after that, the job moves on
   * after a grace period rather than hang its worker.
   */
  private _abort(): void {
    this._aborted = true;
    for (const abort of this._aborters) void Promise.resolve(abort()).catch(() => undefined);
    this._abandonTimer ??= setTimeout(() => this._abandon(), abandonAfterMs(this._config));
  }
}

/** A kind's way of telling, from a live event, which of its jobs may just have been ended by a person. */
export type EndedKey = (event: BusEvent) => string | null;
