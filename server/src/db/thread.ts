import { type Worker } from 'node:worker_threads';
import { RestartBackoff } from '../lib/restartBackoff';
import { startThread, startThreadFile } from '../lib/threadEntry';
import { type ThreadMessage } from './threadMain';

// `npm start` (issue 16): the embedded database on a thread of its own, served over the Postgres wire
// protocol on its unix socket (db/embeddedServer.ts), so PGlite's statements (WebAssembly, run
// synchronously) never hold up the event loop that answers people, and the API and the workers reach
// it with node-postgres as they reach a real Postgres. A thread, not a process: one copy of Node and of
// the server's code in memory (the `processes` command runs it as a process of its own).

/** How long closing may take (the statement under way, then PGlite's checkpoint) before the thread is ended. */
const CLOSE_TIMEOUT_MS = 30_000;

export interface DatabaseThread {
  /** The node-postgres URL of the database (its unix socket): the same after a restart. */
  url: string;
  /** Stops serving, closes PGlite (it checkpoints the data dir), then ends the thread. */
  close(): Promise<void>;
}

export interface DatabaseThreadOptions {
  /** Says a restart (default: console.error). */
  warn?: (line: string) => void;
  /** The thread's entry, for tests (default: threadMain beside this file, or beside the bundle). */
  entry?: string;
}

/** Starts the embedded database of `dataDir` on its own thread; resolves once it accepts connections. */
export async function startDatabaseThread(
  dataDir: string,
  options: DatabaseThreadOptions = {},
): Promise<DatabaseThread> {
  const warn = options.warn ?? ((line: string) => console.error(line));
  const entry = options.entry;
  let closing = false;
  const backoff = new RestartBackoff();
  let restart: NodeJS.Timeout | null = null;
  let current: { worker: Worker; startedAt: number } | null = null;

  const scheduleRestart = (why: string, startedAt: number) => {
    // Until it is back, the API answers 503 and the workers' statements fail and are retried.
    const delay = backoff.stopped(startedAt);
    warn(`[database] the database thread stopped (${why}); starting it again in ${delay} ms`);
    restart = setTimeout(() => {
      restart = null;
      if (!closing) void launch(false).catch(() => undefined);
    }, delay);
  };

  /** Starts the thread; the first start rejects if it stops before it is ready, a restart tries again. */
  const launch = (first: boolean) =>
    new Promise<string>((resolve, reject) => {
      const worker = entry
        ? startThreadFile(entry, { workerData: { dataDir } })
        : startThread(__dirname, 'threadMain', { workerData: { dataDir } });
      const thread = { worker, startedAt: Date.now() };
      current = thread;
      let ready = false;
      let failure: Error | null = null;
      worker.on('message', (message: ThreadMessage) => {
        if (message.type !== 'ready') return;
        ready = true;
        resolve(message.url);
      });
      worker.on('error', (error) => (failure = error));
      worker.on('exit', (code) => {
        if (current === thread) current = null;
        const why = failure ? failure.message : `exit code ${code}`;
        if (!ready) reject(new Error(`The embedded database did not start: ${why}`));
        if (closing || (first && !ready)) return;
        scheduleRestart(why, thread.startedAt);
      });
    });

  const url = await launch(true);
  return {
    url,
    async close() {
      closing = true;
      if (restart) clearTimeout(restart);
      const thread = current;
      if (!thread) return;
      const exited = new Promise<void>((resolve) => thread.worker.once('exit', () => resolve()));
      const closed = new Promise<void>((resolve) =>
        thread.worker.on('message', (message: ThreadMessage) => message.type === 'closed' && resolve()),
      );
      thread.worker.postMessage({ type: 'close' });
      const timer = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_TIMEOUT_MS).unref());
      await Promise.race([closed, exited, timer]);
      await thread.worker.terminate();
    },
  };
}
