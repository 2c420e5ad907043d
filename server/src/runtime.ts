import type { FastifyInstance } from 'fastify';
import { type Config } from './config';
import { openDatabase, type Database, type DatabaseTarget } from './db/client';
import { loadOrCreateSigningKey } from './identity/keys';
import { registerWorkers, type Workers } from './jobs/handlers';
import { JobQueue } from './jobs/queue';
import { type InboxService } from './inbox/service';
import { type InboxSmtp } from './inbox/smtp';
import { createEventBus, type EventBus } from './realtime/bus';
import { createServices, type Services } from './services';

export type Role = 'api' | 'worker';

export interface Runtime {
  config: Config;
  database: Database;
  queue: JobQueue;
  services: Services;
  /** The test inbox's store; `inboxSmtp` is its SMTP listener (the API's, when INBOX_SMTP_PORT is on). */
  inbox: InboxService;
  inboxSmtp: InboxSmtp | null;
  app: FastifyInstance | null;
  /** Stops in dependency order: no new requests, running jobs finish, then the database closes. */
  close(): Promise<void>;
}

export interface RuntimeOptions {
  roles: Role[];
  logger?: boolean;
  /** Where the logger writes instead of stdout (tests read the log). */
  logStream?: NodeJS.WritableStream;
  pollingIntervalSeconds?: number;
  /** Overrides the database chosen from config (tests use an in-memory PGlite or a fresh Postgres). */
  target?: DatabaseTarget;
  /**
   * No other process uses this database (the embedded one on this process's thread): jobs found
   * running at start were running in a process that died. Implied by PGlite in this process.
   */
  soleProcess?: boolean;
  /** How long closing waits for requests under way before it cuts their connections (REQUEST_DRAIN_MS). */
  drainMs?: number;
}

/**
 * How long a stop lets requests under way finish. A client that stops reading a large answer keeps its
 * request under way until a timeout ends it (70 s, seen in a test that never read the trace viewer's
 * service worker): past this, its connection is cut, so the workers and the database still close
 * inside the 25 s grace of a SIGTERM.
 */
export const REQUEST_DRAIN_MS = 10_000;

/** Closes the API: new requests are refused at once; those under way get `drainMs`, then their connections end. */
export async function closeApp(app: FastifyInstance, drainMs = REQUEST_DRAIN_MS): Promise<void> {
  const timer = setTimeout(() => app.server.closeAllConnections(), drainMs);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}

export function databaseTarget(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir };
}

export async function createRuntime(config: Config, options: RuntimeOptions): Promise<Runtime> {
  const database = await openDatabase(options.target ?? databaseTarget(config));
  let queue: JobQueue | null = null;
  let app: FastifyInstance | null = null;
  let events: EventBus | null = null;
  let workers: Workers | null = null;
  let inboxSmtp: InboxSmtp | null = null;
  try {
    await database.migrate();
    const isWorker = options.roles.includes('worker');
    queue = await JobQueue.start(database, {
      supervise: isWorker,
      pollingIntervalSeconds: options.pollingIntervalSeconds,
    });
    events = await createEventBus(database);
    // A job queued in one process wakes the workers of the others (on PGlite the queue wakes its own).
    const bus = events;
    queue.announce = (name) => void bus.publishJobQueued(name).catch(() => undefined);
    if (isWorker) bus.onJobQueued((name) => queue?.wake(name));
    const services = await createServices(config, database.db, queue, events);
    if (!config.supabaseUrl) await loadOrCreateSigningKey(database.db);
    if (isWorker)
      workers = await registerWorkers(queue, services, config.workerConcurrency, {
        singleProcess: database.target.kind === 'pglite' || Boolean(options.soleProcess),
      });
    const inbox = services.inbox;
    if (options.roles.includes('api')) {
      // Loaded for the API only: a worker process does without Fastify, its plugins and the routes.
      const [{ buildApp }, { createTokenVerifier }] = await Promise.all([
        import('./app'),
        import('./identity/verifier'),
      ]);
      inboxSmtp = await listenForInbox(config, inbox);
      app = await buildApp({
        config,
        database,
        services,
        verifier: createTokenVerifier(config, database.db),
        logger: options.logger,
        logStream: options.logStream,
      });
      await app.ready();
    }
    const startedQueue = queue;
    const startedEvents = events;
    const startedWorkers = workers;
    const startedSmtp = inboxSmtp;
    let closing: Promise<void> | null = null;
    return {
      config,
      database,
      queue: startedQueue,
      services,
      inbox,
      inboxSmtp: startedSmtp,
      app,
      close() {
        closing ??= (async () => {
          await startedSmtp?.close();
          if (app) await closeApp(app, options.drainMs);
          startedWorkers?.beforeStop();
          await startedQueue.stop();
          await startedWorkers?.close();
          await startedEvents.close();
          await database.close();
        })();
        return closing;
      },
    };
  } catch (error) {
    await inboxSmtp?.close().catch(() => undefined);
    await app?.close().catch(() => undefined);
    await queue?.stop().catch(() => undefined);
    await workers?.close().catch(() => undefined);
    await events?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw error;
  }
}

/**
 * Starts the test inbox's SMTP listener on HOST (INBOX_SMTP_PORT). A port already taken (a second
 * server on the machine) is said and the product starts anyway: only e-mail steps need the inbox.
 */
async function listenForInbox(config: Config, inbox: InboxService): Promise<InboxSmtp | null> {
  if (config.inbox.smtpPort === null) return null;
  const warn = (line: string) => console.error(line);
  const { startInboxSmtp } = await import('./inbox/smtp');
  try {
    return await startInboxSmtp({
      host: config.host,
      port: config.inbox.smtpPort,
      domain: config.inbox.domain,
      maxBytes: config.inbox.maxBytes,
      perMinute: config.inbox.perMinute,
      deliver: (mail) => inbox.deliver(mail),
      warn,
    });
  } catch (error) {
    warn(
      `[inbox] the test inbox cannot listen on ${config.host}:${config.inbox.smtpPort} ` +
        `(${(error as Error).message}): e-mail steps will find no mail. Set INBOX_SMTP_PORT to a free port, or off.`,
    );
    return null;
  }
}
