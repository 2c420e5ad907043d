import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Dashboard, DashboardParams } from '../../../contract/dashboard';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

export const dashboardRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  app.get(
    '/test-suites/:suiteId/dashboard',
    { schema: { params: DashboardParams, response: { 200: Dashboard } } },
    async (request) => services.dashboard.get(actorOf(request), request.params.suiteId),
  );
};
