import PgBoss from 'pg-boss';
import { type Database } from '../db/client';
import { type JobScheduler, type ScheduledJob } from '../services/trackedJobs';

export type JobHandler<T> = (data: T, job: PgBoss.Job<T>) => Promise<unknown>;

export interface QueueOptions {
  /** Seconds between polls of an idle worker; pg-boss's minimum is 0.5. */
  pollingIntervalSeconds?: number;
  /** Run pg-boss maintenance and cron in this process (the api-only role turns them off). */
  supervise?: boolean;
}

const CREATE_QUEUE_ATTEMPTS = 5;
/** pg-boss's loop that removes stopped workers sleeps this long between looks (and a margin). */
const POLL_LOOP_MS = 1_100;

/** pg-boss on the product's own database: a custom adapter on PGlite, its own pool on Postgres. */
export class JobQueue implements JobScheduler {
  private readonly _queues = new Set<string>();
  /** This process's pollers per queue: a job sent here wakes them rather than waiting for their next poll. */
  private readonly _workers = new Map<string, string[]>();
  private readonly _pollingIntervalSeconds: number;
  private _stopping = false;
  /** Tells the other processes' workers a job was queued (the event bus, set by the runtime). */
  announce: ((name: string) => void) | null = null;

  private constructor(
    readonly boss: PgBoss,
    options: QueueOptions,
  ) {
    this._pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;
  }

  static async start(database: Database, options: QueueOptions = {}): Promise<JobQueue> {
    const supervise = options.supervise ?? true;
    const common = { schema: 'pgboss', supervise, schedule: supervise, migrate: true };
    const boss =
      database.target.kind === 'postgres'
        ? new PgBoss({ ...common, connectionString: database.target.url, max: 4 })
        : new PgBoss({ ...common, db: database.sql });
    const queue = new JobQueue(boss, options);
    // pg-boss reports maintenance errors as events; an unhandled 'error' event would end the process.
    // Once stopping, a dropped connection is expected and not worth a log line.
    boss.on('error', (error) => {
      if (!queue._stopping) console.error('[jobs]', error instanceof Error ? error.message : error);
    });
    await boss.start();
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
          try {
            return await handler(job.data, job);
          } finally {
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
    const began = Date.now();
    // Graceful: wait for running handlers so that no job is left half done.
    await this.boss.stop({ graceful: true, wait: true, close: true, timeout: 20_000 });
    // pg-boss forgets a worker that was still polling or working when asked to stop in a loop of its own,
    // which looks again a second later, after stop() has returned: wait that second out, so that nothing
    // of the queue runs once it is stopped (a test environment torn down meanwhile fails the next suite).
    const rest = began + POLL_LOOP_MS - Date.now();
    if (rest > 0) await new Promise((resolve) => setTimeout(resolve, rest));
  }
}
