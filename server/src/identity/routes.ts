import rateLimit from '@fastify/rate-limit';
import { type FastifyPluginAsyncTypebox, type TypeBoxTypeProvider } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { type Config } from '../config';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable } from '../errors';
import { type Db } from '../db/client';
import { type MailService } from '../services/mail';
import { type TokenVerifier } from './verifier';
import { authErrors, GoTrueError } from './goTrueError';
import { IdentityService } from './identityService';
import { listPublicJwks } from './keys';
import { SIGN_IN_WINDOW_MS } from './signInLimiter';

export interface IdentityDeps {
  config: Config;
  db: Db;
  mail: MailService;
  /** The API's verifier, told when sessions end so it stops accepting their tokens at once. */
  verifier?: TokenVerifier;
}

// supabase-js reads `code` from an error body only when the response carries this header.
const API_VERSION = { header: 'x-supabase-api-version', value: '2024-01-01' };
const CHECKS_PER_CALLER_PER_MINUTE = 10;

const Str = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
const Pkce = { code_challenge: Str(128), code_challenge_method: Str(16) };
const Metadata = Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]));
const RedirectQuery = Type.Object({ redirect_to: Type.Optional(Type.String({ maxLength: 2048 })) });

const SignUpBody = Type.Object({ email: Str(320), password: Str(1024), data: Metadata, ...Pkce });
const TokenQuery = Type.Object({ grant_type: Type.Optional(Type.String({ maxLength: 32 })) });
const TokenBody = Type.Object({
  email: Str(320),
  password: Str(1024),
  refresh_token: Str(512),
  auth_code: Str(512),
  code_verifier: Str(256),
});
// current_password is supabase-js's UserAttributes field (GoTrue's UPDATE_PASSWORD_REQUIRE_CURRENT_PASSWORD).
const UserBody = Type.Object({
  email: Str(320),
  password: Str(1024),
  current_password: Str(1024),
  data: Metadata,
});
const RecoverBody = Type.Object({ email: Str(320), ...Pkce });
const ResendBody = Type.Object({ type: Str(32), email: Str(320) });
const VerifyQuery = Type.Object({
  token: Type.Optional(Type.String({ maxLength: 512 })),
  type: Type.Optional(Type.String({ maxLength: 32 })),
  redirect_to: Type.Optional(Type.String({ maxLength: 2048 })),
});
const VerifyBody = Type.Object({ type: Str(32), token_hash: Str(512), token: Str(512), email: Str(320) });
const LogoutQuery = Type.Object({ scope: Type.Optional(Type.String({ maxLength: 16 })) });
const AuthorizeQuery = Type.Object({
  provider: Type.Optional(Type.String({ maxLength: 32 })),
  redirect_to: Type.Optional(Type.String({ maxLength: 2048 })),
  scopes: Type.Optional(Type.String({ maxLength: 512 })),
  code_challenge: Type.Optional(Type.String({ maxLength: 128 })),
  code_challenge_method: Type.Optional(Type.String({ maxLength: 16 })),
  skip_http_redirect: Type.Optional(Type.String({ maxLength: 8 })),
});
const CheckUserBody = Type.Object({
  user_email: Type.Optional(Type.Union([Type.String({ maxLength: 320 }), Type.Null()])),
});

/** The embedded GoTrue-compatible provider, mounted at /idp (supabase-js calls /idp/auth/v1/… and /idp/rest/v1/…). */
export const identityRoutes: FastifyPluginAsyncTypebox<IdentityDeps> = async (
  app,
  { config, db, mail, verifier },
) => {
  const identity = new IdentityService({
    config,
    db,
    mail,
    onRedirectError: (error, context) => app.log.warn({ err: error }, context),
    onSessionsEnded: (userId) => verifier?.forgetSessions(userId),
  });

  acceptEmptyJsonBodies(app);
  // Per process and coarse: against floods of sign-ups, e-mails and existence checks (sign-in has its own shared limit).
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => authErrors.tooManyRequests(),
  });
  const coarseLimit = {
    rateLimit: { max: Math.max(300, config.signInRateLimit * 10), timeWindow: SIGN_IN_WINDOW_MS },
  };
  // Existence checks: signed-in callers only, each a few a minute (counted after the token is checked).
  const callers = new WeakMap<FastifyRequest, string>();
  const perCallerLimit = {
    rateLimit: {
      max: CHECKS_PER_CALLER_PER_MINUTE,
      timeWindow: 60_000,
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `caller:${callers.get(request) ?? request.ip}`,
    },
  };

  app.setNotFoundHandler((request, reply) => {
    void reply
      .header(API_VERSION.header, API_VERSION.value)
      .status(404)
      .send(authErrors.notFound(request.url.split('?')[0] ?? '').toJSON());
  });

  await app.register(
    async (plugin) => {
      const auth = plugin.withTypeProvider<TypeBoxTypeProvider>();
      auth.setErrorHandler(goTrueErrorHandler);
      auth.addHook('onSend', async (request, reply) => {
        reply.header(API_VERSION.header, API_VERSION.value);
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      });

      auth.post(
        '/signup',
        { schema: { querystring: RedirectQuery, body: SignUpBody }, config: coarseLimit },
        async (request) => {
          const body = request.body;
          return identity.signUp({
            email: body.email,
            password: body.password,
            data: body.data,
            redirectTo: request.query.redirect_to,
            codeChallenge: body.code_challenge,
            codeChallengeMethod: body.code_challenge_method,
          });
        },
      );

      auth.post('/token', { schema: { querystring: TokenQuery, body: TokenBody } }, async (request) => {
        const body = request.body;
        switch (request.query.grant_type) {
          case 'password':
            return identity.signInWithPassword({
              email: body.email,
              password: body.password,
              ip: request.ip,
            });
          case 'refresh_token':
            return identity.refresh(body.refresh_token);
          case 'pkce':
            return identity.exchangeCode(body.auth_code, body.code_verifier);
          default:
            throw authErrors.unsupportedGrant();
        }
      });

      auth.post('/logout', { schema: { querystring: LogoutQuery } }, async (request, reply) => {
        await identity.logout(bearer(request), request.query.scope);
        return reply.status(204).send();
      });

      auth.get('/user', async (request) => identity.getUser(bearer(request)));

      auth.put('/user', { schema: { body: UserBody } }, async (request) => {
        const body = request.body;
        return identity.updateUser(bearer(request), {
          email: body.email,
          password: body.password,
          currentPassword: body.current_password,
          data: body.data,
          ip: request.ip,
        });
      });

      auth.post(
        '/recover',
        { schema: { querystring: RedirectQuery, body: RecoverBody }, config: coarseLimit },
        async (request) => {
          const body = request.body;
          await identity.recover({
            email: body.email,
            redirectTo: request.query.redirect_to,
            codeChallenge: body.code_challenge,
            codeChallengeMethod: body.code_challenge_method,
          });
          return {};
        },
      );

      auth.post(
        '/resend',
        { schema: { querystring: RedirectQuery, body: ResendBody }, config: coarseLimit },
        async (request) => {
          const body = request.body;
          await identity.resend({
            type: body.type,
            email: body.email,
            redirectTo: request.query.redirect_to,
          });
          return {};
        },
      );

      auth.get(
        '/verify',
        { schema: { querystring: VerifyQuery }, config: coarseLimit },
        async (request, reply) => {
          const { token, type, redirect_to: redirectTo } = request.query;
          return reply.redirect(await identity.verifyLink({ token, type, redirectTo }), 303);
        },
      );

      auth.post(
        '/verify',
        { schema: { querystring: RedirectQuery, body: VerifyBody }, config: coarseLimit },
        async (request) => {
          const body = request.body;
          return identity.verifyOtp({
            type: body.type,
            tokenHash: body.token_hash,
            token: body.token,
            email: body.email,
          });
        },
      );

      auth.get(
        '/authorize',
        { schema: { querystring: AuthorizeQuery }, config: coarseLimit },
        async (request, reply) => {
          const query = request.query;
          const url = await identity.authorize({
            provider: query.provider,
            redirectTo: query.redirect_to,
            scopes: query.scopes,
            codeChallenge: query.code_challenge,
            codeChallengeMethod: query.code_challenge_method,
          });
          if (query.skip_http_redirect === 'true') return { url };
          return reply.redirect(url, 302);
        },
      );

      auth.get('/callback', { config: coarseLimit }, async (request, reply) => {
        const rawQuery = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
        return reply.redirect(await identity.oauthCallback(rawQuery), 302);
      });

      auth.get('/settings', async () => identity.settings());

      auth.get('/health', async () => ({
        name: 'GoTrue',
        version: 'plainwright-embedded',
        description: 'Plainwright embedded identity provider',
      }));

      auth.get('/.well-known/jwks.json', async (_request, reply) => {
        // Verifiers may cache the keys briefly; a new key is only made at first start.
        reply.header('cache-control', 'public, max-age=600');
        return listPublicJwks(db);
      });
    },
    { prefix: '/auth/v1' },
  );

  await app.register(
    async (plugin) => {
      const rest = plugin.withTypeProvider<TypeBoxTypeProvider>();
      rest.setErrorHandler(postgrestErrorHandler);
      rest.post(
        '/rpc/check_user_exists',
        {
          schema: { body: CheckUserBody },
          config: perCallerLimit,
          onRequest: async (request) => {
            callers.set(request, await identity.signedInCaller(bearer(request)));
          },
        },
        async (request) => identity.userExists(request.body.user_email),
      );
    },
    { prefix: '/rest/v1' },
  );
};

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header || !/^bearer /i.test(header)) return null;
  return header.slice('bearer '.length).trim() || null;
}

/** supabase-js sends `Content-Type: application/json` on body-less POSTs (logout): read those as `{}`. */
function acceptEmptyJsonBodies(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, {});
      try {
        done(null, JSON.parse(text));
      } catch {
        done(authErrors.badJson(), undefined);
      }
    },
  );
}

function toGoTrueError(error: FastifyError | Error): GoTrueError {
  if (error instanceof GoTrueError) return error;
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const problems = fastifyError.validation.map((v) => {
      const field = (v.instancePath || (v.params as { missingProperty?: string })?.missingProperty || '')
        .replace(/^\//, '')
        .replace(/\//g, '.');
      return `${field || fastifyError.validationContext} ${v.message ?? 'is invalid'}`;
    });
    return authErrors.validation(`Invalid request: ${problems.join('; ')}`);
  }
  if (
    typeof fastifyError.statusCode === 'number' &&
    fastifyError.statusCode >= 400 &&
    fastifyError.statusCode < 500
  ) {
    return new GoTrueError(
      fastifyError.statusCode,
      fastifyError.statusCode === 413 ? 'request_too_large' : 'bad_request',
      error.message,
    );
  }
  if (isDatabaseUnavailable(error))
    return new GoTrueError(503, 'database_unavailable', DATABASE_UNAVAILABLE_MESSAGE);
  return authErrors.unexpected();
}

function goTrueErrorHandler(
  this: FastifyInstance,
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const goTrue = toGoTrueError(error);
  if (goTrue.statusCode >= 500 && goTrue.code === 'unexpected_failure' && !(error instanceof GoTrueError)) {
    request.log.error(
      { err: error, method: request.method, url: request.url.split('?')[0] },
      'identity request failed',
    );
  }
  if (goTrue.retryAfter !== null) reply.header('retry-after', String(goTrue.retryAfter));
  void reply.status(goTrue.statusCode).send(goTrue.toJSON());
}

/** PostgREST's error shape for the /rest/v1 RPC, with GoTrue's fields too (a refused caller reads as either). */
function postgrestErrorHandler(
  this: FastifyInstance,
  error: FastifyError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const goTrue = toGoTrueError(error);
  if (goTrue.statusCode >= 500) {
    request.log.error({ err: error, url: request.url.split('?')[0] }, 'identity rpc failed');
  }
  if (goTrue.retryAfter !== null) reply.header('retry-after', String(goTrue.retryAfter));
  void reply
    .header(API_VERSION.header, API_VERSION.value)
    .status(goTrue.statusCode)
    .send({ ...goTrue.toJSON(), message: goTrue.message, details: null, hint: null });
}
