import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../../../contract/common';
import {
  AddVariableBody,
  CreateFolderBody,
  CreateTestCasesBody,
  DeleteByPrefixQuery,
  DeletedFolder,
  EditTestCaseBody,
  EditTestCaseQuery,
  Folder,
  MovedFolder,
  SuiteIdParams,
  TestCase,
  TestTreeItem,
  UpdateCollectionsBody,
  UpdateTestPathsQuery,
  UpdateVariableBody,
  VariableParams,
} from '../../../contract/testCases';
import { ValidationError } from '../errors';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';
import { treeEncodingFor } from '../services/treeCache';
import { writeZip } from '../lib/zip';

/** SPEC §7's test-case calls, plus duplicate, variables and folder creation (our additions). */
export const testCaseRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  const { testCases, testFolders } = services;

  // SPEC §7 writes the path with a trailing slash; both spellings answer.
  for (const path of ['/test-cases/', '/test-cases']) {
    app.post(
      path,
      { schema: { body: CreateTestCasesBody, response: { 201: Type.Array(TestCase) } } },
      async (request, reply) =>
        reply.status(201).send(await testCases.create(actorOf(request), request.body ?? {})),
    );
  }

  app.get('/test-case/:id', { schema: { params: IdParams, response: { 200: TestCase } } }, async (request) =>
    testCases.get(actorOf(request), request.params.id),
  );

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/test-case/:id/edit',
      schema: {
        params: IdParams,
        querystring: EditTestCaseQuery,
        body: EditTestCaseBody,
        response: { 200: TestCase },
      },
      handler: async (request) =>
        testCases.edit(actorOf(request), request.params.id, request.body ?? {}, {
          full: method === 'PUT',
          schedule: booleanQuery(request.query.schedule, 'schedule'),
        }),
    });
  }

  app.delete('/test-case/:id', { schema: { params: IdParams } }, async (request, reply) => {
    await testCases.delete(actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/test-case/:id/duplicate',
    { schema: { params: IdParams, response: { 201: TestCase } } },
    async (request, reply) =>
      reply.status(201).send(await testCases.duplicate(actorOf(request), request.params.id)),
  );

  app.patch(
    '/test-cases/:id/collections',
    { schema: { params: IdParams, body: UpdateCollectionsBody, response: { 200: TestCase } } },
    async (request) =>
      testCases.updateCollections(actorOf(request), request.params.id, request.body?.collection_ids),
  );

  app.post(
    '/test-case/:id/variables',
    { schema: { params: IdParams, body: AddVariableBody, response: { 201: TestCase } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await testCases.addVariable(actorOf(request), request.params.id, request.body ?? {})),
  );

  app.put(
    '/test-case/:id/variables/:name',
    { schema: { params: VariableParams, body: UpdateVariableBody, response: { 200: TestCase } } },
    async (request) =>
      testCases.updateVariable(actorOf(request), request.params.id, request.params.name, request.body?.value),
  );

  app.delete(
    '/test-case/:id/variables/:name',
    { schema: { params: VariableParams, response: { 200: TestCase } } },
    async (request) => testCases.deleteVariable(actorOf(request), request.params.id, request.params.name),
  );

  app.get(
    '/test-suites/:id/tree',
    {
      schema: { params: IdParams, response: { 200: Type.Array(TestTreeItem), 304: Type.Null() } },
      // The tree keeps its compressed bodies itself (TreeEntry.body), so the compress plugin stays out.
      compress: false,
    },
    // NOTE: the body is JSON text built by the database; Fastify sends a Buffer as it is.
    async (request, reply) => {
      const tree = await testFolders.tree(actorOf(request), request.params.id);
      // The browser keeps the tree and asks again with its ETag: an unchanged tree is a 304 with no body.
      reply
        .header('etag', tree.etag)
        .header('cache-control', 'private, no-cache')
        .header('vary', 'accept-encoding');
      if (etagMatches(request.headers['if-none-match'], tree.etag)) return reply.status(304).send(null);
      const encoding = treeEncodingFor(request.headers['accept-encoding']);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      const body = await tree.body(encoding);
      return reply.type('application/json').send(body as unknown as TestTreeItem[]);
    },
  );

  app.post(
    '/test-suites/:id/folders',
    { schema: { params: IdParams, body: CreateFolderBody, response: { 201: Folder } } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await testFolders.create(actorOf(request), request.params.id, request.body ?? {})),
  );

  app.delete(
    '/test-cases/:suiteId',
    { schema: { params: SuiteIdParams, querystring: DeleteByPrefixQuery, response: { 200: DeletedFolder } } },
    async (request) =>
      testFolders.deleteByPrefix(actorOf(request), request.params.suiteId, request.query.path_prefix),
  );

  app.put(
    '/test-cases/:suiteId/update-test-paths',
    { schema: { params: SuiteIdParams, querystring: UpdateTestPathsQuery, response: { 200: MovedFolder } } },
    async (request) =>
      testFolders.movePaths(
        actorOf(request),
        request.params.suiteId,
        request.query.old_path_prefix,
        request.query.new_path_prefix,
      ),
  );

  // Issue 13: a test's export; a test that uses modules is a Playwright project of several files.
  app.get(
    '/test-case/:id/export',
    {
      schema: {
        params: IdParams,
        querystring: ExportQuery,
        response: {
          200: Type.Object({
            files: Type.Array(Type.Object({ path: Type.String(), content: Type.String() })),
          }),
        },
      },
    },
    async (request) =>
      services.moduleSteps.exportFiles(actorOf(request), request.params.id, request.query.language),
  );

  // The same files as one zip, for a download button (issues 13, 15).
  app.get(
    '/test-case/:id/export.zip',
    { schema: { params: IdParams, querystring: ExportQuery } },
    async (request, reply) => {
      const { files } = await services.moduleSteps.exportFiles(
        actorOf(request),
        request.params.id,
        request.query.language,
      );
      const zip = writeZip(
        files.map((file) => ({ name: file.path, data: Buffer.from(file.content, 'utf8') })),
      );
      return reply
        .header('content-type', 'application/zip')
        .header(
          'content-disposition',
          `attachment; filename="${request.query.language === 'python' ? 'pytest-project' : 'playwright-project'}.zip"`,
        )
        .send(zip);
    },
  );
};

/** Which language's files an export gives (TypeScript when absent). */
const ExportQuery = Type.Object({
  language: Type.Optional(Type.Union([Type.Literal('typescript'), Type.Literal('python')])),
});

function booleanQuery(value: string | undefined, name: string): boolean {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new ValidationError(`${name} must be true or false`, { fields: { [name]: 'invalid' } });
}

/** Whether an If-None-Match header names the ETag (weak or strong, or `*`). */
function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
