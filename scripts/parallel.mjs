#!/usr/bin/env node
// Runs npm scripts side by side (`node scripts/parallel.mjs lint typecheck`): each one's output is
// printed whole when it ends, so the logs stay readable, with how long it took. Exits non-zero when
// any of them fails. The checks that take one core each (eslint, tsc) then share the machine's two.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/parallel.mjs <npm script> [<npm script> …]');
  process.exit(2);
}

function run(name) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString();
      const ok = code === 0;
      process.stdout.write(
        `[${name}] ${ok ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds} s\n${text}`,
      );
      resolve(ok);
    });
  });
}

const results = await Promise.all(names.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
