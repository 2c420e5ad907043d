import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import {
  Quarantine,
  QuarantineBody,
  QuarantineList,
  TestQuarantineResult,
} from '../../../contract/quarantine';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

const tags = ['quarantine'];
const TestIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** Quarantine (issue 33): a flaky test put aside with a reason; docs/environments.md "Quarantine". */
export const quarantineRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { quarantine } = services;

  app.get(
    '/test-case/:id/quarantine',
    {
      schema: {
        tags,
        summary: "A test's quarantine (null when it is not quarantined)",
        params: TestIdParams,
        response: { 200: TestQuarantineResult },
      },
    },
    async (request) => quarantine.getForTest(actorOf(request), request.params.id),
  );

  app.put(
    '/test-case/:id/quarantine',
    {
      schema: {
        tags,
        summary:
          'Quarantine a flaky test with a reason: it runs, but fails no collection, CI exit code or alert',
        params: TestIdParams,
        body: QuarantineBody,
        response: { 200: Quarantine },
      },
    },
    async (request) => quarantine.quarantine(actorOf(request), request.params.id, request.body.reason),
  );

  app.delete(
    '/test-case/:id/quarantine',
    { schema: { tags, summary: 'Release a test from quarantine', params: TestIdParams } },
    async (request, reply) => {
      await quarantine.release(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/test-case/:id/quarantine/candidate',
    {
      schema: {
        tags,
        summary: "Dismiss a test's mark as a candidate for quarantine (it keeps counting)",
        params: TestIdParams,
      },
    },
    async (request, reply) => {
      await quarantine.dismissCandidate(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/test-suites/:suiteId/quarantine',
    {
      schema: {
        tags,
        summary:
          "A project's quarantined tests, with their newest runs and who quarantined them, and its candidates",
        params: Type.Object({ suiteId: Type.String({ maxLength: 100 }) }),
        response: { 200: QuarantineList },
      },
    },
    async (request) => quarantine.list(actorOf(request), request.params.suiteId),
  );
};
