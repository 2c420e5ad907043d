import {
  type BrowserContext,
  type ConsoleMessage,
  type Page,
  type Request,
  type Response,
} from 'playwright-core';
import { maskSecrets } from './values';

// A run's log (docs/runs.md): one line per event, `<ISO time> <LEVEL> <source>: <message>`, secret
// values masked. The levels are the log viewer's colours.

export type LogLevel = 'ERROR' | 'WARNING' | 'INFO' | 'SUCCESS';
export type LogSource = 'run' | 'step' | 'console' | 'page' | 'network';

const MAX_LINE = 2000;
const MAX_LINES = 5000;

export class RunLog {
  private readonly _lines: string[] = [];
  private _dropped = 0;
  errors = 0;
  warnings = 0;

  constructor(
    private readonly _secrets: string[],
    private readonly _now: () => Date = () => new Date(),
  ) {}

  add(level: LogLevel, source: LogSource, message: string): void {
    if (level === 'ERROR') this.errors++;
    if (level === 'WARNING') this.warnings++;
    if (this._lines.length >= MAX_LINES) {
      this._dropped++;
      return;
    }
    // One event, one line: the viewer colours by line.
    let text = maskSecrets(message, this._secrets)
      .replace(/\s*\n\s*/g, ' | ')
      .trim();
    if (text.length > MAX_LINE) text = `${text.slice(0, MAX_LINE)}…`;
    this._lines.push(`${this._now().toISOString()} ${level} ${source}: ${text}`);
  }

  /** Records the page's console errors and warnings, uncaught errors and failed requests; returns the detach. */
  attach(page: Page): () => void {
    const onConsole = (message: ConsoleMessage) => {
      const type = message.type();
      if (type !== 'error' && type !== 'warning') return;
      const location = message.location();
      const where = location.url ? ` (${shortUrl(location.url)}:${location.lineNumber + 1})` : '';
      this.add(type === 'error' ? 'ERROR' : 'WARNING', 'console', `${message.text()}${where}`);
    };
    const onPageError = (error: Error) =>
      this.add('ERROR', 'page', `Uncaught ${error.name}: ${error.message}`);
    const onRequestFailed = (request: Request) => {
      const reason = request.failure()?.errorText ?? 'failed';
      // A request the page itself dropped (it navigated away) is no fault of the site.
      const level = /ERR_ABORTED|NS_BINDING_ABORTED/.test(reason) ? 'WARNING' : 'ERROR';
      this.add(level, 'network', `${request.method()} ${request.url()} failed: ${reason}`);
    };
    const onResponse = (response: Response) => {
      const status = response.status();
      if (status < 400) return;
      const request = response.request();
      this.add(
        status >= 500 ? 'ERROR' : 'WARNING',
        'network',
        `${status} ${request.method()} ${response.url()}`,
      );
    };
    page.on('console', onConsole);
    page.on('pageerror', onPageError);
    page.on('requestfailed', onRequestFailed);
    page.on('response', onResponse);
    return () => {
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      page.off('requestfailed', onRequestFailed);
      page.off('response', onResponse);
    };
  }

  /**
   * Records every tab of the context as attach() does one page: those open now and those a step opens
   * later (a run follows a tab a click opens, issue 32: its console errors are the run's too). Returns the detach.
   */
  attachContext(context: BrowserContext): () => void {
    const detachers = context.pages().map((page) => this.attach(page));
    const onPage = (page: Page) => detachers.push(this.attach(page));
    context.on('page', onPage);
    return () => {
      context.off('page', onPage);
      for (const detach of detachers) detach();
    };
  }

  get lineCount(): number {
    return this._lines.length;
  }

  text(): string {
    const dropped = this._dropped
      ? [`${this._now().toISOString()} WARNING run: ${this._dropped} more lines were left out`]
      : [];
    return [...this._lines, ...dropped].join('\n') + '\n';
  }
}

function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname.split('/').pop() || parsed.pathname}`;
  } catch {
    return url;
  }
}
