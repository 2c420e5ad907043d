import { quote, requote, tokenize } from '../grammar';
import { type Phrase } from '../intent';
import { ordinalWord } from '../../lib/words';

// Pronouns across steps (issue 29): 'Open the Settings menu. Click it again', 'Type 5 into Quantity and
// check that it shows 5'. 'it', 'them' (and a closing 'that') stand for the element the last step that
// named one acted on; they become its words, so each step names its element again.

// Verbs whose object 'it' is the element itself. Verbs that are labels as well ('Save it', 'Send it',
// 'Archive them') are left alone: there the pronoun is the page's subject and the verb the button.
const OBJECT_VERBS =
  /^((?:click|tap|press|double-click|double click|right-click|right click|hover|hover over|mouse over|select|pick|check|uncheck|tick|untick|toggle|open|expand|collapse|clear|empty|focus|focus on|scroll to|change|edit|update|set|rename|fill in|fill|fill out)(?:\s+on)?)\s+(it|them|that)(?=$|\s|,)/i;
// 'Type 5 into it', 'pick Red from it'.
const PLACE =
  /(\s(?:into|in to|inside|in|from|onto|on|under|below|above|next to|beside)\s+)(it|them)(?=$|[\s,])/i;
// 'check that it shows 5', 'verify they are ticked', 'It should be disabled'.
const CHECK_SUBJECT =
  /^((?:verify|check|confirm|ensure|make sure|expect|assert|see)\s+(?:that\s+)?)(it|they)(?=\s+(?:should|must|is|are|isn't|aren't|has|have|hasn't|haven't|shows?|displays?|reads?|says?|contains?|becomes?|turns?|gets?|stays?|remains?|will|won't|now|still|no longer|does|doesn't|do|don't|can't|cannot|equals?|matches?|holds?|lists?|appears?|disappears?)\b)/i;
const SUBJECT =
  /^(it|they)(?=\s+(?:should|must|is|are|isn't|aren't|has|have|hasn't|haven't|shows?|displays?|reads?|says?|contains?|becomes?|turns?|gets?|stays?|remains?|will|won't|now|still|no longer|equals?|matches?|holds?|appears?|disappears?)\b)/i;

/** The words naming a phrase's element again: 'the "Name" cell in the first row' → '"Name" in the first row'. */
export function phraseReference(phrase: Phrase): string | null {
  if (!phrase.text) return null;
  const ordinal =
    phrase.ordinal === undefined
      ? ''
      : `the ${phrase.ordinal === -1 ? 'last' : ordinalWord(phrase.ordinal)} `;
  const parts = [`${ordinal}${quote(phrase.text)}`];
  if (phrase.inItem)
    parts.push(
      `in the ${phrase.inItem.ordinal === -1 ? 'last' : ordinalWord(phrase.inItem.ordinal)} ${phrase.inItem.kind}`,
    );
  if (phrase.context) parts.push(`for ${quote(phrase.context)}`);
  if (phrase.where) parts.push(`in ${phrase.where}`);
  return parts.join(' ');
}

/** One step with its pronoun replaced by `reference`; the step as it was when it has none. */
export function withReference(step: string, reference: string): string {
  const { text, values } = tokenize(step);
  // "check it's empty", "they're ticked": the pronoun and its verb, written out.
  const bare = text
    .replace(/[.!]+$/, '')
    .replace(/\b(it)['’]s\b/i, '$1 is')
    .replace(/\b(they)['’]re\b/i, '$1 are');
  let out: string | null = null;
  let m: RegExpExecArray | null;
  if ((m = OBJECT_VERBS.exec(bare)) && !/^that\s+\S/i.test(bare.slice(m[1].length + 1)))
    out = `${m[1]} ${reference}${bare.slice(m[0].length)}`;
  else if ((m = CHECK_SUBJECT.exec(bare))) out = `${m[1]}${reference}${bare.slice(m[0].length)}`;
  else if ((m = SUBJECT.exec(bare))) out = `${reference}${bare.slice(m[0].length)}`;
  else if ((m = PLACE.exec(bare)))
    out = `${bare.slice(0, m.index)}${m[1]}${reference}${bare.slice(m.index + m[0].length)}`;
  if (out === null) return step;
  // The reference's own quotes stay as written; the step's values go back in theirs.
  return requote(out, values);
}

/** Whether a step has a pronoun standing for an element named before. */
export function hasPronoun(step: string): boolean {
  return withReference(step, '\u0000') !== step;
}

/**
 * Each step's 'it' or 'them' as the words of the element the last step naming one acted on
 * (`reference` reads a step's element: its words, null when it names none, or 'bound' when the step
 * already refers to the one before, as 'Click it again' does). Steps before any named element stay as
 * written.
 */
export function resolvePronouns(
  steps: string[],
  reference: (step: string) => string | null | 'bound',
): string[] {
  let last: string | null = null;
  return steps.map((step) => {
    if (!last || !hasPronoun(step)) {
      const own = reference(step);
      if (own !== 'bound') last = own ?? last;
      return step;
    }
    if (reference(step) === 'bound') return step;
    const resolved = withReference(step, last);
    const own = reference(resolved);
    if (own !== 'bound') last = own ?? last;
    return resolved;
  });
}
