import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { Dashboard, DashboardParams, DashboardQuery, TestHeadlines } from '../../../contract/dashboard';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

export const dashboardRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/test-suites/:suiteId/dashboard',
    { schema: { params: DashboardParams, querystring: DashboardQuery, response: { 200: Dashboard } } },
    async (request) =>
      services.dashboard.get(actorOf(request), request.params.suiteId, request.query.environment_id),
  );

  app.get(
    '/test-case/:id/headlines',
    {
      schema: {
        summary:
          "A test's newest run on its own website and on each of the project's environments (issue 33)",
        params: Type.Object({ id: Type.String({ maxLength: 100 }) }),
        response: { 200: TestHeadlines },
      },
    },
    async (request) => services.dashboard.headlines(actorOf(request), request.params.id),
  );
};
