import fs from 'node:fs';
import { type Browser, type BrowserType } from 'playwright-core';
import { type KnownBrowser } from '../../../contract/config';
import { findChromium, lowPriorityLauncher, QUIET_CHROMIUM_ARGS, type Launcher } from './chromium';
import { messageOf } from './execute';

/** No browser could be had: the generation ends as executor_not_available. */
export class ExecutorUnavailableError extends Error {
  override name = 'ExecutorUnavailableError';
}

export interface BrowserPoolOptions {
  /** A Playwright browser server (chromium.launchServer or `playwright run-server`); else launch locally. */
  wsEndpoint: string | null;
  /** Defaults to findChromium(). */
  executablePath?: string | null;
  /** The niceness Chromium works at (lowPriorityLauncher); BROWSER_NICENESS by default. */
  niceness?: number;
  /** What starts Chromium (tests); lowPriorityLauncher by default. */
  launcher?: (executablePath: string) => Launcher;
  /** Where a warning goes (console.warn by default). */
  warn?: (line: string) => void;
  timeoutMs?: number;
}

/** A run asked for a browser this worker does not have: the run cannot run here, and says how to fix it. */
export class BrowserNotInstalledError extends Error {
  override name = 'BrowserNotInstalledError';
}

export type EngineName = 'firefox' | 'webkit';

const ENGINE_LABELS: Record<EngineName, string> = { firefox: 'Firefox', webkit: 'WebKit' };

/** Playwright, loaded when a browser is first needed rather than when the server starts (~0.4 s). */
const playwright = () => import('playwright-core');

/** One browser per worker process, shared by its jobs (each gets a fresh context); relaunched if it dies. */
export class BrowserPool {
  private _browser: Browser | null = null;
  private _starting: Promise<Browser> | null = null;
  private _closed = false;

  constructor(private readonly _options: BrowserPoolOptions) {}

  get endpoint(): string | null {
    return this._options.wsEndpoint;
  }

  /**
   * Whether the browser can reach the worker's loopback, where each context's target guard listens:
   * a browser this worker launched, or a browser server on this machine.
   */
  get reachesWorkerLoopback(): boolean {
    if (!this._options.wsEndpoint) return true;
    try {
      const host = new URL(this._options.wsEndpoint).hostname.replace(/^\[|\]$/g, '');
      return host === 'localhost' || host === '::1' || /^127\./.test(host);
    } catch {
      return false;
    }
  }

  async acquire(): Promise<Browser> {
    if (this._closed) throw new ExecutorUnavailableError('The worker is shutting down');
    if (this._browser?.isConnected()) return this._browser;
    this._starting ??= this._start().finally(() => {
      this._starting = null;
    });
    return this._starting;
  }

  /** Drops a browser that failed us, so the next acquire starts a new one. */
  async discard(browser: Browser): Promise<void> {
    if (this._browser === browser) this._browser = null;
    await browser.close().catch(() => undefined);
  }

  async close(): Promise<void> {
    this._closed = true;
    await this._starting?.catch(() => undefined);
    const browser = this._browser;
    this._browser = null;
    await browser?.close().catch(() => undefined);
    for (const [name, engine] of this._engines) {
      this._engines.delete(name);
      await engine.then((launched) => launched.close()).catch(() => undefined);
    }
  }

  private readonly _engines = new Map<EngineName, Promise<Browser>>();

  /**
   * Firefox or WebKit (issue 15), launched once per worker when Playwright's build of it is installed
   * where the worker runs (`npx playwright install firefox webkit`); otherwise BrowserNotInstalledError.
   */
  async acquireEngine(name: EngineName): Promise<Browser> {
    if (this._closed) throw new ExecutorUnavailableError('The worker is shutting down');
    const label = ENGINE_LABELS[name];
    if (this._options.wsEndpoint)
      throw new BrowserNotInstalledError(
        `${label} is not available: the workers use the Chromium browser server at BROWSER_WS_ENDPOINT. Run this collection in Chromium.`,
      );
    const type = (await playwright())[name];
    const running = this._engines.get(name);
    if (running) {
      const browser = await running.catch(() => null);
      if (browser?.isConnected()) return browser;
      this._engines.delete(name);
    }
    if (!installed(type))
      throw new BrowserNotInstalledError(
        `${label} is not installed where the workers run: run "npx playwright install ${name}" there, or run this collection in Chromium.`,
      );
    const starting = type.launch({ timeout: this._options.timeoutMs ?? 30_000 }).catch((error: unknown) => {
      this._engines.delete(name);
      throw new ExecutorUnavailableError(`${label} did not start: ${firstLine(error)}`);
    });
    this._engines.set(name, starting);
    return starting;
  }

  private async _start(): Promise<Browser> {
    const timeout = this._options.timeoutMs ?? 30_000;
    let browser: Browser;
    if (this._options.wsEndpoint) {
      try {
        const { chromium } = await playwright();
        browser = await chromium.connect(this._options.wsEndpoint, { timeout });
      } catch (error) {
        throw new ExecutorUnavailableError(
          `Could not connect to the browser server at ${this._options.wsEndpoint}: ${firstLine(error)}`,
        );
      }
    } else {
      const executablePath = this._options.executablePath ?? findChromium();
      if (!executablePath)
        throw new ExecutorUnavailableError(
          'No Chromium was found on the worker: install chromium, set CHROMIUM_PATH, or set BROWSER_WS_ENDPOINT to a Playwright browser server.',
        );
      // Imported first: a failed import must not leave the launcher's script behind.
      const { chromium } = await playwright();
      const launcher =
        this._options.launcher?.(executablePath) ??
        lowPriorityLauncher(executablePath, { target: this._options.niceness });
      const launch = (path: string) =>
        chromium.launch({ executablePath: path, args: QUIET_CHROMIUM_ARGS, timeout });
      try {
        browser = await launch(launcher.executablePath).catch((error: unknown) => {
          if (launcher.executablePath === executablePath) throw error;
          // E.g. a temp folder mounted noexec: the browser still starts, at the worker's priority.
          (this._options.warn ?? console.warn)(
            `[browser] Chromium did not start at a lower priority (${firstLine(error)}); starting it at the worker's.`,
          );
          return launch(executablePath);
        });
      } catch (error) {
        throw new ExecutorUnavailableError(`Chromium (${executablePath}) did not start: ${firstLine(error)}`);
      } finally {
        // The script has started the browser (or never will): it is not needed any more.
        launcher.dispose();
      }
    }
    browser.on('disconnected', () => {
      if (this._browser === browser) this._browser = null;
    });
    if (this._closed) {
      await browser.close().catch(() => undefined);
      throw new ExecutorUnavailableError('The worker is shutting down');
    }
    this._browser = browser;
    return browser;
  }
}

/**
 * The browsers the workers can launch (issue 28): Chromium when BROWSER_WS_ENDPOINT is set or
 * findChromium finds one; Firefox and WebKit only when Playwright's builds of them are installed (and
 * no browser server is set, which serves Chromium alone). GET /api/system/browsers lists them; every
 * field that names a browser is refused with launchSentence when it names another.
 */
export async function launchableBrowsers(
  wsEndpoint: string | null,
  chromium: () => string | null = findChromium,
): Promise<KnownBrowser[]> {
  if (wsEndpoint) return ['chromium'];
  const browsers: KnownBrowser[] = chromium() ? ['chromium'] : [];
  const types = await playwright();
  for (const name of ['firefox', 'webkit'] as const) if (installed(types[name])) browsers.push(name);
  return browsers;
}

/**
 * Why `field` cannot name these browsers here: the ones the server cannot launch and the ones it can,
 * in one sentence (the API's 400, and what `plainwright ci` prints); null when it can launch each.
 */
export function launchSentence(
  field: string,
  asked: readonly string[],
  launchable: readonly string[],
): string | null {
  const missing = [...new Set(asked)].filter((name) => !launchable.includes(name));
  if (missing.length === 0) return null;
  const can = launchable.length > 0 ? `it can launch ${listed(launchable)}` : 'it can launch none';
  return `${field}: this server cannot launch ${listed(missing)}; ${can} (the others need installing where its workers run).`;
}

function listed(names: readonly string[]): string {
  return names.length < 2
    ? names.join('')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** Whether Playwright's own build of the browser is on this machine. */
function installed(type: BrowserType): boolean {
  try {
    return fs.existsSync(type.executablePath());
  } catch {
    // NOTE: executablePath throws when Playwright knows no build of it for this platform.
    return false;
  }
}

function firstLine(error: unknown): string {
  return messageOf(error).split('\n')[0];
}
