// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

/**
 * In the page: what it shows outside its menus (role=menu): its visible texts and its fields' values,
 * through open shadow roots. A menu opening or closing leaves it as it was; an action that did
 * something does not.
 */
export default function readOutsideMenus(): string {
  const parts: string[] = [];
  const walk = (node: Node) => {
    if (node.nodeType === 3) {
      const text = (node.textContent ?? '').trim();
      if (text) parts.push(text);
      return;
    }
    if (node.nodeType === 1) {
      const el = node as HTMLElement;
      const tag = el.tagName.toLowerCase();
      if (tag === 'style' || tag === 'script' || tag === 'template') return;
      if (el.getAttribute('role') === 'menu' || getComputedStyle(el).display === 'none') return;
      if (tag === 'input' || tag === 'select' || tag === 'textarea') {
        const input = el as HTMLInputElement;
        parts.push(`[${input.type === 'checkbox' || input.type === 'radio' ? input.checked : input.value}]`);
      }
      if (el.shadowRoot) walk(el.shadowRoot);
    }
    for (const child of Array.from(node.childNodes)) walk(child);
  };
  walk(document.body ?? document.documentElement);
  return parts.join('\n');
}
