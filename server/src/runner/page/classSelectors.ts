// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

import { snapshotElements } from './shared/snapshotElements';

/** `tag.class` selectors of one candidate of the snapshot (up to four). */
export default function classSelectors({ key, i }: { key: string; i: number }): string[] {
  const el = snapshotElements(key)[i];
  if (!el) return [];
  const tag = el.tagName.toLowerCase();
  return Array.from(el.classList)
    .slice(0, 4)
    .map((name) => `${tag}.${CSS.escape(name)}`);
}
