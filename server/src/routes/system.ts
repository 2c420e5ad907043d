import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { ErrorBody } from '../../../contract/common';
import { Health, LaunchableBrowsers, RuntimeConfig } from '../../../contract/config';
import { cliBundle } from '../cli/bundle';
import { APP_VERSION, identityUrl, type Config } from '../config';

export interface SystemRouteOptions {
  config: Config;
  isReady: () => boolean;
  /** The browsers the workers can launch (runner/browser.ts, given by app.ts: routes reach the runner through it). */
  launchable: () => Promise<LaunchableBrowsers['browsers']>;
}

export const systemRoutes: FastifyPluginAsyncTypebox<SystemRouteOptions> = async (
  app,
  { config, isReady, launchable },
) => {
  app.get('/health', { schema: { response: { 200: Health, 503: ErrorBody } } }, async (_request, reply) => {
    // NOTE: routes are registered only after migrations ran, so answering at all means migrated.
    if (!isReady())
      return reply.status(503).send({ error: { code: 'stopping', message: 'The server is shutting down' } });
    return { status: 'ok' as const };
  });

  app.get('/config', { schema: { response: { 200: RuntimeConfig } } }, async () => ({
    supabase_url: identityUrl(config),
    supabase_anon_key: config.supabaseAnonKey,
    version: APP_VERSION,
  }));

  // Issue 28: the SPA offers only the browsers this server can launch, and says why the others are missing.
  app.get(
    '/system/browsers',
    {
      onRequest: app.authenticate,
      schema: {
        summary: 'The browsers the workers of this server can launch (others need installing first)',
        response: { 200: LaunchableBrowsers },
      },
    },
    async () => ({ browsers: await launchable() }),
  );

  // Issue 15: the CI command line as one file a pipeline downloads from this server (no secrets in it).
  app.get(
    '/cli/plainwright.mjs',
    {
      schema: {
        summary:
          'The `plainwright ci` command line as one file for Node 18+ (`node plainwright.mjs ci --help`)',
      },
    },
    async (request, reply) => {
      const { code, etag } = await cliBundle();
      reply.header('etag', etag).header('cache-control', 'no-cache');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.header('content-type', 'text/javascript; charset=utf-8').send(code);
    },
  );
};
