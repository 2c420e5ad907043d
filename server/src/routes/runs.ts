import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import {
  ArtifactQuery,
  CreatedRun,
  RunIdParams,
  RunSettings,
  RunsQuery,
  SignedRunArtifact,
  TestCaseIdParams,
  TestRun,
} from '../../../contract/runs';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

const tags = ['runs'];

// SPEC §7: the settings body is optional; a POST without one runs with none.
const noBodyIsEmpty = async (request: { body: unknown }) => {
  request.body ??= {};
};

/** SPEC §7's run calls, plus one run and cancel (our additions). docs/runs.md has the shapes. */
export const runRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (app, { services }) => {
  const { runs } = services;

  // Without an id (SPEC §5): 'Test case ID is required'.
  for (const path of ['/test-run', '/test-run/']) {
    app.post(path, { schema: { tags, body: RunSettings }, preValidation: noBodyIsEmpty }, async (request) =>
      runs.create(actorOf(request), undefined, request.body),
    );
  }
  app.post(
    '/test-run/:testCaseId',
    {
      schema: {
        tags,
        summary: 'Run a generated test',
        params: TestCaseIdParams,
        body: RunSettings,
        response: { 201: CreatedRun },
      },
      preValidation: noBodyIsEmpty,
    },
    async (request, reply) =>
      reply.status(201).send(await runs.create(actorOf(request), request.params.testCaseId, request.body)),
  );

  for (const path of ['/test-runs', '/test-runs/']) {
    app.get(path, { schema: { tags, querystring: RunsQuery } }, async (request) =>
      runs.list(actorOf(request), undefined, request.query),
    );
  }
  app.get(
    '/test-runs/:testCaseId',
    {
      schema: {
        tags,
        summary: "A test's runs, newest first (x-total-count: how many in all)",
        params: TestCaseIdParams,
        querystring: RunsQuery,
        response: { 200: Type.Array(TestRun) },
      },
    },
    async (request, reply) => {
      const page = await runs.list(actorOf(request), request.params.testCaseId, request.query);
      return reply.header('x-total-count', String(page.total)).send(page.runs);
    },
  );

  app.get(
    '/test-run/:runId',
    { schema: { tags, summary: 'One run', params: RunIdParams, response: { 200: TestRun } } },
    async (request) => runs.get(actorOf(request), request.params.runId),
  );

  app.delete(
    '/test-run/:runId',
    { schema: { tags, summary: 'Cancel a run', params: RunIdParams, response: { 200: TestRun } } },
    async (request) => runs.cancel(actorOf(request), request.params.runId),
  );

  // Issue 34: a pinned run is kept past its project's retention.
  app.put(
    '/test-run/:runId/pin',
    {
      schema: {
        tags,
        summary: "Pin a run: it is kept past its project's retention",
        params: RunIdParams,
        response: { 200: TestRun },
      },
    },
    async (request) => runs.pin(actorOf(request), request.params.runId, true),
  );
  app.delete(
    '/test-run/:runId/pin',
    {
      schema: {
        tags,
        summary: "Unpin a run: it goes with its project's retention again",
        params: RunIdParams,
        response: { 200: TestRun },
      },
    },
    async (request) => runs.pin(actorOf(request), request.params.runId, false),
  );

  // Without a run id (SPEC §5): 'Run ID and artifact ID are required'.
  for (const path of ['/artifacts', '/artifacts/']) {
    app.get(path, { schema: { tags, querystring: ArtifactQuery } }, async (request) =>
      runs.artifactUrl(actorOf(request), undefined, request.query.artifact_name),
    );
  }
  app.get(
    '/artifacts/:runId',
    {
      schema: {
        tags,
        summary: "A signed link to a run's file (trace.zip, run.log, failure.jpg, step-<n>.jpg)",
        params: RunIdParams,
        querystring: ArtifactQuery,
        response: { 200: SignedRunArtifact },
      },
    },
    async (request) => runs.artifactUrl(actorOf(request), request.params.runId, request.query.artifact_name),
  );
};
