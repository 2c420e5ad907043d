import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../../../contract/common';
import { BrowserState } from '../../../contract/modules';
import {
  CreatedTestSuite,
  CreateTestSuiteBody,
  RenameTestSuiteQuery,
  TestSuite,
} from '../../../contract/testSuites';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

export const testSuiteRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { testSuites } = services;

  app.get(
    '/organizations/:orgId/test-suites',
    {
      schema: {
        params: Type.Object({ orgId: Type.String({ maxLength: 100 }) }),
        response: { 200: Type.Array(TestSuite) },
      },
    },
    async (request) => testSuites.list(actorOf(request), request.params.orgId),
  );

  app.post(
    '/test-suites',
    { schema: { body: CreateTestSuiteBody, response: { 201: CreatedTestSuite } } },
    async (request, reply) => {
      const created = await testSuites.create(actorOf(request), request.body ?? {});
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/test-suites/:id/rename',
    { schema: { params: IdParams, querystring: RenameTestSuiteQuery, response: { 200: TestSuite } } },
    async (request) => testSuites.rename(actorOf(request), request.params.id, request.query.new_name),
  );

  app.delete('/test-suites/:id', { schema: { params: IdParams } }, async (request, reply) => {
    await testSuites.delete(actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.get(
    '/browser-states/:suiteId',
    {
      schema: {
        params: Type.Object({ suiteId: Type.String({ maxLength: 100 }) }),
        response: { 200: Type.Array(BrowserState) },
      },
    },
    async (request) => services.browserStates.list(actorOf(request), request.params.suiteId),
  );

  // Issue 13: a browser state the module's green runs save; tests start from it by browser_state_id.
  app.post(
    '/test-suites/:suiteId/browser-states',
    {
      schema: {
        params: Type.Object({ suiteId: Type.String({ maxLength: 100 }) }),
        body: Type.Object(
          {
            name: Type.Optional(Type.String({ maxLength: 1000 })),
            module_id: Type.Optional(Type.String({ maxLength: 100 })),
          },
          { additionalProperties: false },
        ),
        response: { 201: BrowserState },
      },
    },
    async (request, reply) => {
      const created = await services.browserStates.create(
        actorOf(request),
        request.params.suiteId,
        request.body ?? {},
      );
      return reply.status(201).send(created);
    },
  );

  // Issue 28: the Modules page refreshes (forgets the saved state; the next green run saves it again) and deletes.
  const StateParams = Type.Object({
    suiteId: Type.String({ maxLength: 100 }),
    stateId: Type.String({ maxLength: 100 }),
  });

  app.post(
    '/test-suites/:suiteId/browser-states/:stateId/refresh',
    { schema: { params: StateParams, response: { 200: BrowserState } } },
    async (request) =>
      services.browserStates.refresh(actorOf(request), request.params.suiteId, request.params.stateId),
  );

  app.delete(
    '/test-suites/:suiteId/browser-states/:stateId',
    { schema: { params: StateParams } },
    async (request, reply) => {
      await services.browserStates.delete(actorOf(request), request.params.suiteId, request.params.stateId);
      return reply.status(204).send();
    },
  );
};
