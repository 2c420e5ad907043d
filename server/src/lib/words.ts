// Number and ordinal words, written once (issue 29): the grammar, the checks, the parse entry's
// vocabulary and the runner's step descriptions all read and write them from here.

/** Cardinal words for small counts: 'three rows', 'twelve results'. */
export const CARDINALS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

/** Every word that stands for a count in a check: the cardinals, 'no'/'none' (0) and 'a'/'single' (1). */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  no: 0,
  zero: 0,
  none: 0,
  a: 1,
  an: 1,
  single: 1,
  ...CARDINALS,
};

const ORDINAL_NAMES = [
  'zeroth',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
];

/** Ordinal words and their positions; -1 is the last. */
export const ORDINALS: Readonly<Record<string, number>> = {
  ...Object.fromEntries(ORDINAL_NAMES.slice(1).map((name, i) => [name, i + 1])),
  last: -1,
  final: -1,
};

/** 1 → 'first', 11 → '11th', 22 → '22nd'. */
export function ordinalWord(n: number): string {
  if (n >= 0 && n < ORDINAL_NAMES.length) return ORDINAL_NAMES[n];
  const suffix =
    n % 10 === 1 && n % 100 !== 11
      ? 'st'
      : n % 10 === 2 && n % 100 !== 12
        ? 'nd'
        : n % 10 === 3 && n % 100 !== 13
          ? 'rd'
          : 'th';
  return `${n}${suffix}`;
}
