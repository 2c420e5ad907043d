import { nlp } from './nlp';

// Verbs typed in a hurry (issue 29): 'clik the 14th', 'chek the box', 'collaspe the Done column', 'clk
// Save', 'goto last page', 'Untoggle Marketing emails'. Only the word that opens a clause is corrected,
// and only to a step verb one slip away (a letter missing or extra, or two swapped), so the words of
// labels and values are never touched.

const STEP_VERBS = [
  'click',
  'check',
  'uncheck',
  'select',
  'choose',
  'collapse',
  'expand',
  'enter',
  'open',
  'close',
  'scroll',
  'hover',
  'delete',
  'remove',
  'submit',
  'search',
  'press',
  'toggle',
  'upload',
  'navigate',
  'verify',
  'confirm',
  'refresh',
  'reload',
  'filter',
  'drag',
  'type',
];

const SHORTHAND: Record<string, string> = {
  clk: 'click',
  clck: 'click',
  goto: 'go to',
  untoggle: 'turn off',
  untick: 'untick',
};

/**
 * One slip: a letter missing or extra, or two neighbours swapped. A changed letter is not one: it makes
 * other words ('clock', 'typo') as often as slips.
 */
function oneSlip(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  if (a.length === b.length) {
    const diff = [...a].map((char, i) => (char === b[i] ? -1 : i)).filter((i) => i >= 0);
    return (
      diff.length === 2 && diff[1] === diff[0] + 1 && a[diff[0]] === b[diff[1]] && a[diff[1]] === b[diff[0]]
    );
  }
  const [short, long] = a.length < b.length ? [a, b] : [b, a];
  for (let i = 0; i < long.length; i++) if (long.slice(0, i) + long.slice(i + 1) === short) return true;
  return false;
}

/** A word the tagger knows as a word of its own ('clock', 'chat') is no slip. */
function known(word: string): boolean {
  const tags = (nlp(word).json() as { terms: { tags: string[] }[] }[])[0]?.terms[0]?.tags ?? [];
  return tags.some((tag) => tag !== 'Noun' && tag !== 'Singular' && tag !== 'ProperNoun');
}

/** The step verb a clause's first word stands for, or null when it is a word of its own. */
export function correctedVerb(word: string): string | null {
  const lower = word.toLowerCase();
  if (SHORTHAND[lower] && SHORTHAND[lower] !== lower) return SHORTHAND[lower];
  if (lower.length < 4 || STEP_VERBS.includes(lower)) return null;
  const verb = STEP_VERBS.find((candidate) => oneSlip(lower, candidate));
  if (!verb || known(lower)) return null;
  return verb;
}

/** The text with the verb opening each clause corrected ('open the datepicker and clik the 14th'). */
export function correctVerbs(text: string): string {
  return text.replace(
    /(^|[,;:]\s*|\s(?:and|then|n)\s+)([A-Za-z]+)\b/g,
    (whole, before: string, word: string) => {
      // 'hit search n wait': a casual 'n' before a step verb is 'and'.
      const plain =
        /\sn\s+$/.test(before) && STEP_VERBS.concat(['wait', 'hit', 'go']).includes(word.toLowerCase());
      const verb = correctedVerb(word) ?? (plain ? word : null);
      if (!verb) return whole;
      const cased = /^[A-Z]/.test(word) ? verb.charAt(0).toUpperCase() + verb.slice(1) : verb;
      return `${before.replace(/\sn\s+$/, ' and ')}${cased}`;
    },
  );
}
