/**
 * The instructions as plain text. They are stored as the editor's HTML; a public page never renders
 * a stranger's HTML, so it is read as text (blocks and line breaks become new lines).
 */
export function instructionsText(instructions: string): string {
  if (!/<[a-z][\s\S]*>/i.test(instructions)) return instructions.trim();
  const withBreaks = instructions
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|h[1-6]|blockquote|pre)>/gi, '\n');
  // NOTE: a document made by DOMParser runs no scripts and loads no images.
  const { body } = new DOMParser().parseFromString(withBreaks, 'text/html');
  for (const element of body.querySelectorAll('script, style, template')) element.remove();
  const text = body.textContent ?? '';
  return text.replace(/\n{3,}/g, '\n\n').trim();
}
