import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type FastifyReply, type FastifyRequest } from 'fastify';
import { type DevMailbox } from '../config';
import { type MailService } from '../services/mail';

interface DevMailOptions {
  mail: MailService;
  mode: DevMailbox;
}

// Headers a reverse proxy adds: a loopback-bound server behind one faces the network after all.
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip'];

/**
 * On a loopback-only server the mailbox answers requests that came straight from this machine; one
 * relayed by a proxy is a 404 like every unknown path. DEV_MAILBOX=true (`forced`) skips the check.
 */
function refuseRelayed(mode: DevMailbox) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (mode === 'forced') return;
    const relayed = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
    if (relayed || !isLoopbackAddress(request.socket.remoteAddress ?? '')) {
      return reply
        .code(404)
        .send({ error: { code: 'not_found', message: `No route for GET ${request.url.split('?')[0]}` } });
    }
  };
}

function isLoopbackAddress(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

const MailQuery = Type.Object({ to: Type.Optional(Type.String({ maxLength: 320 })) });

/** The dev mailbox: without SMTP, every e-mail the product sends can be read here. */
export const devMailApiRoutes: FastifyPluginAsyncTypebox<DevMailOptions> = async (app, { mail, mode }) => {
  app.addHook('onRequest', refuseRelayed(mode));
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

export const devMailPageRoutes: FastifyPluginAsyncTypebox<DevMailOptions> = async (app, { mail, mode }) => {
  app.addHook('onRequest', refuseRelayed(mode));
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
