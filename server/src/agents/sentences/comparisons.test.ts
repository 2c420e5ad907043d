import { parseSentence } from '../parse';
import { parseStep } from '../grammar';
import { countComparison, meetsCount } from './comparisons';

describe('counts compared with a number', () => {
  it('takes the comparison out of the sentence', () => {
    expect(countComparison('there are no fewer than 4 seats left')).toEqual({
      text: 'there are 4 seats left',
      compare: 'ge',
    });
    expect(countComparison('the cart holds up to 9 lines')).toEqual({
      text: 'the cart holds 9 lines',
      compare: 'le',
    });
    expect(countComparison('Verify 6 or more pins are shown')).toEqual({
      text: 'Verify 6 pins are shown',
      compare: 'ge',
    });
    expect(countComparison('Verify there are 2 invoices')).toBeNull();
  });

  it('reads a compared count as a count check that keeps its comparison', () => {
    const read = parseStep('Make sure there are more than 12 songs', 'https://app.example/');
    expect(read).toEqual({
      ok: true,
      intent: {
        kind: 'expect',
        assert: {
          type: 'count',
          target: { kind: 'phrase', phrase: { text: 'songs' } },
          count: 12,
          compare: 'gt',
        },
      },
    });
    expect(parseSentence('The playlist should list fewer than 8 tracks')).toMatchObject({
      steps: [{ action: 'assert_count', value: '<8' }],
    });
    expect(parseSentence('Check that at most 2 warnings appear')).toMatchObject({
      steps: [{ action: 'assert_count', target: 'warnings', value: '<=2' }],
    });
  });

  it('leaves comparisons that count nothing to the other readers', () => {
    const read = parseStep('The total is under 50', 'https://app.example/');
    expect(read.ok && read.intent.kind === 'expect' && read.intent.assert.type).not.toBe('count');
  });

  it('meets a count as compared', () => {
    expect([
      meetsCount(4, 3, 'gt'),
      meetsCount(3, 3, 'gt'),
      meetsCount(3, 3, 'ge'),
      meetsCount(2, 3, 'lt'),
    ]).toEqual([true, false, true, true]);
    expect([meetsCount(4, 3, 'le'), meetsCount(3, 3)]).toEqual([false, true]);
  });
});
