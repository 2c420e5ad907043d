import { parseSentence } from '../parse';
import { leadingScope, pathSteps, scopedStep } from './paths';

describe('pathSteps', () => {
  it('clicks each part of a path after the first step', () => {
    expect(pathSteps('Open Admin > Users')).toEqual(['Open Admin', 'Click Users']);
    expect(pathSteps('Billing → Invoices → March')).toEqual([
      'Click Billing',
      'Click Invoices',
      'Click March',
    ]);
    expect(pathSteps('Expand Regions ▸ North in the site tree')).toEqual([
      'Expand Regions',
      'Expand North in the site tree',
    ]);
  });

  it('keeps a part that is a step or a statement of its own', () => {
    expect(pathSteps('Pay now -> receipt page shows the order number')).toEqual([
      'Click Pay now',
      'receipt page shows the order number',
    ]);
    expect(pathSteps('Click Save')).toBeNull();
  });
});

describe('leadingScope', () => {
  it('reads a place before the step, with or without a comma, and a role as no step', () => {
    expect(leadingScope('In the share dialog, click Copy link')).toEqual({
      place: 'In the share dialog',
      step: 'click Copy link',
    });
    expect(leadingScope('In the team dropdown pick Design')).toEqual({
      place: 'In the team dropdown',
      step: 'pick Design',
    });
    expect(leadingScope('Order history: open the latest order')).toEqual({
      place: 'in the Order history',
      step: 'open the latest order',
    });
    expect(leadingScope('As an admin, open Billing')).toEqual({ step: 'open Billing' });
    expect(leadingScope('In 2024 the report was fine')).toBeNull();
  });

  it('puts the place after an element, never into a value', () => {
    expect(scopedStep({ place: 'In the share dialog', step: 'click Copy link' })).toBe(
      'click Copy link in the share dialog',
    );
    expect(scopedStep({ place: 'Under Security', step: 'set session length to ⟦0⟧' })).toBe(
      'set session length to ⟦0⟧',
    );
    expect(scopedStep({ place: 'in Customer search', step: 'type ada' })).toBe(
      'type ada into Customer search',
    );
    expect(
      scopedStep({ place: 'On the order page', step: 'open the Notes panel and check Paid is listed' }),
    ).toBe('open the Notes panel on the order page and check Paid is listed');
  });
});

describe('paths and scopes through the parse entry', () => {
  it('answers one step per part, scoped to the place', () => {
    expect(parseSentence('Open Admin > Users')).toMatchObject({
      steps: [
        { action: 'click', target: 'Admin' },
        { action: 'click', target: 'Users' },
      ],
    });
    expect(parseSentence('In the team dropdown pick Design')).toMatchObject({
      steps: [{ action: 'select_option', target: 'team', value: 'Design' }],
    });
  });
});
