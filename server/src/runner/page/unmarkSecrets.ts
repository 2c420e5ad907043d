// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

/** Removes markSecrets' `attribute` from the document and its open shadow roots. */
export default function unmarkSecrets(attribute: string): void {
  const unmark = (root: Document | ShadowRoot) => {
    for (const element of root.querySelectorAll(`[${attribute}]`)) element.removeAttribute(attribute);
    for (const element of root.querySelectorAll('*')) if (element.shadowRoot) unmark(element.shadowRoot);
  };
  unmark(document);
}
