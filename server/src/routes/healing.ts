import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { HealingSettings, TestHealing } from '../../../contract/healing';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

const tags = ['healing'];
const Id = Type.String({ maxLength: 100 });

// NOTE: the query's fields are optional in the schema: the service finds the healing (or the
// collection) first, so another organization's id answers 404 before a missing field answers 400.
const ApproveQuery = Type.Object({ approved: Type.Optional(Type.String({ maxLength: 10 })) });
const GroupQuery = Type.Object({ created_at: Type.Optional(Type.String({ maxLength: 40 })) });

/** SPEC §7's healing calls, plus a person's Heal, a group's healing and the suite's settings. docs/healing.md has the shapes. */
export const healingRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { healing } = services;

  app.get(
    '/healing/test-case/:testCaseId',
    {
      schema: {
        tags,
        summary: "A test's healings, newest first",
        params: Type.Object({ testCaseId: Id }),
        response: { 200: Type.Array(TestHealing) },
      },
    },
    async (request) => healing.listForTest(actorOf(request), request.params.testCaseId),
  );

  app.get(
    '/healing/test-run/:runId',
    {
      schema: {
        tags,
        summary: "A run's latest healing",
        params: Type.Object({ runId: Id }),
        response: { 200: TestHealing },
      },
    },
    async (request) => healing.latestForRun(actorOf(request), request.params.runId),
  );

  app.get(
    '/healing/:healingId',
    {
      schema: {
        tags,
        summary: 'One healing (its live progress while under way)',
        params: Type.Object({ healingId: Id }),
        response: { 200: TestHealing },
      },
    },
    async (request) => healing.get(actorOf(request), request.params.healingId),
  );

  app.post(
    '/healing/test-run/:runId',
    {
      schema: {
        tags,
        summary: 'Heal a failed run',
        params: Type.Object({ runId: Id }),
        response: { 201: TestHealing },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await healing.healRun(actorOf(request), request.params.runId)),
  );

  app.post(
    '/healing/:healingId/approve',
    {
      schema: {
        tags,
        summary: "Accept (the test's steps become the proposal) or reject a proposed healing",
        params: Type.Object({ healingId: Id }),
        querystring: ApproveQuery,
        response: { 200: TestHealing },
      },
    },
    async (request) => healing.approve(actorOf(request), request.params.healingId, request.query.approved),
  );

  app.post(
    '/healing/:healingId/restore',
    {
      schema: {
        tags,
        summary: "Undo an accepted healing: the test's previous steps and scripts back",
        params: Type.Object({ healingId: Id }),
        response: { 200: TestHealing },
      },
    },
    async (request) => healing.restore(actorOf(request), request.params.healingId),
  );

  app.post(
    '/healing/collection/:collectionId',
    {
      schema: {
        tags,
        summary: 'Heal every failed run of a collection run group',
        params: Type.Object({ collectionId: Id }),
        querystring: GroupQuery,
        response: { 201: Type.Array(TestHealing) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await healing.healGroup(actorOf(request), request.params.collectionId, request.query.created_at),
        ),
  );

  app.get(
    '/healing/settings/:suiteId',
    {
      schema: {
        tags,
        summary: "A suite's healing settings",
        params: Type.Object({ suiteId: Id }),
        response: { 200: HealingSettings },
      },
    },
    async (request) => healing.settings(actorOf(request), request.params.suiteId),
  );

  app.put(
    '/healing/settings/:suiteId',
    {
      schema: {
        tags,
        summary: "Change a suite's healing settings (auto_heal: heal every failed run automatically)",
        params: Type.Object({ suiteId: Id }),
        body: HealingSettings,
        response: { 200: HealingSettings },
      },
    },
    async (request) => healing.updateSettings(actorOf(request), request.params.suiteId, request.body),
  );
};
