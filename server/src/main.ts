import closeWithGrace from 'close-with-grace';
import { ConfigError, loadConfig, type Config } from './config';
import type { Role } from './runtime';

// NOTE: the database and the runtime are imported when a command needs them: `ci` runs on a
// pipeline's machine and loads none of the server.

const USAGE = `Usage: plainwright <command>

Commands:
  start    every role in one process: API, identity provider, SPA, workers (default)
  api      the API, identity provider and SPA only
  worker   job workers only (needs DATABASE_URL: PGlite serves one process)
  migrate  apply database migrations and exit
  ci       run a collection from a CI pipeline with the service account key (plainwright ci --help)`;

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

  const { createRuntime, databaseTarget } = await import('./runtime');
  if (command === 'migrate') {
    const { openDatabase } = await import('./db/client');
    const database = await openDatabase(databaseTarget(config));
    await database.migrate();
    await database.close();
    console.log('Migrations applied.');
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

  const runtime = await createRuntime(config, { roles: chosen });
  closeWithGrace({ delay: 25_000 }, async ({ signal, err }) => {
    if (err) console.error(err);
    console.log(`${signal ?? 'Stopping'}: finishing requests and jobs, then closing the database.`);
    await runtime.close();
  });
  if (runtime.app) {
    await runtime.app.listen({ port: config.port, host: config.host });
    console.log(`Plainwright is ready on ${config.publicUrl}`);
    console.log(mailNotice(config));
  } else {
    console.log(`Worker ready (concurrency ${config.workerConcurrency}).`);
  }
}

/** Where the confirmation, recovery and invitation e-mails go, said plainly at start. */
function mailNotice(config: Config): string {
  if (config.smtpUrl) return 'E-mail goes out through SMTP_URL.';
  if (config.devMailbox === 'off')
    return 'WARNING: no SMTP_URL and no dev mailbox (the server is not loopback-only): confirmation, recovery and invitation e-mails cannot reach anyone. Set SMTP_URL, or AUTH_AUTOCONFIRM=true to skip confirmation.';
  const forced =
    config.devMailbox === 'forced'
      ? ' (DEV_MAILBOX=true: anyone who can reach this server can read them)'
      : '';
  return `No SMTP_URL: e-mails land in the dev mailbox at ${config.publicUrl}/dev/mail${forced}.`;
}

main(process.argv.slice(2)).catch((error) => {
  console.error(error);
  process.exit(1);
});
