import {
  RECONCILE_EVERY_MS,
  SCHEDULE_TICK_QUEUE,
  type ScheduleService,
  type ScheduleTickJob,
} from '../services/schedules';
import { type JobQueue } from './queue';

/**
 * Ticks per fetch, and how many of them are handled at once. Many schedules share a minute (every
 * hour at :00): a poller fetching one job at a time waits its polling interval after each, so ticks
 * are fetched in batches. A tick only writes a few rows and queues run jobs.
 */
const TICK_BATCH = 25;
const TICKS_AT_ONCE = 5;
const TICK_POLLERS = 2;
const POLLING_INTERVAL_SECONDS = 1;

export interface ScheduleWorker {
  close(): Promise<void>;
}

/**
 * Handles schedules' ticks, and reconciles: at start and every RECONCILE_EVERY_MS, every schedule's
 * next tick is queued (one job per tick, whichever process sends it), like the sweeps of tracked jobs.
 */
export async function registerScheduleWorker(
  queue: JobQueue,
  schedules: ScheduleService,
): Promise<ScheduleWorker> {
  await queue.ensureQueue(SCHEDULE_TICK_QUEUE);
  for (let i = 0; i < TICK_POLLERS; i++)
    await queue.boss.work<ScheduleTickJob>(
      SCHEDULE_TICK_QUEUE,
      { batchSize: TICK_BATCH, pollingIntervalSeconds: POLLING_INTERVAL_SECONDS },
      async (jobs) => {
        // pg-boss completes the batch's jobs that are still active when this returns: a tick that
        // threw is failed by itself first, so only it is tried again (its tick row keeps it to once).
        await inParallel(jobs, TICKS_AT_ONCE, async (job) => {
          try {
            await schedules.handleTick(job.data);
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            console.error(`[schedules] tick ${job.data.tickAt} of ${job.data.scheduleId} failed: ${message}`);
            await queue.fail(SCHEDULE_TICK_QUEUE, job.id, message).catch(() => undefined);
          }
        });
      },
    );
  await schedules.reconcile().catch((error) => console.error('[schedules] reconcile failed', error));
  // One reconcile at a time in this process: a slow one (a loaded database) is not overtaken by the next.
  let reconciling = false;
  const timer = setInterval(() => {
    if (reconciling) return;
    reconciling = true;
    void schedules
      .reconcile()
      .catch(() => undefined)
      .finally(() => {
        reconciling = false;
      });
  }, RECONCILE_EVERY_MS);
  timer.unref();
  return {
    async close() {
      clearInterval(timer);
    },
  };
}

/** Runs `work` over the items, at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}
