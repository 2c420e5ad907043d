// `npm start` when already set up (issue 16: ready in ≤ 5 s; issue 34: ≤ 3 s, starting the server's bundle):
// the README's start command, as a person runs it, on a data dir that a first start created; the time from
// the command to an answering /api/health, BENCH_START_TIMES (3) times after that first start. Then how
// much CPU it takes when nobody uses it: BENCH_IDLE_SECONDS (30) after the last start has settled (its
// first sweep and maintenance done), every process it started counted.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freePort } from '../server/test/helpers';
import { round } from './apiBench';
import { processTreeCpuMs } from './cpu';
import { type Figure } from './spaBundle';

const BENCH = 'start-ready';
const READY_TIMEOUT_MS = 300_000;
/** After ready, before the idle CPU is measured: the first sweeps and pg-boss's start-up work. */
const SETTLE_MS = 15_000;

export async function measureStartReady(): Promise<Figure[]> {
  const times = Number(process.env.BENCH_START_TIMES?.trim() || 3);
  if (!Number.isInteger(times) || times < 1)
    throw new Error('BENCH_START_TIMES must be a whole number above 0');
  const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS?.trim() || 30);
  if (!Number.isFinite(idleSeconds) || idleSeconds <= 0)
    throw new Error('BENCH_IDLE_SECONDS must be a number of seconds above 0');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pw-bench-start-'));
  try {
    // The first start creates the database: not what "already set up" means.
    await startOnce(dataDir, async () => undefined);
    const readyMs: number[] = [];
    let idleCpuMs = 0;
    for (let i = 0; i < times; i++)
      readyMs.push(
        await startOnce(dataDir, async (pid) => {
          if (i < times - 1) return;
          await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
          const before = processTreeCpuMs(pid, { withRoot: true });
          await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
          idleCpuMs = processTreeCpuMs(pid, { withRoot: true }) - before;
        }),
      );
    const sorted = [...readyMs].sort((a, b) => a - b);
    return [
      {
        bench: BENCH,
        metric: 'npm start ready, median',
        value: round(sorted[Math.floor(sorted.length / 2)] / 1000),
        unit: 's',
        target: '≤ 3',
      },
      { bench: BENCH, metric: 'npm start ready, slowest', value: round(sorted.at(-1)! / 1000), unit: 's' },
      { bench: BENCH, metric: 'starts', value: times, unit: 'starts' },
      {
        bench: BENCH,
        metric: 'npm start idle, CPU',
        value: Math.round((idleCpuMs / (idleSeconds * 1000)) * 1000) / 10,
        unit: '% of a core',
      },
    ];
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * `npm start` on `dataDir` until /api/health answers; then `whileUp` (given npm's pid); then stopped
 * as Ctrl-C stops it. Milliseconds to ready.
 */
async function startOnce(dataDir: string, whileUp: (pid: number) => Promise<void>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: path.resolve(__dirname, '..'),
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: the whole of it gets the signal, as a terminal's Ctrl-C sends it.
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
      if (performance.now() - started > READY_TIMEOUT_MS)
        throw new Error(`npm start was not ready:\n${output}`);
      const healthy = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) {
        const readyMs = performance.now() - started;
        await whileUp(child.pid!);
        return readyMs;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  } finally {
    process.kill(-child.pid!, 'SIGINT');
    await exited;
  }
}
