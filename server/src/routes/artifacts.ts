import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { type FastifyInstance } from 'fastify';
import { type Services } from '../services';

const FileQuery = Type.Object({
  expires: Type.Optional(Type.String()),
  signature: Type.Optional(Type.String()),
  embed: Type.Optional(Type.String({ maxLength: 1 })),
});
const FileParams = Type.Object({
  owner: Type.String({ maxLength: 40 }),
  file: Type.String({ maxLength: 60 }),
});

/** Signed artifact links (no bearer: <img> tags and the trace viewer's service worker load them). */
export const artifactFileRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/files/:owner/:file',
    { schema: { params: FileParams, querystring: FileQuery } },
    async (request, reply) => {
      const { owner, file } = request.params;
      const found = services.artifacts.signedFile(
        `${owner}/${file}`,
        request.query.expires,
        request.query.signature,
        request.query.embed,
      );
      const expires = Number(request.query.expires) * 1000;
      const maxAge = Math.max(0, Math.floor((expires - Date.now()) / 1000));
      return (
        reply
          .header('content-type', found.contentType)
          .header('cache-control', `private, max-age=${maxAge}`)
          // Only a public share's images (signed embeddable) may be shown by other sites.
          .header('cross-origin-resource-policy', found.embeddable ? 'cross-origin' : 'same-origin')
          .send(fs.createReadStream(found.path))
      );
    },
  );
};

/**
 * The trace viewer's service worker fetches the traces: this policy, sent with its script, keeps its
 * fetches on our origin (and the blobs of files dropped on the viewer), whatever a URL asks it to load.
 */
const SERVICE_WORKER_CSP = "connect-src 'self' blob:";

/** The Playwright trace viewer from playwright-core, same origin as the API (notes/platform.md §3). */
export async function traceViewerRoutes(
  app: FastifyInstance,
  { services }: { services: Services },
): Promise<void> {
  const root = path.join(
    path.dirname(require.resolve('playwright-core/package.json')),
    'lib',
    'vite',
    'traceViewer',
  );
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    app.log.warn({ root }, 'The Playwright trace viewer was not found; /trace/ is not served');
    return;
  }
  app.get('/trace', async (_request, reply) => reply.redirect('/trace/'));
  // Issue 27: a page asked with ?trace= opens only our own signed trace links; the others are refused
  // here, before the viewer's scripts load anything into our origin.
  app.addHook('onRequest', async (request, reply) => {
    const query = new URLSearchParams(request.url.split('?')[1] ?? '');
    for (const trace of query.getAll('trace')) {
      const refusal = services.artifacts.traceLinkRefusal(trace, request.host);
      if (refusal) return reply.code(403).type('text/plain; charset=utf-8').send(refusal);
    }
  });
  // The viewer runs inline scripts and renders recorded pages in frames: the API's strict CSP would blank it.
  // It is Playwright's own static app and shows only traces we signed a link for.
  app.addHook('onSend', async (request, reply, payload) => {
    reply.removeHeader('content-security-policy');
    if (request.url.split('?')[0] === '/trace/sw.bundle.js')
      reply.header('content-security-policy', SERVICE_WORKER_CSP);
    return payload;
  });
  await app.register(fastifyStatic, {
    root,
    prefix: '/trace/',
    decorateReply: false,
    index: ['index.html'],
    cacheControl: false,
    setHeaders(res) {
      // A new Playwright release changes the viewer's files: revalidate rather than cache.
      res.setHeader('cache-control', 'no-cache');
    },
  });
}
