import crypto from 'node:crypto';
import os from 'node:os';
import { and, eq, getTableColumns, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { type Db } from '../db/client';
import { type QueuePort } from './queue';

/** The state a claim puts a job in; it and `running` are the states in which a worker holds it. */
const CLAIMED = 'waiting_for_executor';
const HELD = [CLAIMED, 'running'];
/** A pending job with no live queue job is sent again after this long (the send follows the commit). */
export const RESEND_AFTER_MS = 30_000;

/**
 * The columns of a lease: a kind's table has them under these names (test_runs, test_healings, …),
 * or names them in `columns` (test_cases: generationJobId, generationAttempts, …).
 */
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
  /** Reset when a job is taken back; a kind whose retry resumes where it was keeps its own. */
  startedAt?: PgColumn;
  /** The work's progress so far: a job taken back starts it again (unless the kind keeps it). */
  steps?: PgColumn;
  lastModifiedAt: PgColumn;
}

/** What the lease reads of a row (under the lease's names, whatever the kind calls them). */
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

/** The kind's table: its columns under the lease's names, or named apart. */
export type LeaseTableColumns =
  { table: PgTable & LeaseColumns; columns?: undefined } | { table: PgTable; columns: LeaseColumns };

/** One kind's table and its few differences; the lease does the rest. */
export type LeaseTable<Row> = LeaseTableColumns & LeaseKind<Row>;

export interface LeaseKind<Row> {
  queue: string;
  /** The states the sweep looks at: those of a job not ended yet. */
  underWay: readonly string[];
  /**
   * The state a job taken back (from a dead worker, or handed back at shutdown) waits in for its
   * retry, as people see it; `pending` unless the kind says otherwise (generation: `retrying`).
   */
  retryState?: string;
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
  /**
   * The values that end a job whose retries are spent (`row`, as the sweep read it); `why` says what
   * stopped it ("its worker stopped responding").
   */
  endedValues(why: string, row: Row): LeaseValues;
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
export class Lease<Row extends { id: string }> {
  readonly worker = `${os.hostname()}:${process.pid}`;
  private readonly _c: LeaseColumns;
  /** Each lease column's property name in the kind's table (what drizzle's set() and select() use). */
  private readonly _key: Record<keyof LeaseColumns, string>;
  /** The states of a job waiting for a worker's claim. */
  private readonly _waiting: string[];

  constructor(
    private readonly _db: Db,
    private readonly _queue: QueuePort | null,
    private readonly _kind: LeaseTable<Row>,
  ) {
    this._c = _kind.columns ?? _kind.table;
    const properties = Object.entries(getTableColumns(_kind.table));
    const keys: Partial<Record<keyof LeaseColumns, string>> = {};
    for (const name of LEASE_COLUMNS) {
      const column = this._c[name];
      if (!column) continue;
      const found = properties.find(([, candidate]) => candidate === column);
      if (!found) throw new Error(`The lease's ${name} column is not a column of the kind's table`);
      keys[name] = found[0];
    }
    this._key = keys as Record<keyof LeaseColumns, string>;
    this._waiting = [...new Set(['pending', this._retryState])];
  }

  private get _retryState(): string {
    return this._kind.retryState ?? 'pending';
  }

  /**
   * Takes a waiting job for its queue job; null when the queue job is stale (cancelled, taken, gone).
   * `values`: the kind's own writes at its claim.
   */
  async claim(
    id: string,
    jobId: string,
    values: LeaseValues = {},
  ): Promise<{ row: Row; claim: LeaseClaim } | null> {
    const c = this._c;
    const claimId = crypto.randomUUID();
    const [row] = await this._update(
      {
        ...values,
        ...this._named({
          status: CLAIMED,
          attempts: sql`${c.attempts} + 1`,
          claimId,
          worker: this.worker,
          heartbeatAt: sql`now()`,
          lastModifiedAt: new Date(),
        }),
      },
      and(eq(c.id, id), eq(c.jobId, jobId), inArray(c.status, this._waiting)),
    );
    return row ? { row, claim: { id: row.id, claimId } } : null;
  }

  /** The condition of every write of the worker: it still holds the job with this claim. */
  owned(claim: LeaseClaim): SQL {
    const c = this._c;
    return and(eq(c.id, claim.id), eq(c.claimId, claim.claimId), inArray(c.status, HELD)) as SQL;
  }

  /** A write of the worker, only while it holds the job; the row written, or null. */
  async update(claim: LeaseClaim, values: LeaseValues): Promise<Row | null> {
    const [row] = await this._update(
      { ...values, ...this._named({ lastModifiedAt: new Date() }) },
      this.owned(claim),
    );
    return row ?? null;
  }

  /** A write of the worker that the kind publishes; false when the worker no longer holds the job. */
  async transition(claim: LeaseClaim, values: LeaseValues): Promise<boolean> {
    const row = await this.update(claim, values);
    if (!row) return false;
    await this._kind.changed(row, this._key.status in values);
    return true;
  }

  /** The worker is alive; false means the job was cancelled or taken from it meanwhile. */
  async heartbeat(claim: LeaseClaim): Promise<boolean> {
    const [row] = await this._db
      .update(this._kind.table)
      .set(this._named({ heartbeatAt: sql`now()` }) as never)
      .where(this.owned(claim))
      .returning({ id: this._c.id });
    return Boolean(row);
  }

  /** A worker shutting down hands its job back to the queue, without counting an attempt. */
  async release(claim: LeaseClaim): Promise<boolean> {
    return this.transition(
      claim,
      this._named({ ...this._pending(), attempts: sql`greatest(${this._c.attempts} - 1, 0)` }),
    );
  }

  /**
   * Finds jobs whose queue job can no longer finish them: a dead worker's job (stale heartbeat) goes
   * back to waiting for its retry, or ends when it was retried already; a waiting job whose queue job
   * is gone is sent again. `assumeDead`: one process at its start, so whatever ran before is dead.
   */
  async sweep(options: { assumeDead: boolean }): Promise<number> {
    if (!this._queue) return 0;
    const queue = this._queue;
    const kind = this._kind;
    const rows = (await this._db
      .select()
      .from(kind.table)
      .where(inArray(this._c.status, [...kind.underWay]))) as unknown as Row[];
    const now = Date.now();
    const staleMs = kind.staleMs();
    let repaired = 0;
    for (const row of rows) {
      const lease = this._read(row);
      const job = lease.jobId ? await queue.job(kind.queue, lease.jobId).catch(() => null) : null;
      const held = HELD.includes(lease.status);
      const ended = !job || job.state === 'completed' || job.state === 'failed' || job.state === 'cancelled';
      if (ended) {
        if (held) await this._retryOrEnd(row, false, 'its job ended while it ran');
        else if (now - lease.lastModifiedAt.getTime() > RESEND_AFTER_MS) await this._requeue(lease);
        else continue;
        repaired++;
        continue;
      }
      if (job.state !== 'active') continue;
      // A waiting job with an active queue job: a worker took the queue job and has not claimed it yet.
      // Its last sign of life is the later of the two (a job a sweep has just taken back is fresh).
      const beat = held
        ? (lease.heartbeatAt?.getTime() ?? job.startedOn?.getTime() ?? 0)
        : Math.max(job.startedOn?.getTime() ?? 0, lease.lastModifiedAt.getTime());
      if (!options.assumeDead && now - beat < staleMs) continue;
      const retries = job.retryCount < job.retryLimit;
      // Another sweep (this process's last one, or another worker's) may have taken the job back already,
      // and its retry may be running now: only the sweep whose write finds the same stale claim repairs it
      // (failing the retry's queue job would spend its last attempt on a live worker).
      if (held) {
        const staleBefore = options.assumeDead ? null : new Date(now - staleMs);
        if (!(await this._retryOrEnd(row, retries, 'its worker stopped responding', staleBefore))) continue;
      }
      // NOTE: failed after the row is waiting again, so the queue's retry finds it claimable.
      await queue.fail(kind.queue, job.id, kind.stoppedResponding).catch(() => undefined);
      if (!held && !retries) await this._requeue(lease);
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
   * Takes a job back from a worker that is gone: waiting for its retry, or ended. Only while it still
   * has the claim `row` was read with (and, given `staleBefore`, a heartbeat older than that); false
   * when someone else got there first.
   */
  private async _retryOrEnd(
    row: Row,
    jobRetries: boolean,
    why: string,
    staleBefore: Date | null = null,
  ): Promise<boolean> {
    const c = this._c;
    const lease = this._read(row);
    const sameClaim = and(
      eq(c.id, lease.id),
      eq(c.status, lease.status),
      sql`${c.claimId} IS NOT DISTINCT FROM ${lease.claimId}`,
      staleBefore ? or(isNull(c.heartbeatAt), lt(c.heartbeatAt, staleBefore)) : undefined,
    );
    if (lease.attempts < this._kind.maxAttempts) {
      const [waiting] = await this._update(
        this._named({ ...this._pending(), lastModifiedAt: new Date() }),
        sameClaim,
      );
      if (!waiting) return false;
      await this._kind.changed(waiting, true);
      if (!jobRetries) await this._requeue(this._read(waiting));
      return true;
    }
    const [ended] = await this._update(
      { ...this._kind.endedValues(why, row), ...this._named({ lastModifiedAt: new Date() }) },
      sameClaim,
    );
    if (ended) await this._kind.ended(ended);
    return Boolean(ended);
  }

  /** Gives a waiting job a new queue job (its old one is gone or out of retries). */
  private async _requeue(row: LeaseRow): Promise<void> {
    if (row.attempts >= this._kind.maxAttempts && HELD.includes(row.status)) return;
    const c = this._c;
    const jobId = crypto.randomUUID();
    const [moved] = await this._db
      .update(this._kind.table)
      .set(this._named({ jobId, lastModifiedAt: new Date() }) as never)
      .where(
        and(
          eq(c.id, row.id),
          inArray(c.status, this._waiting),
          sql`${c.jobId} IS NOT DISTINCT FROM ${row.jobId}`,
        ),
      )
      .returning({ id: c.id });
    if (moved) await this.send(row.id, jobId).catch(() => undefined);
  }

  /** A job handed back: no worker, and (unless the kind keeps them) no progress, not started. */
  private _pending(): Partial<Record<keyof LeaseColumns, unknown>> {
    return {
      status: this._retryState,
      claimId: null,
      worker: null,
      ...(this._c.steps ? { steps: [] } : {}),
      ...(this._c.startedAt ? { startedAt: null } : {}),
    };
  }

  /** The lease's values under the kind's property names. */
  private _named(values: Partial<Record<keyof LeaseColumns, unknown>>): LeaseValues {
    return Object.fromEntries(
      Object.entries(values).map(([name, value]) => [this._key[name as keyof LeaseColumns], value]),
    );
  }

  /** What the lease reads of a kind's row. */
  private _read(row: Row): LeaseRow {
    const value = (name: keyof LeaseColumns) => (row as Record<string, unknown>)[this._key[name]];
    return {
      id: row.id,
      status: value('status') as string,
      jobId: value('jobId') as string | null,
      claimId: value('claimId') as string | null,
      attempts: value('attempts') as number,
      heartbeatAt: value('heartbeatAt') as Date | null,
      lastModifiedAt: value('lastModifiedAt') as Date,
    };
  }

  private async _update(values: LeaseValues, where: SQL | undefined): Promise<Row[]> {
    const rows = await this._db
      .update(this._kind.table)
      .set(values as never)
      .where(where)
      .returning();
    return rows as unknown as Row[];
  }
}

const LEASE_COLUMNS: (keyof LeaseColumns)[] = [
  'id',
  'status',
  'jobId',
  'claimId',
  'attempts',
  'worker',
  'heartbeatAt',
  'startedAt',
  'steps',
  'lastModifiedAt',
];
