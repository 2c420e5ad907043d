import { parseSentence } from '../parse';
import { isJudgement, leadingClause, trailingClause } from './clauses';

describe('trailingClause', () => {
  it('cuts a purpose, manner or condition clause off an order, keeping names with "to"', () => {
    expect(trailingClause('Press Continue to get to the delivery options')).toEqual({
      main: 'Press Continue',
      dropped: 'to get to the delivery options',
    });
    expect(trailingClause('Hit Register without filling in anything').main).toBe('Hit Register');
    expect(trailingClause('Click the Save button so that the draft is kept').main).toBe(
      'Click the Save button',
    );
    expect(trailingClause('Click Add to cart')).toEqual({ main: 'Click Add to cart' });
    expect(trailingClause('Proceed to checkout')).toEqual({ main: 'Proceed to checkout' });
    // 'after' opens a condition only with a verb of its own.
    expect(trailingClause('Set the return date to 10 days after departure').dropped).toBeUndefined();
  });

  it('reads the control or key a step is done with as the step itself', () => {
    expect(trailingClause('Close the sidebar using the burger menu')).toEqual({
      main: 'Close the sidebar',
      means: 'click the burger menu',
    });
    expect(trailingClause('Leave the editor w/ esc').means).toBe('press esc');
    expect(trailingClause('Dismiss the banner by pressing Esc').means).toBe('press Esc');
    // A value given with the step is not the means of it.
    expect(trailingClause('Enable backups with a daily schedule').means).toBeUndefined();
  });

  it('reads a means clause as the step itself', () => {
    expect(trailingClause('Dismiss the popup by clicking No thanks')).toEqual({
      main: 'Dismiss the popup',
      means: 'click No thanks',
    });
  });
});

describe('leadingClause', () => {
  it("reads a leading gerund as the writer's action, not a check", () => {
    expect(leadingClause('After archiving, the list should be empty')).toEqual({
      step: 'archive',
      main: 'the list should be empty',
    });
    expect(leadingClause('When sending the invoice, tick Copy me')).toEqual({
      step: 'send the invoice',
      main: 'tick Copy me',
    });
    expect(leadingClause('After verifying, open Settings')).toEqual({ step: null, main: 'open Settings' });
  });

  it('waits for the state a leading condition names, or drops a clause of manner', () => {
    expect(leadingClause('Once the banner is gone, open Settings')).toEqual({
      step: 'Wait for the banner to disappear',
      main: 'open Settings',
    });
    expect(leadingClause('After the results load, click the first hotel')).toEqual({
      step: 'Wait for the results',
      main: 'click the first hotel',
    });
    expect(leadingClause('Without choosing a size, click Add to bag')).toEqual({
      step: null,
      main: 'click Add to bag',
    });
    expect(leadingClause('When I click the cart icon, I should see a drawer')?.step).toBe(
      'click the cart icon',
    );
    expect(leadingClause('Click Save')).toBeNull();
  });
});

describe('isJudgement', () => {
  it('tells a judgement from words a page shows', () => {
    for (const words of ['smooth', 'intuitive', 'fast', 'properly', 'saved automatically I think'])
      expect(isJudgement(words)).toBe(true);
    for (const words of ['⟦0⟧', '$42.00', 'Active', 'Paid', 'empty', 'disabled', '3 items'])
      expect(isJudgement(words)).toBe(false);
  });
});

describe('sentence shapes through the parse entry', () => {
  const steps = (sentence: string) => {
    const reading = parseSentence(sentence);
    return 'steps' in reading ? reading.steps : reading.refused;
  };

  it('keeps a place clause out of the name: a region annotates, an item narrows', () => {
    expect(steps('Click Reports in the left navigation')).toEqual([
      { action: 'click', target: 'Reports', where: 'left navigation' },
    ]);
    expect(steps('Click Add to cart on the blue jacket')).toEqual([
      { action: 'click', target: 'Add to cart', where: 'blue jacket' },
    ]);
    expect(steps('Press Continue to get to the delivery options')).toEqual([
      { action: 'click', target: 'Continue' },
    ]);
  });

  it('turns a leading condition into its wait before the step', () => {
    expect(steps('Once the banner is gone, open Settings')).toEqual([
      { action: 'wait', target: 'banner', value: 'hidden' },
      { action: 'click', target: 'Settings' },
    ]);
  });

  it('refuses judgements, quoted or not, and keeps real checks', () => {
    for (const sentence of [
      'Check that registration feels smooth',
      'The sign up flow should be smooth',
      'Verify that emails load properly',
      'Make sure the "Checkout" page is intuitive',
    ])
      expect(typeof steps(sentence)).toBe('string');
    expect(steps('Verify the total is "$42.00"')).toEqual([
      { action: 'assert_text', target: 'total', value: '$42.00' },
    ]);
  });

  it('refuses a quality, a manner or a clause to check, by kind', () => {
    for (const sentence of [
      'The search page should be simple to use',
      'Reports should be nicely laid out',
      'The dashboard should be well structured',
      'The checkout should be PCI compliant',
      'The menu should be user friendly',
      'I want to see if the tiles line up neatly',
      'Check the labels read well',
    ])
      expect(typeof steps(sentence)).toBe('string');
    expect(steps('The status should be Payment pending')).toEqual([
      { action: 'assert_text', target: 'status', value: 'Payment pending' },
    ]);
    expect(steps('Check the Remember me box')).toEqual([{ action: 'check', target: 'Remember me' }]);
  });
});
