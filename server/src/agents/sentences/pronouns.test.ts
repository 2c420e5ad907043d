import { planSteps } from '../planner';
import { parseSentence } from '../parse';
import { resolvePronouns, withReference } from './pronouns';

describe('pronouns across steps', () => {
  it('puts the words of the element named before where a step says it or them', () => {
    expect(withReference('Right-click it', '"Invoice 7"')).toBe('Right-click "Invoice 7"');
    expect(withReference('Paste "abc" into it', '"Notes"')).toBe('Paste "abc" into "Notes"');
    expect(withReference('Make sure they are ticked', '"Newsletter"')).toBe(
      'Make sure "Newsletter" are ticked',
    );
    expect(withReference('It must stay greyed out', '"Pay"')).toBe('"Pay" must stay greyed out');
    expect(withReference('Confirm that it reads "3"', '"Seats"')).toBe('Confirm that "Seats" reads "3"');
    expect(withReference('Verify a hint shows under it in red', '"Code"')).toBe(
      'Verify a hint shows under "Code" in red',
    );
  });

  it('leaves verbs that are labels, words that are not pronouns and steps without one alone', () => {
    expect(withReference('Publish it', '"Draft"')).toBe('Publish it');
    expect(withReference('Check that the banner is gone', '"Draft"')).toBe('Check that the banner is gone');
    expect(withReference('Click Italic', '"Draft"')).toBe('Click Italic');
    expect(withReference('Type "it" into Notes', '"Draft"')).toBe('Type "it" into Notes');
  });

  it('binds to the last step that named an element, skipping steps that name none', () => {
    const words: Record<string, string | null> = { 'Tap Volume': '"Volume"', 'Press Enter': null };
    expect(resolvePronouns(['Tap Volume', 'Press Enter', 'Clear it'], (step) => words[step] ?? null)).toEqual(
      ['Tap Volume', 'Press Enter', 'Clear "Volume"'],
    );
    // Nothing named before: the step stays as written (the grammar refuses it or reads it as a label).
    expect(resolvePronouns(['Clear it'], () => null)).toEqual(['Clear it']);
  });

  it('plans and reads a later sentence acting on or checking the element of the one before', () => {
    expect(planSteps('Type 12 in the Age field and verify it shows 12')).toEqual([
      'Type 12 in the Age field',
      'Verify "Age" shows 12',
    ]);
    expect(parseSentence('Double-click the Subtitle cell. Set it to Intro')).toEqual({
      sentence: 'Double-click the Subtitle cell. Set it to Intro',
      steps: [
        { action: 'double_click', target: 'Subtitle cell' },
        { action: 'fill', target: 'Subtitle cell', value: 'Intro' },
      ],
    });
    expect(parseSentence('Tick Keep me signed in; it should then be checked')).toEqual({
      sentence: 'Tick Keep me signed in; it should then be checked',
      steps: [
        { action: 'check', target: 'Keep me signed in' },
        { action: 'assert_checked', target: 'Keep me signed in' },
      ],
    });
    // "it's" is the pronoun and its verb; an empty field holds no value (not the word "empty").
    expect(parseSentence("Clear the Notes field and check it's empty")).toMatchObject({
      steps: [
        { action: 'clear', target: 'Notes' },
        { action: 'assert_value', target: 'Notes', value: '' },
      ],
    });
    // The grammar's own 'again' keeps the generator's binding; the parse answers the element's words.
    expect(parseSentence('Open the Filters menu. Click it again')).toMatchObject({
      steps: [
        { action: 'click', target: 'Filters menu' },
        { action: 'click', target: 'Filters menu' },
      ],
    });
  });
});
