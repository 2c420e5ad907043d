import { type EventBus } from '../realtime/bus';
import {
  type EndedKey,
  type Ending,
  type LeaseConfig,
  type Ownership,
  sweepEveryMs,
  TrackedJobControl,
} from './control';
import { type WorkerQueue } from './queue';

/**
 * A job kind plugged into the tracked-job worker loop: it claims its job and does its own work; the
 * loop owns the heartbeat, the stops, the guard against browser calls that never settle, and ends
 * every job through the kind's one table of endings.
 */
export interface TrackedKind<Job extends object, Claim, Work> {
  /** For log lines: "[generate]", "[run]". */
  label: string;
  queue: string;
  config: LeaseConfig;
  service: Ownership<Claim> & {
    claim(job: Job): Promise<Claim | null>;
    sweep(options: { assumeDead: boolean }): Promise<number>;
  };
  /** Which running job a live event may have ended: it checks at once instead of at its next heartbeat. */
  endedKey: EndedKey;
  key(job: Job): string;
  /**
   * The kind's work, with what ended it early (a throw, an abandoned browser call); null when the kind
   * already ended the job itself (nothing for the table to do).
   */
  execute(claim: Claim, control: TrackedJobControl<Claim>): Promise<Attempt<Work> | null>;
  /** How a job ends: one entry per ending (released throws afterwards so the queue retries the job). */
  endings: Record<Ending, (claim: Claim, work: Work, failure: unknown) => Promise<void>>;
}

export interface TrackedWorker {
  /** Hands running jobs back to the queue (they resume elsewhere or after a restart). */
  release(): void;
  close(): Promise<void>;
}

export interface Attempt<Work> {
  work: Work;
  failure: unknown;
}

export async function registerTrackedWorker<Job extends object, Claim, Work>(
  queue: WorkerQueue,
  events: EventBus,
  kind: TrackedKind<Job, Claim, Work>,
  concurrency: number,
  options: { singleProcess: boolean },
): Promise<TrackedWorker> {
  const running = new Map<TrackedJobControl<Claim>, string>();
  let releasing = false;

  // A person's cancel reaches the worker at once over LISTEN/NOTIFY (the heartbeat is the fallback).
  const unsubscribe = events.subscribe((event) => {
    const key = kind.endedKey(event);
    if (key === null) return;
    for (const [control, jobKey] of running) if (jobKey === key) void control.checkStillOwned();
  });

  // One process on PGlite: whatever is "running" at start was running in a process that died.
  // NOTE: swept before this worker takes jobs, so a job it has just claimed is never taken for dead.
  await kind.service
    .sweep({ assumeDead: options.singleProcess })
    .catch((error) => console.error(`${kind.label} sweep failed`, error));
  await queue.work<Job>(
    kind.queue,
    async (data) => {
      const control = new TrackedJobControl<Claim>(kind.service, kind.config);
      running.set(control, kind.key(data));
      try {
        if (releasing) control.release();
        await runTracked(kind, data, control);
      } finally {
        running.delete(control);
        control.dispose();
      }
    },
    concurrency,
  );

  // One sweep at a time in this process: a slow one (a loaded database) is not overtaken by the next.
  let sweeping = false;
  const sweeper = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    void kind.service
      .sweep({ assumeDead: false })
      .catch(() => undefined)
      .finally(() => {
        sweeping = false;
      });
  }, sweepEveryMs(kind.config));
  sweeper.unref();

  return {
    release() {
      releasing = true;
      for (const control of running.keys()) control.release();
    },
    async close() {
      clearInterval(sweeper);
      unsubscribe();
    },
  };
}

/** One job from claim to its ending. Exported for the core's tests. */
export async function runTracked<Job extends object, Claim, Work>(
  kind: TrackedKind<Job, Claim, Work>,
  job: Job,
  control: TrackedJobControl<Claim>,
): Promise<void> {
  const claim = await kind.service.claim(job);
  if (!claim) return;
  control.claimed(claim);
  let attempt: Attempt<Work> | null;
  try {
    attempt = await kind.execute(claim, control);
  } finally {
    control.clearDeadline();
  }
  if (attempt === null) return;
  await kind.endings[control.ending(attempt.failure)](claim, attempt.work, attempt.failure);
}
