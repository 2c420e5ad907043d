import { type Worker } from 'node:worker_threads';
import { startThread } from '../lib/threadEntry';
import { type PythonTranslation, type TranslateOptions } from './python';

// Issue 27: a script is read off the API's event loop. The parse is synchronous and, for a hostile
// script, takes seconds of CPU: on the event loop it held every other request (three at once held
// /api/health for 4.6 s). Two threads at most (the machine's cores are the API's and the workers'
// too), started at the first script, ended after a minute idle; a read that outruns its time ends its
// thread and is refused.

const MAX_THREADS = 2;
const READ_TIMEOUT_MS = 10_000;
const IDLE_MS = 60_000;

export interface TranslationRequest {
  id: number;
  script: string;
  secretNames: string[];
}

export type TranslationReply =
  { id: number; translation: PythonTranslation } | { id: number; failure: string };

interface Job {
  request: TranslationRequest;
  resolve: (translation: PythonTranslation) => void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

const threads: Thread[] = [];
const queue: Job[] = [];
let nextId = 1;

/** translatePythonScript, on a thread of its own: what the script becomes, or why it is refused. */
export function translatePythonOffThread(
  script: string,
  options: TranslateOptions = {},
): Promise<PythonTranslation> {
  return new Promise((resolve) => {
    queue.push({ request: { id: nextId++, script, secretNames: [...(options.secretNames ?? [])] }, resolve });
    dispatch();
  });
}

/** Ends the threads (tests, shutdown); a later script starts them again. */
export async function closePythonThreads(): Promise<void> {
  await Promise.all(threads.splice(0).map((thread) => thread.worker.terminate()));
}

function dispatch(): void {
  while (queue.length > 0) {
    const thread = threads.find((candidate) => candidate.job === null) ?? startOne();
    if (!thread) return;
    const job = queue.shift()!;
    thread.job = job;
    if (thread.timer) clearTimeout(thread.timer);
    thread.timer = setTimeout(() => timedOut(thread), READ_TIMEOUT_MS).unref();
    thread.worker.ref();
    thread.worker.postMessage(job.request);
  }
}

function startOne(): Thread | null {
  if (threads.length >= MAX_THREADS) return null;
  const worker = startThread(__dirname, 'pythonThreadMain');
  const thread: Thread = { worker, job: null, timer: null };
  threads.push(thread);
  worker.on('message', (reply: TranslationReply) => finished(thread, reply));
  // A thread that fails or exits answers its script as unreadable; the next script starts another.
  worker.on('error', (error) => ended(thread, error.message));
  worker.on('exit', (code) => ended(thread, `the translator stopped (exit code ${code})`));
  return thread;
}

function finished(thread: Thread, reply: TranslationReply): void {
  const job = thread.job;
  if (!job || job.request.id !== reply.id) return;
  thread.job = null;
  job.resolve('translation' in reply ? reply.translation : unreadable(reply.failure));
  idle(thread);
  dispatch();
}

function idle(thread: Thread): void {
  if (thread.timer) clearTimeout(thread.timer);
  // NOTE: an idle thread must not keep the process alive (a CLI command, a test's end).
  thread.worker.unref();
  thread.timer = setTimeout(() => void retire(thread), IDLE_MS).unref();
}

function timedOut(thread: Thread): void {
  const job = thread.job;
  thread.job = null;
  void retire(thread);
  job?.resolve(unreadable(`reading it took longer than ${READ_TIMEOUT_MS / 1000} s`));
  dispatch();
}

function ended(thread: Thread, why: string): void {
  const job = thread.job;
  thread.job = null;
  void retire(thread);
  job?.resolve(unreadable(why));
  dispatch();
}

async function retire(thread: Thread): Promise<void> {
  if (thread.timer) clearTimeout(thread.timer);
  const index = threads.indexOf(thread);
  if (index === -1) return;
  threads.splice(index, 1);
  await thread.worker.terminate();
}

function unreadable(why: string): PythonTranslation {
  return {
    ok: false,
    errors: [{ line: 1, column: 1, code: '', reason: `The script could not be read: ${why}` }],
  };
}
