import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../../../contract/common';
import {
  CreateSharedParameterBody,
  SharedParameter,
  SharedParameterParams,
  UpdateSharedParameterBody,
} from '../../../contract/sharedParameters';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

/** SPEC §7: GET and POST /test-suites/{id}/shared-parameters; PUT and DELETE …/{paramId}. */
export const sharedParameterRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { sharedParameters } = services;

  app.get(
    '/test-suites/:id/shared-parameters',
    { schema: { params: IdParams, response: { 200: Type.Array(SharedParameter) } } },
    async (request) => sharedParameters.list(actorOf(request), request.params.id),
  );

  app.post(
    '/test-suites/:id/shared-parameters',
    { schema: { params: IdParams, body: CreateSharedParameterBody, response: { 201: SharedParameter } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await sharedParameters.create(actorOf(request), request.params.id, request.body ?? {})),
  );

  app.put(
    '/test-suites/:id/shared-parameters/:paramId',
    {
      schema: {
        params: SharedParameterParams,
        body: UpdateSharedParameterBody,
        response: { 200: SharedParameter },
      },
    },
    async (request) =>
      sharedParameters.update(
        actorOf(request),
        request.params.id,
        request.params.paramId,
        request.body ?? {},
      ),
  );

  app.delete(
    '/test-suites/:id/shared-parameters/:paramId',
    { schema: { params: SharedParameterParams } },
    async (request, reply) => {
      await sharedParameters.delete(actorOf(request), request.params.id, request.params.paramId);
      return reply.status(204).send();
    },
  );
};
