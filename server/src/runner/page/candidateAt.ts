// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

import { snapshotElements } from './shared/snapshotElements';

/** The index of the snapshot's candidate under a point of the viewport (a label stands for its control); -1: none. */
export default function candidateAt({
  key,
  point,
}: {
  key: string;
  point: { x: number; y: number };
}): number {
  const elements = snapshotElements(key);
  let el: Element | null = document.elementFromPoint(point.x, point.y);
  // Into open shadow roots: the point's innermost element.
  while (el?.shadowRoot) {
    const inner: Element | null = el.shadowRoot.elementFromPoint(point.x, point.y);
    if (!inner || inner === el) break;
    el = inner;
  }
  while (el) {
    if (el.tagName === 'LABEL' && (el as HTMLLabelElement).control) el = (el as HTMLLabelElement).control;
    const found = elements.indexOf(el as Element);
    if (found >= 0) return found;
    el = el!.parentElement ?? ((el!.parentNode as ShadowRoot | null)?.host as Element | undefined) ?? null;
  }
  return -1;
}
