// jsdom has no layout. ProseMirror (the instructions editor) asks for coordinates when it scrolls the
// selection into view, and the virtualized tree reads its viewport's height: answer both simply.

const emptyRect = (): DOMRect =>
  ({ x: 0, y: 0, top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, toJSON: () => ({}) }) as DOMRect;

export function installEditorLayout() {
  document.elementFromPoint ??= () => null;
  Range.prototype.getClientRects ??= () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect ??= emptyRect;
}

/**
 * Makes every element report a viewport of `height` × `width` pixels (clientHeight/clientWidth), as
 * a scroll container on a real page would; returns the undo.
 */
export function stubViewportSize(height = 600, width = 1000): () => void {
  const originals = {
    clientHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight'),
    clientWidth: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientWidth'),
  };
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  return () => {
    for (const [key, descriptor] of Object.entries(originals))
      if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
  };
}
