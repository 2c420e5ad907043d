import { parseStep, planSteps } from '../src/agents';
import { findTie, rankCandidates, similarity, SYNONYMS } from '../src/agents/matching';
import { candidateSequence } from './candidates';

// Issue 10's matching discipline and phrasings, each rule tested by its table.

const SITE = 'http://127.0.0.1:4400/tasks/';

const { candidate, reset: resetCandidates } = candidateSequence();

describe('matching words', () => {
  it.each([
    ['Archive all messages', 'All', false],
    ['Phone', 'Email', false],
    ['Sign up', 'Sign in', false],
    ['Remember password', 'Remember me', false],
    ['Pay the bills', 'Pay rent', false],
    ['Sign in', 'Sign in', true],
    ['Pay the rent', 'Pay rent', true],
    ['cart', 'Cart (1)', true],
    ['Active filter', 'Active', true],
    ['Country list', 'Country', true],
    ['todos', 'todo', true],
    ['remove', 'destroy', true],
    ['delete', '×', true],
    ['edit', 'icon pencil', true],
    ['log in', 'Sign in', true],
    ['new task', 'New todo', true],
  ])('%j names %j: %s', (phrase, field, matches) => {
    expect(similarity(phrase, field) > 0).toBe(matches);
  });

  it('documents every synonym group with at least two words', () => {
    for (const group of SYNONYMS) expect(group.length).toBeGreaterThanOrEqual(2);
  });
});

describe('choosing a target', () => {
  const rows = () => {
    resetCandidates();
    return [
      candidate({ tag: 'input', role: 'textbox', name: 'New task', editable: true }),
      candidate({
        tag: 'input',
        role: 'checkbox',
        checked: false,
        container: 'Pay rent',
        containerRole: 'listitem',
      }),
      candidate({
        tag: 'span',
        role: 'generic',
        text: 'Pay rent',
        container: 'Pay rent',
        containerRole: 'listitem',
      }),
      candidate({ iconHint: 'destroy', container: 'Pay rent', containerRole: 'listitem' }),
      candidate({
        tag: 'input',
        role: 'checkbox',
        checked: false,
        container: 'Call mom',
        containerRole: 'listitem',
      }),
      candidate({
        tag: 'span',
        role: 'generic',
        text: 'Call mom',
        container: 'Call mom',
        containerRole: 'listitem',
      }),
      candidate({ iconHint: 'destroy', container: 'Call mom', containerRole: 'listitem' }),
      candidate({ tag: 'a', role: 'link', name: 'All', text: 'All' }),
      candidate({ tag: 'a', role: 'link', name: 'Cart (2)', text: 'Cart (2)' }),
      candidate({ name: 'Add to cart', text: 'Add to cart', container: 'Mug' }),
    ];
  };
  const phrase = (sentence: string) => {
    const result = parseStep(sentence, SITE);
    if (!result.ok || !('target' in result.intent) || result.intent.target?.kind !== 'phrase')
      throw new Error(`"${sentence}" names no element`);
    return result.intent.target.phrase;
  };

  it.each([
    ['Tick the checkbox next to "Pay rent"', 'check', 1],
    ['Tick "Call mom"', 'check', 4],
    ['Click the remove button of "Call mom"', 'click', 6],
    ['Delete "Pay rent"', 'click', 3],
    ['Double-click "Pay rent"', 'click', 2],
    ['Hover over "Call mom"', 'hover', 5],
    ['Click All', 'click', 7],
  ] as const)('%j is candidate %s', (sentence, purpose, index) => {
    const ranked = rankCandidates(phrase(sentence), rows(), purpose);
    expect(ranked[0]?.candidate.index).toBe(index);
    expect(findTie(ranked, phrase(sentence), purpose)).toBeNull();
  });

  it.each([
    ['Click "Archive all messages"', 'click'],
    ['Type "x" into the Phone field', 'fill'],
    ['Click the cart icon', 'click'],
    ['Tick the checkbox next to "Buy bread"', 'check'],
    ['Click the remove button of "Walk the dog"', 'click'],
  ] as const)('%j matches nothing', (sentence, purpose) => {
    expect(rankCandidates(phrase(sentence), rows(), purpose)).toEqual([]);
  });

  it('fails on two equally good candidates rather than guess', () => {
    const words = phrase('Click the remove button');
    const tie = findTie(rankCandidates(words, rows(), 'click'), words, 'click');
    expect(tie?.map((entry) => entry.candidate.index)).toEqual([3, 6]);
  });
});

describe('phrasings of issue 10', () => {
  it.each([
    ['Press Enter without typing anything', { kind: 'press', key: 'Enter' }],
    ['Hit Escape', { kind: 'press', key: 'Escape' }],
    ['Ctrl+A', { kind: 'press', key: 'Control+a' }],
    [
      'Press Enter in the New task field',
      {
        kind: 'press',
        key: 'Enter',
        target: { kind: 'phrase', phrase: { text: 'New task', role: 'textbox' } },
      },
    ],
    [
      'Add a task "Pay rent" using the "New task" input',
      {
        kind: 'fill',
        value: 'Pay rent',
        target: { kind: 'phrase', phrase: { text: 'New task', role: 'textbox', exact: true } },
      },
    ],
    [
      'Replace the text of the item being edited with "Pay the rent"',
      {
        kind: 'fill',
        value: 'Pay the rent',
        target: { kind: 'phrase', phrase: { text: 'edit', role: 'textbox' } },
      },
    ],
    [
      'Click its remove button',
      {
        kind: 'click',
        target: { kind: 'phrase', phrase: { text: 'remove', role: 'button', anaphor: 'its' } },
      },
    ],
    [
      'Double-click the same item',
      { kind: 'click', clickCount: 2, target: { kind: 'phrase', phrase: { text: '', anaphor: 'same' } } },
    ],
    [
      'Tick the checkbox next to "Pay rent"',
      {
        kind: 'check',
        target: { kind: 'phrase', phrase: { text: '', role: 'checkbox', context: 'Pay rent' } },
      },
    ],
    [
      'Verify the list no longer shows "Pay rent"',
      {
        kind: 'expect',
        assert: {
          type: 'text',
          negate: true,
          value: 'Pay rent',
          target: { kind: 'phrase', phrase: { text: 'list' } },
        },
      },
    ],
  ])('reads %j', (sentence, expected) => {
    const result = parseStep(sentence, SITE);
    expect(result.ok && result.intent).toEqual(expected);
  });

  it('refuses half a sentence: a second value that could not be placed', () => {
    const result = parseStep('Type "a" into the Email field and "b" into the Password field somewhere', SITE);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.hint).toContain('"b"');
  });

  it.each([
    [
      'Enter {{user}} in the Email field and {{password}} in the Password field.',
      ['Enter {{user}} in the Email field', 'Enter {{password}} in the Password field'],
    ],
    [
      'Add a task "Pay rent" using the "New task" input and press Enter. Add "Call mom" the same way.',
      [
        'Add a task "Pay rent" using the "New task" input',
        'Press Enter',
        'Add a task "Call mom" using the "New task" input',
        'Press Enter',
      ],
    ],
    [
      'Click the field and press Enter without typing anything',
      ['Click the field', 'Press Enter without typing anything'],
    ],
  ])('plans %j', (instructions, steps) => {
    expect(planSteps(instructions)).toEqual(steps);
  });
});

describe('ordinals, tables and menus', () => {
  it.each([
    [
      'Sort the table by Customer',
      { kind: 'click', target: { kind: 'phrase', phrase: { text: 'Customer' } } },
    ],
    [
      'Click the Customer header again',
      { kind: 'click', target: { kind: 'phrase', phrase: { text: 'Customer', role: 'heading' } } },
    ],
    [
      'Click the trash icon in the third row',
      {
        kind: 'click',
        target: {
          kind: 'phrase',
          phrase: { text: 'trash', role: 'img', inItem: { kind: 'row', ordinal: 3 } },
        },
      },
    ],
    [
      'Open the menu of the last project',
      {
        kind: 'click',
        target: {
          kind: 'phrase',
          phrase: { text: 'menu', role: 'link', inItem: { kind: 'item', ordinal: -1 } },
        },
      },
    ],
    [
      'Verify the first row contains "Ada Lovelace"',
      {
        kind: 'expect',
        assert: {
          type: 'text',
          value: 'Ada Lovelace',
          target: { kind: 'phrase', phrase: { text: '', item: 'row', ordinal: 1 } },
        },
      },
    ],
    [
      'The second task should contain "Call mom"',
      {
        kind: 'expect',
        assert: {
          type: 'text',
          value: 'Call mom',
          target: { kind: 'phrase', phrase: { text: '', item: 'item', ordinal: 2 } },
        },
      },
    ],
  ])('reads %j', (sentence, expected) => {
    const result = parseStep(sentence, SITE);
    expect(result.ok && result.intent).toEqual(expected);
  });

  it('reads a menu button by its aria-haspopup hint and dots', () => {
    for (const hint of ['icon dots haspopup', 'kebab', 'ellipsis'])
      expect(similarity('menu', hint)).toBeGreaterThan(0);
  });
});
