import { CARDINALS, NUMBER_WORDS, ORDINALS, ordinalWord } from './words';

describe('number and ordinal words', () => {
  it('reads counts written in words, including none and a single one', () => {
    expect(CARDINALS.seven).toBe(7);
    expect(NUMBER_WORDS.none).toBe(0);
    expect(NUMBER_WORDS.single).toBe(1);
    expect(NUMBER_WORDS.twelve).toBe(12);
    expect(CARDINALS.none).toBeUndefined();
  });

  it('reads ordinals, the last one as -1', () => {
    expect(ORDINALS.third).toBe(3);
    expect(ORDINALS.tenth).toBe(10);
    expect(ORDINALS.final).toBe(-1);
  });

  it('writes ordinals as words up to ten and with a suffix beyond', () => {
    expect(ordinalWord(2)).toBe('second');
    expect(ordinalWord(11)).toBe('11th');
    expect(ordinalWord(22)).toBe('22nd');
    expect(ordinalWord(103)).toBe('103rd');
  });
});
