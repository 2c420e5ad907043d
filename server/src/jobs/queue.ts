import pg from 'pg';
import PgBoss from 'pg-boss';
import { type Database, type SqlRunner } from '../db/client';
import { type QueuePort, type ScheduledJob, type WorkerQueue } from '../tracking/queue';

export type JobHandler<T> = (data: T, job: PgBoss.Job<T>) => Promise<unknown>;

export interface QueueOptions {
  /** Seconds between polls of an idle worker (FALLBACK_POLLING_SECONDS); pg-boss's minimum is 0.5. */
  pollingIntervalSeconds?: number;
  /** Run pg-boss maintenance and cron in this process (the api-only role turns them off). */
  supervise?: boolean;
}

/**
 * How often an idle worker looks for a job by itself. A job queued in this process wakes its workers
 * at once, one queued in another process through the event bus (`announce`), and a worker that ends a
 * job looks for the next at once: polling only finds what nobody announced (a pg-boss retry whose
 * delay has passed, a job queued while the bus was reconnecting), so it need not be frequent. Every
 * poll is a statement, per queue and per slot (11 pollers at WORKER_CONCURRENCY=2): an idle `npm start`
 * took 6.1 % of a core polling every second, 4.8 % every 5 s (`npm run bench start-ready`).
 */
export const FALLBACK_POLLING_SECONDS = 5;
const CREATE_QUEUE_ATTEMPTS = 5;
/** How long a stop waits for pg-boss's statements and the handlers it started to settle. */
const SETTLE_TIMEOUT_MS = 30_000;
const SETTLE_LOOK_MS = 20;

/** pg-boss on the product's own database: a custom adapter on PGlite, its own pool on Postgres. */
export class JobQueue implements QueuePort, WorkerQueue {
  private readonly _queues = new Set<string>();
  /** This process's pollers per queue: a job sent here wakes them rather than waiting for their next poll. */
  private readonly _workers = new Map<string, string[]>();
  private readonly _pollingIntervalSeconds: number;
  private _stopping = false;
  /** pg-boss's statements under way, and the handlers it started: a stop waits until both are none. */
  private _statements = 0;
  private _handlers = 0;
  /** Tells the other processes' workers a job was queued (the event bus, set by the runtime). */
  announce: ((name: string) => void) | null = null;

  private constructor(
    readonly boss: PgBoss,
    options: QueueOptions,
    private readonly _pool: pg.Pool | null,
  ) {
    this._pollingIntervalSeconds = options.pollingIntervalSeconds ?? FALLBACK_POLLING_SECONDS;
  }

  static async start(database: Database, options: QueueOptions = {}): Promise<JobQueue> {
    const supervise = options.supervise ?? true;
    const common = { schema: 'pgboss', supervise, schedule: supervise, migrate: true };
    // NOTE: pg-boss gets its statements through us (its own pool on Postgres, the embedded database's
    // runner on PGlite), so that a stop knows when none of them is under way.
    let pool: pg.Pool | null = null;
    let runner: SqlRunner = database.sql;
    if (database.target.kind === 'postgres') {
      const own = new pg.Pool({ connectionString: database.target.url, max: 4 });
      own.on('error', () => undefined); // an idle connection dropped: the next statement opens another
      runner = {
        async executeSql(text, values) {
          const result = await own.query(text, values);
          return { rows: result.rows };
        },
      };
      pool = own;
    }
    let queue: JobQueue | null = null;
    const boss = new PgBoss({
      ...common,
      db: {
        executeSql: async (text: string, values?: unknown[]) => {
          if (queue) queue._statements++;
          try {
            return await runner.executeSql(text, values);
          } finally {
            if (queue) queue._statements--;
          }
        },
      },
    });
    queue = new JobQueue(boss, options, pool);
    // pg-boss reports maintenance errors as events; an unhandled 'error' event would end the process.
    // Once stopping, a dropped connection is expected and not worth a log line.
    boss.on('error', (error) => {
      if (!queue._stopping) console.error('[jobs]', error instanceof Error ? error.message : error);
    });
    try {
      await boss.start();
    } catch (error) {
      await pool?.end().catch(() => undefined);
      throw error;
    }
    return queue;
  }

  async ensureQueue(name: string, options: Omit<PgBoss.Queue, 'name'> = {}): Promise<void> {
    if (this._queues.has(name)) return;
    // Processes starting together create the same queues: Postgres may pick one of them as a deadlock's
    // victim (or refuse its duplicate); once the other has committed, creating it again is a no-op.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.boss.createQueue(name, { name, ...options });
        break;
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (attempt >= CREATE_QUEUE_ATTEMPTS || (code !== '40P01' && code !== '23505')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
      }
    }
    this._queues.add(name);
  }

  async send<T extends object>(name: string, data: T, options: PgBoss.SendOptions = {}): Promise<string> {
    await this.ensureQueue(name);
    const id = await this.boss.send(name, data, options);
    if (!id) throw new Error(`Job for ${name} was not queued`);
    this.wake(name);
    this.announce?.(name);
    return id;
  }

  /**
   * Sends a job with its own id, once: null when a job with that id is already queued (pg-boss
   * inserts with ON CONFLICT DO NOTHING), so any number of processes may send the same job.
   */
  async sendOnce<T extends object>(
    name: string,
    data: T,
    options: PgBoss.SendOptions & { id: string },
  ): Promise<string | null> {
    await this.ensureQueue(name);
    const id = await this.boss.send(name, data, options);
    if (id) {
      this.wake(name);
      this.announce?.(name);
    }
    return id;
  }

  /** This process's workers of the queue look for a job now. */
  wake(name: string): void {
    if (this._stopping) return;
    for (const worker of this._workers.get(name) ?? []) this.boss.notifyWorker(worker);
  }

  async cancel(name: string, jobId: string): Promise<void> {
    await this.boss.cancel(name, jobId);
  }

  async job(name: string, jobId: string): Promise<ScheduledJob | null> {
    const job = await this.boss.getJobById(name, jobId);
    if (!job) return null;
    return {
      id: job.id,
      state: job.state,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      startedOn: job.startedOn ?? null,
      output: job.output ?? null,
    };
  }

  async fail(name: string, jobId: string, message: string): Promise<void> {
    await this.boss.fail(name, jobId, { message });
  }

  /** Starts `concurrency` pollers for the queue, each working one job at a time. */
  async work<T extends object>(name: string, handler: JobHandler<T>, concurrency = 1): Promise<void> {
    await this.ensureQueue(name);
    const workers = this._workers.get(name) ?? [];
    this._workers.set(name, workers);
    for (let i = 0; i < concurrency; i++) {
      let self: string | null = null;
      self = await this.boss.work<T>(
        name,
        { batchSize: 1, pollingIntervalSeconds: this._pollingIntervalSeconds },
        async ([job]) => {
          // A job fetched while stopping is not started here: failed, pg-boss gives it to another worker.
          if (this._stopping) throw new Error('The worker was stopping when it took this job');
          this._handlers++;
          try {
            return await handler(job.data, job);
          } finally {
            this._handlers--;
            // pg-boss waits out the rest of its polling interval after a job shorter than it, even
            // with jobs queued: a worker that has just finished one looks for the next at once.
            if (self && !this._stopping) this.boss.notifyWorker(self);
          }
        },
      );
      workers.push(self);
    }
  }

  async stop(): Promise<void> {
    this._stopping = true;
    // Graceful: wait for running handlers so that no job is left half done.
    await this.boss.stop({ graceful: true, wait: true, close: true, timeout: 20_000 });
    // pg-boss's stop returns while a worker may still be fetching (and then would start the job it got)
    // or finishing: wait until none of its statements or handlers is under way, so that its workers
    // have ended and nothing of the queue runs once stop() has returned.
    const deadline = Date.now() + SETTLE_TIMEOUT_MS;
    while ((this._statements > 0 || this._handlers > 0) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, SETTLE_LOOK_MS));
    await this._pool?.end().catch(() => undefined);
  }
}
