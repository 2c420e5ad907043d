import fs from 'node:fs';
import path from 'node:path';
import { workerData } from 'node:worker_threads';
import '../src/db/threadMain';

// The database thread of databaseThread.test.ts: on its first start it crashes (an uncaught error, as a
// failing WebAssembly call would) when the test writes `crash-now` into the data dir; every later start
// serves normally.
const dataDir = (workerData as { dataDir: string }).dataDir;
const marker = path.join(dataDir, 'crashed-once');
if (!fs.existsSync(marker)) {
  fs.writeFileSync(marker, '');
  setInterval(() => {
    if (fs.existsSync(path.join(dataDir, 'crash-now'))) throw new Error('PGlite aborted');
  }, 20);
}
