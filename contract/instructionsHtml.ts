// A test's instructions are stored as the instructions editor's HTML (Tiptap's StarterKit and Link).
// Issue 27: any other markup a caller sends (`<img onerror>`, `<script>`, `javascript:` links) reached
// the live DOM wherever the instructions were shown, held back only by the CSP. The server keeps only
// what the editor itself writes: these tags, these attributes, links to these schemes.

/** The schemes a link may point at (SPEC §5); an address without a scheme is fine too. */
export const ALLOWED_LINK_PROTOCOLS = [
  'http',
  'https',
  'ftp',
  'ftps',
  'mailto',
  'tel',
  'callto',
  'sms',
  'cid',
  'xmpp',
] as const;

/** The tags the editor writes; `br` and `hr` have no closing tag. */
const ALLOWED_TAGS = new Set([
  'p',
  'br',
  'hr',
  'strong',
  'b',
  'em',
  'i',
  's',
  'u',
  'code',
  'pre',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
]);
const VOID_TAGS = new Set(['br', 'hr']);

/** Elements whose content is code or hidden text, never words of the instructions: dropped whole. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'object',
  'embed',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'xmp',
  'svg',
  'math',
]);

/** The attributes each tag keeps, each with the check its value must pass. */
const ALLOWED_ATTRIBUTES: Record<string, Record<string, (value: string) => boolean>> = {
  a: {
    href: isSafeHref,
    target: (value) => value === '_blank',
    rel: (value) =>
      value.split(/\s+/).every((token) => ['noopener', 'noreferrer', 'nofollow'].includes(token)),
  },
  ol: { start: (value) => /^\d{1,6}$/.test(value), type: (value) => /^[1aAiI]$/.test(value) },
  code: { class: (value) => /^language-[\w-]{1,40}$/.test(value) },
  pre: { class: (value) => /^language-[\w-]{1,40}$/.test(value) },
};

// A scheme's name, once what browsers ignore in a URL is taken out.
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// eslint-disable-next-line no-control-regex -- control characters are exactly what browsers skip in a URL.
const IGNORED_IN_URL = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * The instructions with only the editor's markup kept: other tags are dropped (script-like ones with
 * their content), attributes outside the allow-list too, and every `<` that starts no kept tag is
 * escaped. Text is kept as it was, so plain-text instructions come back unchanged. One pass, in time
 * linear in the length (a tag left open runs to the end: the rest is text).
 */
export function sanitizeInstructionsHtml(html: string): string {
  // Plain text: a `<` followed by no letter, `/`, `!` or `?` never starts markup.
  if (!/<[a-zA-Z/!?]/.test(html)) return html;
  let out = '';
  let at = 0;
  while (at < html.length) {
    const next = html.indexOf('<', at);
    if (next < 0) {
      out += html.slice(at);
      break;
    }
    out += html.slice(at, next);
    at = next;
    const markup = html[at + 1] === '!' || html[at + 1] === '?' ? skipComment(html, at) : readTag(html, at);
    if (markup === 'unterminated') {
      out += html.slice(at).replace(/</g, '&lt;');
      break;
    }
    if (markup === null) {
      out += '&lt;';
      at += 1;
      continue;
    }
    if (typeof markup === 'number') {
      at = markup;
      continue;
    }
    at = markup.end;
    if (DROPPED_WITH_CONTENT.has(markup.name)) {
      if (!markup.closing) at = endOfElement(html, markup.name, at);
      continue;
    }
    if (!ALLOWED_TAGS.has(markup.name)) continue;
    if (markup.closing) out += VOID_TAGS.has(markup.name) ? '' : `</${markup.name}>`;
    else out += `<${markup.name}${keptAttributes(markup.name, markup.attributes)}>`;
  }
  return out;
}

/** Where a comment, doctype or processing instruction at `at` ends (never words), or 'unterminated'. */
function skipComment(html: string, at: number): number | 'unterminated' {
  const close = html.startsWith('<!--', at) ? html.indexOf('-->', at + 4) : html.indexOf('>', at);
  if (close < 0) return 'unterminated';
  return close + (html.startsWith('<!--', at) ? 3 : 1);
}

interface Tag {
  name: string;
  closing: boolean;
  attributes: [string, string][];
  end: number;
}

/**
 * The tag at `at` as a browser reads it: `<name`, attributes (quoted, unquoted or bare) and `>`.
 * Null when `<` starts no tag (it is text); 'unterminated' when the text ends inside the tag.
 */
function readTag(html: string, at: number): Tag | null | 'unterminated' {
  let i = at + 1;
  const closing = html[i] === '/';
  if (closing) i += 1;
  const name = /^[a-zA-Z][a-zA-Z0-9]*/.exec(html.slice(i, i + 64))?.[0];
  if (!name) return null;
  i += name.length;
  const attributes: [string, string][] = [];
  for (;;) {
    while (i < html.length && /[\s/]/.test(html[i])) i += 1;
    if (i >= html.length) return 'unterminated';
    if (html[i] === '>') return { name: name.toLowerCase(), closing, attributes, end: i + 1 };
    const keyStart = i;
    while (i < html.length && !/[\s/>=]/.test(html[i])) i += 1;
    // A lone `=` or quote where a name belongs is part of the name, as browsers read it.
    if (i === keyStart) i += 1;
    const key = html.slice(keyStart, i).toLowerCase();
    while (i < html.length && /\s/.test(html[i])) i += 1;
    let value = '';
    if (html[i] === '=') {
      i += 1;
      while (i < html.length && /\s/.test(html[i])) i += 1;
      const quote = html[i];
      if (quote === '"' || quote === "'") {
        const close = html.indexOf(quote, i + 1);
        if (close < 0) return 'unterminated';
        value = html.slice(i + 1, close);
        i = close + 1;
      } else {
        const valueStart = i;
        while (i < html.length && !/[\s>]/.test(html[i])) i += 1;
        value = html.slice(valueStart, i);
      }
    }
    attributes.push([key, value]);
  }
}

/** Where the element opened just before `from` ends: after its closing tag, or the end of the text. */
function endOfElement(html: string, name: string, from: number): number {
  const close = new RegExp(`</${name}[\\s/]*>`, 'ig');
  close.lastIndex = from;
  return close.exec(html) ? close.lastIndex : html.length;
}

function keptAttributes(name: string, attributes: [string, string][]): string {
  const allowed = ALLOWED_ATTRIBUTES[name];
  if (!allowed) return '';
  const kept = new Map<string, string>();
  for (const [key, raw] of attributes) {
    const value = decodeEntities(raw);
    if (value === null || kept.has(key) || !Object.hasOwn(allowed, key) || !allowed[key](value)) continue;
    kept.set(key, value);
  }
  return [...kept].map(([key, value]) => ` ${key}="${escapeAttribute(value)}"`).join('');
}

/** An attribute's value as the browser reads it; null when it uses a named entity we do not know. */
function decodeEntities(value: string): string | null {
  let unknown = false;
  const decoded = value.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi, (whole, entity: string) => {
    if (entity[0] === '#') {
      const code =
        entity[1] === 'x' || entity[1] === 'X' ? parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    const known = NAMED_ENTITIES[entity.toLowerCase()];
    if (known === undefined) unknown = true;
    return known ?? whole;
  });
  return unknown ? null : decoded;
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Whether a kept link may point at `href`: one of SPEC §5's schemes, a custom scheme of the editor's
 * form, or no scheme (a path, '#anchor', 'example.com'); never script, data or file.
 */
export function isSafeHref(href: string): boolean {
  const compact = href.replace(IGNORED_IN_URL, '');
  if (!compact) return false;
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  if (!scheme) return !compact.startsWith(':');
  if ((ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(scheme)) return true;
  return /^[0-9a-z]+(-[0-9a-z]+)*$/.test(scheme) && !DANGEROUS_SCHEMES.has(scheme);
}

const DANGEROUS_SCHEMES = new Set(['javascript', 'vbscript', 'data', 'blob', 'file', 'filesystem', 'about']);
