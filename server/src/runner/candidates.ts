import crypto from 'node:crypto';
import { type Locator, type Page } from 'playwright-core';
import { type CandidateFields } from './page/collectCandidates';
import { type PageChange } from './page/readWatch';
import { pageScripts } from './pageScripts';

export type { PageChange };

/** One element of the page as the coder sees it (collected in the page by page/collectCandidates.ts). */
export interface Candidate extends CandidateFields {
  index: number;
}

export interface PageSnapshot {
  url: string;
  title: string;
  candidates: Candidate[];
  /** Changes when the page's interactive elements change: half of the action cache's key. */
  fingerprint: string;
}

export const MAX_CANDIDATES = 400;

/**
 * A snapshot of the page's candidates. Its elements are kept in the page (not as Playwright handles):
 * NOTE: a call answering with a handle while the page closes (a cancelled or released job) can have
 * its answer refer to an object Playwright already disposed — the call then never settles and the
 * client throws outside any promise. Plain values cannot race like that.
 */
export class CandidateSet {
  private constructor(
    readonly snapshot: PageSnapshot,
    private readonly _page: Page,
    private readonly _key: string,
  ) {}

  static async collect(page: Page): Promise<CandidateSet> {
    const key = `__plainwright_candidates_${crypto.randomUUID().replace(/-/g, '')}`;
    // A navigation during the call destroys the context: try once more on the new page.
    for (let attempt = 0; ; attempt++) {
      try {
        const { items, title } = await pageScripts.collectCandidates(page, { max: MAX_CANDIDATES, key });
        const candidates = items.map((item, index) => ({ index, ...item }));
        const url = page.url();
        return new CandidateSet(
          { url, title, candidates, fingerprint: fingerprint(url, candidates) },
          page,
          key,
        );
      } catch (error) {
        if (attempt >= 2 || !/context was destroyed|navigat/i.test(String(error))) throw error;
        await page.waitForLoadState('load').catch(() => undefined);
      }
    }
  }

  /** The candidate under a point of the viewport (a label stands for its control). */
  async indexAt(x: number, y: number): Promise<number | null> {
    const index = await pageScripts.candidateAt(this._page, { key: this._key, point: { x, y } });
    return index >= 0 ? index : null;
  }

  /** A CSS selector of last resort for one candidate (made only when a step needs it). */
  async cssFor(index: number): Promise<string | null> {
    return pageScripts.cssPath(this._page, { key: this._key, i: index }).catch(() => null);
  }

  /** `tag.class` selectors of one candidate (an icon-only control inside its row is told apart by them). */
  async classSelectors(index: number): Promise<string[]> {
    return pageScripts.classSelectors(this._page, { key: this._key, i: index }).catch(() => [] as string[]);
  }

  /**
   * How many elements a locator matches and where the candidate is among them (-1: not matched,
   * or the page changed since the snapshot).
   */
  async positionIn(locator: Locator, index: number): Promise<{ count: number; position: number }> {
    const [count, position] = await pageScripts
      .positionAmong(locator, { key: this._key, i: index })
      .catch((): [number, number] => [0, -1]);
    return { count, position };
  }

  /** Lets the page forget the snapshot's elements. */
  async dispose(): Promise<void> {
    if (this._page.isClosed()) return;
    await pageScripts.forgetKey(this._page, this._key).catch(() => undefined);
  }
}

function fingerprint(url: string, candidates: Candidate[]): string {
  const hash = crypto.createHash('sha256');
  const parsed = new URL(url);
  hash.update(`${parsed.origin}${parsed.pathname}${parsed.search}\n`);
  for (const candidate of candidates)
    hash.update(
      `${candidate.role}|${candidate.name}|${candidate.tag}|${candidate.type ?? ''}|${candidate.visible}\n`,
    );
  return hash.digest('hex').slice(0, 32);
}

/** What the page shows outside its menus (null: it could not be read, e.g. mid-navigation). */
export async function outsideMenus(page: Page): Promise<string | null> {
  const url = page.url();
  const text = await pageScripts.readOutsideMenus(page).catch(() => null);
  return text === null ? null : `${url}\n${String(text)}`;
}

/** Starts watching the page for changes; the function returned says what changed since (and stops). */
export async function watchPage(page: Page): Promise<() => Promise<PageChange>> {
  const key = `__plainwright_watch_${crypto.randomUUID().replace(/-/g, '')}`;
  await pageScripts.startWatch(page, key);
  const url = page.url();
  return async () => {
    const changed = (change: PageChange) =>
      change.replaced || change.mutations > 0 || change.formChanged || change.focusedField;
    let change: PageChange = { mutations: 0, formChanged: false, focusedField: false, replaced: true };
    // An application may answer a moment later (a timer, a fetch): look a few times before saying nothing changed.
    for (const wait of [0, 100, 250, 400]) {
      if (wait) await new Promise((resolve) => setTimeout(resolve, wait));
      if (page.isClosed()) break;
      change = await pageScripts.readWatch(page, key).catch(() => ({
        mutations: 0,
        formChanged: false,
        focusedField: false,
        replaced: true,
      }));
      if (page.url() !== url) change.replaced = true;
      if (changed(change)) break;
    }
    await pageScripts.forgetKey(page, key).catch(() => undefined);
    return change;
  };
}
