import { parseSentence } from '../parse';
import { labelValueStep } from './labelValue';

describe('a label line with its value', () => {
  it('types into a field named by its label, after a colon or an equals sign', () => {
    expect(labelValueStep('Phone: +33 1 23 45 67 89')).toBe('Type "+33 1 23 45 67 89" into the Phone field');
    expect(labelValueStep('Invoice reference = INV-2041')).toBe(
      'Type "INV-2041" into the Invoice reference field',
    );
    expect(labelValueStep('Middle name: Byron')).toBe('Type "Byron" into the Middle name field');
  });

  it('chooses in a list when the value is a few words of no typed text', () => {
    expect(labelValueStep('Shipping speed: Express')).toBe(
      'Select "Express" from the Shipping speed dropdown',
    );
    expect(labelValueStep('Set Department: Legal')).toBe('Select "Legal" from the Department dropdown');
    expect(labelValueStep('Change Severity -> Minor')).toBe('Select "Minor" from the Severity dropdown');
  });

  it('leaves paths, places before a step, states and checks to their own readers', () => {
    expect(labelValueStep('Reports → Monthly')).toBeNull();
    expect(labelValueStep('Basket page: open the voucher box')).toBeNull();
    expect(labelValueStep('Greyed out: Continue')).toBeNull();
    expect(labelValueStep('Ticked: Accept cookies')).toBeNull();
    expect(labelValueStep('Header: the total reads 9')).toBeNull();
    expect(labelValueStep('Given: I am signed in')).toBeNull();
  });

  it('is read as one step setting the field', () => {
    expect(parseSentence('Nickname: Ada99')).toEqual({
      sentence: 'Nickname: Ada99',
      steps: [{ action: 'fill', target: 'Nickname', value: 'Ada99' }],
    });
    expect(parseSentence('Set Region → Europe')).toEqual({
      sentence: 'Set Region → Europe',
      steps: [{ action: 'select_option', target: 'Region', value: 'Europe' }],
    });
  });
});
