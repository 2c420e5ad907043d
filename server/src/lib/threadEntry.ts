import fs from 'node:fs';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

// A worker thread does not inherit the loader its parent runs under (`node --import tsx` in development,
// swc in jest): from the sources, the thread registers tsx itself, then loads the `.ts` entry. Bundled
// (scripts/build-server.mjs makes each thread's entry a `.js` file beside the bundle), the entry is that file.

/** Starts `<dir>/<name>.ts` (or `<dir>/<name>.js` when bundled) as a worker thread. */
export function startThread(dir: string, name: string, options: WorkerOptions = {}): Worker {
  const source = path.join(dir, `${name}.ts`);
  return startThreadFile(fs.existsSync(source) ? source : path.join(dir, `${name}.js`), options);
}

/** Starts the file as a worker thread: a `.ts` file through tsx, a `.js` file as it is. */
export function startThreadFile(file: string, options: WorkerOptions = {}): Worker {
  if (file.endsWith('.ts'))
    return new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(file)});`, {
      ...options,
      eval: true,
    });
  return new Worker(file, options);
}
