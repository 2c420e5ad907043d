import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { type FastifyRequest } from 'fastify';
import { ApproveModuleQuery, CreateModuleBody, Module, UpdateModuleBody } from '../../../contract/modules';
import { RenameTestSuiteQuery } from '../../../contract/testSuites';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

const SuiteParams = Type.Object({ suiteId: Type.String({ maxLength: 100 }) });
const ModuleParams = Type.Object({
  suiteId: Type.String({ maxLength: 100 }),
  moduleId: Type.String({ maxLength: 100 }),
});

// A call without a body answers 'Module data is required' (SPEC §5), not a schema error.
async function noBodyIsEmpty(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/** SPEC §7 module calls, plus approval of a Python script (issue 13). */
export const moduleRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { modules } = services;

  app.get(
    '/test-suites/:suiteId/test-modules',
    { schema: { params: SuiteParams, response: { 200: Type.Array(Module) } } },
    async (request) => modules.list(actorOf(request), request.params.suiteId),
  );

  app.post(
    '/test-suites/:suiteId/test-module',
    {
      preValidation: noBodyIsEmpty,
      schema: {
        params: SuiteParams,
        body: CreateModuleBody,
        response: { 201: Type.Object({ module_id: Type.String() }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await modules.create(actorOf(request), request.params.suiteId, request.body)),
  );

  app.put(
    '/test-suites/:suiteId/test-module/:moduleId/rename',
    { schema: { params: ModuleParams, querystring: RenameTestSuiteQuery, response: { 200: Module } } },
    async (request) =>
      modules.rename(
        actorOf(request),
        request.params.suiteId,
        request.params.moduleId,
        request.query.new_name,
      ),
  );

  app.patch(
    '/test-suites/:suiteId/test-module/:moduleId',
    {
      preValidation: noBodyIsEmpty,
      schema: { params: ModuleParams, body: UpdateModuleBody, response: { 200: Module } },
    },
    async (request) =>
      modules.update(actorOf(request), request.params.suiteId, request.params.moduleId, request.body),
  );

  app.post(
    '/test-suites/:suiteId/test-module/:moduleId/approve',
    { schema: { params: ModuleParams, querystring: ApproveModuleQuery, response: { 200: Module } } },
    async (request) =>
      modules.approve(
        actorOf(request),
        request.params.suiteId,
        request.params.moduleId,
        request.query.approved,
      ),
  );

  app.delete(
    '/test-suites/:suiteId/test-module/:moduleId',
    { schema: { params: ModuleParams } },
    async (request, reply) => {
      await modules.delete(actorOf(request), request.params.suiteId, request.params.moduleId);
      return reply.status(204).send();
    },
  );
};
