import { CARDINALS } from '../../lib/words';
import { terms } from './clauses';

// A check written as a statement about one element (issue 29): its subject, then what it shows or what
// state it is in. 'The tooltip should mention variable rate', 'the cart icon shoud now show 2', 'Confirm
// payment btn shouldnt be clickable yet', "the 'Out of stock' label should be displayed on that
// product", 'The unread badge on the bell should disappear'. The text has had its modal verbs made
// plain by the grammar ('should be' → 'is', 'should not' → 'not'); quoted values arrive as ⟦n⟧ tokens.

export type CheckKind =
  'text' | 'visible' | 'hidden' | 'enabled' | 'disabled' | 'checked' | 'unchecked' | 'count';

export interface Check {
  kind: CheckKind;
  /** The element the sentence is about, as written ('the tooltip', "Sam's message"). */
  subject: string;
  /** For a text check: the words it must show. */
  value?: string;
  /** A place the sentence gives ('on that product', 'under the To field'). */
  place?: string;
  /** For a count: how many, and of what ('cards' in 'the Doing column should contain 4 cards'). */
  count?: number;
  things?: string;
}

/** '4 cards', 'exactly three rows', 'only 2 companies': a number and a plural noun, or null. */
function counted(words: string): { count: number; things: string } | null {
  const match = /^(?:exactly\s+|only\s+|just\s+)?(\d+|[a-z]+)\s+([\w-]+(?:\s+[\w-]+){0,2})$/i.exec(
    words.trim(),
  );
  if (!match) return null;
  const count = /^\d+$/.test(match[1]) ? Number(match[1]) : CARDINALS[match[1].toLowerCase()];
  if (count === undefined) return null;
  const last = terms(match[2]).at(-1);
  // '2/5', '3 days ago' are text; 'cards', 'companies' are what is counted.
  // Alone, the tagger reads a bare plural as a verb at times ('cards'): its -s decides then.
  const plural = last && (last.tags.has('Plural') || /[^su]s$/.test(last.normal));
  if (!last || !(plural || (count === 1 && last.tags.has('Noun')))) return null;
  return { count, things: match[2] };
}

// States that say how many are shown: 'only 2 companies are listed'.
const LISTED = /^(?:listed|shown|displayed|visible|left|remaining|present|there)$/i;

// Verbs whose object is the text an element shows.
const SHOWS =
  /^(?:show|shows|read|reads|say|says|display|displays|contain|contains|include|includes|mention|mentions|equal|equals)$/;
// Verbs (and their particles) saying an element comes into view.
const APPEARS =
  /^(?:appear|appears|show up|shows up|pop up|pops up|pop|pops|turns up|is displayed|is shown|is visible|is pinned|are displayed|are shown|are visible|are pinned)$/;
const DISAPPEARS =
  /^(?:disappear|disappears|vanish|vanishes|go away|goes away|is gone|is hidden|is not visible)$/;
const STATES: Record<string, CheckKind> = {
  disabled: 'disabled',
  'greyed out': 'disabled',
  'grayed out': 'disabled',
  'not clickable': 'disabled',
  'not enabled': 'disabled',
  'read-only': 'disabled',
  inactive: 'disabled',
  enabled: 'enabled',
  clickable: 'enabled',
  'not disabled': 'enabled',
  preselected: 'checked',
  'pre-selected': 'checked',
  selected: 'checked',
  ticked: 'checked',
  checked: 'checked',
  on: 'checked',
  unticked: 'unchecked',
  unchecked: 'unchecked',
  'not ticked': 'unchecked',
  'not checked': 'unchecked',
  'not selected': 'unchecked',
  off: 'unchecked',
  listed: 'visible',
  shown: 'visible',
  displayed: 'visible',
  visible: 'visible',
  present: 'visible',
  'not listed': 'hidden',
  'not shown': 'hidden',
  'not displayed': 'hidden',
  'not visible': 'hidden',
  'no longer listed': 'hidden',
  'no longer shown': 'hidden',
};
// Words after a state that add nothing to it: 'not clickable yet', 'disabled by default'.
const TAIL = /\s+(?:yet|still|now|again|any ?more|by default|at first|initially)$/i;
// Where a place starts: 'on that product', 'under the To field', 'in the bottom right'.
const PLACE = /^(.*?)\s*\b((?:in|on|under|below|above|next to|beside|inside|within|at|near)\s+.+)$/i;
// Words that are the page, not an element: what the page shows is a text check without a target.
const PAGE = /^(?:the\s+)?(?:page|screen|site|app|it|website|browser|body|window|view)$/i;

const clean = (words: string) => words.replace(/[.,;!]+$/, '').trim();

/** The predicate of a statement about an element, or null when the words are not one we can read. */
export function checkStatement(text: string): Check | null {
  // A quoted value is tagged as a name (same length, so offsets hold): read as a number, it made the
  // tagger take the noun after it for a verb ('a ⟦0⟧ message appear').
  const words = terms(text.replace(/⟦\d+⟧/g, (token) => 'Q'.padEnd(token.length, 'q')));
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    // A capitalised word is part of a label ('the Show more link'), never the predicate.
    if (/^[A-Z]/.test(word.text)) continue;
    const subject = clean(text.slice(0, word.start));
    const rest = clean(text.slice(word.start));
    if (!subject || (PAGE.test(subject) && !SHOWS.test(word.normal))) continue;
    // Negative statements are the grammar's negation rules' to read, never a positive check here.
    if (/\b(?:not|no|never|none|nothing)\b|n't\b/i.test(subject)) return null;
    const found = predicate(subject, rest);
    if (found) return found;
    // The first verb decides: a later one belongs to a clause of the object. A 'verb' right before
    // another verb is the subject's noun the tagger misread ('a "Code applied" message appear').
    const next = words[i + 1];
    if (
      word.tags.has('Verb') &&
      !word.tags.has('Noun') &&
      !word.tags.has('Adjective') &&
      !(next && next.tags.has('Verb') && !next.tags.has('Noun'))
    )
      return null;
  }
  return null;
}

/** 'well', 'nicely', 'fine', 'correctly': how something reads, not what it reads. */
function judged(words: string): boolean {
  if (/⟦\d+⟧|\d/.test(words)) return false;
  return terms(words).every(
    (term) =>
      term.tags.has('Adverb') || /^(?:well|fine|ok|okay|good|right|correct|nice|great)$/.test(term.normal),
  );
}

function predicate(subject: string, rest: string): Check | null {
  // 'The Doing column should contain 4 cards': how many things the element holds.
  const holds = /^(?:contains?|shows?|lists?|has|have|holds?|displays?|includes?)\s+(.+)$/i.exec(rest);
  const held = holds && counted(holds[1]);
  if (held && !PAGE.test(subject)) return { kind: 'count', subject: '', ...held, place: `in ${subject}` };
  // 'Only 2 companies are listed': the subject is the count.
  const many = /^(?:is|are)\s+(\S+)(?:\s+((?:in|on|under|inside|within)\s+.+))?$/i.exec(rest);
  const listed = many && LISTED.test(many[1]) && counted(subject);
  if (listed) return { kind: 'count', subject: '', ...listed, ...(many[2] ? { place: many[2] } : {}) };
  // 'The like count goes from 2 to 3', 'the button should change to Following': the text it ends with.
  const becomes =
    /^(?:goes|go|went|changes?|changed|updates?|updated|turns?|switches?)\s+(?:up\s+|down\s+)?(?:from\s+.+?\s+)?to\s+(.+)$/i.exec(
      rest,
    );
  if (becomes && !judged(becomes[1])) return { kind: 'text', subject, value: clean(becomes[1]) };
  // 'Dates appear as DD/MM/YYYY', 'the total is shown as £12.00': the words it shows.
  const as =
    /^(?:appears?|shows?(?:\s+up)?|(?:is|are)\s+(?:shown|displayed|formatted|written)|displays?)\s+as\s+(.+)$/i.exec(
      rest,
    );
  if (as && !judged(as[1]) && !PAGE.test(subject)) return { kind: 'text', subject, value: clean(as[1]) };
  const lower = rest.toLowerCase();
  const shows = /^(\S+)\s+(.+)$/.exec(rest);
  // 'the labels read well': a judgement, not words on the page.
  // 'Ada shows up at the top': 'shows up' is appearing, read below.
  if (shows && SHOWS.test(shows[1].toLowerCase()) && !/^(?:not|up)\b/i.test(shows[2]) && !judged(shows[2]))
    return { kind: 'text', subject: PAGE.test(subject) ? '' : subject, value: clean(shows[2]) };
  const heads = lower.split(/\s+/);
  for (const pattern of [APPEARS, DISAPPEARS]) {
    for (let n = 3; n >= 1; n--) {
      if (!pattern.test(heads.slice(0, n).join(' '))) continue;
      const after = rest.split(/\s+/).slice(n).join(' ');
      const place = after ? PLACE.exec(` ${after}`) : null;
      // 'appears with my items', 'pops up w/ a Follow btn': more than a place, not read here.
      if (after && (!place || place[1].trim())) return null;
      return {
        kind: pattern === APPEARS ? 'visible' : 'hidden',
        subject,
        ...(place ? { place: clean(place[2]) } : {}),
      };
    }
  }
  const state = /^(?:is|are)\s+(.+)$/i.exec(rest);
  if (state) {
    const words = state[1].replace(TAIL, '').replace(TAIL, '').toLowerCase();
    const kind = STATES[words];
    if (kind) return { kind, subject };
  }
  return null;
}

/**
 * 'I should see a badge saying "Python beginner" on my profile', 'see an error reading Required': the
 * element described and the words it shows. The text has had its modal verbs made plain.
 */
export function seeSaying(text: string): Check | null {
  const match =
    /^(?:(?:i|we|you|the user)\s+)?(?:can\s+)?see\s+((?:an?|the)\s+.+?)\s+(?:saying|that says|which says|reading|with the text|titled|labell?ed)\s+(⟦\d+⟧|[^⟦]+?)(?:\s+((?:on|in|under|below|above|next to|at)\s+.+))?$/i.exec(
      text,
    );
  if (!match) return null;
  return { kind: 'text', subject: match[1], value: match[2], ...(match[3] ? { place: match[3] } : {}) };
}

/**
 * A check's words that give an example or a format rather than the literal text ('relative times like
 * 3 days ago', 'formatted as (555) 123-4567', 'in miles (e.g. 2.3 mi)'): the example is what to look for.
 */
export function exampleValue(value: string): string {
  const match =
    /^(?:.*?\s)?\(?(?:like|such as|e\.g\.?|for example|formatted as|in the format|written as)\s+(.+?)\)?$/i.exec(
      value.trim(),
    );
  // 'Looks like rain': words that start with a capital are a label, quoted or not.
  if (!match || /^[A-Z]/.test(value.trim())) return value;
  const example = match[1].trim();
  // 'like the others': a comparison, not an example.
  if (/^(?:the|this|that|these|those|it|them|before|usual)\b/i.test(example)) return value;
  return example;
}
