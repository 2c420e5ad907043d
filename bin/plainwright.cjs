#!/usr/bin/env node
// `plainwright <command>` (package.json "bin"): the server's command line, run through tsx. Works from
// any directory (a pipeline runs it from its own checkout): tsx is resolved from this package.
const { spawnSync } = require('node:child_process');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const main = path.join(__dirname, '..', 'server', 'src', 'main.ts');
const tsx = pathToFileURL(require.resolve('tsx', { paths: [path.join(__dirname, '..')] })).href;
const result = spawnSync(process.execPath, ['--import', tsx, main, ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: process.cwd(),
});
if (result.error) {
  console.error(`plainwright: ${result.error.message}`);
  process.exit(2);
}
process.exit(result.status ?? 2);
