import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import ts from 'typescript';
import { EXPECTED, observePageScripts } from '../../test/pageScriptChecks';
import { findChromium, QUIET_CHROMIUM_ARGS } from './chromium';
import { PAGE_DIR, pageScriptNames, pageScripts, pageScriptSources } from './pageScripts';

jest.setTimeout(60_000);

describe('page scripts', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: findChromium() ?? undefined,
      args: QUIET_CHROMIUM_ARGS,
    });
    page = await browser.newPage({ viewport: { width: 800, height: 600 } });
  });

  afterAll(() => browser?.close());

  it('are compiled from every module of page/, each one self-contained function without a loader helper', async () => {
    const sources = await pageScriptSources();
    expect([...sources.keys()].sort()).toEqual(pageScriptNames());
    expect(Object.keys(pageScripts).sort()).toEqual(pageScriptNames());
    for (const [name, source] of sources) {
      expect({ name, start: source.slice(0, 'function ()'.length) }).toEqual({ name, start: 'function ()' });
      expect({ name, helpers: source.match(/__name|__require|require\(/g) }).toEqual({ name, helpers: null });
    }
  });

  it('each do their job in a real page', async () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(pageScriptNames());
    expect(await observePageScripts(page)).toEqual(EXPECTED);
  });
});

describe("the server's code that runs in a page", () => {
  const SERVER_SRC = path.resolve(__dirname, '..');
  const INJECTING = new Set([
    'evaluate',
    'evaluateAll',
    'evaluateHandle',
    'addInitScript',
    '$eval',
    '$$eval',
    'waitForFunction',
  ]);

  const sourceFiles = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
    });

  /** Every call of a method that runs code in a page: where, and whether it was handed a function. */
  function injections(file: string): { at: string; inline: boolean }[] {
    const text = fs.readFileSync(file, 'utf8');
    // Parsed only where a name is seen at all (parsing the whole server takes seconds).
    if (![...INJECTING].some((name) => text.includes(`.${name}`))) return [];
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const found: { at: string; inline: boolean }[] = [];
    const visit = (node: ts.Node) => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        INJECTING.has(node.expression.name.text)
      ) {
        const first = node.arguments[0];
        const { line } = source.getLineAndCharacterOfPosition(node.getStart());
        found.push({
          at: `${path.relative(SERVER_SRC, file)}:${line + 1}`,
          inline: Boolean(first && (ts.isArrowFunction(first) || ts.isFunctionExpression(first))),
        });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return found;
  }

  it('is injected only by runner/pageScripts.ts, never as a function of its own', () => {
    const calls = sourceFiles(SERVER_SRC).flatMap(injections);
    // The check sees the calls it looks for.
    expect(calls.filter((call) => call.at.startsWith('runner/pageScripts.ts:')).length).toBeGreaterThan(0);
    expect(calls.filter((call) => call.inline || !call.at.startsWith('runner/pageScripts.ts:'))).toEqual([]);
  });

  it('in page/ imports only page code', () => {
    const outside = sourceFiles(PAGE_DIR).flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return [...text.matchAll(/\bfrom\s+'([^']+)'|\bimport\s*\(\s*'([^']+)'/g)]
        .map((match) => match[1] ?? match[2])
        .filter((specifier) => {
          const resolved = path.resolve(path.dirname(file), specifier);
          return !specifier.startsWith('.') || !resolved.startsWith(`${PAGE_DIR}${path.sep}`);
        })
        .map((specifier) => `${path.relative(PAGE_DIR, file)}: ${specifier}`);
    });
    expect(outside).toEqual([]);
  });
});
