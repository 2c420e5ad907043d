import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import {
  CancelGroupQuery,
  CancelGroupResult,
  Collection,
  CollectionIdParams,
  CollectionSuiteParams,
  CreateCollectionBody,
  RunAllBody,
  RunAllParams,
  RunAllResult,
  UpdateCollectionBody,
} from '../../../contract/collections';
import { actorOf } from '../plugins/auth';
import { writeZip } from '../lib/zip';
import { type Services } from '../services';

const tags = ['collections'];

/** contract LinkedRunsQuery as a query string carries it: numbers arrive as text, checked by the service. */
const LinkedRunsQueryText = Type.Object({
  linked_runs_offset: Type.Optional(Type.String({ maxLength: 12 })),
  linked_runs_limit: Type.Optional(Type.String({ maxLength: 12 })),
  linked_runs_created_at: Type.Optional(Type.String({ maxLength: 40 })),
});

// SPEC §7: run-all sends an empty body.
const noBodyIsEmpty = async (request: { body: unknown }) => {
  request.body ??= {};
};

/** SPEC §7's collection calls, plus cancelling a group (our addition). docs/collections.md has the shapes. */
export const collectionRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { collections, collectionExport } = services;

  app.get(
    '/test-suites/collections/:suiteId',
    {
      schema: {
        tags,
        summary: "A suite's collections by name, each with its last run (linked_runs is empty)",
        params: CollectionSuiteParams,
        response: { 200: Type.Array(Collection) },
      },
    },
    async (request) => collections.list(actorOf(request), request.params.suiteId),
  );

  app.get(
    '/test-suites/collection/:id',
    {
      schema: {
        tags,
        summary: 'A collection with its run groups',
        description:
          'linked_runs: run groups (one per run-all, keyed by created_at), newest first. ' +
          'linked_runs_limit groups (1–100; 10 when absent) from linked_runs_offset (default 0); ' +
          'with linked_runs_created_at, only that group.',
        params: CollectionIdParams,
        querystring: LinkedRunsQueryText,
        response: { 200: Collection },
      },
    },
    async (request) => collections.get(actorOf(request), request.params.id, request.query),
  );

  app.post(
    '/test-suites/collection',
    {
      schema: {
        tags,
        summary: 'Create a collection',
        body: CreateCollectionBody,
        response: { 201: Collection },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await collections.create(actorOf(request), request.body ?? { name: '', test_suite_id: '' })),
  );

  app.put(
    '/test-suites/collection/:id',
    {
      schema: {
        tags,
        summary: 'Rename, schedule (5 cron fields in schedule_timezone, or null), add and remove tests',
        description:
          'schedule: a 5-field cron (null or blank clears it); schedule_timezone: an IANA zone (UTC when never ' +
          'given). The answer has schedule_details: the schedule in words, its next three times and recent ticks.',
        params: CollectionIdParams,
        body: UpdateCollectionBody,
        response: { 200: Collection },
      },
    },
    async (request) => collections.update(actorOf(request), request.params.id, request.body ?? {}),
  );

  app.delete(
    '/test-suites/collection/:id',
    { schema: { tags, summary: 'Delete a collection (its runs stay)', params: CollectionIdParams } },
    async (request, reply) => {
      await collections.delete(actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/test-suites/collection/:collectionId/run-all',
    {
      schema: {
        tags,
        summary: 'Run every linked test, as one group',
        params: RunAllParams,
        body: RunAllBody,
        response: { 201: RunAllResult },
      },
      preValidation: noBodyIsEmpty,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await collections.runAll(actorOf(request), request.params.collectionId, request.body)),
  );

  app.post(
    '/test-suites/collection/:id/cancel',
    {
      schema: {
        tags,
        summary: "Cancel a run group's unfinished runs",
        params: CollectionIdParams,
        querystring: CancelGroupQuery,
        response: { 200: CancelGroupResult },
      },
    },
    async (request) => collections.cancelGroup(actorOf(request), request.params.id, request.query.created_at),
  );

  // Issue 15: the collection as a Playwright Test project a team runs in its own CI.
  app.get(
    '/test-suites/collection/:id/export',
    {
      schema: {
        tags,
        summary: 'The collection as a Playwright Test project (its files)',
        description:
          'package.json, playwright.config.ts (chromium, firefox, webkit; a setup project for setup modules), ' +
          'modules.ts, setup/*.setup.ts, tests/*.spec.ts, README.md. Tests not generated yet are left out ' +
          'and named in README.md; 422 when none is generated.',
        params: CollectionIdParams,
        response: {
          200: Type.Object({
            name: Type.String(),
            files: Type.Array(Type.Object({ path: Type.String(), content: Type.String() })),
          }),
        },
      },
    },
    async (request) => collectionExport.exportFiles(actorOf(request), request.params.id),
  );

  app.get(
    '/test-suites/collection/:id/export.zip',
    {
      schema: {
        tags,
        summary: 'The collection as a Playwright Test project (a zip)',
        params: CollectionIdParams,
      },
    },
    async (request, reply) => {
      const { fileName, files } = await collectionExport.exportFiles(actorOf(request), request.params.id);
      const zip = writeZip(
        files.map((file) => ({ name: file.path, data: Buffer.from(file.content, 'utf8') })),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(zip);
    },
  );
};
