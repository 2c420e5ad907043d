// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

// What a page shows while it waits for an answer (issue 29): a region marked busy, an indeterminate
// progress bar (a determinate one is a figure, not a wait), an element named as a spinner, a loader or
// a skeleton by its class or test id.
const BUSY = [
  '[aria-busy="true"]',
  '[role="progressbar"]:not([aria-valuenow])',
  'progress:not([value])',
].join(',');
// Named so by a class or test id only: a wrapper whose class says "loading" but holds the page's text
// (an app shell's `is-loading-done`) is no spinner, or every step would wait its whole time.
const NAMED_BUSY = [
  '[class*="spinner" i]',
  '[class*="loading" i]',
  '[class*="skeleton" i]',
  '[data-testid*="spinner" i]',
  '[data-testid*="loading" i]',
].join(',');
const NAMED_BUSY_MAX_TEXT = 40;
const BUSY_POLL_MS = 50;

function shown(element: Element): boolean {
  if (!element.getClientRects().length) return false;
  const style = getComputedStyle(element);
  return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) !== 0;
}

function busy(): boolean {
  for (const element of document.querySelectorAll(BUSY)) if (shown(element)) return true;
  for (const element of document.querySelectorAll(NAMED_BUSY))
    if ((element.textContent ?? '').trim().length <= NAMED_BUSY_MAX_TEXT && shown(element)) return true;
  return false;
}

/**
 * True once the document has not changed for `quietMs` and shows no busy indicator; false if that took
 * longer than `maxMs`.
 */
export default function quietDocument({
  quietMs,
  maxMs,
}: {
  quietMs: number;
  maxMs: number;
}): Promise<boolean> {
  return new Promise((resolve) => {
    let quietTimer: ReturnType<typeof setTimeout>;
    const finish = (quiet: boolean) => {
      observer.disconnect();
      clearTimeout(quietTimer);
      clearTimeout(limit);
      resolve(quiet);
    };
    // A spinner turns by CSS without changing the document: quiet, but not settled while it shows.
    const quietNow = () => {
      if (busy()) quietTimer = setTimeout(quietNow, BUSY_POLL_MS);
      else finish(true);
    };
    const observer = new MutationObserver(() => {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(quietNow, quietMs);
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    quietTimer = setTimeout(quietNow, quietMs);
    const limit = setTimeout(() => finish(false), maxMs);
  });
}
