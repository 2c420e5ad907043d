// Counts compared with a number (issue 29): 'There should be more than 3 results', 'at least 2 rows are
// shown', 'the inbox has fewer than 10 messages', 'no more than 5 tags'. The comparison is taken out and
// the sentence read as an exact count; the count check then keeps the comparison instead of equality.

export type CountCompare = 'gt' | 'ge' | 'lt' | 'le';

const PHRASES: [RegExp, CountCompare][] = [
  [
    /\b(?:no\s+(?:fewer|less)\s+than|not\s+(?:fewer|less)\s+than|at\s+least|a\s+minimum\s+of|minimum\s+of|min\.?)\s+/i,
    'ge',
  ],
  [
    /\b(?:no\s+more\s+than|not\s+more\s+than|at\s+most|a\s+maximum\s+of|maximum\s+of|max\.?|up\s+to)\s+/i,
    'le',
  ],
  [/\b(?:more\s+than|greater\s+than|over|above)\s+/i, 'gt'],
  [/\b(?:fewer\s+than|less\s+than|under|below)\s+/i, 'lt'],
];
// '3 or more results', '5 or fewer tags'.
const TRAILING: [RegExp, CountCompare][] = [
  [/\b(\d+)\s+or\s+more\b/i, 'ge'],
  [/\b(\d+)\s+or\s+(?:fewer|less)\b/i, 'le'],
];

const NUMBER = String.raw`(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|fifty|a hundred)`;

/**
 * The sentence with its comparison taken out ('there are 3 results') and the comparison; null when the
 * sentence compares no number.
 */
export function countComparison(text: string): { text: string; compare: CountCompare } | null {
  for (const [phrase, compare] of PHRASES) {
    const m = new RegExp(`${phrase.source}(?=${NUMBER}\\b)`, 'i').exec(text);
    if (m) return { text: `${text.slice(0, m.index)}${text.slice(m.index + m[0].length)}`, compare };
  }
  for (const [phrase, compare] of TRAILING) {
    const m = phrase.exec(text);
    if (m) return { text: `${text.slice(0, m.index)}${m[1]}${text.slice(m.index + m[0].length)}`, compare };
  }
  return null;
}

/** Whether `found` elements meet a count check now (the coder prefers the reading that does). */
export function meetsCount(found: number, count: number, compare?: CountCompare): boolean {
  if (compare === 'gt') return found > count;
  if (compare === 'ge') return found >= count;
  if (compare === 'lt') return found < count;
  if (compare === 'le') return found <= count;
  return found === count;
}
