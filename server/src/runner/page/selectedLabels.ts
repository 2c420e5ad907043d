// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

/**
 * The selected options of a select: [label, value] each. A listbox widget (a combobox that is not a
 * <select>) shows its choice as its text, an autocomplete as its input's value.
 */
export default function selectedLabels(select: Element): [string, string][] {
  if (select instanceof HTMLSelectElement)
    return Array.from(select.selectedOptions).map((option) => [option.label, option.value]);
  const shown =
    select instanceof HTMLInputElement || select instanceof HTMLTextAreaElement
      ? select.value
      : (select.textContent ?? '');
  const text = shown.replace(/\s+/g, ' ').trim();
  return text ? [[text, text]] : [];
}
