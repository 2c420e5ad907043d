import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { resolveIntent } from '../src/agents/coder';
import { parseStep } from '../src/agents/grammar';
import { type Action } from '../src/runner/actions';
import { findChromium, QUIET_CHROMIUM_ARGS } from '../src/runner/chromium';
import { RunnerSession } from '../src/runner/session';

/** Where a suite's widget pages come from: pages served here by path ('/' first), or a site served elsewhere. */
export type WidgetPages = Record<string, string> | (() => Promise<{ url: string; close(): Promise<void> }>);

export interface WidgetPageOptions {
  viewport?: { width: number; height: number };
  stepTimeoutMs?: number;
}

/** What a test of the runner's widgets works with; set by the suite's hooks, read inside its tests. */
export interface WidgetPage {
  /** The address of '/' (or of the site), ending in '/'. */
  url: string;
  browser: Browser;
  /** A fresh session of each test, opened on `url`. */
  session: RunnerSession;
  /** What the coder does for the sentence's first step on the page as the session shows it. */
  firstAction(sentence: string): Promise<Action>;
}

/**
 * Registers the hooks of a suite about widgets on a page: one Chromium and one page server for the
 * suite, and before each test a runner session on the page (closed after it). The suites of the
 * calendar, slider, listbox and tree widgets each wrote these hooks out.
 */
export function widgetPage(pages: WidgetPages, options: WidgetPageOptions = {}): WidgetPage {
  let closeSite: () => Promise<void> = async () => undefined;
  const page = {
    async firstAction(sentence: string): Promise<Action> {
      const parsed = parseStep(sentence, page.url);
      if (!parsed.ok) throw new Error(parsed.hint);
      const resolution = await resolveIntent(parsed.intent, page.session, await page.session.snapshot());
      if (!resolution.ok) throw new Error(resolution.error.message);
      const action = await resolution.actions[0]();
      if (!action) throw new Error(`No action for "${sentence}"`);
      return action;
    },
  } as WidgetPage;

  beforeAll(async () => {
    if (typeof pages === 'function') {
      const site = await pages();
      page.url = site.url;
      closeSite = site.close;
    } else {
      const server = http.createServer((request, response) =>
        response.end(pages[request.url ?? '/'] ?? pages['/']),
      );
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      page.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      closeSite = () => new Promise((resolve) => server.close(() => resolve()));
    }
    page.browser = await chromium.launch({
      executablePath: findChromium() ?? undefined,
      args: QUIET_CHROMIUM_ARGS,
    });
  });
  beforeEach(async () => {
    page.session = await RunnerSession.open(page.browser, {
      viewport: options.viewport ?? { width: 800, height: 600 },
      values: { parameters: {}, secrets: {} },
      stepTimeoutMs: options.stepTimeoutMs ?? 3000,
      trace: false,
    });
    const opened = await page.session.execute({ kind: 'goto', url: page.url });
    if (!opened.ok) throw new Error(`The widget page did not open: ${opened.error?.message ?? 'no reason'}`);
  });
  afterEach(async () => page.session?.close());
  afterAll(async () => {
    await page.browser?.close();
    await closeSite();
  });
  return page;
}
