import { createHash, timingSafeEqual } from 'node:crypto';
import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type Config, type DevMailbox } from '../config';
import { type MailService } from '../services/mail';

interface DevMailOptions {
  mail: MailService;
  mode: DevMailbox;
  token: string;
  /** The Host headers that name this server (lower case, with the port). */
  hosts: ReadonlySet<string>;
  secureCookie: boolean;
}

// Headers a reverse proxy adds: a loopback-bound server behind one faces the network after all.
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];
const TOKEN_COOKIE = 'plainwright_dev_mail';
/** For scripts (tests, e2e): the token without a cookie or a redirect. */
export const DEV_MAIL_TOKEN_HEADER = 'x-dev-mail-token';
const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** What the routes need from the configuration. */
export function devMailOptions(config: Config, mail: MailService): DevMailOptions {
  return {
    mail,
    mode: config.devMailbox,
    token: config.devMailToken,
    hosts: ownHosts(config),
    secureCookie: config.publicUrl.startsWith('https:'),
  };
}

/**
 * PUBLIC_URL's host, and the loopback names and the bound address on the server's port. A page that
 * rebinds its own name to 127.0.0.1 (DNS rebinding) sends its own name as Host, so it is refused.
 */
export function ownHosts(config: Config): Set<string> {
  const hosts = new Set([new URL(config.publicUrl).host.toLowerCase()]);
  const bound = config.host.includes(':') ? `[${config.host}]` : config.host;
  for (const name of [...LOOPBACK_NAMES, bound.toLowerCase()]) hosts.add(`${name}:${config.port}`);
  return hosts;
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  // The errorHandler plugin's answer to an unknown path: the mailbox must not be told apart from none.
  return reply.code(404).send({
    error: { code: 'not_found', message: `No route for ${request.method} ${request.url.split('?')[0]}` },
  });
}

/**
 * Every mailbox request must come to this server by its own name, carry the token (its query, a cookie
 * or the header) and, on a loopback-only server, come straight from this machine: else a 404 like every
 * unknown path. DEV_MAILBOX=true (`forced`) skips only the last check. `?token=` sets the cookie and
 * redirects to the same address without it, so the token leaves the address bar and the history.
 */
function guard({ mode, token, hosts, secureCookie }: DevMailOptions) {
  const expected = digest(token);
  const matches = (candidate: string | undefined) =>
    candidate !== undefined && timingSafeEqual(digest(candidate), expected);
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!hosts.has((request.headers.host ?? '').toLowerCase())) return notFound(request, reply);
    if (mode !== 'forced') {
      const relayed = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
      if (relayed || !isLoopbackAddress(request.socket.remoteAddress ?? '')) return notFound(request, reply);
    }
    const queryAt = request.url.indexOf('?');
    const query = new URLSearchParams(queryAt === -1 ? '' : request.url.slice(queryAt + 1));
    const given = query.get('token');
    if (given !== null) {
      if (!matches(given)) return notFound(request, reply);
      query.delete('token');
      const rest = query.toString();
      // The route's own path, not the request's spelling of it: the cookie and Location name this page only.
      const path = request.routeOptions.url ?? '/dev/mail';
      return reply
        .header('set-cookie', tokenCookie(token, path, secureCookie))
        .header('cache-control', 'no-store')
        .redirect(rest ? `${path}?${rest}` : path, 303);
    }
    const header = request.headers[DEV_MAIL_TOKEN_HEADER];
    if (matches(typeof header === 'string' ? header : undefined)) return;
    if (matches(cookieValue(request.headers.cookie, TOKEN_COOKIE))) return;
    return notFound(request, reply);
  };
}

/** HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), for this path only. */
function tokenCookie(token: string, path: string, secure: boolean): string {
  return `${TOKEN_COOKIE}=${token}; Path=${path}; HttpOnly; SameSite=Strict${secure ? '; Secure' : ''}`;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** Equal-length digests, so timingSafeEqual compares any two strings in constant time. */
function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

function isLoopbackAddress(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

const MailQuery = Type.Object({ to: Type.Optional(Type.String({ maxLength: 320 })) });

/** The dev mailbox: without SMTP, every e-mail the product sends can be read here. */
export const devMailApiRoutes: FastifyPluginAsyncTypebox<DevMailOptions> = async (app, options) => {
  const { mail } = options;
  app.addHook('onRequest', guard(options));
  app.get('/dev/mail', { schema: { querystring: MailQuery } }, async (request) => {
    const mails = await mail.list(request.query.to);
    return mails.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html ?? null,
      kind: m.kind,
      created_at: m.createdAt.toISOString(),
      links: extractLinks(m.text),
    }));
  });
};

export const devMailPageRoutes: FastifyPluginAsyncTypebox<DevMailOptions> = async (app, options) => {
  const { mail } = options;
  app.addHook('onRequest', guard(options));
  app.get('/dev/mail', { schema: { querystring: MailQuery } }, async (request, reply) => {
    const to = request.query.to ?? '';
    const mails = await mail.list(to || undefined);
    const rows = mails
      .map(
        (
          m,
        ) => `<article><header><strong>${escape(m.subject)}</strong><br><small>to ${escape(m.to)} · ${m.kind} · ${m.createdAt.toISOString()}</small></header>
<pre>${linkify(escape(m.text))}</pre></article>`,
      )
      .join('\n');
    void reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Dev mailbox · Plainwright</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1b1f24}article{border:1px solid #d0d7de;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;font:inherit}form{display:flex;gap:.5rem}input{flex:1;padding:.4rem}</style></head>
<body><h1>Dev mailbox</h1><p>E-mails the product sent while no SMTP server is configured (<code>SMTP_URL</code> unset), newest first.</p>
<form method="get"><input type="email" name="to" placeholder="Filter by recipient" value="${escape(to)}" aria-label="Recipient"><button>Filter</button></form>
${rows || '<p>No e-mails yet.</p>'}</body></html>`;
  });
};

function extractLinks(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}

function escape(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

function linkify(html: string): string {
  return html.replace(/https?:\/\/[^\s<>"]+/g, (url) => `<a href="${url}">${url}</a>`);
}
