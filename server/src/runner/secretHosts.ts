import { type Action } from './actions';
import { referencedNames, substitute, type RunValues } from './values';

// Issue 27: a secret goes only where its owner said. A step that would type a secret into a page, or
// open a URL carrying it, on a host the secret does not name is refused before it runs. Reading a
// secret (a locator's text, an assertion) sends it nowhere and is not checked.

/** `host` as a URL says it: the name and a port other than the scheme's default ('' for about:blank). */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/** A pattern is a host (`shop.example`, `127.0.0.1:4100`) or every subdomain of one (`*.shop.example`). */
export function hostMatches(host: string, pattern: string): boolean {
  const wanted = pattern.trim().toLowerCase();
  if (wanted.startsWith('*.')) return host.endsWith(wanted.slice(1)) && host.length > wanted.length - 1;
  return host === wanted;
}

/** Where the step would send a secret: the URL it opens, or the page it types into. */
function destination(
  action: Action,
  pageUrl: string,
  values: RunValues,
): { text: string; url: string } | null {
  switch (action.kind) {
    case 'goto':
      try {
        return { text: action.url, url: substitute(action.url, values) };
      } catch {
        // An unknown {{name}}: the step fails with its own message.
        return null;
      }
    case 'fill':
    case 'type':
    case 'select':
      return { text: action.value, url: pageUrl };
    default:
      return null;
  }
}

/** Why the action may not run for a secret it would send, or null. */
export function secretHostRefusal(action: Action, pageUrl: string, values: RunValues): string | null {
  const hosts = values.secretHosts;
  if (!hosts) return null;
  const target = destination(action, pageUrl, values);
  if (!target) return null;
  const host = hostOf(target.url) ?? '';
  for (const name of new Set(referencedNames(target.text))) {
    const allowed = name in values.secrets ? hosts[name] : undefined;
    if (!allowed || allowed.some((pattern) => hostMatches(host, pattern))) continue;
    const page = action.kind === 'goto' ? 'that URL' : 'this page';
    const where = host ? `${page} is on ${host}` : `${page} has no host`;
    const verb = action.kind === 'goto' ? 'sent to' : 'typed into';
    return `The secret "${name}" may only be ${verb} pages on ${allowed.join(', ') || 'no host'}; ${where}. Add the host to the secret's allowed hosts (Secrets) if it should go there.`;
  }
  return null;
}
