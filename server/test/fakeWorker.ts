import { openDatabase } from '../src/db/client';
import { JobQueue } from '../src/jobs/queue';
import { registerTrackedWorker } from '../src/tracking/worker';
import { FakeJobs, fakeKind, memoryBus } from './fakeKind';

// A worker process of the fake kind, apart from the test's (server/test/tracking.test.ts kills it):
// every job it takes runs until it is stopped. Usage: node --import tsx server/test/fakeWorker.ts <postgres url>

async function main(): Promise<void> {
  const database = await openDatabase({ kind: 'postgres', url: process.argv[2], poolSize: 2 });
  const queue = await JobQueue.start(database, { pollingIntervalSeconds: 0.5, supervise: false });
  const bus = memoryBus();
  const fake = new FakeJobs(database.db, queue, bus, {
    heartbeatMs: 200,
    staleMs: 2_000,
    stepTimeoutMs: 100,
  });
  fake.defaultScript = 'wait';
  await registerTrackedWorker(queue, bus, fakeKind(fake), 1, { singleProcess: false });
  console.log('Worker ready');
}

void main();
