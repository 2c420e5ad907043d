#!/usr/bin/env node
// Brings a checkout up to date before `npm start` / `npm test`: npm packages, Chromium, the SPA build,
// the server's bundle (scripts/build-server.mjs).
// Idempotent and quick when nothing changed. Uses Node's own modules only: it runs before `npm ci`.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const mode = process.argv[2] ?? 'start';
const log = (message) => console.log(`[setup] ${message}`);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`[setup] ${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    console.error(`[setup] Node ${process.versions.node} is too old: Plainwright needs Node 20.19 or newer.`);
    process.exit(1);
  }
}

function ensurePackages() {
  const stamp = path.join(root, 'node_modules', '.plainwright-deps');
  const hash = () =>
    crypto
      .createHash('sha256')
      .update(fs.readFileSync(path.join(root, 'package-lock.json')))
      .update(fs.readFileSync(path.join(root, 'package.json')))
      .digest('hex');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash()) return;
  // NOTE: `npm install`, not `npm ci`: registry mirrors without other platforms' optional binaries
  // (swc, unrs-resolver) leave those out of the lock, and `npm ci` then refuses the lock as out of sync.
  log('installing npm packages (npm install)…');
  run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error']);
  fs.writeFileSync(stamp, hash());
}

/** Playwright's browser downloads whose folder starts with `prefix`, newest first. */
function playwrightDownloads(prefix) {
  const cache =
    process.env.PLAYWRIGHT_BROWSERS_PATH || path.join(process.env.HOME ?? '/root', '.cache', 'ms-playwright');
  if (!fs.existsSync(cache)) return [];
  return fs
    .readdirSync(cache)
    .filter((dir) => new RegExp(`^${prefix}-\\d+$`).test(dir))
    .sort((a, b) => Number(b.split('-')[1]) - Number(a.split('-')[1]))
    .map((dir) => path.join(cache, dir));
}

const exists = (candidates) => candidates.some((candidate) => candidate && fs.existsSync(candidate));

/** A headless shell (Playwright's or Debian's): what the server launches first (server/src/runner/chromium.ts). */
function hasHeadlessShell() {
  return exists([
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    ...playwrightDownloads('chromium_headless_shell').flatMap((dir) => [
      path.join(dir, 'chrome-headless-shell-linux64', 'chrome-headless-shell'),
      path.join(dir, 'chrome-linux', 'headless_shell'),
    ]),
  ]);
}

function hasChromium() {
  return (
    hasHeadlessShell() ||
    exists([
      '/usr/bin/chromium',
      '/usr/bin/chromium-browser',
      '/usr/bin/google-chrome',
      ...playwrightDownloads('chromium').flatMap((dir) => [
        path.join(dir, 'chrome-linux64', 'chrome'),
        path.join(dir, 'chrome-linux', 'chrome'),
      ]),
    ])
  );
}

/**
 * Debian's headless shell when no headless shell is here (a whole Chromium runs headless at about
 * three times the CPU), with a whole Chromium beside it when there is none at all. Without one a
 * whole Chromium still serves, so a failed install only stops setup when nothing can run.
 */
function ensureChromium() {
  if (process.env.BROWSER_WS_ENDPOINT || hasHeadlessShell()) return;
  const anyChromium = hasChromium();
  const has = (command) => spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!has('apt-get') || (!isRoot && !has('sudo'))) {
    if (!anyChromium)
      log(
        'no Chromium found: install Chromium and set CHROMIUM_PATH, or set BROWSER_WS_ENDPOINT to a Playwright browser server.',
      );
    return;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (...args) =>
    spawnSync(isRoot ? 'apt-get' : 'sudo', isRoot ? args : ['apt-get', ...args], {
      cwd: root,
      stdio: 'inherit',
      env,
    }).status === 0;
  const packages = anyChromium
    ? ['chromium-headless-shell']
    : ['chromium-headless-shell', 'chromium', 'fonts-liberation'];
  log(`installing ${packages.join(', ')} from Debian's packages (apt-get install)…`);
  const installed =
    apt('install', '-y', '-qq', ...packages) ||
    (apt('update', '-qq') && apt('install', '-y', '-qq', ...packages));
  if (installed) return;
  if (anyChromium) log('the headless shell did not install: the whole Chromium found here is used instead.');
  else {
    console.error('[setup] apt-get install failed and no Chromium is here: see the README (CHROMIUM_PATH).');
    process.exit(1);
  }
}

function newestMtime(entries) {
  let newest = 0;
  const visit = (entry) => {
    if (!fs.existsSync(entry)) return;
    const stat = fs.statSync(entry);
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(entry))
        if (!child.endsWith('.test.tsx') && !child.endsWith('.stories.tsx')) visit(path.join(entry, child));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  entries.forEach((entry) => visit(path.join(root, entry)));
  return newest;
}

function ensureSpaBuild() {
  const stamp = path.join(root, 'dist', '.build-stamp');
  const sources = newestMtime([
    'src',
    'public',
    'contract',
    'webpack.config.js',
    'package-lock.json',
    'tsconfig.json',
  ]);
  if (fs.existsSync(stamp) && fs.statSync(stamp).mtimeMs >= sources) return;
  log('building the SPA (webpack)…');
  run('npx', ['webpack', '--mode', 'production', '--stats', 'errors-warnings'], {
    env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=4096' },
  });
  fs.writeFileSync(stamp, new Date().toISOString());
}

checkNode();
ensurePackages();
ensureChromium();
ensureSpaBuild();
// Imported only now: it needs esbuild from the packages just installed.
const { ensureServerBuild } = await import('./build-server.mjs');
await ensureServerBuild({ log });
log(mode === 'test' ? 'ready to test' : 'ready');
