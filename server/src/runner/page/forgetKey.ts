// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

/** Lets the page forget what a page script kept under `key` (a snapshot, a watch: its observer stops). */
export default function forgetKey(key: string): void {
  const store = window as unknown as Record<string, { observer?: MutationObserver } | undefined>;
  store[key]?.observer?.disconnect();
  delete store[key];
}
