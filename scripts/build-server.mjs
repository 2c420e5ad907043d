#!/usr/bin/env node
// Builds the server once into build/server/ (esbuild), which `npm start`, the end-to-end tests and the
// suites that start the product as a person does all run: starting from the bundle skips compiling ~500
// TypeScript files at every start. Each worker thread's entry is a file of its own beside main.js
// (server/src/lib/threadEntry.ts starts it). npm packages stay outside the bundle, loaded from
// node_modules as usual; source maps keep stack traces pointing at server/src.
//
//   node scripts/build-server.mjs          builds when a source changed since the last build (else quick)
//   node scripts/build-server.mjs --force  builds anyway
//
// Also imported by scripts/setup.mjs, playwright.config.ts and server/test/processes.ts.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE_DIR = path.join(root, 'build', 'server');
export const SERVER_BUNDLE = path.join(SERVER_BUNDLE_DIR, 'main.js');
const STAMP = path.join(SERVER_BUNDLE_DIR, '.build-stamp');

const ENTRY_POINTS = [
  'server/src/main.ts',
  'server/src/db/threadMain.ts',
  'server/src/modules/pythonThreadMain.ts',
];
// What the bundle is made of: the server's and the contract's sources, and how esbuild is set up.
const SOURCES = ['server/src', 'contract', 'package-lock.json', 'tsconfig.json', 'scripts/build-server.mjs'];

/** A digest of every source file's path, size and modification time: any change, added or removed file shows. */
function sourcesDigest() {
  const hash = crypto.createHash('sha256');
  const visit = (entry) => {
    const stat = fs.statSync(entry, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const child of fs.readdirSync(entry).sort())
        if (!child.endsWith('.test.ts') && child !== 'node_modules') visit(path.join(entry, child));
    } else hash.update(`${path.relative(root, entry)}\0${stat.size}\0${stat.mtimeMs}\n`);
  };
  SOURCES.forEach((source) => visit(path.join(root, source)));
  return hash.digest('hex');
}

/**
 * Bundles the entry points (paths from the checkout's root) into `outdir`, each as `<name>.js`, the way the
 * product is built: server/test/pageScriptsUnderTsx.test.ts bundles a runner check the same way.
 */
export async function bundleServer(entryPoints, outdir) {
  const { build } = await import('esbuild');
  await build({
    absWorkingDir: root,
    entryPoints,
    entryNames: '[name]',
    outdir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    // No `__name` helper around functions (keepNames): nothing of the server is sent to a page, but if it
    // ever were, it must not depend on a helper the page lacks (server/src/runner/pageScripts.ts).
    keepNames: false,
    legalComments: 'none',
    logLevel: 'warning',
  });
}

/** Builds build/server/ unless it is up to date; true when it built. */
export async function ensureServerBuild({ force = false, log = () => undefined } = {}) {
  const digest = sourcesDigest();
  const built = fs.existsSync(SERVER_BUNDLE) && fs.existsSync(STAMP) && fs.readFileSync(STAMP, 'utf8');
  if (!force && built === digest) return false;
  log('building the server (esbuild)…');
  // Built beside, then moved in place: a product starting from the old bundle meanwhile (another jest
  // worker, a second terminal) never sees half a build.
  const building = `${SERVER_BUNDLE_DIR}.${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  await bundleServer(ENTRY_POINTS, building);
  fs.writeFileSync(path.join(building, '.build-stamp'), digest);
  fs.rmSync(SERVER_BUNDLE_DIR, { recursive: true, force: true });
  try {
    fs.renameSync(building, SERVER_BUNDLE_DIR);
  } catch {
    // Another process moved its build in first: the same sources, so the same bundle.
    fs.rmSync(building, { recursive: true, force: true });
  }
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await ensureServerBuild({
    force: process.argv.includes('--force'),
    log: (message) => console.log(`[build-server] ${message}`),
  });
}
