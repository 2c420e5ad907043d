import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { ProjectRetention, RetentionSuiteParams, UpdateRetentionBody } from '../../../contract/retention';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

const tags = ['retention'];

/** Issue 34: GET and PUT /test-suites/{suiteId}/retention (how long runs are kept; the disk used). */
export const retentionRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { retention } = services;

  app.get(
    '/test-suites/:suiteId/retention',
    {
      schema: {
        tags,
        summary: 'How long the project keeps its runs, and the disk its runs and files use',
        params: RetentionSuiteParams,
        response: { 200: ProjectRetention },
      },
    },
    async (request) => retention.get(actorOf(request), request.params.suiteId),
  );

  app.put(
    '/test-suites/:suiteId/retention',
    {
      schema: {
        tags,
        summary: 'Change how many days the project keeps its runs (retention_days, 1 to 3650)',
        params: RetentionSuiteParams,
        body: UpdateRetentionBody,
        response: { 200: ProjectRetention },
      },
    },
    async (request) => retention.update(actorOf(request), request.params.suiteId, request.body ?? {}),
  );
};
