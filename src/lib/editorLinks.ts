// SPEC §5's editor link rules, apart from the editor so forms and tests use them without loading Tiptap.

// One list for the editor and the server's sanitizer (contract/instructionsHtml.ts).
import { ALLOWED_LINK_PROTOCOLS } from '../../contract/instructionsHtml';

export { ALLOWED_LINK_PROTOCOLS };

/** A custom scheme: digits, lowercase letters and single hyphens, never at either end. */
const CUSTOM_SCHEME = /^[0-9a-z]+(-[0-9a-z]+)*$/;
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// Browsers ignore these anywhere in a URL, so 'java\nscript:' must read as 'javascript:'.
// eslint-disable-next-line no-control-regex -- control characters are exactly what must be stripped.
const IGNORED_IN_URL = /[\u0000-\u0020\u00a0\u1680\u180e\u2000-\u2029\u205f\u3000]/g;

export function isValidCustomScheme(scheme: string): boolean {
  return CUSTOM_SCHEME.test(scheme);
}

/**
 * Whether a link may point at `href`: a scheme must be one of SPEC §5's protocols or a valid custom
 * scheme the editor registered; an address without a scheme (a path, '#anchor', 'example.com') is fine.
 */
export function isAllowedLinkHref(href: string, customSchemes: readonly string[] = []): boolean {
  const compact = href.replace(IGNORED_IN_URL, '');
  if (!compact) return false;
  const scheme = SCHEME.exec(compact)?.[1]?.toLowerCase();
  if (!scheme) return !compact.startsWith(':');
  if ((ALLOWED_LINK_PROTOCOLS as readonly string[]).includes(scheme)) return true;
  return customSchemes.some((custom) => isValidCustomScheme(custom) && custom === scheme);
}
