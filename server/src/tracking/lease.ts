import crypto from 'node:crypto';
import os from 'node:os';
import { and, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { type Db } from '../db/client';
import { type QueuePort } from './queue';

/** The state a claim puts a job in; it and `running` are the states in which a worker holds it. */
const CLAIMED = 'waiting_for_executor';
const HELD = [CLAIMED, 'running'];
/** A pending job with no live queue job is sent again after this long (the send follows the commit). */
export const RESEND_AFTER_MS = 30_000;

/** The columns of a lease: a kind's table has them under these names (test_runs, test_healings, …). */
export interface LeaseColumns {
  id: PgColumn;
  status: PgColumn;
  /** The queue job that works it. */
  jobId: PgColumn;
  /** Written by each claim: a worker's writes need its own claim, so a stale worker changes nothing. */
  claimId: PgColumn;
  attempts: PgColumn;
  /** host:pid of the worker that holds it. */
  worker: PgColumn;
  heartbeatAt: PgColumn;
  startedAt: PgColumn;
  /** The work's progress so far: a job taken back starts it again. */
  steps: PgColumn;
  lastModifiedAt: PgColumn;
}

/** What the lease reads of a row. */
export interface LeaseRow {
  id: string;
  status: string;
  jobId: string | null;
  claimId: string | null;
  attempts: number;
  heartbeatAt: Date | null;
  lastModifiedAt: Date;
}

/** A worker's hold on a job: every write the worker makes needs it. */
export interface LeaseClaim {
  id: string;
  claimId: string;
}

/** The values of an update of the kind's table (its own columns by their property names). */
export type LeaseValues = Record<string, unknown>;

/** One kind's table and its few differences; the lease does the rest. */
export interface LeaseTable<Row extends LeaseRow> {
  table: PgTable & LeaseColumns;
  queue: string;
  /** The states the sweep looks at: those of a job not ended yet. */
  underWay: readonly string[];
  /** Starts (claims) after which a job whose worker keeps dying ends: one retry for a killed worker. */
  maxAttempts: number;
  /** The job's data in the queue. */
  job(id: string, jobId: string): object;
  /** How long the queue lets a job run before it expires it. */
  expireInSeconds(): number;
  /** A heartbeat older than this means the worker is dead. */
  staleMs(): number;
  /** The queue job's failure message when its worker stopped responding. */
  stoppedResponding: string;
  /** The values that end a job whose retries are spent; `why` says what stopped it ("its worker stopped responding"). */
  endedValues(why: string): LeaseValues;
  /** After a worker's write or a job taken back to pending (committed): the kind publishes it. */
  changed(row: Row, statusChanged: boolean): Promise<void>;
  /** After the lease ended a job (its retries spent). */
  ended(row: Row): Promise<void>;
}

/**
 * The database half of a tracked job (DESIGN §6), written once for every kind: claim, the writes
 * conditioned on the claim, heartbeat, release, and the sweep that takes a job back from a dead
 * worker (retry or end) and re-sends a job whose queue job is gone. Every write is one conditional
 * UPDATE, committed before the kind publishes it.
 */
export class Lease<Row extends LeaseRow> {
  readonly worker = `${os.hostname()}:${process.pid}`;

  constructor(
    private readonly _db: Db,
    private readonly _queue: QueuePort | null,
    private readonly _kind: LeaseTable<Row>,
  ) {}

  private get _t(): PgTable & LeaseColumns {
    return this._kind.table;
  }

  /** Takes a pending job for its queue job; null when the queue job is stale (cancelled, taken, gone). */
  async claim(id: string, jobId: string): Promise<{ row: Row; claim: LeaseClaim } | null> {
    const t = this._t;
    const claimId = crypto.randomUUID();
    const [row] = await this._update(
      {
        status: CLAIMED,
        attempts: sql`${t.attempts} + 1`,
        claimId,
        worker: this.worker,
        heartbeatAt: sql`now()`,
        lastModifiedAt: new Date(),
      },
      and(eq(t.id, id), eq(t.jobId, jobId), eq(t.status, 'pending')),
    );
    return row ? { row, claim: { id: row.id, claimId } } : null;
  }

  /** The condition of every write of the worker: it still holds the job with this claim. */
  owned(claim: LeaseClaim): SQL {
    const t = this._t;
    return and(eq(t.id, claim.id), eq(t.claimId, claim.claimId), inArray(t.status, HELD)) as SQL;
  }

  /** A write of the worker, only while it holds the job; the row written, or null. */
  async update(claim: LeaseClaim, values: LeaseValues): Promise<Row | null> {
    const [row] = await this._update({ ...values, lastModifiedAt: new Date() }, this.owned(claim));
    return row ?? null;
  }

  /** A write of the worker that the kind publishes; false when the worker no longer holds the job. */
  async transition(claim: LeaseClaim, values: LeaseValues): Promise<boolean> {
    const row = await this.update(claim, values);
    if (!row) return false;
    await this._kind.changed(row, 'status' in values);
    return true;
  }

  /** The worker is alive; false means the job was cancelled or taken from it meanwhile. */
  async heartbeat(claim: LeaseClaim): Promise<boolean> {
    const t = this._t;
    const [row] = await this._db
      .update(t)
      .set({ heartbeatAt: sql`now()` } as never)
      .where(this.owned(claim))
      .returning({ id: t.id });
    return Boolean(row);
  }

  /** A worker shutting down hands its job back to the queue, without counting an attempt. */
  async release(claim: LeaseClaim): Promise<boolean> {
    return this.transition(claim, {
      ...this._pending(),
      attempts: sql`greatest(${this._t.attempts} - 1, 0)`,
    });
  }

  /**
   * Finds jobs whose queue job can no longer finish them: a dead worker's job (stale heartbeat) goes
   * back to pending for its retry, or ends when it was retried already; a pending job whose queue job
   * is gone is sent again. `assumeDead`: one process at its start, so whatever ran before is dead.
   */
  async sweep(options: { assumeDead: boolean }): Promise<number> {
    if (!this._queue) return 0;
    const queue = this._queue;
    const kind = this._kind;
    const rows = (await this._db
      .select()
      .from(this._t)
      .where(inArray(this._t.status, [...kind.underWay]))) as unknown as Row[];
    const now = Date.now();
    const staleMs = kind.staleMs();
    let repaired = 0;
    for (const row of rows) {
      const job = row.jobId ? await queue.job(kind.queue, row.jobId).catch(() => null) : null;
      const held = HELD.includes(row.status);
      const ended = !job || job.state === 'completed' || job.state === 'failed' || job.state === 'cancelled';
      if (ended) {
        if (held) await this._retryOrEnd(row, false, 'its job ended while it ran');
        else if (now - row.lastModifiedAt.getTime() > RESEND_AFTER_MS) await this._requeue(row);
        else continue;
        repaired++;
        continue;
      }
      if (job.state !== 'active') continue;
      // A pending job with an active queue job: a worker took the queue job and has not claimed it yet.
      // Its last sign of life is the later of the two (a job a sweep has just made pending is fresh).
      const beat = held
        ? (row.heartbeatAt?.getTime() ?? job.startedOn?.getTime() ?? 0)
        : Math.max(job.startedOn?.getTime() ?? 0, row.lastModifiedAt.getTime());
      if (!options.assumeDead && now - beat < staleMs) continue;
      const retries = job.retryCount < job.retryLimit;
      // Another sweep (this process's last one, or another worker's) may have taken the job back already,
      // and its retry may be running now: only the sweep whose write finds the same stale claim repairs it
      // (failing the retry's queue job would spend its last attempt on a live worker).
      if (held) {
        const staleBefore = options.assumeDead ? null : new Date(now - staleMs);
        if (!(await this._retryOrEnd(row, retries, 'its worker stopped responding', staleBefore))) continue;
      }
      // NOTE: failed after the row is pending again, so the queue's retry finds it claimable.
      await queue.fail(kind.queue, job.id, kind.stoppedResponding).catch(() => undefined);
      if (!held && !retries) await this._requeue(row);
      repaired++;
    }
    return repaired;
  }

  /** Sends the queue job that works the row (after the commit that names it). */
  async send(id: string, jobId: string): Promise<void> {
    if (!this._queue) return;
    await this._queue.send(this._kind.queue, this._kind.job(id, jobId), {
      id: jobId,
      // One retry for a killed worker, one more for a worker that shut down and handed it back.
      retryLimit: this._kind.maxAttempts,
      retryDelay: 1,
      expireInSeconds: this._kind.expireInSeconds(),
    });
  }

  /** Drops a queue job still waiting; a running one is stopped by its worker noticing it lost the job. */
  async cancel(jobId: string | null): Promise<void> {
    if (jobId) await this._queue?.cancel(this._kind.queue, jobId).catch(() => undefined);
  }

  /**
   * Takes a job back from a worker that is gone: pending for its retry, or ended. Only while it still
   * has the claim `row` was read with (and, given `staleBefore`, a heartbeat older than that); false
   * when someone else got there first.
   */
  private async _retryOrEnd(
    row: Row,
    jobRetries: boolean,
    why: string,
    staleBefore: Date | null = null,
  ): Promise<boolean> {
    const t = this._t;
    const sameClaim = and(
      eq(t.id, row.id),
      eq(t.status, row.status),
      sql`${t.claimId} IS NOT DISTINCT FROM ${row.claimId}`,
      staleBefore ? or(isNull(t.heartbeatAt), lt(t.heartbeatAt, staleBefore)) : undefined,
    );
    if (row.attempts < this._kind.maxAttempts) {
      const [pending] = await this._update({ ...this._pending(), lastModifiedAt: new Date() }, sameClaim);
      if (!pending) return false;
      await this._kind.changed(pending, true);
      if (!jobRetries) await this._requeue(pending);
      return true;
    }
    const [ended] = await this._update(
      { ...this._kind.endedValues(why), lastModifiedAt: new Date() },
      sameClaim,
    );
    if (ended) await this._kind.ended(ended);
    return Boolean(ended);
  }

  /** Gives a pending job a new queue job (its old one is gone or out of retries). */
  private async _requeue(row: Row): Promise<void> {
    if (row.attempts >= this._kind.maxAttempts && HELD.includes(row.status)) return;
    const t = this._t;
    const jobId = crypto.randomUUID();
    const [moved] = await this._db
      .update(t)
      .set({ jobId, status: 'pending', lastModifiedAt: new Date() } as never)
      .where(
        and(eq(t.id, row.id), eq(t.status, 'pending'), sql`${t.jobId} IS NOT DISTINCT FROM ${row.jobId}`),
      )
      .returning({ id: t.id });
    if (moved) await this.send(row.id, jobId).catch(() => undefined);
  }

  /** A job handed back: no worker, no progress, not started. */
  private _pending(): LeaseValues {
    return { status: 'pending', claimId: null, worker: null, steps: [], startedAt: null };
  }

  private async _update(values: LeaseValues, where: SQL | undefined): Promise<Row[]> {
    const rows = await this._db
      .update(this._t)
      .set(values as never)
      .where(where)
      .returning();
    return rows as unknown as Row[];
  }
}
