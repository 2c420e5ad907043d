import closeWithGrace from 'close-with-grace';
import { ConfigError, devMailboxUrl, loadConfig, type Config } from './config';
import type { Role } from './runtime';
import { tellSupervisor } from './supervisor';

// NOTE: the database and the runtime are imported when a command needs them: `ci` runs on a
// pipeline's machine and loads none of the server.

const USAGE = `Usage: plainwright <command>

Commands:
  start      every role in one process, the embedded database on a thread of it (default)
  processes  every role in its own process under a supervisor: the embedded database (unless
             DATABASE_URL is set), the API with the identity provider and SPA, WORKER_PROCESSES workers
  api        the API, identity provider and SPA only
  worker     job workers only (needs DATABASE_URL: PGlite serves one process)
  database   the embedded database served to other processes over a unix socket in DATA_DIR
  migrate    apply database migrations and exit
  ci         run a collection from a CI pipeline with the service account key (plainwright ci --help)`;

async function main(argv: string[]) {
  const command = argv[0] ?? 'start';
  // A pipeline's client: it needs the server's address and a key, none of this server's configuration.
  if (command === 'ci') {
    const { runCi } = await import('./cli/ci');
    process.exit(await runCi(argv.slice(1), { out: console.log, err: console.error, env: process.env }));
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }

  // `start` on the embedded database: PGlite on a thread of its own, reached over its unix socket. It
  // opens while this thread loads the server's code.
  const threadStarting =
    command === 'start' && !config.databaseUrl
      ? import('./db/thread').then(({ startDatabaseThread }) => startDatabaseThread(config.dataDir))
      : null;
  // NOTE: awaited below; until then a failure must not count as an unhandled rejection.
  threadStarting?.catch(() => undefined);

  const { createRuntime, databaseTarget } = await import('./runtime');
  if (command === 'migrate') {
    const { openDatabase } = await import('./db/client');
    const database = await openDatabase(databaseTarget(config));
    await database.migrate();
    await database.close();
    console.log('Migrations applied.');
    return;
  }

  // NOTE: not what `start` runs: three copies of Node take ~400 MB more than one with a database thread.
  if (command === 'processes') {
    const { Supervisor } = await import('./supervisor');
    const supervisor = new Supervisor(config);
    let signalled = false;
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.on(signal, () => {
        if (signalled) return;
        signalled = true;
        console.log(`${signal}: finishing requests and jobs, then closing the database.`);
        void supervisor.stop().then((code) => process.exit(code));
      });
    await supervisor.start();
    return;
  }
  if (command === 'database') {
    if (config.databaseUrl) {
      console.error('DATABASE_URL is set: the database is that server, not an embedded one.');
      process.exit(78);
    }
    const { serveEmbeddedDatabase } = await import('./db/serve');
    const server = await serveEmbeddedDatabase(config.dataDir);
    closeWithGrace({ delay: 25_000 }, async ({ err }) => {
      if (err) console.error(err);
      await server.close();
    });
    stopWithSupervisor(() => server.close());
    tellSupervisor({ type: 'ready', databaseUrl: server.url });
    console.log(`Database ready on ${config.dataDir} (migrations applied).`);
    return;
  }

  const roles: Record<string, Role[]> = { start: ['api', 'worker'], api: ['api'], worker: ['worker'] };
  const chosen = roles[command];
  if (!chosen) {
    console.error(`Unknown command "${command}".\n\n${USAGE}`);
    process.exit(64);
  }
  if (command === 'worker' && !config.databaseUrl) {
    console.error(
      'The worker role runs beside an API process, so it needs a shared Postgres: set DATABASE_URL.',
    );
    process.exit(78);
  }

  // Started by the supervisor beside the embedded database: it may still be opening its data.
  if (process.env.PLAINWRIGHT_SUPERVISED && config.databaseUrl) {
    const { waitForDatabase } = await import('./db/serve');
    await waitForDatabase(config.databaseUrl, 60_000);
  }
  const thread = await threadStarting;
  const runtime = await createRuntime(config, {
    roles: chosen,
    ...(thread && { target: { kind: 'postgres', url: thread.url }, soleProcess: true }),
  }).catch(async (error: unknown) => {
    await thread?.close();
    throw error;
  });
  const close = async () => {
    await runtime.close();
    await thread?.close();
  };
  // The API's event-loop delay, for the api-under-load benchmark (LOOP_DELAY_FILE, unset by default).
  if (chosen.includes('api')) {
    const { startLoopDelayReport } = await import('./lib/loopDelay');
    startLoopDelayReport(process.env.LOOP_DELAY_FILE, 1000, 'api');
  }
  closeWithGrace({ delay: 25_000 }, async ({ signal, err }) => {
    if (err) console.error(err);
    console.log(`${signal ?? 'Stopping'}: finishing requests and jobs, then closing the database.`);
    await close();
  });
  stopWithSupervisor(close);
  if (runtime.app) {
    await runtime.app.listen({ port: config.port, host: config.host });
    console.log(`Plainwright is ready on ${config.publicUrl}`);
    console.log(mailNotice(config));
  } else {
    console.log(`Worker ready (concurrency ${config.workerConcurrency}).`);
  }
  tellSupervisor({ type: 'ready' });
}

/** In a supervised child: a supervisor that goes away (even killed) takes its children with it. */
function stopWithSupervisor(stop: () => Promise<unknown>): void {
  if (!process.send) return;
  process.on('disconnect', () => {
    void stop().finally(() => process.exit(0));
  });
}

/** Where the confirmation, recovery and invitation e-mails go, said plainly at start. */
function mailNotice(config: Config): string {
  if (config.smtpUrl) return 'E-mail goes out through SMTP_URL.';
  if (config.devMailbox === 'off')
    return 'WARNING: no SMTP_URL and no dev mailbox (the server is not loopback-only): confirmation, recovery and invitation e-mails cannot reach anyone. Set SMTP_URL, or AUTH_AUTOCONFIRM=true to skip confirmation.';
  const forced =
    config.devMailbox === 'forced'
      ? ' DEV_MAILBOX=true: anyone who can reach this server with this address can read them.'
      : '';
  // Like Jupyter's start log: the address carries the token, and only whoever started the server sees it.
  return `No SMTP_URL: e-mails land in the dev mailbox, open it at ${devMailboxUrl(config)}${forced}`;
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
