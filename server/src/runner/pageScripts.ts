import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { type Frame, type Locator, type Page } from 'playwright-core';
import type candidateAtScript from './page/candidateAt';
import type classSelectorsScript from './page/classSelectors';
import type collectCandidatesScript from './page/collectCandidates';
import type cssPathScript from './page/cssPath';
import type forgetKeyScript from './page/forgetKey';
import type isFileInputScript from './page/isFileInput';
import type markSecretsScript from './page/markSecrets';
import type positionAmongScript from './page/positionAmong';
import type quietDocumentScript from './page/quietDocument';
import type readOutsideMenusScript from './page/readOutsideMenus';
import type readWatchScript from './page/readWatch';
import type scrollPageScript from './page/scrollPage';
import type selectedLabelsScript from './page/selectedLabels';
import type startWatchScript from './page/startWatch';
import type unmarkSecretsScript from './page/unmarkSecrets';
import { ROOT, serverSource } from '../lib/paths';

// Code that runs in the page (issue 28). Each `page/<name>.ts` is a page script: a default-exported
// function, importing nothing but `page/shared/*`, compiled here with esbuild into one self-contained
// function expression, and injected as that text. Never `fn.toString()` of the server's own code: what
// the loader made of it is not ours to send (tsx's esbuild keepNames wraps functions in a `__name`
// helper the page does not have; the page threw, screenshots were silently lost).
//
// NOTE: compiled at first use in each process, cached on disk by content (the sources of `page/`,
// esbuild's version and the options below). A cached first use hashes page/ and reads one file: ~3 ms
// on this machine when idle (up to ~30 ms under load); compiling all fourteen scripts takes 0.12–0.2 s,
// once per change. There is no build step to go stale, as for the rest of the server, and jest, tsx
// and the `plainwright` command inject the same bytes.

export const PAGE_DIR = serverSource('runner', 'page');
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'plainwright');
// The global the compiled module's exports go to, local to the function the script is wrapped in.
const GLOBAL_NAME = '__plainwrightPage';
const BUILD_OPTIONS = {
  bundle: true,
  format: 'iife',
  globalName: GLOBAL_NAME,
  platform: 'browser',
  target: 'chrome120',
  keepNames: false,
  minifyWhitespace: true,
  minifySyntax: true,
  charset: 'utf8',
  legalComments: 'none',
} as const;

/** The page scripts' names: the files directly in page/. */
export function pageScriptNames(): string[] {
  return fs
    .readdirSync(PAGE_DIR, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
    .map((entry) => entry.name.slice(0, -'.ts'.length))
    .sort();
}

let compiled: Promise<ReadonlyMap<string, string>> | null = null;

/** Every page script's compiled source (a function expression), by name. */
export function pageScriptSources(): Promise<ReadonlyMap<string, string>> {
  compiled ??= loadOrCompile().catch((error: unknown) => {
    compiled = null;
    throw error;
  });
  return compiled;
}

/** One page script's compiled source. */
export async function pageScriptSource(name: string): Promise<string> {
  const source = (await pageScriptSources()).get(name);
  if (source === undefined) throw new Error(`No page script "${name}" in ${PAGE_DIR}`);
  return source;
}

async function loadOrCompile(): Promise<ReadonlyMap<string, string>> {
  const key = sourcesHash(esbuildVersion());
  const file = path.join(CACHE_DIR, `page-scripts-${key}.json`);
  try {
    return new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>));
  } catch {
    // Not compiled yet (or unreadable): compile below.
  }
  const sources = await compile();
  try {
    await fs.promises.mkdir(CACHE_DIR, { recursive: true });
    // Written whole, then renamed: a process reading it meanwhile never sees half a file.
    const partial = `${file}.${process.pid}.tmp`;
    await fs.promises.writeFile(partial, JSON.stringify(Object.fromEntries(sources)));
    await fs.promises.rename(partial, file);
  } catch {
    // A read-only checkout: this process keeps its compiled scripts in memory.
  }
  return sources;
}

/** esbuild's version, read from its package (loading esbuild itself takes longer than the whole cached path). */
function esbuildVersion(): string {
  return (JSON.parse(fs.readFileSync(require.resolve('esbuild/package.json'), 'utf8')) as { version: string })
    .version;
}

/** A hash of everything the compiled scripts depend on. */
function sourcesHash(esbuildVersion: string): string {
  const hash = crypto.createHash('sha256');
  hash.update(`${esbuildVersion}\n${JSON.stringify(BUILD_OPTIONS)}\n${wrap('')}\n`);
  const visit = (dir: string) => {
    // NOTE: the default sort, not localeCompare: its first call loads ICU's collation (~30 ms).
    for (const name of fs.readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (fs.statSync(full).isDirectory()) visit(full);
      else if (name.endsWith('.ts'))
        hash.update(`${path.relative(PAGE_DIR, full)}\n`).update(fs.readFileSync(full));
    }
  };
  visit(PAGE_DIR);
  return hash.digest('hex').slice(0, 32);
}

/** Compiles every page script (one esbuild call); page code may import page code only. */
async function compile(): Promise<Map<string, string>> {
  const { build } = await import('esbuild');
  const names = pageScriptNames();
  const result = await build({
    ...BUILD_OPTIONS,
    entryPoints: Object.fromEntries(names.map((name) => [name, path.join(PAGE_DIR, `${name}.ts`)])),
    outdir: '/page-scripts',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        name: 'page-code-only',
        setup(plugin) {
          plugin.onResolve({ filter: /.*/ }, (args) => {
            if (args.kind === 'entry-point') return undefined;
            const resolved = path.resolve(args.resolveDir, args.path);
            if (args.path.startsWith('.') && resolved.startsWith(`${PAGE_DIR}${path.sep}`)) return undefined;
            return { errors: [{ text: `Page code imports page code only, not "${args.path}"` }] };
          });
        },
      },
    ],
  });
  const byName = new Map<string, string>();
  for (const output of result.outputFiles) byName.set(path.basename(output.path, '.js'), wrap(output.text));
  return new Map(names.map((name) => [name, byName.get(name)!]));
}

/**
 * A compiled module as one function expression that calls its default export with its own arguments.
 * NOTE: `arguments`, not rest parameters: the module's "use strict" is illegal in a function that has them.
 */
function wrap(iife: string): string {
  return `function () {\n${iife}\nreturn ${GLOBAL_NAME}.default.apply(this, arguments);\n}`;
}

// --- Injecting -------------------------------------------------------------------------------------

/** Runs a page script in a page or frame with one JSON argument: the call is part of the text sent. */
function inPage<F extends (arg: never) => unknown>(name: string) {
  return async (
    target: Page | Frame,
    ...[arg]: Parameters<F> extends [] ? [] : [Parameters<F>[0]]
  ): Promise<Awaited<ReturnType<F>>> => {
    const source = await pageScriptSource(name);
    const call = `(${source})(${arg === undefined ? '' : JSON.stringify(arg)})`;
    return (await target.evaluate(call)) as Awaited<ReturnType<F>>;
  };
}

/**
 * The compiled source as a function object, for the calls that hand the page script elements
 * (Playwright only passes elements to a function). Playwright sends `String(fn)`: the compiled text itself.
 */
const elementFunctions = new Map<string, (...args: unknown[]) => unknown>();
async function pageFunction(name: string): Promise<(...args: unknown[]) => unknown> {
  let fn = elementFunctions.get(name);
  if (!fn) {
    const source = await pageScriptSource(name);
    // NOTE: never called here; made only so that Playwright calls it in the page with the elements.
    fn = new Function(`return ${source};`)() as (...args: unknown[]) => unknown;
    elementFunctions.set(name, fn);
  }
  return fn;
}

/** Runs a page script on the elements a locator matches (the script's first parameter). */
function onElements<F extends (elements: Element[], arg: never) => unknown>(name: string) {
  return async (locator: Locator, arg: Parameters<F>[1]): Promise<Awaited<ReturnType<F>>> =>
    (await locator.evaluateAll(await pageFunction(name), arg)) as Awaited<ReturnType<F>>;
}

/** Runs a page script on the one element a locator matches (the script's first parameter). */
function onElement<F extends (element: Element) => unknown>(name: string) {
  return async (locator: Locator, options: { timeout: number }): Promise<Awaited<ReturnType<F>>> =>
    (await locator.evaluate(await pageFunction(name), undefined, options)) as Awaited<ReturnType<F>>;
}

/** The page scripts, each typed by its module. */
export const pageScripts = {
  candidateAt: inPage<typeof candidateAtScript>('candidateAt'),
  classSelectors: inPage<typeof classSelectorsScript>('classSelectors'),
  collectCandidates: inPage<typeof collectCandidatesScript>('collectCandidates'),
  cssPath: inPage<typeof cssPathScript>('cssPath'),
  forgetKey: inPage<typeof forgetKeyScript>('forgetKey'),
  isFileInput: onElement<typeof isFileInputScript>('isFileInput'),
  markSecrets: inPage<typeof markSecretsScript>('markSecrets'),
  positionAmong: onElements<typeof positionAmongScript>('positionAmong'),
  quietDocument: inPage<typeof quietDocumentScript>('quietDocument'),
  readOutsideMenus: inPage<typeof readOutsideMenusScript>('readOutsideMenus'),
  readWatch: inPage<typeof readWatchScript>('readWatch'),
  scrollPage: inPage<typeof scrollPageScript>('scrollPage'),
  selectedLabels: onElement<typeof selectedLabelsScript>('selectedLabels'),
  startWatch: inPage<typeof startWatchScript>('startWatch'),
  unmarkSecrets: inPage<typeof unmarkSecretsScript>('unmarkSecrets'),
};
