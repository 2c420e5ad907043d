// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

/** Whether the element is an `<input type=file>`: what an upload step can put a file into. */
export default function isFileInput(element: Element): boolean {
  return element instanceof HTMLInputElement && element.type === 'file';
}
