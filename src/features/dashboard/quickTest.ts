/** The longest name the dashboard makes from a test's words (the server allows 200). */
export const QUICK_TEST_NAME_MAX = 80;

/** The first line of the words, cut at a word boundary when longer than the name may be. */
export function testNameFromWords(words: string): string {
  const firstLine =
    words
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line.length > 0) ?? '';
  const line = firstLine.replace(/\s+/g, ' ');
  if (line.length <= QUICK_TEST_NAME_MAX) return line;
  const cut = line.slice(0, QUICK_TEST_NAME_MAX - 1);
  const boundary = cut.lastIndexOf(' ');
  return `${(boundary > QUICK_TEST_NAME_MAX / 2 ? cut.slice(0, boundary) : cut).replace(/[\s.,;:]+$/, '')}…`;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Plain words as the instructions editor's HTML: one paragraph per non-blank line. */
export function wordsToInstructions(words: string): string {
  return words
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line) => `<p>${escapeHtml(line)}</p>`)
    .join('');
}
