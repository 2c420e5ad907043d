// The raw sentence the step readers of issue 32 (e-mail, optional steps, uploads, tabs) match on:
// curly quotes made straight, spaces collapsed, a leading 'then'/'and' and the closing stop dropped.
// The quotes are kept: their words are what the step names.

export function cleaned(sentence: string): string {
  return sentence
    .replace(/[“”„]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:then|and|now|next|finally),?\s+/i, '')
    .replace(/[.!;]+$/, '')
    .trim();
}
