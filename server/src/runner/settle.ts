import type { Page, Request } from 'playwright';
import { pageScripts } from './pageScripts';
import type { Action } from './actions';

// Issue 29 (pages that answer later): after an action, the page is read again only once it has
// settled — no request of its own out, no change to its document for a short window (quietDocument,
// which also waits for a visible busy indicator: aria-busy, an indeterminate progress bar, a spinner,
// a skeleton), a navigation done — or the step's time is up. Generation, the healer and replay share
// this one wait, so a step generated on a slow site replays on it. No fixed sleep: a page with nothing
// out and nothing changing settles after the quiet window.

/** A document that has not changed for this long, with nothing out, has settled after an action. */
export const ACTION_QUIET_MS = 60;
const SETTLE_POLL_MS = 50;

// Requests that stay open by design (a stream of events, a socket): a page holding one still settles.
const LONG_LIVED = new Set(['eventsource', 'websocket']);
/**
 * How long an answered request counts as out while its body comes. A body the page never reads may
 * never be reported finished (a fetch whose response is not read): answered is then enough.
 */
const BODY_GRACE_MS = 500;

/** The requests a page is waiting on, followed from its events from the start. */
export class PendingRequests {
  private readonly _pending = new Set<Request>();

  constructor(page: Page) {
    const done = (request: Request) => void this._pending.delete(request);
    page.on('request', (request) => {
      if (!LONG_LIVED.has(request.resourceType())) this._pending.add(request);
    });
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    page.on('response', (response) => {
      const request = response.request();
      if (this._pending.has(request)) setTimeout(() => done(request), BODY_GRACE_MS).unref();
    });
  }

  get size(): number {
    return this._pending.size;
  }
}

/**
 * Waits until the page has settled: no request of its own waiting for an answer, no change to its
 * document and no busy indicator shown for `quietMs`, or `maxMs` at most (a page that polls never
 * settles). True if it did.
 */
export async function settlePage(
  page: Page,
  pending: PendingRequests,
  quietMs: number,
  maxMs: number,
  closed: () => boolean = () => page.isClosed(),
): Promise<boolean> {
  const deadline = Date.now() + maxMs;
  while (!closed()) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    const quiet = await pageScripts.quietDocument(page, { quietMs, maxMs: left }).catch(() => false);
    if (quiet && pending.size === 0) return true;
    // Mid-navigation (the document went away) or a request still out: look again shortly.
    await new Promise((resolve) => setTimeout(resolve, Math.min(SETTLE_POLL_MS, Math.max(0, left))));
  }
  return false;
}

/** Whether the page may have changed after an action, so the next read waits for it to settle. */
export function settlesAfter(action: Action): boolean {
  return action.kind !== 'expect';
}
