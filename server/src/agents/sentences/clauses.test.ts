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

  it('sets the state an order names on the switch it is done with', () => {
    expect(trailingClause('Turn off all alerts with the main toggle').means).toBe('uncheck the main toggle');
    expect(trailingClause('Enable dark mode using the theme switch').means).toBe('check the theme switch');
    expect(trailingClause('Turn the sounds off via the mute checkbox').means).toBe(
      'uncheck the mute checkbox',
    );
    // A button holds no state: it is pressed.
    expect(trailingClause('Disable the account with the Deactivate button').means).toBe(
      'click the Deactivate button',
    );
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

  it("keeps the writer's action after 'When I' even when the tagger reads its verb as another word", () => {
    expect(leadingClause('When I open Reports and click the gear icon, the panel is shown')).toEqual({
      step: 'open Reports and click the gear icon',
      main: 'the panel is shown',
    });
    expect(leadingClause('When I am signed in, the avatar should be shown')).toEqual({
      step: null,
      main: 'the avatar should be shown',
    });
  });

  it('finds a leading condition written without its comma before a check', () => {
    expect(leadingClause('Once signed in the header should greet Ada')).toEqual({
      step: null,
      main: 'the header should greet Ada',
    });
    expect(leadingClause('When the table loads the first row should read Alpha')).toEqual({
      step: 'Wait for the table',
      main: 'the first row should read Alpha',
    });
    expect(leadingClause('After deleting the name of the file should be gone')).toEqual({
      step: 'delete',
      main: 'the name of the file should be gone',
    });
    // No words of its own before the subject: nothing to split off.
    expect(leadingClause('When the total should be 3')).toBeNull();
    expect(leadingClause('Once saved the badge turns green')).toBeNull();
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

  it("reads the writer's actions of a leading 'When I' clause before the check", () => {
    expect(steps('When I open Billing and click the pencil icon, the edit form is shown')).toEqual([
      { action: 'click', target: 'Billing' },
      { action: 'click', target: 'pencil' },
      { action: 'assert_visible', target: 'edit form' },
    ]);
    expect(steps('When the report loads the last row should read Total')).toEqual([
      { action: 'wait', target: 'report', value: 'visible' },
      { action: 'assert_text', target: 'last row', value: 'Total' },
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
