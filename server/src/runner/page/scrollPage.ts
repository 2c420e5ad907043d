// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

/** Scrolls the page to its top or its bottom (a scroll step; the export writes the same call). */
export default function scrollPage(to: 'top' | 'bottom'): void {
  window.scrollTo(0, to === 'bottom' ? document.body.scrollHeight : 0);
}
