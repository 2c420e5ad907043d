import { parseSentence } from '../parse';
import { checkStatement, exampleValue, seeSaying } from './checks';

describe('checkStatement', () => {
  it('reads the text an element must show', () => {
    expect(checkStatement('The footer note mention free returns')).toEqual({
      kind: 'text',
      subject: 'The footer note',
      value: 'free returns',
    });
    expect(checkStatement('the basket badge show 3')).toEqual({
      kind: 'text',
      subject: 'the basket badge',
      value: '3',
    });
  });

  it('reads the format words an element shows, and a quoted name before a noun the tagger misreads', () => {
    expect(checkStatement('Dates appear as DD/MM/YYYY')).toEqual({
      kind: 'text',
      subject: 'Dates',
      value: 'DD/MM/YYYY',
    });
    expect(checkStatement('A ⟦0⟧ message appear under ⟦1⟧')).toEqual({
      kind: 'visible',
      subject: 'A ⟦0⟧ message',
      place: 'under ⟦1⟧',
    });
  });

  it('reads an element coming into view or leaving it, with its place', () => {
    expect(checkStatement('The "Saved" chip is displayed on the second invoice')).toEqual({
      kind: 'visible',
      subject: 'The "Saved" chip',
      place: 'on the second invoice',
    });
    expect(checkStatement('The spinner on the Export button disappear')).toEqual({
      kind: 'hidden',
      subject: 'The spinner on the Export button',
    });
    // More than a place after the verb is not read here.
    expect(checkStatement('A drawer appear sliding in with my items')).toBeNull();
  });

  it('reads states', () => {
    expect(checkStatement('Submit claim btn is not clickable yet')).toEqual({
      kind: 'disabled',
      subject: 'Submit claim btn',
    });
    expect(checkStatement('Express shipping is preselected')).toEqual({
      kind: 'checked',
      subject: 'Express shipping',
    });
    expect(checkStatement('The invoice list is wonderful')).toBeNull();
    expect(checkStatement('Dark mode is listed')).toEqual({ kind: 'visible', subject: 'Dark mode' });
    expect(checkStatement('Paypal is no longer listed')).toEqual({ kind: 'hidden', subject: 'Paypal' });
    expect(checkStatement('The headings read nicely')).toBeNull();
    expect(checkStatement('The page not show ⟦0⟧')).toBeNull();
  });

  it('does not take a capitalised label for the predicate', () => {
    expect(checkStatement('The Show more link is visible')).toEqual({
      kind: 'visible',
      subject: 'The Show more link',
    });
  });
});

describe('changes', () => {
  it('reads the text an element changes to', () => {
    expect(checkStatement('The vote count goes from 7 to 8')).toEqual({
      kind: 'text',
      subject: 'The vote count',
      value: '8',
    });
    expect(checkStatement('the Subscribe button change to Subscribed')).toEqual({
      kind: 'text',
      subject: 'the Subscribe button',
      value: 'Subscribed',
    });
  });

  it('reads a statement without article or modal verb as a check', () => {
    expect(parseSentence('upload bar reads 3/4')).toMatchObject({
      steps: [{ action: 'assert_text', target: 'Upload bar', value: '3/4' }],
    });
    expect(parseSentence('A "Copied" toast appears')).toMatchObject({
      steps: [{ action: expect.stringMatching(/^assert_/) }],
    });
  });
});

describe('counts', () => {
  it('reads how many things an element holds, or how many are listed', () => {
    expect(checkStatement('The Shipped lane contain 3 parcels')).toEqual({
      kind: 'count',
      subject: '',
      count: 3,
      things: 'parcels',
      place: 'in The Shipped lane',
    });
    expect(checkStatement('Only two invoices are listed')).toEqual({
      kind: 'count',
      subject: '',
      count: 2,
      things: 'invoices',
    });
    // A number with a unit or a fraction is text, not a count.
    expect(checkStatement('The timer show 3 minutes left')?.kind).toBe('text');
    expect(checkStatement('The progress label show 2/5')?.kind).toBe('text');
  });

  it('answers counts through the parse entry', () => {
    expect(parseSentence('Only two invoices are listed')).toMatchObject({
      steps: [{ action: 'assert_count', target: 'invoices', value: '2' }],
    });
  });
});

describe('statements in the parse entry', () => {
  it('answers them as checks on the element, typos and modal verbs included', () => {
    expect(parseSentence('basket badge shoud now show 3')).toEqual({
      sentence: 'basket badge shoud now show 3',
      steps: [{ action: 'assert_text', target: 'Basket badge', value: '3' }],
    });
    expect(parseSentence('Submit claim btn shouldnt be clickable yet')).toMatchObject({
      steps: [{ action: 'assert_disabled', target: 'Submit claim' }],
    });
    expect(parseSentence('The invoice tooltip should mention late fees')).toMatchObject({
      steps: [{ action: 'assert_text', target: 'invoice tooltip', value: 'late fees' }],
    });
    expect(parseSentence('The red dot on the inbox should disappear')).toMatchObject({
      steps: [{ action: 'assert_hidden' }],
    });
  });
});

describe('seeSaying', () => {
  it('reads the element described and the words it shows', () => {
    expect(seeSaying('I see a banner saying ⟦0⟧ on the dashboard')).toEqual({
      kind: 'text',
      subject: 'a banner',
      value: '⟦0⟧',
      place: 'on the dashboard',
    });
    expect(seeSaying('I see ⟦0⟧')).toBeNull();
  });

  it('answers a text check in that element through the parse entry', () => {
    expect(parseSentence('I should see a banner saying "Trial ends soon" on the dashboard')).toMatchObject({
      steps: [{ action: 'assert_text', target: 'banner', value: 'Trial ends soon' }],
    });
  });
});

describe('exampleValue', () => {
  it('finds the example or format a check gives instead of its literal words', () => {
    expect(exampleValue('relative dates like 2 weeks ago')).toBe('2 weeks ago');
    expect(exampleValue('formatted as 12345-6789')).toBe('12345-6789');
    expect(exampleValue('in euros (e.g. 4,50 €)')).toBe('4,50 €');
  });

  it('keeps labels and comparisons as written', () => {
    expect(exampleValue('Looks like rain')).toBe('Looks like rain');
    expect(exampleValue('styled like the others')).toBe('styled like the others');
    expect(exampleValue('Saved')).toBe('Saved');
  });
});

describe('appearing somewhere', () => {
  it("reads 'shows up' and 'is pinned' with a place as the element shown there", () => {
    expect(checkStatement('Bob shows up at the top of the team list')).toEqual({
      kind: 'visible',
      subject: 'Bob',
      place: 'at the top of the team list',
    });
    expect(checkStatement("The admin's reply is pinned at the top")).toMatchObject({
      kind: 'visible',
      place: 'at the top',
    });
  });
});

describe('chosen by default', () => {
  it("reads 'preselected', 'ticked by default' and 'still unticked' as the checked state, not a judgement", () => {
    const steps = (sentence: string) => {
      const reading = parseSentence(sentence);
      return 'steps' in reading ? reading.steps : reading.refused;
    };
    expect(steps('Next-day delivery should be preselected')).toEqual([
      { action: 'assert_checked', target: 'Next-day delivery' },
    ]);
    expect(steps('The Keep me posted box should be ticked by default')).toEqual([
      { action: 'assert_checked', target: 'Keep me posted' },
    ]);
    expect(steps('Weekly digest is still unticked')).toEqual([
      { action: 'assert_checked', target: 'Weekly digest', negated: true },
    ]);
    // A quality is still no state to check.
    expect(typeof steps('The checkout page should be clean')).toBe('string');
  });
});
