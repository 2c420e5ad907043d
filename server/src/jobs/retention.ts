import {
  RETENTION_CRON,
  RETENTION_QUEUE,
  type RetentionPass,
  type RetentionService,
} from '../services/retention';
import { type JobQueue } from './queue';

export interface RetentionWorker {
  /** The pass under way stops after its current batch. */
  release(): void;
}

/**
 * Issue 34: the retention pass, every hour in whichever worker process takes the job. pg-boss's cron
 * sends one job per minute of the schedule however many workers there are, and the queue's singleton
 * policy lets one pass be active at a time: a slow pass is never overtaken by the next.
 */
export async function registerRetentionWorker(
  queue: JobQueue,
  retention: RetentionService,
  log: (line: string) => void = (line) => console.warn(line),
): Promise<RetentionWorker> {
  let stopping = false;
  // A pass that outlives the hour is not retried: the next one carries on where it stopped.
  await queue.ensureQueue(RETENTION_QUEUE, { policy: 'singleton', retryLimit: 0, expireInSeconds: 3600 });
  await queue.boss.schedule(RETENTION_QUEUE, RETENTION_CRON, {}, { tz: 'UTC' });
  await queue.work<Record<string, never>>(RETENTION_QUEUE, async (): Promise<RetentionPass> => {
    const pass = await retention.purge({ stopped: () => stopping });
    if (pass.runs > 0)
      log(`[retention] deleted ${pass.runs} runs and ${pass.files} files of ${pass.suites} projects`);
    return pass;
  });
  return {
    release() {
      stopping = true;
    },
  };
}
