import { terms } from './clauses';

// Negation and absence (issue 29): 'Zapier is not in the list any more', 'there is no error',
// 'the media grid no longer has old-banner.jpg'. A negative check must never be read as a positive one
// (a false pass), so besides the readings below, `negates` lets the grammar refuse any positive reading
// of a sentence that says 'not'. Quoted values arrive as ⟦n⟧ tokens: their words are never negation.

const CUES =
  /(?:\b(?:not|no|never|none|nothing|nobody|nowhere|no longer|cannot|gone|hidden|disappears?|disappeared|vanish(?:es|ed)?|absent|missing)\b|n't\b)/i;

/** The sentence says something is not so (outside its quoted values). */
export function negates(text: string): boolean {
  return CUES.test(text.replace(/⟦\d+⟧/g, ' '));
}

/**
 * A statement about the page rather than an order: 'Zapier is not in the list', 'Save is greyed out',
 * 'Times show in 24-hour format'. Its subject comes before a verb of being (or a plural subject's
 * present verb); an order starts with its verb ('Click Reports in the left navigation').
 */
export function isStatement(text: string): boolean {
  const words = terms(text);
  if (words.length < 2) return false;
  const first = words[0];
  if (first.tags.has('Imperative') || (first.tags.has('Infinitive') && !first.tags.has('Noun'))) return false;
  // 'No error is shown', 'None of the flights …', 'no Edit option in the menu': an absence.
  if (/^(?:no|none)$/.test(first.normal)) return true;
  // 'The media grid no longer has …': a subject with its article, then any verb.
  const subject = first.tags.has('Determiner');
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    // A capitalised word inside the sentence is a label ('the Remember me box'), not its verb.
    if (/^[A-Z]/.test(word.text)) continue;
    if (word.tags.has('Copula') || word.tags.has('Modal')) return true;
    if (word.tags.has('Auxiliary') && !word.tags.has('Pronoun')) return true;
    if (word.tags.has('PresentTense') && words[i - 1].tags.has('Plural')) return true;
    // The first verb decides: 'Drag Fix login to Done' is an order, whatever follows.
    // A last word is the subject's noun ('the Remember me box'), not its verb.
    if (word.tags.has('Verb') && !word.tags.has('Noun') && !word.tags.has('Adjective'))
      return subject && i < words.length - 1;
  }
  return false;
}

export interface Absence {
  /** What must not be there ('unread dot', "'Sold out' hotels"). */
  subject: string;
  /** Where it must not be ('in the list'), if said. */
  place?: string;
  /** A plural subject is counted (none of them); a singular one is checked hidden. */
  plural: boolean;
}

const PLACE = /^(.+?)\s+((?:in|on|from|inside|within|under|below|above|for)\s+.+)$/i;
// 'No error message is shown', 'no spinner should be visible': the state says nothing more than 'no'.
const LEFT_OVER =
  /\s+(?:(?:is|are|be|gets?)\s+)?(?:left|remaining|shown|listed|visible|displayed|present|any more|anymore|appears?|shows up)$/i;

function absent(words: string, container?: string): Absence | null {
  let subject = words.trim().replace(LEFT_OVER, '').trim();
  let place = container;
  const placed = container ? null : PLACE.exec(subject);
  if (placed) {
    subject = placed[1].replace(LEFT_OVER, '').trim();
    place = placed[2].trim();
  }
  subject = subject.replace(/^(?:any|the|a|an)\s+/i, '').trim();
  if (!subject) return null;
  return { subject, ...(place ? { place } : {}), plural: isPlural(subject) };
}

/** The head noun of the words is plural: 'hotels', 'files with a .tmp extension'. */
function isPlural(words: string): boolean {
  const head = words.split(/\s+(?:with|of|from|that|which|who)\s+/i)[0];
  const last = terms(head).at(-1);
  if (!last) return false;
  // The tagger reads a bare plural as a verb at times ('pins', 'files'): its -s decides then.
  return last.tags.has('Plural') || (/[^su]s$/i.test(last.normal) && !last.tags.has('Noun'));
}

/**
 * An absence, in the words people use for it: 'there is no error', "no 'Edit' option in the menu",
 * 'none of the listed flights have a stopover', 'the map has no pins', 'the map does not have any pins'.
 * The text has had its modal verbs made plain ('should not have' → 'not have').
 */
export function absence(text: string): Absence | null {
  let m: RegExpExecArray | null;
  if ((m = /^(?:there\s+(?:is|are|'s)\s+|there's\s+)?no\s+(?!longer\b)(.+)$/i.exec(text)))
    return absent(m[1]);
  if (
    (m =
      /^none\s+of\s+(?:the\s+)?(.+?)\s+(?:have|has|show|shows|contain|contains|with|are|is)\s+(?:an?\s+|any\s+)?(.+)$/i.exec(
        text,
      ))
  ) {
    const found = absent(`${m[1]} with ${m[2]}`);
    return found && { ...found, plural: true };
  }
  if (
    (m =
      /^(?:the\s+)?(.+?)\s+(?:has|have|shows?|contains?|lists?|displays?)\s+no\s+(.+)$|^(?:the\s+)?(.+?)\s+not\s+(?:has|have|show|contain|list|display)s?\s+any\s+(.+)$/i.exec(
        text,
      ))
  )
    return absent(m[2] ?? m[4], `in ${m[1] ?? m[3]}`);
  // 'The media grid no longer has old-banner.jpg': one thing not in its container.
  if ((m = /^(?:the\s+)?(.+?)\s+not\s+(?:has|have|lists?|includes?)\s+(?!any\b)(.+)$/i.exec(text))) {
    const found = absent(m[2], `in ${m[1]}`);
    return found && { ...found, plural: false };
  }
  return null;
}

/**
 * Two statements joined by 'and' or 'but': 'the store list is empty and the map has no pins' → both
 * clauses, each a check of its own, so neither is read into the other's words.
 */
export function statementClauses(text: string): string[] {
  const words = terms(text);
  for (let i = 2; i < words.length - 2; i++) {
    if (!/^(?:and|but)$/.test(words[i].normal)) continue;
    const left = text.slice(0, words[i].start).replace(/[,;\s]+$/, '');
    const right = text.slice(words[i].start + words[i].text.length).trim();
    if (isStatement(left) && isStatement(right)) return [left, ...statementClauses(right)];
  }
  return [text];
}

/**
 * Words a negative check cannot rest on: several things ('Saturday and Sunday columns') or a clause of
 * their own ('in Finance but is in Archive'). Checked absent, words the page never shows would pass.
 */
export function unsafeAbsent(words: string): boolean {
  if (/\b(?:and|but|or)\b/i.test(words.replace(/⟦\d+⟧/g, ' '))) return true;
  return terms(words).some(
    (term) => term.tags.has('Copula') || term.tags.has('Modal') || term.tags.has('Auxiliary'),
  );
}
