import { parseSentence } from '../parse';
import { fieldList, fieldValue, fieldValues } from './fields';

describe('field lists', () => {
  it('reads a field and its value, with or without = or :', () => {
    expect(fieldValue('city Leeds')).toEqual({ field: 'city', value: 'Leeds' });
    expect(fieldValue('sort code = 12-34-56')).toEqual({ field: 'sort code', value: '12-34-56' });
    expect(fieldValue('CVC 123')).toEqual({ field: 'CVC', value: '123' });
    expect(fieldValue('pin ⟦0⟧')).toEqual({ field: 'pin', value: '⟦0⟧' });
    // No value that looks like one: not a pair.
    expect(fieldValue('annual leave')).toBeNull();
  });

  it('reads every pair of a list or none', () => {
    expect(fieldValues('street 1 Main St, city Leeds and postcode LS1 1AA')).toEqual([
      { field: 'street', value: '1 Main St' },
      { field: 'city', value: 'Leeds' },
      { field: 'postcode', value: 'LS1 1AA' },
    ]);
    expect(fieldValues('city Leeds and something else')).toBeNull();
    expect(fieldValues('city Leeds')).toBeNull();
  });

  it('finds the list after a colon, a fill or pick verb, or with', () => {
    expect(fieldList('Fill in the billing form: city Leeds, postcode LS1 1AA')).toMatchObject({
      before: '',
      verb: 'fill',
      where: 'the billing form',
    });
    expect(fieldList('Open Settings and pick theme Dark and font Large')).toMatchObject({
      before: 'Open Settings',
      verb: 'select',
    });
    expect(fieldList('Create a task with title Write docs and owner Sam')?.before).toBe('Create a task');
    expect(fieldList('Click Add to cart and Save')).toBeNull();
  });

  it('reads label: value pairs, a form named before a colon, and several values for one field', () => {
    expect(fieldList('Name: Ada, Email: ada@x.io')).toEqual({
      before: '',
      verb: 'fill',
      fields: [
        { field: 'Name', value: 'Ada' },
        { field: 'Email', value: 'ada@x.io' },
      ],
    });
    expect(fieldList('Shipping details: name Ada, city Leeds')).toMatchObject({
      before: '',
      where: 'Shipping details',
    });
    expect(fieldList('Invite guests: ada@x.io, grace@y.org')?.fields).toEqual([
      { field: 'guests', value: 'ada@x.io' },
      { field: 'guests', value: 'grace@y.org' },
    ]);
    // An order before the colon stays a step of its own.
    expect(fieldList('Add a new payee: name = ACME Ltd, sort code = 12-34-56')?.before).toBe(
      'Add a new payee',
    );
  });
});

describe('several values in one sentence', () => {
  const steps = (sentence: string) => {
    const reading = parseSentence(sentence);
    return 'steps' in reading ? reading.steps : reading.refused;
  };

  it('fills each field in a step of its own, and reads the next step after the list', () => {
    expect(steps('Fill in street 1 Main St, city Leeds and postcode LS1 1AA, then click Save')).toEqual([
      { action: 'fill', target: 'street', value: '1 Main St' },
      { action: 'fill', target: 'city', value: 'Leeds' },
      { action: 'fill', target: 'postcode', value: 'LS1 1AA' },
      { action: 'click', target: 'Save' },
    ]);
  });
});
