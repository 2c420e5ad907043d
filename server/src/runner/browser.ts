import { chromium, type Browser } from 'playwright-core';
import { findChromium, QUIET_CHROMIUM_ARGS } from './chromium';
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
  timeoutMs?: number;
}

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
  }

  private async _start(): Promise<Browser> {
    const timeout = this._options.timeoutMs ?? 30_000;
    let browser: Browser;
    if (this._options.wsEndpoint) {
      try {
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
      try {
        browser = await chromium.launch({ executablePath, args: QUIET_CHROMIUM_ARGS, timeout });
      } catch (error) {
        throw new ExecutorUnavailableError(`Chromium (${executablePath}) did not start: ${firstLine(error)}`);
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

function firstLine(error: unknown): string {
  return messageOf(error).split('\n')[0];
}
