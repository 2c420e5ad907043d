import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import readline from 'node:readline';
import { type Config } from './config';
import { embeddedDatabaseUrl, URGENT_APPLICATION } from './db/socketPath';
import { RestartBackoff } from './lib/restartBackoff';

// `processes` (issue 16): the database, the API and the workers as processes of their own, so that neither
// the embedded database's queries (PGlite runs on its process's main thread) nor the workers' browser
// traffic sit on the event loop that answers people. The supervisor starts them in order (database,
// then API and workers), prefixes each line they print with its role, restarts one that dies, and on
// SIGINT/SIGTERM stops them in the order `start` does: HTTP, then jobs, then the database.

export type ChildRole = 'database' | 'api' | 'worker';

/** What a child tells its supervisor over IPC. */
export type ChildMessage = { type: 'ready'; databaseUrl?: string };

export interface SupervisorOptions {
  /** Prints a line (the supervisor's own and its children's, prefixed). */
  out?: (line: string) => void;
  /** The command that runs this program with another role: [executable, ...arguments before the role]. */
  command?: [string, ...string[]];
}

/** A child that dies before it is ready is started this many times in a row before `start` gives up. */
const START_ATTEMPTS = 4;
/** How long a child may take to say it is ready. */
const READY_TIMEOUT_MS = 120_000;
/** How long a child may take to stop before it is killed (the API finishes requests, workers their jobs). */
const STOP_TIMEOUT_MS = 30_000;
/** The niceness of worker processes (0 is the supervisor's, 19 the lowest priority). */
const WORKER_NICENESS = 10;

interface Managed {
  role: ChildRole;
  /** 'worker 2' when there are several. */
  name: string;
  env: NodeJS.ProcessEnv;
  process: ChildProcess | null;
  startedAt: number;
  backoff: RestartBackoff;
  restart: NodeJS.Timeout | null;
}

export class Supervisor {
  private readonly _children: Managed[] = [];
  private _stopping: Promise<number> | null = null;
  private readonly _out: (line: string) => void;
  private readonly _command: [string, ...string[]];

  constructor(
    private readonly _config: Config,
    options: SupervisorOptions = {},
  ) {
    this._out = options.out ?? ((line) => console.log(line));
    this._command = options.command ?? [process.execPath, ...process.execArgv, process.argv[1]];
  }

  /** Starts every process; resolves once the API is ready. Throws (after stopping what started) if one is not. */
  async start(): Promise<void> {
    try {
      // All at once: the API and the workers wait for the database's socket (its URL is known in advance).
      const database = this._config.databaseUrl ? null : this._add('database', 'database', {});
      const env = { DATABASE_URL: this._config.databaseUrl ?? embeddedDatabaseUrl(this._config.dataDir) };
      // NOTE: node-postgres names its connections by PGAPPNAME; the embedded database serves the API's first.
      const api = this._add('api', 'api', { ...env, PGAPPNAME: URGENT_APPLICATION });
      const workers = Array.from({ length: this._config.workerProcesses }, (_, index) =>
        this._add('worker', this._config.workerProcesses > 1 ? `worker ${index + 1}` : 'worker', env),
      );
      await Promise.all([database, api, ...workers].map((child) => child && this._launch(child)));
    } catch (error) {
      await this.stop();
      throw error;
    }
  }

  /** Stops the API, then the workers, then the database; resolves with 0, or 1 if one had to be killed. */
  stop(): Promise<number> {
    this._stopping ??= (async () => {
      let code = 0;
      for (const roles of [['api'], ['worker'], ['database']] as ChildRole[][]) {
        const stopping = this._children.filter((child) => roles.includes(child.role));
        const results = await Promise.all(stopping.map((child) => this._stopChild(child)));
        if (results.includes(false)) code = 1;
      }
      return code;
    })();
    return this._stopping;
  }

  /** The running processes (for tests and the log). */
  pids(): Record<string, number | null> {
    return Object.fromEntries(this._children.map((child) => [child.name, child.process?.pid ?? null]));
  }

  private _add(role: ChildRole, name: string, env: NodeJS.ProcessEnv): Managed {
    const child: Managed = {
      role,
      name,
      env,
      process: null,
      startedAt: 0,
      backoff: new RestartBackoff(),
      restart: null,
    };
    this._children.push(child);
    return child;
  }

  /**
   * Starts the child until it says it is ready: one that dies first (a database not yet up, two
   * processes racing to create the same queue) is started again after a back-off, at most
   * START_ATTEMPTS times in a row. Once ready, a child that dies is always started again.
   */
  private async _launch(child: Managed): Promise<ChildMessage> {
    for (let attempt = 1; ; attempt++) {
      try {
        const message = await this._spawn(child);
        this._out(`[supervisor] ${child.name} ready (pid ${child.process?.pid})`);
        child.backoff.reset();
        return message;
      } catch (error) {
        if (this._stopping || attempt >= START_ATTEMPTS) throw error;
        const delay = child.backoff.next();
        this._out(`[supervisor] ${(error as Error).message} Starting it again in ${delay} ms.`);
        await new Promise((resolve) => setTimeout(resolve, delay));
        if (this._stopping) throw error;
      }
    }
  }

  /** Spawns the child; resolves on its 'ready' message, rejects if it exits (or is slow) first. */
  private _spawn(child: Managed): Promise<ChildMessage> {
    const [executable, ...prefix] = this._command;
    const spawned = spawn(executable, [...prefix, child.role], {
      env: { ...process.env, ...child.env, PLAINWRIGHT_SUPERVISED: '1' },
      // Its own process group: a terminal's Ctrl+C reaches the supervisor only, which stops them in order.
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    child.process = spawned;
    child.startedAt = Date.now();
    // Workers (and the Chromium they start, which inherits it) yield the CPU to the API and the
    // database: a person's click is answered before a screenshot is encoded.
    if (child.role === 'worker' && spawned.pid)
      try {
        os.setPriority(spawned.pid, WORKER_NICENESS);
      } catch {
        // not allowed here: the worker runs at the supervisor's priority
      }
    for (const stream of [spawned.stdout!, spawned.stderr!])
      readline
        .createInterface({ input: stream, crlfDelay: Infinity })
        .on('line', (line) => this._out(`[${child.name}] ${line}`));
    let ready = false;
    return new Promise<ChildMessage>((resolve, reject) => {
      const timer = setTimeout(() => {
        spawned.kill('SIGKILL');
        reject(new Error(`The ${child.name} process was not ready after ${READY_TIMEOUT_MS / 1000} s.`));
      }, READY_TIMEOUT_MS);
      spawned.on('message', (message: ChildMessage) => {
        if (message?.type !== 'ready' || ready) return;
        ready = true;
        clearTimeout(timer);
        resolve(message);
      });
      spawned.once('exit', (code, signal) => {
        clearTimeout(timer);
        const how = signal ? `was killed (${signal})` : `exited with code ${code}`;
        if (!ready) return reject(new Error(`The ${child.name} process ${how} before it was ready.`));
        if (this._stopping || child.process !== spawned) return;
        const delay = child.backoff.stopped(child.startedAt);
        this._out(`[supervisor] the ${child.name} process ${how}; starting it again in ${delay} ms`);
        child.restart = setTimeout(() => {
          child.restart = null;
          if (this._stopping) return;
          this._relaunch(child);
        }, delay);
      });
    });
  }

  /** Starts a child that died again, for as long as it takes (its back-off capped). */
  private _relaunch(child: Managed): void {
    this._launch(child).catch((error: Error) => {
      if (this._stopping) return;
      const delay = child.backoff.next();
      this._out(`[supervisor] ${error.message} Trying again in ${delay} ms.`);
      child.restart = setTimeout(() => {
        child.restart = null;
        if (!this._stopping) this._relaunch(child);
      }, delay);
    });
  }

  /** SIGTERM, then SIGKILL after STOP_TIMEOUT_MS; true if it stopped by itself. */
  private async _stopChild(child: Managed): Promise<boolean> {
    if (child.restart) clearTimeout(child.restart);
    const running = child.process;
    if (!running || running.exitCode !== null || running.signalCode !== null) return true;
    const exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
    running.kill('SIGTERM');
    let timer: NodeJS.Timeout | undefined;
    const stopped = await Promise.race([
      exited.then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), STOP_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
    if (!stopped) {
      this._out(`[supervisor] the ${child.name} process did not stop in ${STOP_TIMEOUT_MS / 1000} s: killed`);
      running.kill('SIGKILL');
      await exited;
    }
    return stopped;
  }
}

/** In a child: tells the supervisor it is ready (no-op when run on its own). */
export function tellSupervisor(message: ChildMessage): void {
  process.send?.(message);
}
