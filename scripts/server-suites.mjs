#!/usr/bin/env node
// Runs jest's server project in two passes: first every suite side by side (a jest worker a core), then,
// one at a time, the few suites that start whole product processes and hold them to a deadline (a
// restart, a SIGTERM, a killed worker): beside another suite's browser they would measure the machine,
// not the product. Most server suites wait on a browser, a lease or a poll for much of their time, so
// two of them share two cores well: all of them used about 22 minutes of CPU, where one at a time they
// took 33 minutes.
//
//   node scripts/server-suites.mjs              every server suite
//   node scripts/server-suites.mjs --database   the suites CI runs again on Postgres (database-suites.mjs)
//   node scripts/server-suites.mjs --check      lists the suites run alone, with why
// Other arguments go to jest in both passes.
import { spawnSync } from 'node:child_process';
import { ABOUT_THE_DATABASE, checkListed, serverSuites } from './database-suites.mjs';

export const RUN_ALONE = new Map([
  ['server/test/supervisor.test.ts', 'kills and restarts worker and database processes, within deadlines'],
  ['server/test/shutdown.test.ts', 'SIGTERM to a product process: requests finish within the grace'],
  ['server/test/system.test.ts', 'starts the product as npm start does and restarts it on the same data'],
  ['server/test/identityRestart.test.ts', 'restarts the product: people and sessions are kept'],
  ['server/src/db/client.test.ts', 'kills a process mid-write; times the event loop between statements'],
  ['server/test/databaseThread.test.ts', "stops and restarts the embedded database's thread"],
]);

const args = process.argv.slice(2);
checkListed('server-suites', RUN_ALONE.keys());
if (args.includes('--check')) {
  console.log(`${RUN_ALONE.size} server suites run one at a time after the others:`);
  for (const [file, why] of RUN_ALONE) console.log(`  ${file}: ${why}`);
  process.exit(0);
}

const database = args.includes('--database');
const passThrough = args.filter((arg) => arg !== '--database');
const chosen = database ? [...ABOUT_THE_DATABASE.keys()] : serverSuites();
const alone = chosen.filter((file) => RUN_ALONE.has(file));
const together = chosen.filter((file) => !RUN_ALONE.has(file));

/** Runs jest on the files; true when every suite passed. */
function jest(files, workers) {
  if (files.length === 0) return true;
  console.log(`[server-suites] ${files.length} suites, ${workers === 1 ? 'one at a time' : 'side by side'}`);
  const result = spawnSync(
    'npx',
    [
      'jest',
      '--selectProjects',
      'server',
      `--maxWorkers=${workers}`,
      ...passThrough,
      '--runTestsByPath',
      ...files,
    ],
    {
      stdio: 'inherit',
      env: {
        ...process.env,
        NODE_OPTIONS:
          `${process.env.NODE_OPTIONS ?? ''} --experimental-vm-modules --disable-warning=ExperimentalWarning`.trim(),
      },
    },
  );
  return result.status === 0;
}

// Both passes run even when the first fails: the log then shows every failure of the run.
const passed = [jest(together, '100%'), jest(alone, 1)];
process.exit(passed.every(Boolean) ? 0 : 1);
