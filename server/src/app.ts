import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { type TypeBoxTypeProvider } from './lib/typeProvider';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { APP_VERSION, type Config } from './config';
import { type Database } from './db/client';
import { identityRoutes } from './identity/routes';
import { type TokenVerifier } from './identity/verifier';
import { requestLogSerializer } from './lib/logRedaction';
import { authPlugin } from './plugins/auth';
import { errorHandler } from './plugins/errorHandler';
import { nulGuard } from './plugins/nulGuard';
import { permissionsPlugin } from './plugins/permissions';
import { parseSentences } from './agents/parse';
import { agentRoutes } from './routes/agents';
import { alertRoutes } from './routes/alerts';
import { artifactFileRoutes, traceViewerRoutes } from './routes/artifacts';
import { collectionRoutes } from './routes/collections';
import { dashboardRoutes } from './routes/dashboard';
import { quarantineRoutes } from './routes/quarantine';
import { testDataRoutes } from './routes/testData';
import { devMailApiRoutes, devMailOptions, devMailPageRoutes } from './routes/devMail';
import { generationRoutes } from './routes/generation';
import { healingRoutes } from './routes/healing';
import { moduleRoutes } from './routes/modules';
import { organizationRoutes } from './routes/organizations';
import { inboxExportRoutes, inboxRoutes } from './routes/inbox';
import { runRoutes } from './routes/runs';
import { scheduleRoutes } from './routes/schedules';
import { sharedRoutes, sharingRoutes } from './routes/sharing';
import { sharedParameterRoutes } from './routes/sharedParameters';
import { environmentRoutes } from './routes/environments';
import { retentionRoutes } from './routes/retention';
import { launchableBrowsers } from './runner/browser';
import { systemRoutes } from './routes/system';
import { testCaseRoutes } from './routes/testCases';
import { testSuiteRoutes } from './routes/testSuites';
import { wsRoutes } from './routes/ws';
import { LazySchemas } from './lib/lazySchemas';
import { type Services } from './services';

export interface AppDeps {
  config: Config;
  database: Database;
  services: Services;
  verifier: TokenVerifier;
  logger?: boolean;
  /** Where the logger writes instead of stdout (tests read the log). */
  logStream?: NodeJS.WritableStream;
  /** The routes' schemas, compiled at each route's first call (tests compile them all). */
  schemas?: LazySchemas;
}

// Headers supabase-js sends (notes/platform.md §1), allowed for a cross-origin SPA.
const ALLOWED_HEADERS = [
  'apikey',
  'authorization',
  'x-client-info',
  'x-supabase-api-version',
  'content-type',
  'content-profile',
  'accept-profile',
  'prefer',
];

/** Prefixes the SPA's history fallback must never answer. */
const SERVER_PREFIXES = ['/api', '/idp', '/dev', '/trace'];

export async function buildApp({
  config,
  database,
  services,
  verifier,
  logger = true,
  logStream,
  schemas = new LazySchemas(),
}: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.authorization', 'req.headers.apikey'],
          // NOTE: verify links, signed artifact links and OAuth callbacks carry secrets in the query.
          serializers: { req: requestLogSerializer },
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    bodyLimit: 1024 * 1024,
    requestTimeout: 60_000,
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    // Errors raised before routing (an over-long or malformed path) get the same body as every other.
    frameworkErrors: (error, _request, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      const message =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'A value in the address is too long'
          : 'The request address is malformed';
      void (reply as unknown as FastifyReply)
        .code(status)
        .send({ error: { code: error.code.toLowerCase(), message } });
    },
    // NOTE: no type coercion: a number where a name belongs is a 400, not the string "42".
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: true } },
    schemaController: { compilersFactory: schemas.compilersFactory },
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(errorHandler);
  await app.register(nulGuard);
  // JSON and the SPA's files, gzip or brotli as the client accepts: a 10,000-test tree is ~3 MB of
  // JSON and a tenth of it compressed. Images, traces and zips are left as they are.
  // NOTE: brotli's default quality (11) takes seconds on megabytes; 4 is about gzip's speed and smaller.
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  const identityOrigin = config.supabaseUrl ? new URL(config.supabaseUrl).origin : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:', ...(identityOrigin ? [identityOrigin] : [])],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Cross-origin isolation would break OAuth popups and the trace viewer's service worker.
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: [config.publicUrl],
    allowedHeaders: ALLOWED_HEADERS,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    exposedHeaders: ['x-supabase-api-version', 'retry-after', 'x-total-count'],
    credentials: true,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Plainwright API', version: APP_VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(authPlugin, { verifier, users: services.users, keys: services.organizations });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  // NOTE: the dev mailbox hands out every confirmation, recovery and invitation link: it exists only
  // without SMTP and on a server nobody else can reach (or when DEV_MAILBOX=true says so on purpose),
  // and opens only with the token of the start log (routes/devMail.ts).
  const devMailboxOn = !services.mail.delivers && config.devMailbox !== 'off';

  let ready = true;
  app.addHook('preClose', async () => {
    ready = false;
  });
  // Responses finished while closing end their keep-alive connection; otherwise close would wait
  // for every client to drop its socket (up to the keep-alive timeout).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!ready) void reply.header('connection', 'close');
    return payload;
  });

  await app.register(
    async (api) => {
      await api.register(systemRoutes, {
        config,
        isReady: () => ready,
        launchable: () => launchableBrowsers(config.generation.browserWsEndpoint),
      });
      if (devMailboxOn) await api.register(devMailApiRoutes, devMailOptions(config, services.mail));
      await api.register(artifactFileRoutes, { services });
      await api.register(wsRoutes, { services, verifier, config: config.generation });
      await api.register(sharedRoutes, { services, readsPerMinute: config.shareRateLimit });
      // An exported test's inbox (issue 32): its random address is its key, so no sign-in.
      await api.register(inboxExportRoutes, { services });
      await api.register(async (secured) => {
        secured.addHook('onRequest', secured.authenticate);
        await secured.register(permissionsPlugin, { permissions: services.permissions });
        await secured.register(organizationRoutes, { services });
        await secured.register(testSuiteRoutes, { services });
        await secured.register(testCaseRoutes, { services });
        await secured.register(sharedParameterRoutes, { services });
        await secured.register(environmentRoutes, { services });
        await secured.register(retentionRoutes, { services });
        await secured.register(moduleRoutes, { services });
        await secured.register(generationRoutes, { services });
        await secured.register(agentRoutes, { parse: parseSentences });
        await secured.register(runRoutes, { services });
        await secured.register(inboxRoutes, { services });
        await secured.register(healingRoutes, { services });
        await secured.register(collectionRoutes, { services });
        await secured.register(scheduleRoutes, { services });
        await secured.register(alertRoutes, { services });
        await secured.register(dashboardRoutes, { services });
        await secured.register(quarantineRoutes, { services });
        await secured.register(testDataRoutes, { services });
        await secured.register(sharingRoutes, { services });
      });
    },
    { prefix: '/api' },
  );

  if (!config.supabaseUrl) {
    await app.register(identityRoutes, {
      prefix: '/idp',
      config,
      db: database.db,
      mail: services.mail,
      verifier,
    });
  }
  if (devMailboxOn) await app.register(devMailPageRoutes, devMailOptions(config, services.mail));
  await app.register(traceViewerRoutes, { services });

  await registerSpa(app, config.staticDir);
  return app;
}

/** Serves the built SPA with history fallback: any GET outside the server's prefixes gets index.html. */
async function registerSpa(app: FastifyInstance, staticDir: string) {
  const indexFile = path.join(staticDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ staticDir }, 'No built SPA found (run `npm run build`); only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root: staticDir,
    wildcard: false,
    index: false,
    cacheControl: false,
    setHeaders(res, filePath) {
      // Bundles carry a content hash and never change; index.html is revalidated so a deploy takes effect.
      const immutable = /\.[0-9a-f]{8,}\.(js|css|woff2?|png|svg)$/.test(filePath);
      res.setHeader(
        'cache-control',
        filePath.endsWith('.html')
          ? 'no-cache'
          : immutable
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=3600',
      );
    },
  });
  const files = new Set(
    listFiles(staticDir).map((file) => `/${path.relative(staticDir, file).split(path.sep).join('/')}`),
  );
  app.get('/*', async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (files.has(urlPath) && urlPath !== '/index.html') return reply.sendFile(urlPath.slice(1));
    if (
      SERVER_PREFIXES.some((prefix) => urlPath === prefix || urlPath.startsWith(`${prefix}/`)) ||
      path.extname(urlPath)
    ) {
      return reply.status(404).send({ error: { code: 'not_found', message: `No route for GET ${urlPath}` } });
    }
    return reply.sendFile('index.html');
  });
}

/** Trusts the nearest `hops` proxies, as Express's numeric trust proxy does. */
function trustHops(hops: number) {
  return (_address: string, hop: number) => hop < hops;
}

function listFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}
