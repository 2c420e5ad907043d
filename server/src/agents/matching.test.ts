import { parseStep } from './grammar';
import {
  contextText,
  isAutocomplete,
  isEditable,
  isListboxButton,
  isSelect,
  rankCandidates,
  type Purpose,
} from './matching';
import { candidateSequence } from '../../test/candidates';

// Issue 29: matching on the DOM a component library (MUI) renders: icon buttons named by aria-label
// with a menu behind them, rows that show an order's number without the word "order", sortable
// column headers, and selects built from a button and a listbox.

const { candidate, reset: resetCandidates } = candidateSequence();

const page = () => {
  resetCandidates();
  const row = (order: string, customer: string) => `#${order} ${customer} 2026-03-05 $42.75 Pending`;
  return [
    candidate({ name: 'show 4 new notifications', text: '4' }),
    candidate({ name: 'account of current user', iconHint: 'haspopup', popup: true }),
    candidate({ tag: 'span', name: 'Total', text: 'Total', container: 'Order Total', containerRole: 'row' }),
    candidate({ tag: 'th', role: 'columnheader', name: 'Actions', text: 'Actions', containerRole: 'row' }),
    candidate({
      name: 'more',
      iconHint: 'haspopup',
      popup: true,
      container: row('1003', 'Alan Turing'),
      containerRole: 'row',
    }),
    candidate({
      name: 'more',
      iconHint: 'haspopup',
      popup: true,
      container: row('1004', 'Katherine Johnson'),
      containerRole: 'row',
    }),
  ];
};

const phrase = (sentence: string) => {
  const result = parseStep(sentence, 'http://127.0.0.1/admin/');
  if (!result.ok || !('target' in result.intent) || result.intent.target?.kind !== 'phrase')
    throw new Error(`"${sentence}" names no element`);
  return result.intent.target.phrase;
};

describe('matching on a component library page', () => {
  it.each([
    ['Open the menu for order #1003', 'click', 4],
    ['Open the actions menu of order #1004', 'click', 5],
    ['Open the account menu', 'click', 1],
    ['Click the Total column header', 'click', 2],
    ['Click the notifications bell', 'click', 0],
    // Mantine's row menu: an icon of three dots, named by aria-label only.
    ['Click the three dots next to Alan Turing', 'click', 4],
    ['Click the 3 vertical dots in the row of Katherine Johnson', 'click', 5],
  ] as const)('%j (%s) is candidate %i', (sentence, purpose: Purpose, index) => {
    expect(rankCandidates(phrase(sentence), page(), purpose)[0]?.candidate.index).toBe(index);
  });

  it.each([
    ['Open the menu for order #2001', 'click'],
    ['Open the menu for customer #1003x', 'click'],
    ['Click the Export column header', 'click'],
  ] as const)('%j matches nothing', (sentence, purpose: Purpose) => {
    expect(rankCandidates(phrase(sentence), page(), purpose)).toEqual([]);
  });

  it('locates a row by the identifier it shows, not by the kind of item the sentence names', () => {
    const [, , , , more] = page();
    expect(contextText('order #1003', more)).toBe('#1003');
    expect(contextText('Alan Turing', more)).toBe('Alan Turing');
    expect(contextText('order #1004', more)).toBeNull();
  });

  it('tells a select built from a listbox and an autocomplete from a text field', () => {
    const select = candidate({
      tag: 'div',
      role: 'combobox',
      name: 'Status',
      text: 'Pending',
      listbox: true,
    });
    const autocomplete = candidate({ tag: 'input', role: 'combobox', editable: true, listbox: true });
    const datalist = candidate({ tag: 'input', role: 'combobox', editable: true });
    expect([isListboxButton(select), isSelect(select), isEditable(select)]).toEqual([true, true, false]);
    expect([isAutocomplete(autocomplete), isSelect(autocomplete), isEditable(autocomplete)]).toEqual([
      true,
      false,
      true,
    ]);
    expect([isAutocomplete(datalist), isListboxButton(datalist)]).toEqual([false, false]);
  });
});

describe('a place clause', () => {
  const regions = () => {
    resetCandidates();
    return [
      candidate({ name: 'Orders', text: 'Orders', region: 'navigation left Main sidebar left' }),
      candidate({ tag: 'h1', role: 'heading', name: 'Orders', text: 'Orders', region: 'main' }),
      candidate({ name: 'Cancel order', role: 'menuitem', region: 'menu' }),
      candidate({ name: 'Cancel order', region: 'dialog Cancel order #1004?' }),
      candidate({ name: 'Sign out', role: 'menuitem', region: 'menu' }),
      candidate({ name: 'Save', container: 'Billing Card number Save' }),
      candidate({ name: 'Save', container: 'Shipping Street Save' }),
    ];
  };
  const where = (text: string, place: string) => ({ text, where: place });

  it.each([
    [where('Orders', 'left navigation'), 0],
    [where('Orders', 'sidebar'), 0],
    [where('Cancel order', 'dialog'), 3],
    [where('Cancel order', 'menu'), 2],
    [where('Sign out', 'account menu'), 4],
    [where('Save', 'Shipping section'), 6],
  ])('%j is candidate %i', (words, index) => {
    const ranked = rankCandidates(words, regions(), 'click');
    expect(ranked[0]?.candidate.index).toBe(index);
    expect(ranked.every((entry) => entry.candidate.index === index)).toBe(true);
  });

  it.each([
    where('Orders', 'footer'),
    where('Sign out', 'dialog'),
    where('Save', 'Payment section'),
    where('Orders', 'header'),
  ])('%j is nowhere', (words) => {
    expect(rankCandidates(words, regions(), 'click')).toEqual([]);
  });
});

// Issue 29: a place given for a check is never dropped. The words must be shown at that place (under the
// field, in the row, in the section): present elsewhere only, the check finds nothing and fails.
describe('checks of words at a place', () => {
  const { candidate, reset } = candidateSequence();
  // A sign-in form: each field's message sits under it; only the password's says anything.
  const form = () => {
    reset();
    return [
      candidate({ tag: 'label', role: 'generic', name: 'Email', text: 'Email' }),
      candidate({ tag: 'input', role: 'textbox', name: 'Email', label: 'Email', editable: true }),
      candidate({ tag: 'label', role: 'generic', name: 'Password', text: 'Password' }),
      candidate({ tag: 'input', role: 'textbox', name: 'Password', label: 'Password', editable: true }),
      candidate({ tag: 'div', role: 'generic', name: '', text: 'Enter your password' }),
      candidate({
        tag: 'td',
        role: 'cell',
        text: 'Shipped',
        container: 'Ada Lovelace Shipped',
        containerRole: 'row',
      }),
      candidate({
        tag: 'td',
        role: 'cell',
        text: 'Pending',
        container: 'Grace Hopper Pending',
        containerRole: 'row',
      }),
    ];
  };
  const target = (sentence: string) => {
    const result = parseStep(sentence, 'http://127.0.0.1/');
    if (!result.ok || result.intent.kind !== 'expect' || !('target' in result.intent.assert))
      throw new Error(`"${sentence}" is no check of an element: ${JSON.stringify(result)}`);
    const ref = result.intent.assert.target;
    if (ref.kind !== 'phrase') throw new Error(`"${sentence}" checks words anywhere: ${JSON.stringify(ref)}`);
    return ref.phrase;
  };
  const found = (sentence: string) =>
    rankCandidates(target(sentence), form(), 'read').map((entry) => entry.candidate.text);

  it('finds the words under, beside or in the place named', () => {
    expect(found('Verify "Enter your password" appears under the Password field')).toEqual([
      'Enter your password',
    ]);
    expect(found("The message below the Password field should say 'Enter your password'")).toEqual([
      'Enter your password',
    ]);
    expect(found('Verify "Shipped" is shown in the row of "Ada Lovelace"')).toEqual(['Shipped']);
    expect(found('The row of Ada Lovelace should show "Shipped"')).toEqual(['Shipped']);
  });

  it('finds nothing when the words are shown elsewhere only (they would pass anywhere on the page)', () => {
    expect(found('Verify "Enter your password" appears under the Email field')).toEqual([]);
    expect(found('I should see "Enter your password" next to the Email field')).toEqual([]);
    expect(found('Verify "Pending" is shown in the row of "Ada Lovelace"')).toEqual([]);
    expect(found("Ada Lovelace's row should say 'Pending'")).toEqual([]);
    expect(found('The Billing section should show "Shipped"')).toEqual([]);
    expect(found('"Pending" is in the row of "Ada Lovelace"')).toEqual([]);
    expect(found('"Shipped" is in the row of "Ada Lovelace"')).toEqual(['Shipped']);
  });

  it('refuses a place it cannot read rather than check the words anywhere', () => {
    for (const sentence of [
      'Verify "Saved" appears, right under the name',
      'Verify "Sold out" is shown on that product',
    ])
      expect(parseStep(sentence, 'http://127.0.0.1/')).not.toMatchObject({
        ok: true,
        intent: { assert: { type: 'visible', target: { kind: 'text' } } },
      });
  });
});
