#!/usr/bin/env node
// Prints the server suites CI runs a second time, on a real Postgres: those whose subject is the
// database's own behaviour — concurrency and leases, LISTEN/NOTIFY, migrations and restarts, triggers,
// row versions, isolation between organizations. Every other suite reaches the database through the
// same Drizzle statements, which these exercise, so running them twice would only repeat the first run.
// `--check` says which suites are left out and fails when a listed suite is missing.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// NOTE: generation's and runs' leases (generationJobs, runsJobs) are not here: they are the one Lease of
// server/src/tracking over their tables, whose behaviour on Postgres tracking.test.ts checks on a fake
// kind; their own suites check each kind's wiring, which the database does not change.
export const ABOUT_THE_DATABASE = new Map([
  [
    'server/test/jobs.test.ts',
    'pg-boss on the product database; a job queued wakes another process (NOTIFY)',
  ],
  [
    'server/test/tracking.test.ts',
    'the one lease of every kind on a fake kind through pg-boss: concurrent sweeps, claims, requeues, abandonment, fast cancel, a worker process SIGKILLed',
  ],
  ['server/test/generationLive.test.ts', 'events sent with NOTIFY by any session reach the sockets (LISTEN)'],
  ['server/test/schedules.test.ts', 'a tick handled twice at once starts one group; two worker processes'],
  ['server/test/testCasesTreeCache.test.ts', "statement triggers keep a suite's tree_version"],
  ['server/test/testCaseRowCache.test.ts', "a test's row kept under its xmin, written by another process"],
  ['server/test/isolation.test.ts', "one organization's calls never reach another's rows"],
  ['server/test/testCasesIsolation.test.ts', "every test call kept inside its organization's rows"],
  ['server/test/system.test.ts', 'migrations on an empty database, and what a restart keeps'],
  ['server/test/identityRestart.test.ts', 'people, sessions and the signing key across a restart'],
  ['server/test/shutdown.test.ts', 'no half-written organization after SIGTERM (transactions)'],
]);

function suitesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : suitesUnder(full);
    return entry.name.endsWith('.test.ts') ? [path.relative(ROOT, full)] : [];
  });
}

/** Every suite of jest's server project (its roots: server/ and fixtures/), relative to the checkout. */
export function serverSuites() {
  return ['server', 'fixtures'].flatMap((dir) => suitesUnder(path.join(ROOT, dir))).sort();
}

/** Fails when a list names a suite that is not there (renamed or deleted). */
export function checkListed(name, files) {
  const missing = [...files].filter((file) => !fs.existsSync(path.join(ROOT, file)));
  if (missing.length > 0) {
    console.error(`[${name}] listed but missing: ${missing.join(', ')}`);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  checkListed('database-suites', ABOUT_THE_DATABASE.keys());
  if (process.argv.includes('--check')) {
    console.log(
      `${ABOUT_THE_DATABASE.size} of ${serverSuites().length} server suites run again on Postgres:`,
    );
    for (const [file, why] of ABOUT_THE_DATABASE) console.log(`  ${file}: ${why}`);
  } else {
    for (const file of ABOUT_THE_DATABASE.keys()) console.log(file);
  }
}
