// What a received e-mail says (issue 32), for the runner's e-mail steps (runner/email.ts) and the inbox
// an exported test reads (routes/inbox.ts): its words, its links with their words, its code. The
// exported files' helpers (runner/emailCode.ts) find a link and a code the same way.

/** The part of a message these read. */
export interface MailParts {
  subject: string;
  text: string;
  html: string | null;
}

/** An exported test's own address's local part: `pw-` and 32 hex digits (routes/inbox.ts serves only these). */
export const EXPORT_ADDRESS = /^pw-[0-9a-f]{32}$/;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

export function words(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The message's words: its text part, else its HTML without markup. */
export function mailText(mail: Pick<MailParts, 'text' | 'html'>): string {
  if (mail.text.trim()) return mail.text;
  return decode(
    (mail.html ?? '')
      .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
      .replace(/<br\s*\/?>|<\/(?:p|div|tr|li|h\d)>/gi, '\n')
      .replace(/<[^>]+>/g, ' '),
  );
}

export interface MailLink {
  /** The words of the link (its anchor's text), or the words before a URL written in the text. */
  text: string;
  url: string;
}

const ANCHOR = /<a\b([^>]*)>([\s\S]*?)<\/a>/gi;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"')\]]+/gi;

function httpUrl(raw: string): string | null {
  try {
    const url = new URL(decode(raw.trim()));
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The message's http(s) links with their words: its HTML's anchors, then the URLs of its text. */
export function linksOf(mail: Pick<MailParts, 'text' | 'html'>): MailLink[] {
  const found: MailLink[] = [];
  for (const match of (mail.html ?? '').matchAll(ANCHOR)) {
    const href = HREF.exec(match[1]);
    const url = href ? httpUrl(href[1] ?? href[2] ?? href[3] ?? '') : null;
    if (url) found.push({ text: words(decode(match[2].replace(/<[^>]+>/g, ' '))), url });
  }
  for (const line of mail.text.split('\n'))
    for (const match of line.matchAll(URL_IN_TEXT)) {
      const url = httpUrl(match[0].replace(/[.,;:!?]+$/, ''));
      const before = words(line.slice(0, match.index).replace(/[:\-–—>(]+\s*$/, ''));
      if (url) found.push({ text: before, url });
    }
  return found;
}

/** Words compared as a person reads them: spaces folded, any case. */
export const fold = (text: string) => words(text).toLowerCase();

/** The link a step names ('Confirm', 'confirmation'): by its words, then by its address; the only link for none. */
export function findLink(links: MailLink[], wanted: string): MailLink | null {
  const name = fold(wanted);
  if (!name) return links.length > 0 && new Set(links.map((link) => link.url)).size === 1 ? links[0] : null;
  const exact = links.find((link) => fold(link.text) === name);
  if (exact) return exact;
  const inWords = links.find((link) => fold(link.text).includes(name));
  if (inWords) return inWords;
  // 'the confirmation link': the stem of the word in the link's words or address ('confirm').
  const stem = name.replace(/(?:ation|ing|ed|e)$/, '');
  if (stem.length >= 4) {
    const stemmed =
      links.find((link) => fold(link.text).includes(stem)) ??
      links.find((link) => link.url.toLowerCase().includes(stem));
    if (stemmed) return stemmed;
  }
  return null;
}

/** A code of 4 to 8 digits standing alone (not a part of a date, a time, a decimal or a longer number). */
export const CODE_SOURCE = String.raw`(?<![\d.,:/-])\d{4,8}(?![\d.,:/-]?\d)`;
/** The same code said to be one: after 'code', 'OTP', 'PIN' or 'passcode' within a few words. */
export const SAID_CODE_SOURCE = String.raw`\b(?:code|otp|pin|passcode)\b[^\d\n]{0,30}?(${CODE_SOURCE})`;

/**
 * The message's code (not in a link's address): the first one said to be a code, else the first code of
 * 4 to 8 digits, in its words, then in its subject. 'On 12 March 2026 … your code is 482913' is 482913.
 */
export function findCode(mail: MailParts): string | null {
  const texts = [mailText(mail), mail.subject].map((text) => text.replace(URL_IN_TEXT, ' '));
  for (const text of texts) {
    const said = new RegExp(SAID_CODE_SOURCE, 'i').exec(text);
    if (said) return said[1];
  }
  for (const text of texts) {
    const found = new RegExp(CODE_SOURCE).exec(text);
    if (found) return found[0];
  }
  return null;
}
