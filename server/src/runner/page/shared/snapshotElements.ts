// Shared by page scripts (runner/pageScripts.ts): runs in the page; imports page code only.

/**
 * The elements of a candidate snapshot (collectCandidates keeps them under `key`). In a same-origin
 * iframe the snapshot lives in the top window.
 */
export function snapshotElements(key: string): Element[] {
  const own = (window as unknown as Record<string, Element[] | undefined>)[key];
  if (own) return own;
  try {
    return (window.top as unknown as Record<string, Element[] | undefined> | null)?.[key] ?? [];
  } catch {
    return []; // A cross-origin top window.
  }
}
