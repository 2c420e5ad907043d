// {{name}} references in action values: substituted only at run time, so stored actions, code and
// traces keep the reference and never the value.

const REFERENCE = /\{\{\s*([\p{L}\p{N}_]+)\s*\}\}/gu;

export const SECRET_MASK = '••••••';

export interface RunValues {
  /** The test's variables (not secret: exported code carries them as defaults). */
  parameters: Record<string, string>;
  /** The suite's secrets: substituted, masked in traces and screenshots, never written out. */
  secrets: Record<string, string>;
}

export function referencedNames(text: string): string[] {
  return [...text.matchAll(REFERENCE)].map((match) => match[1]);
}

export function hasReferences(text: string): boolean {
  return referencedNames(text).length > 0;
}

/** Splits a template into literal text and references, for code generation. */
export function templateParts(text: string): ({ text: string } | { name: string })[] {
  const parts: ({ text: string } | { name: string })[] = [];
  let last = 0;
  for (const match of text.matchAll(REFERENCE)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    parts.push({ name: match[1] });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export class UnknownValueError extends Error {
  override name = 'UnknownValueError';
}

/** Replaces every reference by its value; an unknown name is an error rather than literal braces typed into a page. */
export function substitute(text: string, values: RunValues): string {
  return text.replace(REFERENCE, (_whole, name: string) => {
    if (name in values.secrets) return values.secrets[name];
    if (name in values.parameters) return values.parameters[name];
    throw new UnknownValueError(
      `{{${name}}} is not a variable or secret of this test. Add it under Variables (or Secrets) or fix the name.`,
    );
  });
}

export function usesSecret(text: string, values: RunValues): boolean {
  return referencedNames(text).some((name) => name in values.secrets);
}

/** Hides every secret value (and its JSON-escaped form) inside text meant for people or storage. */
export function maskSecrets(text: string, secrets: Iterable<string>): string {
  let masked = text;
  for (const secret of [...secrets].filter((value) => value.length > 0).sort((a, b) => b.length - a.length)) {
    masked = masked.split(secret).join(SECRET_MASK);
    const escaped = JSON.stringify(secret).slice(1, -1);
    if (escaped !== secret) masked = masked.split(escaped).join(SECRET_MASK);
  }
  return masked;
}
