// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

/** Starts counting the page's changes under `key` (readWatch reads them, forgetKey stops). */
export default function startWatch(key: string): void {
  const roots: (Document | ShadowRoot)[] = [document];
  const collectRoots = (root: Document | ShadowRoot | Element) => {
    for (const el of Array.from(root.querySelectorAll('*'))) {
      if (el.shadowRoot) {
        roots.push(el.shadowRoot);
        collectRoots(el.shadowRoot);
      }
      if (el.tagName === 'IFRAME') {
        let inner: Document | null = null;
        try {
          inner = (el as HTMLIFrameElement).contentDocument;
        } catch {
          inner = null; // A cross-origin frame: its changes are not ours to see.
        }
        if (inner?.documentElement) {
          roots.push(inner);
          collectRoots(inner);
        }
      }
    }
  };
  collectRoots(document);
  const formState = () =>
    roots
      .flatMap((root) => Array.from(root.querySelectorAll('input, select, textarea')))
      .map((el) => {
        const input = el as HTMLInputElement;
        return `${input.type === 'checkbox' || input.type === 'radio' ? input.checked : ''}|${input.value}`;
      })
      .join('\n');
  const activeField = () => {
    let active: Element | null = document.activeElement;
    for (;;) {
      if (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      else if (active?.tagName === 'IFRAME') {
        let inner: Element | null = null;
        try {
          inner = (active as HTMLIFrameElement).contentDocument?.activeElement ?? null;
        } catch {
          inner = null; // A cross-origin frame.
        }
        if (!inner || inner === active) break;
        active = inner;
      } else break;
    }
    if (!active) return null;
    const tag = active.tagName.toLowerCase();
    return tag === 'input' ||
      tag === 'textarea' ||
      tag === 'select' ||
      (active as HTMLElement).isContentEditable
      ? active
      : null;
  };
  const state = {
    count: 0,
    form: formState(),
    active: activeField(),
    formState,
    activeField,
    observer: null as MutationObserver | null,
  };
  state.observer = new MutationObserver((records) => {
    state.count += records.length;
  });
  for (const root of roots)
    state.observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  Object.defineProperty(window, key, { value: state, configurable: true });
}
