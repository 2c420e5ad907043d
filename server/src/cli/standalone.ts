import { runCi } from './ci';

// The entry of the single-file CLI the server hands out (`GET /api/cli/plainwright.mjs`): a pipeline
// downloads it from the server it talks to and runs `node plainwright.mjs ci …` with nothing installed.

const [command, ...rest] = process.argv.slice(2);
if (command !== 'ci') {
  console.error(
    'Usage: node plainwright.mjs ci --server URL --collection ID [options] (the key in PLAINWRIGHT_KEY; ci --help)',
  );
  process.exit(2);
}
runCi(rest, { out: console.log, err: console.error, env: process.env }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`plainwright: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  },
);
