// One-time link tokens, signed-link signatures and OAuth codes travel in query strings; logs keep none.
const SECRET_PARAMS = new Set([
  'token',
  'token_hash',
  'code',
  'code_verifier',
  'state',
  'nonce',
  'signature',
  'sig',
  'access_token',
  'refresh_token',
  'password',
  'secret',
  'key',
  'apikey',
  'api_key',
]);

/** The URL with the value of every secret-bearing query parameter replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const start = url.indexOf('?');
  if (start === -1) return url;
  const query = url
    .slice(start + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape is logged as it came; it names no known parameter.
      }
      return SECRET_PARAMS.has(decoded.toLowerCase()) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, start)}?${query}`;
}

interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** Fastify's default request serializer, with the URL redacted. */
export function requestLogSerializer(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
