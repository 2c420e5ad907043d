import { parseSentence } from '../parse';
import { absence, isStatement, negates, statementClauses, unsafeAbsent } from './negation';

describe('negation', () => {
  it('finds negation outside quoted values', () => {
    expect(negates('the Undo link is not shown')).toBe(true);
    expect(negates("the error isn't there")).toBe(true);
    expect(negates('the page shows ⟦0⟧')).toBe(false);
  });

  it('tells a statement about the page from an order', () => {
    expect(isStatement('Zapier is not in the list')).toBe(true);
    expect(isStatement('The media grid no longer has old-banner.jpg')).toBe(true);
    expect(isStatement('no ⟦0⟧ option in the menu')).toBe(true);
    expect(isStatement('Click Reports in the left navigation')).toBe(false);
    expect(isStatement('Open the kebab on the first row')).toBe(false);
  });

  it('reads an absence: singular things hidden, plural things counted', () => {
    expect(absence('there is no error')).toEqual({ subject: 'error', plural: false });
    expect(absence('there are no files with a .tmp extension left in the folder')).toEqual({
      subject: 'files with a .tmp extension',
      place: 'in the folder',
      plural: true,
    });
    expect(absence('the map not have any pins')).toEqual({ subject: 'pins', place: 'in map', plural: true });
    expect(absence('the Undo link is visible')).toBeNull();
  });

  it('splits two statements joined by and, never an order', () => {
    expect(statementClauses('the store list is empty and the map has no pins')).toEqual([
      'the store list is empty',
      'the map has no pins',
    ]);
    expect(statementClauses('Tick Click & Collect and Pharmacy')).toEqual([
      'Tick Click & Collect and Pharmacy',
    ]);
  });

  it('will not rest a negative check on several things or a clause', () => {
    expect(unsafeAbsent('Saturday and Sunday columns')).toBe(true);
    expect(unsafeAbsent('in Finance but is in Archive')).toBe(true);
    expect(unsafeAbsent('unread dot')).toBe(false);
  });
});

describe('negative checks through the parse entry', () => {
  const steps = (sentence: string) => {
    const reading = parseSentence(sentence);
    return 'steps' in reading ? reading.steps : reading.refused;
  };

  it('reads "not any more", "no longer" and "there is no" as absent, never as text shown', () => {
    expect(steps('Zapier is not in the list any more.')).toEqual([
      { action: 'assert_hidden', target: 'Zapier', where: 'list' },
    ]);
    expect(steps('there is no error')).toEqual([{ action: 'assert_hidden', target: 'error' }]);
    expect(steps('Verify "Pay rent" is no longer visible')).toEqual([
      { action: 'assert_hidden', target: 'Pay rent' },
    ]);
    expect(steps('phone col should be gone from grid')).toEqual([
      { action: 'assert_hidden', target: 'Phone col', where: 'grid' },
    ]);
    expect(steps('There are no files with a .tmp extension in the folder')).toEqual([
      { action: 'assert_count', target: 'files with a .tmp extension', where: 'in the folder', value: '0' },
    ]);
    expect(steps('The Undo link is not shown any more')).toEqual([
      { action: 'assert_hidden', target: 'Undo' },
    ]);
  });

  it('reads an absence whose state is written out, and what must not come back after a reload', () => {
    expect(steps('No error message is shown')).toEqual([
      { action: 'assert_hidden', target: 'error message' },
    ]);
    expect(steps('No spinner should be visible')).toEqual([{ action: 'assert_hidden', target: 'spinner' }]);
    expect(steps('The tour should not come back after a reload')).toEqual([
      { action: 'reload' },
      { action: 'assert_hidden', target: 'tour' },
    ]);
    expect(steps('After a page refresh, the banner is still hidden')).toEqual([
      { action: 'reload' },
      { action: 'assert_hidden', target: 'banner' },
    ]);
  });

  it('refuses a negative sentence it can only read as a positive check (no false pass)', () => {
    // The text-in-element rule would read 'gone from grid' / 'not 2 PM' as words the element shows.
    for (const sentence of [
      'Verify the page shows "Saved" and not an error',
      'Times show in 24-hour format, e.g. 14:00 not 2 PM',
      'notes.txt is no longer in Finance but is in Archive',
      'Saturday and Sunday columns are hidden',
    ])
      expect(typeof steps(sentence)).toBe('string');
  });
});
