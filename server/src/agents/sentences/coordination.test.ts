import { parseSentence } from '../parse';
import { coordinatedChecks, coordinatedSteps } from './coordination';

describe('coordinated labels', () => {
  it('gives each of two or more boxes its own tick, keeping the place and the noun', () => {
    expect(coordinatedSteps('Untick Push and Digest')).toEqual(['Untick the Push', 'Untick the Digest']);
    expect(coordinatedSteps('Enable the Wi-Fi and Bluetooth toggles in the top bar')).toEqual([
      'Enable the Wi-Fi toggle in the top bar',
      'Enable the Bluetooth toggle in the top bar',
    ]);
    expect(coordinatedSteps('Check Red, Green and Blue')).toEqual([
      'Check the Red',
      'Check the Green',
      'Check the Blue',
    ]);
    expect(coordinatedSteps('Select the 1st and 4th invoices')).toEqual([
      'Select the 1st invoice',
      'Select the 4th invoice',
    ]);
  });

  it('pairs as many fields as values, a shared noun going to each field', () => {
    expect(coordinatedSteps('Fill in start and end date with 01/02/2027 and 05/02/2027')).toEqual([
      'Type "01/02/2027" into the start date field',
      'Type "05/02/2027" into the end date field',
    ]);
    expect(coordinatedSteps('Type Oslo and 0150 into the City and Postcode fields')).toEqual([
      'Type "Oslo" into the City field',
      'Type "0150" into the Postcode field',
    ]);
  });

  it('keeps one label when the words are one: consent lines, pick lists of two, unequal pairs, buttons', () => {
    expect(coordinatedSteps('Tick I have read the Privacy and Cookie policy')).toBeNull();
    expect(coordinatedSteps('Select Salt and Pepper')).toBeNull();
    expect(coordinatedSteps('Fill in first and last name with Ada')).toBeNull();
    expect(coordinatedSteps('Click Save and Close')).toBeNull();
    expect(coordinatedSteps('Tick Remember me')).toBeNull();
  });

  it('is read as one step per label', () => {
    expect(parseSentence('Tick the Push and Email boxes, then click Save')).toEqual({
      sentence: 'Tick the Push and Email boxes, then click Save',
      steps: [
        { action: 'check', target: 'Push' },
        { action: 'check', target: 'Email' },
        { action: 'click', target: 'Save' },
      ],
    });
    expect(parseSentence('Enter Grace and Hopper in the first and last name fields')).toMatchObject({
      steps: [
        { action: 'fill', target: 'first name', value: 'Grace' },
        { action: 'fill', target: 'last name', value: 'Hopper' },
      ],
    });
  });
});

describe('several values in one check', () => {
  it('checks each quoted value, or each name after "both", on its own', () => {
    expect(coordinatedChecks('Verify the page shows ⟦0⟧ and ⟦1⟧')).toEqual([
      'Verify the page shows ⟦0⟧',
      'Verify the page shows ⟦1⟧',
    ]);
    expect(coordinatedChecks('Both Alice and Carol should be listed')).toEqual([
      'Alice should be listed',
      'Carol should be listed',
    ]);
    expect(parseSentence('Make sure both Alice and Carol are in the To field')).toMatchObject({
      steps: [
        { action: 'assert_text', value: 'Alice' },
        { action: 'assert_text', value: 'Carol' },
      ],
    });
  });

  it('leaves one label with "and" in it, and orders, alone', () => {
    expect(coordinatedChecks('Verify the Terms and Conditions link is visible')).toBeNull();
    expect(coordinatedChecks('Type ⟦0⟧ and ⟦1⟧')).toBeNull();
  });
});
