// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

import { snapshotElements } from './shared/snapshotElements';

/**
 * Given the elements a locator matches: how many there are and where the snapshot's candidate `i` is
 * among them (-1: not matched, or the page changed since the snapshot).
 */
export default function positionAmong(
  elements: Element[],
  { key, i }: { key: string; i: number },
): [number, number] {
  const wanted = snapshotElements(key)[i];
  return [elements.length, wanted ? elements.indexOf(wanted) : -1];
}
