import { type FastifyPluginAsyncTypebox } from '../lib/typeProvider';
import { Type } from '@sinclair/typebox';
import { TEST_DATA_LIMITS, TestData, TestDataBody } from '../../../contract/testData';
import { actorOf } from '../plugins/auth';
import { type Services } from '../services';

const tags = ['test-data'];
const TestIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** A test's data table (issue 33): docs/environments.md "Data-driven runs". */
export const testDataRoutes: FastifyPluginAsyncTypebox<{ services: Services }> = async (
  app,
  { services },
) => {
  // CSV bodies arrive as text; this plugin's scope only (encapsulated), as big as a table may be.
  app.addContentTypeParser(
    ['text/csv', 'text/plain'],
    { parseAs: 'string', bodyLimit: TEST_DATA_LIMITS.bodyBytes },
    (_request, body, done) => done(null, { csv: typeof body === 'string' ? body : body.toString('utf8') }),
  );

  app.get(
    '/test-case/:id/data',
    {
      schema: {
        tags,
        summary: "A test's data table: its variables (the columns) and its rows",
        params: TestIdParams,
        response: { 200: TestData },
      },
    },
    async (request) => services.testData.get(actorOf(request), request.params.id),
  );

  app.put(
    '/test-case/:id/data',
    {
      bodyLimit: TEST_DATA_LIMITS.bodyBytes,
      schema: {
        tags,
        summary:
          "Replace a test's data table: JSON { rows } or text/csv (first line: the columns). A run runs the test once per row",
        params: TestIdParams,
        // JSON { rows }; a text/csv body arrives as { csv } (the parser above).
        body: Type.Object({
          rows: Type.Optional(TestDataBody.properties.rows),
          csv: Type.Optional(Type.String({ maxLength: TEST_DATA_LIMITS.bodyBytes })),
        }),
        response: { 200: TestData },
      },
    },
    async (request) =>
      services.testData.put(
        actorOf(request),
        request.params.id,
        request.body as { csv: string } | { rows: unknown },
      ),
  );
};
