// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

/**
 * The selected options of a select: [label, value] each. A listbox widget (a combobox that is not a
 * <select>) shows its choice as its text, an autocomplete as its input's value; a select built from an
 * input that stays empty (Ant Design's) shows its choice beside the input, in the widget around it.
 */
export default function selectedLabels(select: Element): [string, string][] {
  if (select instanceof HTMLSelectElement)
    return Array.from(select.selectedOptions).map((option) => [option.label, option.value]);
  const field = select instanceof HTMLInputElement || select instanceof HTMLTextAreaElement;
  let shown = field ? select.value : (select.textContent ?? '');
  if (field && !shown.trim() && select.getAttribute('aria-haspopup') === 'listbox') {
    // The nearest element around it (three levels at most) holding no other control and some text.
    let around = select.parentElement;
    for (let level = 0; around && level < 3; level++, around = around.parentElement) {
      const others = Array.from(
        around.querySelectorAll('input:not([type=hidden]), select, textarea, [role=combobox]'),
      ).some((other) => other !== select);
      if (others || around.querySelector('label, legend')) break;
      const text = (around as HTMLElement).innerText ?? '';
      if (text.trim()) {
        shown = text;
        break;
      }
    }
  }
  const text = shown.replace(/\s+/g, ' ').trim();
  return text ? [[text, text]] : [];
}
