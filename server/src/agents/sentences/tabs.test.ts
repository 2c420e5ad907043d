import { tabSentence } from './tabs';

describe('tab sentences (issue 32)', () => {
  it('switches to the new tab or back to the first', () => {
    expect(tabSentence('Switch to the new tab')).toEqual({ op: 'switch', to: 'last' });
    expect(tabSentence('Go to the pop-up window.')).toEqual({ op: 'switch', to: 'last' });
    expect(tabSentence('Go back to the first tab')).toEqual({ op: 'switch', to: 'first' });
    expect(tabSentence('then switch back to the original window')).toEqual({ op: 'switch', to: 'first' });
  });

  it('closes a tab, and knows "Close it" only names a tab in a tab', () => {
    expect(tabSentence('Close it')).toEqual({ op: 'close', it: true });
    expect(tabSentence('Close the new tab and go back to the first tab')).toEqual({ op: 'close', it: false });
    expect(tabSentence('Close it and go back to the first tab')).toEqual({ op: 'close', it: true });
    expect(tabSentence('Close the pop-up')).toEqual({ op: 'close', it: false });
  });

  it('checks what the new tab shows, and clicks that open one', () => {
    expect(tabSentence('Check that the new tab shows "Help centre"')).toEqual({
      op: 'expect',
      value: 'Help centre',
    });
    expect(tabSentence('The new tab should show “Help centre”')).toEqual({
      op: 'expect',
      value: 'Help centre',
    });
    expect(tabSentence('Click "Open help" and switch to the new tab')).toEqual({
      op: 'click',
      act: 'Click "Open help"',
    });
  });

  it('leaves in-page tabs, dialogs and other words to the other rules', () => {
    expect(tabSentence('Switch to the Archived tab')).toBeNull();
    expect(tabSentence('Switch to the Pending tab')).toBeNull();
    expect(tabSentence('Close the dialog')).toBeNull();
    expect(tabSentence('Go back')).toBeNull();
    expect(tabSentence('Check that the page shows "Help centre"')).toBeNull();
    expect(tabSentence('Click "Open help"')).toBeNull();
  });
});
