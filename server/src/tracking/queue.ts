/**
 * The queue port (DESIGN §6): what services and the tracked-job worker loop ask of the job queue.
 * jobs/queue.ts implements it on pg-boss; services take it at construction and never import jobs/.
 */
export interface QueuePort {
  /** Queues a job; answers its id. */
  send(queue: string, data: object, options?: SendOptions): Promise<string>;
  /** Queues a job with its own id, once: null when a job with that id is already queued. */
  sendOnce(queue: string, data: object, options: SendOptions & { id: string }): Promise<string | null>;
  /** Drops a job still waiting; a running one is stopped by its worker noticing it lost the job. */
  cancel(queue: string, jobId: string): Promise<void>;
  /** The queue's view of a job; null when it is gone. */
  job(queue: string, jobId: string): Promise<ScheduledJob | null>;
  /** Fails an active job whose worker died: the queue retries it while retries remain. */
  fail(queue: string, jobId: string, message: string): Promise<void>;
}

/** What a worker asks of the queue: to be handed its jobs, `concurrency` at a time. */
export interface WorkerQueue {
  work<T extends object>(
    queue: string,
    handler: (data: T) => Promise<unknown>,
    concurrency?: number,
  ): Promise<void>;
}

export interface SendOptions {
  id?: string;
  retryLimit?: number;
  /** Seconds between tries. */
  retryDelay?: number;
  /** Doubles the delay with each try. */
  retryBackoff?: boolean;
  expireInSeconds?: number;
  startAfter?: Date;
}

export interface ScheduledJob {
  id: string;
  state: 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
  retryCount: number;
  retryLimit: number;
  startedOn: Date | null;
  output: unknown;
}
