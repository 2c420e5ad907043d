import { type Candidate } from '../../runner';
import { makeCandidate } from '../../../test/candidates';
import { bestByFingerprint, fingerprintAt, fingerprintOf } from './fingerprint';

// The ranking alone, on candidates as the page snapshot gives them: a clear best is taken, two alike
// elements are refused, an element of another role or a stranger is never enough like it.

/** A form's submit button by default, as the todo form's "Add" was. */
const candidate = (index: number, fields: Partial<Candidate>): Candidate =>
  makeCandidate(index, {
    type: 'submit',
    box: { x: 500, y: 100, width: 80, height: 36 },
    region: 'form Add an item main',
    ...fields,
  });

const add = fingerprintOf(candidate(0, { name: 'Add', text: 'Add' }));

it('takes the renamed button of the same form in the same place', () => {
  const page = [
    candidate(0, { name: 'Create', text: 'Create', region: 'form New entry main' }),
    candidate(1, {
      name: 'All',
      type: 'button',
      region: 'navigation Filter footer main',
      box: { x: 40, y: 600, width: 40, height: 30 },
    }),
  ];
  const best = bestByFingerprint(add, page);
  expect(best.ok && best.match.candidate.index).toBe(0);
  expect(best.ok && best.match.reasons).toEqual(['the same form', 'the same place']);
});

it('refuses two elements equally like it', () => {
  const page = [
    candidate(0, { name: 'Create', region: 'form New entry main' }),
    candidate(1, {
      name: 'Save',
      region: 'form New entry main',
      box: { x: 500, y: 101, width: 80, height: 36 },
    }),
  ];
  const best = bestByFingerprint(add, page);
  expect(best.ok).toBe(false);
  expect(!best.ok && best.message).toBe('"Create" and "Save" are equally like the element it acted on.');
});

it('never takes an element of another role, or one far away in another region', () => {
  expect(bestByFingerprint(add, [candidate(0, { role: 'link', tag: 'a', name: 'Create' })]).ok).toBe(false);
  const stranger = candidate(0, {
    name: 'Help',
    type: 'button',
    region: 'header',
    box: { x: 1100, y: 10, width: 60, height: 30 },
  });
  expect(bestByFingerprint(add, [stranger]).ok).toBe(false);
});

it("never takes the field that moved up into a removed field's place, with no id or name to say it is the same", () => {
  const phone = fingerprintOf(
    candidate(0, {
      tag: 'input',
      type: 'text',
      role: 'textbox',
      label: 'Phone',
      box: { x: 500, y: 140, width: 200, height: 36 },
    }),
  );
  const email = candidate(0, {
    tag: 'input',
    type: 'text',
    role: 'textbox',
    label: 'Email',
    box: { x: 500, y: 100, width: 200, height: 36 },
  });
  expect(bestByFingerprint(phone, [email]).ok).toBe(false);
  // The same field, still where it was, is taken.
  expect(
    bestByFingerprint(phone, [{ ...email, label: 'Mobile', box: { x: 500, y: 140, width: 200, height: 36 } }])
      .ok,
  ).toBe(true);
});

it('a field keeps its id and name: the same field, whatever its label', () => {
  const field = fingerprintOf(
    candidate(0, {
      tag: 'input',
      type: 'text',
      role: 'textbox',
      label: 'Item name',
      id: 'item',
      nameAttr: 'title',
    }),
  );
  const page = [
    candidate(0, {
      tag: 'input',
      type: 'text',
      role: 'textbox',
      label: 'Notes',
      id: 'notes',
      nameAttr: 'notes',
    }),
    candidate(1, {
      tag: 'input',
      type: 'text',
      role: 'textbox',
      label: 'New entry',
      id: 'item',
      nameAttr: 'title',
      box: { x: 500, y: 180, width: 80, height: 36 },
    }),
  ];
  const best = bestByFingerprint(field, page);
  expect(best.ok && best.match.candidate.index).toBe(1);
  expect(best.ok && best.match.reasons).toEqual(['the same id', 'the same name', 'the same form']);
});

describe('a table rendered as cards', () => {
  const iconButton = (index: number, icon: string, order: string, containerRole: string, x: number) =>
    candidate(index, {
      type: 'button',
      iconHint: `icon button icon ${icon}`,
      container: order,
      containerRole,
      region: 'main',
      box: { x, y: containerRole === 'row' ? 199 : 223, width: 28, height: 28 },
    });
  const grace = '#1002 Grace Hopper Pending $45.50';
  const ada = '#1001 Ada Lovelace Shipped $120.00';
  const pencil = fingerprintOf(iconButton(0, 'pencil', grace, 'row', 1060));
  const cards = [
    iconButton(0, 'pencil', ada, 'article', 37),
    iconButton(1, 'trash', ada, 'article', 65),
    iconButton(2, 'pencil', grace, 'article', 286),
    iconButton(3, 'trash', grace, 'article', 314),
  ];

  it('takes the same icon in the card with the very words its row had, far from where it was', () => {
    const best = bestByFingerprint(pencil, cards);
    expect(best.ok && best.match.candidate.index).toBe(2);
    expect(best.ok && best.match.reasons).toEqual(['the same icon', "the same row's words"]);
  });

  it('never takes it when no card has those words, nor another icon in that card', () => {
    expect(bestByFingerprint(pencil, [cards[0], cards[1], cards[3]]).ok).toBe(false);
  });
});

it('stores a secret the page shows around the element masked', () => {
  const row = candidate(0, { name: 'Copy', container: 'API key s3cr3t-t0ken Copy' });
  const fingerprint = fingerprintOf(row, ['s3cr3t-t0ken']);
  expect(JSON.stringify(fingerprint)).not.toContain('s3cr3t-t0ken');
  expect(fingerprint.container).toMatch(/^API key \S+ Copy$/);
});

it('records the fingerprint of the one element at the acted-on box, never a guess', () => {
  const snapshot = {
    url: 'http://example.test/',
    title: 'T',
    fingerprint: '',
    candidates: [
      candidate(0, { name: 'Add' }),
      candidate(1, { name: 'Other', box: { x: 0, y: 0, width: 10, height: 10 } }),
    ],
  };
  expect(fingerprintAt(snapshot, { x: 501, y: 100, width: 80, height: 36 })?.name).toBe('Add');
  expect(fingerprintAt(snapshot, { x: 300, y: 300, width: 10, height: 10 })).toBeNull();
  expect(fingerprintAt(snapshot, null)).toBeNull();
  const twice = { ...snapshot, candidates: [candidate(0, { name: 'A' }), candidate(1, { name: 'B' })] };
  expect(fingerprintAt(twice, { x: 500, y: 100, width: 80, height: 36 })).toBeNull();
});

describe('a component library app (issue 30)', () => {
  it('takes a renamed button that kept its right edge, never the icon-only button beside it', () => {
    const newOrder = fingerprintOf(
      candidate(0, {
        type: 'button',
        name: 'New order',
        text: 'New order',
        region: 'main',
        box: { x: 1133, y: 90, width: 123, height: 37 },
      }),
    );
    const page = [
      candidate(0, {
        type: 'button',
        name: 'Add',
        text: 'Add',
        region: 'main',
        box: { x: 1192, y: 90, width: 64, height: 37 },
      }),
      candidate(1, {
        type: 'button',
        name: 'Open',
        text: '',
        region: 'main',
        box: { x: 1141, y: 94, width: 28, height: 28 },
      }),
    ];
    const best = bestByFingerprint(newOrder, page);
    expect(best.ok && [best.match.candidate.name, best.match.reasons]).toEqual(['Add', ['the same place']]);
  });

  it('counts an id the library made up by mount order neither way: the field in the very same box is taken', () => {
    const field = (index: number, id: string, label: string, y: number) =>
      candidate(index, {
        tag: 'input',
        type: 'text',
        role: 'textbox',
        name: label,
        label,
        id,
        region: 'dialog New order',
        box: { x: 364, y, width: 552, height: 56 },
      });
    const customer = fingerprintOf(field(0, '_r_m_', 'Customer name', 260));
    // A menu opened first mounted more: the ids moved on by two.
    const page = [field(0, '_r_o_', 'Client', 260), field(1, '_r_m_', 'Sum', 332)];
    const best = bestByFingerprint(customer, page);
    expect(best.ok && best.match.candidate.label).toBe('Client');
  });
});

it("never takes a dialog's Cancel for its renamed submit button, though it is as near", () => {
  const create = fingerprintOf(
    candidate(0, { type: 'button', name: 'Create order', text: 'Create order', region: 'dialog New order' }),
  );
  const button = (index: number, name: string, x: number) =>
    candidate(index, {
      type: 'button',
      name,
      text: name,
      region: 'dialog Add',
      box: { x, y: 100, width: 70, height: 36 },
    });
  const best = bestByFingerprint(create, [button(0, 'Cancel', 420), button(1, 'Submit', 510)]);
  expect(best.ok && best.match.candidate.name).toBe('Submit');
});
