// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

import { snapshotElements } from './shared/snapshotElements';

/** A CSS selector of last resort for one candidate of the snapshot: its id, its name, else its path from body. */
export default function cssPath({ key, i }: { key: string; i: number }): string | null {
  const el = snapshotElements(key)[i];
  if (!el) return null;
  const doc = el.ownerDocument;
  const unique = (selector: string) => doc.querySelectorAll(selector).length === 1;
  if (el.id && unique(`#${CSS.escape(el.id)}`)) return `#${CSS.escape(el.id)}`;
  const tag = el.tagName.toLowerCase();
  const nameAttr = el.getAttribute('name');
  if (nameAttr && unique(`${tag}[name="${CSS.escape(nameAttr)}"]`))
    return `${tag}[name="${CSS.escape(nameAttr)}"]`;
  const parts: string[] = [];
  let node: Element | null = el;
  while (node && node !== doc.body && node !== doc.documentElement) {
    if (node.id && unique(`#${CSS.escape(node.id)}`)) {
      parts.unshift(`#${CSS.escape(node.id)}`);
      return parts.join(' > ');
    }
    const parent: Element | null = node.parentElement;
    const current: Element = node;
    const siblings = parent
      ? Array.from(parent.children).filter((child) => child.tagName === current.tagName)
      : [];
    const nodeTag = node.tagName.toLowerCase();
    parts.unshift(siblings.length > 1 ? `${nodeTag}:nth-of-type(${siblings.indexOf(current) + 1})` : nodeTag);
    node = parent;
  }
  parts.unshift('body');
  return parts.join(' > ');
}
