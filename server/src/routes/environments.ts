import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import {
  CreateEnvironmentBody,
  Environment,
  EnvironmentParams,
  EnvironmentSuiteParams,
  UpdateEnvironmentBody,
} from '../../../contract/environments';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

/** Issue 33: GET and POST /test-suites/{suiteId}/environments; PUT and DELETE …/{envId}. */
export const environmentRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { environments } = services;

  app.get(
    '/test-suites/:suiteId/environments',
    { schema: { params: EnvironmentSuiteParams, response: { 200: Type.Array(Environment) } } },
    async (request) => environments.list(actorOf(request), request.params.suiteId),
  );

  app.post(
    '/test-suites/:suiteId/environments',
    {
      schema: { params: EnvironmentSuiteParams, body: CreateEnvironmentBody, response: { 201: Environment } },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await environments.create(actorOf(request), request.params.suiteId, request.body ?? {})),
  );

  app.put(
    '/test-suites/:suiteId/environments/:envId',
    { schema: { params: EnvironmentParams, body: UpdateEnvironmentBody, response: { 200: Environment } } },
    async (request) =>
      environments.update(actorOf(request), request.params.suiteId, request.params.envId, request.body ?? {}),
  );

  app.delete(
    '/test-suites/:suiteId/environments/:envId',
    { schema: { params: EnvironmentParams } },
    async (request, reply) => {
      await environments.delete(actorOf(request), request.params.suiteId, request.params.envId);
      return reply.status(204).send();
    },
  );
};
