import { parseSentence } from '../parse';
import { correctVerbs, correctedVerb } from './typos';

describe('correctedVerb', () => {
  it('corrects a step verb one slip away, and shorthand', () => {
    expect(correctedVerb('clikc')).toBe('click');
    expect(correctedVerb('selct')).toBe('select');
    expect(correctedVerb('exapnd')).toBe('expand');
    expect(correctedVerb('clk')).toBe('click');
    expect(correctedVerb('goto')).toBe('go to');
  });

  it('leaves words of their own and changed letters alone', () => {
    expect(correctedVerb('clock')).toBeNull();
    expect(correctedVerb('typo')).toBeNull();
    expect(correctedVerb('click')).toBeNull();
    expect(correctedVerb('chat')).toBeNull();
  });
});

describe('correctVerbs', () => {
  it('corrects only the verb opening a clause', () => {
    expect(correctVerbs('opne the drawer and clik Save')).toBe('open the drawer and click Save');
    expect(correctVerbs('Click the chek mark')).toBe('Click the chek mark');
    expect(correctVerbs('press Refresh n wait for the table')).toBe('press Refresh and wait for the table');
  });

  it('lets the parse entry read the corrected order', () => {
    expect(parseSentence('collaspe the Archived group')).toMatchObject({
      steps: [{ action: 'collapse', target: 'Archived group' }],
    });
  });
});
