import fs from 'node:fs';
import path from 'node:path';
import { Worker, type WorkerOptions } from 'node:worker_threads';

// A worker thread does not inherit the loader its parent runs under (`node --import tsx` in npm start,
// swc in jest): from the sources, the thread registers tsx itself, then loads the `.ts` entry. Bundled
// (esbuild, with the entry as an entry point of its own), the entry is the `.js` file beside the bundle.

/** Starts `<dir>/<name>.ts` (or `<dir>/<name>.js` when built) as a worker thread. */
export function startThread(dir: string, name: string, options: WorkerOptions = {}): Worker {
  const source = path.join(dir, `${name}.ts`);
  if (fs.existsSync(source))
    return new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(source)});`, {
      ...options,
      eval: true,
    });
  return new Worker(path.join(dir, `${name}.js`), options);
}
