import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// Plainwright started as a person starts it (`npm start` runs `build/server/main.js start`, the bundle
// scripts/build-server.mjs makes), for the suites that stop, kill and restart its processes.

const root = path.resolve(__dirname, '../..');

let built = false;

/** Node's arguments that start the product's bundle, built first if a source changed since (once a process). */
export function productCommand(): string[] {
  if (!built) {
    const build = spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`Building the server failed:\n${build.stdout}${build.stderr}`);
    built = true;
  }
  return ['--enable-source-maps', 'build/server/main.js'];
}

export interface ProductProcess {
  child: ChildProcess;
  /** Everything it printed so far (the supervisor's children's lines prefixed with their role). */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

export function startProduct(env: Record<string, string>, command = 'start'): ProductProcess {
  let output = '';
  const child = spawn(process.execPath, [...productCommand(), command], {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      LOG_LEVEL: 'warn',
      AUTH_AUTOCONFIRM: 'true',
      // The test inbox's default port may be another product's on this machine.
      INBOX_SMTP_PORT: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function waitForHealth(
  url: string,
  timeoutMs = 60_000,
  product?: ProductProcess,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const code = product?.child.exitCode;
    if (code !== null && code !== undefined)
      throw new Error(`The product exited with ${code}:\n${product!.output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `The product was not healthy in ${timeoutMs / 1000} s${product ? `:\n${product.output()}` : ''}`,
  );
}
