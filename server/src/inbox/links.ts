// The links of a received e-mail: the `href`s of its HTML, then the URLs written in its text, each once,
// http(s) only (a `javascript:` or `data:` link is never offered to a test or a person).

const HREF = /<a\b[^>]*?\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi;
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"')\]]+/gi;

/** The decoded value of the few character references an href holds (&amp; mostly). */
function decodeEntities(value: string): string {
  return value
    .replace(/&amp;/gi, '&')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>');
}

function httpUrl(raw: string): string | null {
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

export function mailLinks(html: string | null, text: string): string[] {
  const found: string[] = [];
  for (const match of (html ?? '').matchAll(HREF)) {
    const url = httpUrl(decodeEntities(match[1] ?? match[2] ?? match[3] ?? ''));
    if (url) found.push(url);
  }
  for (const match of text.matchAll(URL_IN_TEXT)) {
    const url = httpUrl(match[0].replace(/[.,;:!?]+$/, ''));
    if (url) found.push(url);
  }
  return [...new Set(found)];
}
