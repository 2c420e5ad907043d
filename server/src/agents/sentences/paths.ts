import { isStatement } from './negation';

// Paths and scopes written before the step (issue 29): 'Open Settings > Signatures', 'Manage booking →
// change seat → 14C' (one click per part), 'In the folder tree open Shared ▸ Design' (a tree path is
// unfolded), 'In the event dialog, go to the Guests tab' and 'Seat map: pick an aisle seat' (the place
// scopes the step), 'As a guest, fill in …' (a role is no step). Quoted values arrive as ⟦n⟧ tokens.

const ARROW = /\s*(?:→|->|=>|▸|»|\s>\s)\s*/;
// A part that says what the page shows: '… -> confirmation page shows booking no.'.
const STATES = /\b(?:shows?|reads?|says?|displays?|contains?|lists?|is|are|should|must)\b/i;
// Verbs that start a step of their own after an arrow ('… → confirmation page shows …' is a check).
const VERB =
  /^(?:click|tap|press|hit|open|go|navigate|select|choose|pick|type|enter|fill|check|uncheck|tick|untick|expand|collapse|hover|right-click|double-click|wait|verify|confirm|ensure|expect|scroll|drag|upload|set|change|save|submit|close|search|sort|filter|add|remove|delete)\b/i;

/**
 * 'Open Settings > Signatures' → 'Open Settings', 'Click Signatures'. The first part keeps its verb; a
 * later part without one is clicked, or unfolded when the path is unfolded ('Expand A > B'); a part
 * that is a step or a statement of its own stays as written. Null when the text holds no arrow.
 */
export function pathSteps(text: string): string[] | null {
  const parts = text
    .split(ARROW)
    .map((part) => part.trim())
    .filter(Boolean);
  if (parts.length < 2) return null;
  const [said, ...rest] = parts;
  // 'Billing → Invoices': a path that starts with a name starts with its click.
  const first = VERB.test(said) || /^(?:right|double)[- ]click\b/i.test(said) ? said : `Click ${said}`;
  const unfolds = /^(?:expand|collapse)\b/i.exec(first)?.[0];
  return [
    first,
    ...rest.map((part, i) => {
      if (isStatement(part) || STATES.test(part)) return part;
      // 'change seat' is a label; 'set the seat to ⟦0⟧' a step of its own.
      if (VERB.test(part) && part.split(/\s+/).length > 2) return part;
      // The last part of a tree path is what was looked for: it is opened, not unfolded.
      const verb = unfolds && (i < rest.length - 1 || /\bin the\b/i.test(part)) ? unfolds : 'Click';
      return `${verb} ${part}`;
    }),
  ];
}

export interface Scope {
  /** The place the step is in ('the event dialog'), as written with its preposition ('in the event dialog'). */
  place?: string;
  step: string;
}

/**
 * A place or a role before the step: 'In the event dialog, go to the Guests tab', 'In the sprint
 * dropdown pick Sprint 14', 'Seat map: pick an aisle seat', 'As a guest, fill in the form'. Null when
 * the sentence opens with none.
 */
export function leadingScope(text: string): Scope | null {
  const role = /^as\s+(?:a|an|the)\s+[^,]+,\s*(.+)$/i.exec(text);
  if (role) return { step: role[1] };
  if (/^(?:in|on|under|inside|within)\s/i.test(text)) {
    const comma = /^([^,]+),\s*(.+)$/.exec(text);
    if (comma && VERB.test(comma[2])) return { place: comma[1].trim(), step: comma[2] };
    // Without a comma the place ends where a step verb starts ('In the sprint dropdown pick Sprint 14').
    const words = text.split(/\s+/);
    const at = words.findIndex((word, i) => i > 1 && VERB.test(word));
    if (!comma && at > 0) return { place: words.slice(0, at).join(' '), step: words.slice(at).join(' ') };
    return null;
  }
  const colon = /^([^:⟦]{2,40}):\s+(.+)$/.exec(text);
  if (colon && VERB.test(colon[2]) && !/^(?:step|note|then|and)\b/i.test(colon[1]))
    return { place: `in the ${colon[1].trim().replace(/^the\s+/i, '')}`, step: colon[2] };
  return null;
}

/**
 * The step with its place: appended when the step ends with its element ('go to the Guests tab in the
 * event dialog'), left off when it ends with a value, where the place would join the value.
 */
export function scopedStep({ place, step }: Scope): string {
  if (!place) return step;
  // A step that ends with its value ('set visibility to ⟦0⟧'): the place would join the value.
  if (
    /^(?:set|change|update|enter|type|fill|write|put|rename|move|drag)\b/i.test(step) &&
    /\s(?:to|as|with|=)\s/i.test(step)
  )
    return step;
  if (/:\s/.test(step)) return step;
  // 'type smi' names no field: the place is the field ('Employee search: type smi').
  const typed = /^(type|enter|write)\s+(⟦\d+⟧|\S+)$/i.exec(step);
  if (typed) return `${typed[1]} ${typed[2]} into ${place.replace(/^in\s+/i, '')}`;
  const placed = `${place.charAt(0).toLowerCase()}${place.slice(1)}`;
  // The place belongs to the first step of the sentence ('open the Amenities accordion on the hotel
  // page and check …'), not to the last.
  const next = /\s+(?:and|then)\s+(?=[a-z])|,\s+(?=[a-z])/.exec(step);
  if (next) return `${step.slice(0, next.index)} ${placed}${step.slice(next.index)}`;
  return `${step} ${placed}`;
}
