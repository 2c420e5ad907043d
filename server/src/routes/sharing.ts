import rateLimit from '@fastify/rate-limit';
import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { IdParams, Nullable } from '../../../contract/common';
import {
  CiRunGroup,
  PublishBody,
  PublishQuery,
  PublishResult,
  ShareState,
  SharedTest,
} from '../../../contract/sharing';
import { type FastifyRequest } from 'fastify';
import { TooManyRequestsError } from '../errors';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';
import { badgeSvg } from '../services/sharing';

const tags = ['sharing'];
const SlugParams = Type.Object({ slug: Type.String({ maxLength: 200 }) });

/** Issue 15, signed in: share a test (SPEC §7 PUT /test-case/{id}/publish?slug=), and the CI groups. */
export const sharingRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { sharing, collections } = services;

  app.get(
    '/test-case/:id/share',
    {
      schema: {
        tags,
        summary: 'How a test is shared now (null: not shared)',
        params: IdParams,
        response: { 200: Nullable(ShareState) },
      },
    },
    async (request) => sharing.state(actorOf(request), request.params.id),
  );

  app.put(
    '/test-case/:id/publish',
    {
      schema: {
        tags,
        summary: 'Share a test under a link name, publicly or privately',
        params: IdParams,
        querystring: PublishQuery,
        body: Type.Union([PublishBody, Type.Null()]),
        response: { 200: PublishResult },
      },
      preValidation: async (request) => {
        if (request.body === undefined) request.body = null;
      },
    },
    async (request) => sharing.publish(actorOf(request), request.params.id, request.query.slug, request.body),
  );

  app.delete(
    '/test-case/:id/publish',
    {
      schema: {
        tags,
        summary: 'Stop sharing a test',
        params: IdParams,
        response: { 200: Type.Object({ message: Type.String() }) },
      },
    },
    async (request) => sharing.unpublish(actorOf(request), request.params.id),
  );

  app.get(
    '/test-suites/:id/ci-runs',
    {
      schema: {
        tags: ['collections'],
        summary: "The latest run groups CI pipelines started with the organization's key",
        params: IdParams,
        response: { 200: Type.Array(CiRunGroup) },
      },
    },
    async (request) => collections.ciGroups(actorOf(request), request.params.id),
  );
};

/**
 * Issue 15, without sign-in: a shared test's page data and its badge. A bearer token, when sent, lets
 * members of the organization open a private share; a bad token is refused as anywhere.
 */
export const sharedRoutes: FastifyPluginAsyncTypebox<{ services: Services; readsPerMinute: number }> = async (
  app,
  { services, readsPerMinute },
) => {
  const { sharing } = services;
  app.addHook('onRequest', async (request) => {
    if (request.headers.authorization || request.headers['x-api-key'] !== undefined)
      await app.authenticate(request);
  });
  // Issue 27: link names are guessed by reading them; a caller without sign-in reads a few a minute.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new TooManyRequestsError(
        `Too many shared tests opened from this address: try again in ${context.after}.`,
      ),
  });
  const anonymousLimit = {
    rateLimit: {
      max: readsPerMinute,
      timeWindow: 60_000,
      // Counted once the token is checked: signed-in people and CI keys are not limited here.
      hook: 'preHandler' as const,
      allowList: (request: FastifyRequest) => request.actor !== null,
    },
  };

  app.get(
    '/shared/:slug',
    {
      schema: {
        tags,
        summary: 'A shared test (public: anyone; private: members)',
        params: SlugParams,
        response: { 200: SharedTest },
      },
      config: anonymousLimit,
    },
    async (request, reply) => {
      void reply.header('cache-control', 'private, no-store');
      return sharing.sharedTest(request.actor, request.params.slug);
    },
  );

  app.get(
    '/shared/:slug/badge.svg',
    {
      schema: { tags, summary: "A public share's status badge", params: SlugParams },
      config: anonymousLimit,
    },
    async (request, reply) => {
      const status = await sharing.badge(request.params.slug);
      return (
        reply
          .header('content-type', 'image/svg+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=60')
          // Made to be shown on other sites (a README, a wiki): helmet's same-origin policy would blank it.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(badgeSvg(status))
      );
    },
  );
};
