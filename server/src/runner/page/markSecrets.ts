// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

/**
 * Marks with `attribute` every element of the document (and its open shadow roots) that shows a
 * secret: the deepest elements whose text holds one (a secret split over inline elements marks their
 * parent), any element whose own text nodes hold one, and fields whose value, placeholder or selected
 * option holds one. Answers how many it marked.
 */
export default function markSecrets({
  secrets,
  attribute,
}: {
  secrets: string[];
  attribute: string;
}): number {
  const holds = (text: string | null | undefined) =>
    Boolean(text) && secrets.some((secret) => text!.includes(secret));
  let count = 0;
  const mark = (element: Element) => {
    element.setAttribute(attribute, '');
    count++;
  };
  const markText = (element: Element) => {
    let inChildren = false;
    for (const child of element.children)
      if (holds(child.textContent)) {
        inChildren = true;
        markText(child);
      }
    const own = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent)
      .join('');
    if (!inChildren || holds(own)) mark(element);
  };
  const visit = (root: Document | ShadowRoot) => {
    for (const element of root.children) if (holds(element.textContent)) markText(element);
    for (const element of root.querySelectorAll('*')) {
      if (
        (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
        (holds(element.value) || holds(element.placeholder))
      )
        mark(element);
      else if (
        element instanceof HTMLSelectElement &&
        [...element.selectedOptions].some((option) => holds(option.text) || holds(option.value))
      )
        mark(element);
      if (element.shadowRoot) visit(element.shadowRoot);
    }
  };
  visit(document);
  return count;
}
