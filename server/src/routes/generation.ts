import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { IdParams } from '../../../contract/common';
import {
  ForceStopParams,
  SignedImage,
  SignedTrace,
  TraceParams,
  UserFeedbackBody,
} from '../../../contract/generation';
import { TestCase } from '../../../contract/testCases';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

/** SPEC §7's generation calls, images and traces. */
export const generationRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { generation, artifacts } = services;

  app.put(
    '/test-case/:id/regenerate',
    { schema: { params: IdParams, response: { 200: TestCase } } },
    async (request) => generation.regenerate(actorOf(request), request.params.id),
  );

  app.delete(
    '/test-case/cancel/:id',
    { schema: { params: IdParams, response: { 200: TestCase } } },
    async (request) => generation.cancel(actorOf(request), request.params.id),
  );

  app.put(
    '/test-case/:id/force-stop/:stepOrId',
    { schema: { params: ForceStopParams, response: { 200: TestCase } } },
    async (request) => generation.forceStop(actorOf(request), request.params.id, request.params.stepOrId),
  );

  app.put(
    '/test-case/:id/user-feedback',
    { schema: { params: IdParams, body: UserFeedbackBody, response: { 200: TestCase } } },
    async (request) => generation.feedback(actorOf(request), request.params.id, request.body ?? {}),
  );

  // GET /images/ without an id answers SPEC §5's 'Image ID is required'.
  app.get('/images/', { schema: { response: { 200: SignedImage } } }, async (request) =>
    artifacts.imageUrl(actorOf(request), undefined),
  );
  app.get('/images/:id', { schema: { params: IdParams, response: { 200: SignedImage } } }, async (request) =>
    artifacts.imageUrl(actorOf(request), request.params.id),
  );

  app.get(
    '/traces/:testCaseId/:stepIndex',
    { schema: { params: TraceParams, response: { 200: SignedTrace } } },
    async (request) =>
      artifacts.traceUrl(actorOf(request), request.params.testCaseId, request.params.stepIndex),
  );
};
