import { isAction } from './actions';

// {{name}} references in action values: substituted only at run time, so stored actions, code and
// traces keep the reference and never the value.

const REFERENCE = /\{\{\s*([\p{L}\p{N}_]+)\s*\}\}/gu;

export const SECRET_MASK = '••••••';

export interface RunValues {
  /** The test's variables (not secret: exported code carries them as defaults). */
  parameters: Record<string, string>;
  /** The suite's secrets: substituted, masked in traces and screenshots, never written out. */
  secrets: Record<string, string>;
  /** Per secret, the hosts whose pages it may be typed into (runner/secretHosts.ts); absent: anywhere. */
  secretHosts?: Record<string, string[]>;
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

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * The forms a secret value takes once written out: as typed, inside JSON, in a URL (as the browser
 * encodes a query or a path, as encodeURIComponent and a form do), in HTML; longest first.
 */
export function secretForms(secret: string): string[] {
  if (secret.length === 0) return [];
  const forms = new Set([secret, secret.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char])]);
  // NOTE: a URL form counts only if it decodes to the whole secret: a secret holding '#' is cut
  // short in a query, and masking that prefix would mask unrelated text.
  const encoded = (encode: () => string, decode: (form: string) => string = decodeURIComponent) => {
    try {
      const form = encode();
      if (decode(form) === secret) forms.add(form);
    } catch {
      // A lone surrogate cannot be URL-encoded: no URL holds that form.
    }
  };
  encoded(() => encodeURIComponent(secret));
  encoded(() => encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (hex) => hex.toLowerCase()));
  encoded(() => encodeURI(secret));
  encoded(
    () => new URLSearchParams({ v: secret }).toString().slice(2),
    (form) => new URLSearchParams(`v=${form}`).get('v') ?? '',
  );
  encoded(() => new URL(`http://x/?${secret}`).search.slice(1));
  encoded(() => new URL(`http://x/${secret}`).pathname.slice(1));
  for (const form of [...forms]) forms.add(JSON.stringify(form).slice(1, -1));
  return [...forms].sort((a, b) => b.length - a.length);
}

function formsOf(secrets: Iterable<string>): string[] {
  return [...new Set([...secrets].flatMap(secretForms))].sort((a, b) => b.length - a.length);
}

interface Replacement {
  form: string;
  by: string;
}

function replaceForms(text: string, replacements: Replacement[]): string {
  let replaced = text;
  for (const { form, by } of replacements)
    if (replaced.includes(form)) replaced = replaced.split(form).join(by);
  return replaced;
}

/** Hides every secret value (in each of its written forms) inside text meant for people or storage. */
export function maskSecrets(text: string, secrets: Iterable<string>): string {
  return replaceForms(
    text,
    formsOf(secrets).map((form) => ({ form, by: SECRET_MASK })),
  );
}

/**
 * What a generation or a run stores, its secrets hidden: every string in it is masked, except
 * inside actions, where a secret value becomes its {{reference}} so the action still replays.
 */
export function hideSecrets<T>(value: T, secrets: Record<string, string>): T {
  const named = Object.entries(secrets).filter(([, secret]) => secret.length > 0);
  if (named.length === 0) return value;
  const masks = formsOf(named.map(([, secret]) => secret)).map((form) => ({ form, by: SECRET_MASK }));
  const references = named
    .flatMap(([name, secret]) => secretForms(secret).map((form) => ({ form, by: `{{${name}}}` })))
    .sort((a, b) => b.form.length - a.form.length);
  const walk = (node: unknown, replacements: Replacement[]): unknown => {
    if (typeof node === 'string') return replaceForms(node, replacements);
    if (Array.isArray(node)) return node.map((item) => walk(item, replacements));
    if (node === null || typeof node !== 'object' || node instanceof Date) return node;
    const inner = isAction(node) ? references : replacements;
    return Object.fromEntries(
      Object.entries(node).map(([key, item]) => [replaceForms(key, replacements), walk(item, inner)]),
    );
  };
  return walk(value, masks) as T;
}

/** Masks every written form of the secrets in bytes (a trace's JSON, a log), byte for byte. */
export function maskSecretBytes(data: Buffer, secrets: Iterable<string>): Buffer {
  let masked = data;
  const mask = Buffer.from(SECRET_MASK, 'utf8');
  for (const form of formsOf(secrets)) masked = replaceBytes(masked, Buffer.from(form, 'utf8'), mask);
  return masked;
}

function replaceBytes(data: Buffer, needle: Buffer, replacement: Buffer): Buffer {
  if (needle.length === 0 || data.indexOf(needle) < 0) return data;
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = data.indexOf(needle); at >= 0; at = data.indexOf(needle, start)) {
    parts.push(data.subarray(start, at), replacement);
    start = at + needle.length;
  }
  parts.push(data.subarray(start));
  return Buffer.concat(parts);
}
