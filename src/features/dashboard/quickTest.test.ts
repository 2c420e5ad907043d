import { QUICK_TEST_NAME_MAX, testNameFromWords, wordsToInstructions } from './quickTest';

describe('testNameFromWords', () => {
  it.each([
    ['Log in and check the cart', 'Log in and check the cart'],
    ['\n  Open the shop  \nThen pay', 'Open the shop'],
    ['Open   the    shop', 'Open the shop'],
  ])('names %j as %j', (words, name) => {
    expect(testNameFromWords(words)).toBe(name);
  });

  it('cuts a long first line at a word boundary with an ellipsis', () => {
    const words = `Open the shop, ${'search for a red shirt and '.repeat(6)}pay`;
    const name = testNameFromWords(words);
    expect(name.length).toBeLessThanOrEqual(QUICK_TEST_NAME_MAX);
    expect(name.endsWith('…')).toBe(true);
    expect(words.startsWith(name.slice(0, -1))).toBe(true);
    expect(words[name.length - 1]).toBe(' ');
  });
});

describe('wordsToInstructions', () => {
  it('makes one escaped paragraph per line', () => {
    expect(wordsToInstructions('Open <b>\n\nClick "Pay" & wait')).toBe(
      '<p>Open &lt;b&gt;</p><p>Click &quot;Pay&quot; &amp; wait</p>',
    );
  });
});
