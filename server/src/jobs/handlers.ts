import { type Services } from '../services';
import { ALERT_QUEUE, type AlertJob } from '../services/alerts';
import { MAIL_DELIVERY_QUEUE } from '../services/mail';
import { registerGenerationWorker } from './generate';
import { registerHealWorker } from './heal';
import { type JobQueue } from './queue';
import { registerRetentionWorker } from './retention';
import { registerRunWorker } from './run';
import { registerScheduleWorker } from './schedules';

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
  await queue.work<AlertJob>(
    ALERT_QUEUE,
    async (data) => services.alerts.deliver(data),
    Math.min(concurrency, 2),
  );
  const generation = await registerGenerationWorker(queue, services, concurrency, options);
  // Runs share the worker's browser (one per process); each run gets a fresh context.
  const runs = await registerRunWorker(queue, services, generation.pool, concurrency, options);
  // Healings (issue 14) share it too: a healing replays a test like a run.
  const healings = await registerHealWorker(queue, services, generation.pool, concurrency, options);
  // Schedules' ticks (issue 12): each starts a group or a run, which the run workers then take.
  const schedules = await registerScheduleWorker(queue, services.schedules);
  // Retention (issue 34): runs older than their project keeps them go, with their files, every hour.
  const retention = await registerRetentionWorker(queue, services.retention);
  return {
    beforeStop: () => {
      retention.release();
      runs.release();
      healings.release();
      generation.release();
    },
    close: async () => {
      await schedules.close();
      await runs.close();
      await healings.close();
      await generation.close();
    },
  };
}
