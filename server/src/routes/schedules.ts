import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import {
  ScheduleBody,
  SchedulePreview,
  SchedulePreviewQuery,
  TestScheduleResult,
} from '../../../contract/schedules';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

const tags = ['schedules'];

const TestIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/**
 * Schedules (issue 12): a single test's schedule and the editor's preview. A collection's schedule
 * is part of its PUT (routes/collections.ts). docs/collections.md "Schedules" has the rules.
 */
export const scheduleRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { schedules } = services;

  app.get(
    '/schedules/preview',
    {
      schema: {
        tags,
        summary: 'A cron in words, with its next three times (400 with the reason when it is not valid)',
        querystring: SchedulePreviewQuery,
        response: { 200: SchedulePreview },
      },
    },
    async (request) => schedules.preview(request.query.cron, request.query.timezone),
  );

  app.get(
    '/test-case/:id/schedule',
    {
      schema: {
        tags,
        summary: "A test's schedule (null when it has none), with its next times and recent ticks",
        params: TestIdParams,
        response: { 200: TestScheduleResult },
      },
    },
    async (request) => schedules.getForTest(actorOf(request), request.params.id),
  );

  app.put(
    '/test-case/:id/schedule',
    {
      schema: {
        tags,
        summary: 'Schedule a single test: a 5-field cron in an IANA time zone (UTC when not given)',
        params: TestIdParams,
        body: ScheduleBody,
        response: { 200: TestScheduleResult },
      },
    },
    async (request) => schedules.setForTest(actorOf(request), request.params.id, request.body),
  );

  app.delete(
    '/test-case/:id/schedule',
    { schema: { tags, summary: "Remove a test's schedule", params: TestIdParams } },
    async (request, reply) => {
      await schedules.deleteForTest(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
