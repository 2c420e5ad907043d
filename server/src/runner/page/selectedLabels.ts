// A page script (runner/pageScripts.ts): runs in the page, compiled on its own; imports page code only.

/** The selected options of a select: [label, value] each. */
export default function selectedLabels(select: Element): [string, string][] {
  return Array.from((select as HTMLSelectElement).selectedOptions ?? []).map((option) => [
    option.label,
    option.value,
  ]);
}
