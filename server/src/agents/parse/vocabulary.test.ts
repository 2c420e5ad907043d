import { phraseTarget } from '../intent';
import { corpusSteps } from './vocabulary';

const SITE = 'https://app.example/';

describe('corpusSteps', () => {
  it('names clicks by their kind and a phrase by its ordinal, name, row and context', () => {
    const target = phraseTarget({ text: 'Delete', role: 'button', ordinal: 2, context: 'Ada Lovelace' });
    expect(corpusSteps({ kind: 'click', target }, SITE)).toEqual([
      { action: 'click', target: 'second Delete', where: 'Ada Lovelace' },
    ]);
    expect(corpusSteps({ kind: 'click', target, clickCount: 2 }, SITE)[0].action).toBe('double_click');
    expect(corpusSteps({ kind: 'click', target, button: 'right' }, SITE)[0].action).toBe('right_click');
    const inRow = phraseTarget({ text: 'trash', inItem: { kind: 'row', ordinal: -1 } });
    expect(corpusSteps({ kind: 'click', target: inRow }, SITE)).toEqual([
      { action: 'click', target: 'trash', where: 'in the last row' },
    ]);
  });

  it('writes fields, options, keys and waits with their values', () => {
    const field = phraseTarget({ text: 'Email', role: 'textbox' });
    expect(corpusSteps({ kind: 'fill', target: field, value: 'a@b.c' }, SITE)).toEqual([
      { action: 'fill', target: 'Email', value: 'a@b.c' },
    ]);
    expect(corpusSteps({ kind: 'select', target: field, value: 'M' }, SITE)[0]).toMatchObject({
      action: 'select_option',
      value: 'M',
    });
    expect(corpusSteps({ kind: 'press', key: 'Control+K' }, SITE)).toEqual([
      { action: 'press_key', value: 'Control+K' },
    ]);
    expect(corpusSteps({ kind: 'wait', ms: 5000 }, SITE)).toEqual([{ action: 'wait', value: '5 seconds' }]);
    expect(corpusSteps({ kind: 'waitFor', target: field, state: 'hidden' }, SITE)).toEqual([
      { action: 'wait', target: 'Email', value: 'hidden' },
    ]);
  });

  it('writes a choice from a menu as the click that opens it and the click on the item', () => {
    const menu = phraseTarget({ text: 'row actions menu', context: 'Invoice 12' });
    expect(corpusSteps({ kind: 'select', target: menu, value: 'Refund' }, SITE)).toEqual([
      { action: 'click', target: 'row actions menu', where: 'Invoice 12' },
      { action: 'click', target: 'Refund' },
    ]);
    const list = phraseTarget({ text: 'Currency', role: 'combobox' });
    expect(corpusSteps({ kind: 'select', target: list, value: 'EUR' }, SITE)).toEqual([
      { action: 'select_option', target: 'Currency', value: 'EUR' },
    ]);
  });

  it('writes setting a choice field or a selector as choosing its option, a text field as filling it', () => {
    const fill = (text: string) =>
      corpusSteps({ kind: 'fill', target: phraseTarget({ text }), value: 'X' }, SITE)[0].action;
    expect(fill('time zone')).toBe('select_option');
    expect(fill('site language')).toBe('select_option');
    expect(fill('workspace switcher')).toBe('select_option');
    expect(fill('Display name')).toBe('fill');
    expect(fill('Theme park')).toBe('fill');
  });

  it('opens the start page by the words naming it, another address by its path', () => {
    expect(corpusSteps({ kind: 'goto', url: SITE }, SITE, 'the homepage')).toEqual([
      { action: 'navigate', target: 'the homepage' },
    ]);
    expect(corpusSteps({ kind: 'goto', url: `${SITE}wp-admin?x=1` }, SITE)).toEqual([
      { action: 'navigate', value: '/wp-admin?x=1' },
    ]);
    expect(corpusSteps({ kind: 'goto', url: 'https://other.example/a' }, SITE)[0].value).toBe(
      'https://other.example/a',
    );
  });

  it('turns negative checks into their twin or a negated step', () => {
    const banner = phraseTarget({ text: 'Undo' });
    const hidden = { kind: 'expect', assert: { type: 'visible', target: banner, negate: true } } as const;
    expect(corpusSteps(hidden, SITE)).toEqual([{ action: 'assert_hidden', target: 'Undo' }]);
    const noText = {
      kind: 'expect',
      assert: { type: 'visible', target: { kind: 'text', text: 'Error' }, negate: true },
    } as const;
    expect(corpusSteps(noText, SITE)).toEqual([{ action: 'assert_hidden', target: 'Error' }]);
    const unticked = { kind: 'expect', assert: { type: 'checked', target: banner, checked: false } } as const;
    expect(corpusSteps(unticked, SITE)).toEqual([
      { action: 'assert_checked', target: 'Undo', negated: true },
    ]);
    const disabled = { kind: 'expect', assert: { type: 'enabled', target: banner, enabled: false } } as const;
    expect(corpusSteps(disabled, SITE)[0].action).toBe('assert_disabled');
  });

  it('writes counts as digits and pages by name', () => {
    const rows = phraseTarget({ text: 'results' });
    expect(corpusSteps({ kind: 'expect', assert: { type: 'count', target: rows, count: 0 } }, SITE)).toEqual([
      { action: 'assert_count', target: 'results', value: '0' },
    ]);
    expect(corpusSteps({ kind: 'expect', assert: { type: 'onPage', name: 'dashboard' } }, SITE)).toEqual([
      { action: 'assert_url', target: 'dashboard' },
    ]);
  });
});
