// New tabs and pop-ups (issue 32): the tabs of a session's browser context, and the one the test is in.
//   'Click "Open help"' (a link with target=_blank, window.open): the test continues in the tab it opened,
//   and the step says so; the click is recorded with `popup`, so a run and the exported code wait for it.
//   'Switch to the new tab' (the newest), 'Go back to the first tab', 'Close it' (the test goes on in
//   the newest tab still open).
// Exported code keeps Playwright's own words: page.waitForEvent('popup') for a click that opens a tab,
// context.pages() for a switch, page.close() for a close; `page` is the tab the test is in.
import { type BrowserContext, type Page } from 'playwright-core';
import { type Action } from './actions';
import { ActionError } from './execute';

export type TabAction = Extract<Action, { kind: 'tab' }>;

/** How long a tab just opened may take to show its document before the next step reads it. */
const TAB_LOAD_MS = 10_000;

export class Tabs {
  private _current: Page;
  /** Every page the context opened, in order: what context.pages() answers, closed ones left out. */
  private readonly _opened: Page[] = [];

  constructor(
    private readonly _context: BrowserContext,
    first: Page,
  ) {
    this._current = first;
    this._opened.push(first);
    _context.on('page', (page) => {
      if (!this._opened.includes(page)) this._opened.push(page);
    });
  }

  get current(): Page {
    return this._current;
  }

  /** The open tabs, oldest first. */
  get open(): Page[] {
    return this._opened.filter((page) => !page.isClosed());
  }

  /** Where the list of tabs stands now: adopt() takes the tabs opened after it. */
  mark(): number {
    return this._opened.length;
  }

  /**
   * Waits for the tab a click with `popup` opens (the wait starts before the click): the test goes on
   * in it. Answers the promise to await after the click.
   */
  expectPopup(timeoutMs: number): Promise<Page> {
    const page = this._current;
    return page.waitForEvent('popup', { timeout: timeoutMs }).catch(() => {
      throw new ActionError(
        `The click opened no new tab within ${Math.round(timeoutMs / 1000)} s; the test is still on ${where(page)}.`,
        'tab_not_opened',
      );
    });
  }

  /** The newest tab opened since `mark`, if any: the test continues in it. */
  async adopt(mark: number): Promise<Page | null> {
    const opened = this._opened.slice(mark).filter((page) => !page.isClosed());
    const newest = opened.at(-1);
    if (!newest) return null;
    await this.switchTo(newest);
    return newest;
  }

  async switchTo(page: Page): Promise<void> {
    this._current = page;
    await page.waitForLoadState('domcontentloaded', { timeout: TAB_LOAD_MS }).catch(() => undefined);
    await page.bringToFront().catch(() => undefined);
  }

  /** Runs a tab step; answers what it did, for the step's note. */
  async run(action: TabAction): Promise<string> {
    const open = this.open;
    if (action.op === 'close') {
      if (open.length < 2)
        throw new ActionError(
          `There is no other tab to go back to: the test has one tab open (${where(this._current)}).`,
          'tab_not_found',
        );
      const closing = this._current;
      const described = where(closing);
      await closing.close();
      const next = this.open.at(-1)!;
      await this.switchTo(next);
      return `Closed the tab on ${described}; the test continues in the tab on ${where(next)}.`;
    }
    const target = action.to === 'first' ? open[0] : open.at(-1)!;
    if (action.to === 'last' && open.length < 2)
      throw new ActionError(
        `No new tab is open: the test has one tab (${where(this._current)}). The step before should open one (a link that opens a new tab).`,
        'tab_not_found',
      );
    const already = target === this._current;
    await this.switchTo(target);
    return already
      ? `The test is in the ${action.to === 'first' ? 'first' : 'new'} tab already (${where(target)}).`
      : `Switched to the ${action.to === 'first' ? 'first' : 'new'} tab (${where(target)}).`;
  }
}

/** A tab as a person would tell it: its address without the origin ('/help/guide.html'). */
export function where(page: Page): string {
  try {
    const url = new URL(page.url());
    return url.protocol === 'about:' ? page.url() : `${url.pathname}${url.search}`;
  } catch {
    return page.url();
  }
}

/** A tab step as Playwright code: `page` becomes the tab the test continues in. */
export function tabCode(action: TabAction, language: 'typescript' | 'python'): string {
  const ts = language === 'typescript';
  if (action.op === 'close')
    return ts
      ? ['await page.close();', 'page = context.pages().at(-1)!;', 'await page.bringToFront();'].join('\n')
      : ['page.close()', 'page = context.pages[-1]', 'page.bring_to_front()'].join('\n');
  const pick = action.to === 'first' ? (ts ? '[0]' : '[0]') : ts ? '.at(-1)!' : '[-1]';
  return ts
    ? [`page = context.pages()${pick};`, 'await page.bringToFront();'].join('\n')
    : [`page = context.pages${pick}`, 'page.bring_to_front()'].join('\n');
}

/**
 * A click that opens a tab, as Playwright code: the wait for the pop-up starts before the click, and
 * the test continues in it.
 */
export function popupClickCode(click: string, language: 'typescript' | 'python'): string {
  if (language === 'typescript')
    return [
      '{',
      "  const popup = page.waitForEvent('popup');",
      ...click.split('\n').map((line) => `  ${line}`),
      '  page = await popup;',
      "  await page.waitForLoadState('domcontentloaded');",
      '}',
    ].join('\n');
  return [
    'with page.expect_popup() as popup:',
    ...click.split('\n').map((line) => `    ${line}`),
    'page = popup.value',
    'page.wait_for_load_state("domcontentloaded")',
  ].join('\n');
}
