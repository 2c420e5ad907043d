import { type Services } from '../services';
import { MAIL_DELIVERY_QUEUE } from '../services/mail';
import { registerGenerationWorker } from './generate';
import { type JobQueue } from './queue';
import { registerRunWorker } from './run';

export interface Workers {
  /** Before the queue stops: long jobs hand their work back instead of holding the shutdown. */
  beforeStop(): void;
  /** After the queue stopped: browsers and timers go. */
  close(): Promise<void>;
}

/** Registers every job handler of a worker process. */
export async function registerWorkers(
  queue: JobQueue,
  services: Services,
  concurrency: number,
  options: { singleProcess: boolean } = { singleProcess: false },
): Promise<Workers> {
  await queue.work<{ id: string }>(
    MAIL_DELIVERY_QUEUE,
    async ({ id }) => services.mail.deliver(id),
    Math.min(concurrency, 2),
  );
  const generation = await registerGenerationWorker(queue, services, concurrency, options);
  // Runs share the worker's browser (one per process); each run gets a fresh context.
  const runs = await registerRunWorker(queue, services, generation.pool, concurrency, options);
  return {
    beforeStop: () => {
      runs.release();
      generation.release();
    },
    close: async () => {
      await runs.close();
      await generation.close();
    },
  };
}
