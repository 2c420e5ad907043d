import { parseStep } from './grammar';
import { planSteps } from './planner';

// Component-library row menus and edits (issue 29): a '...' button is a label, not the end of a sentence;
// 'on the row of' places it; 'Replace the X with Y' overwrites a field.
describe('row menus and overwritten fields', () => {
  it('keeps an ellipsis after a space inside its sentence, and still ends one after a word', () => {
    expect(planSteps('Press the … icon in the line of Invoice 12. Pick Archive.')).toEqual([
      'Press the … icon in the line of Invoice 12',
      'Pick Archive',
    ]);
    expect(planSteps('Open the ... menu on the row of Bob. Choose Delete')).toEqual([
      'Open the ... menu on the row of Bob',
      'Choose Delete',
    ]);
  });

  it('names dots by what icon libraries call them, inside the row it names', () => {
    const read = parseStep('Click the ... button on the row of order 77', 'https://app.example/');
    expect(read).toMatchObject({
      ok: true,
      intent: {
        kind: 'click',
        target: {
          kind: 'phrase',
          phrase: { text: 'ellipsis', alternatives: expect.arrayContaining(['more']), context: 'order 77' },
        },
      },
    });
  });

  it('reads replacing or overwriting a field as filling it', () => {
    expect(parseStep('Overwrite the Department with "Research"', 'https://app.example/')).toMatchObject({
      ok: true,
      intent: { kind: 'fill', value: 'Research', target: { phrase: { text: 'Department' } } },
    });
  });
});
