/**
 * A page's address as a step stores it: without its fragment. An implicit-flow sign-in lands with the
 * session's access and refresh tokens there (`#access_token=…`), and a stored step is shown to every
 * member, exported and kept long after the session it would open.
 */
export function stepUrl(url: string): string {
  const at = url.indexOf('#');
  return at === -1 ? url : url.slice(0, at);
}
