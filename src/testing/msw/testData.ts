import { http, HttpResponse } from 'msw';
import { checkDataRows, TEST_DATA_MESSAGES, type DataRow } from '../../../contract/testData';
import { apiError } from './api';
import { db, type DbTestCase } from './db';
import { userFromRequest } from './identity';

const API = '/api';

// A test's data table (issue 33) as the server keeps it (server/src/routes/testData.ts), kept on
// the test object (resetDb() forgets it with it).
const tables = new WeakMap<DbTestCase, DataRow[]>();

/** A test's data table, as a seed. */
export function seedTestData(test: DbTestCase, rows: DataRow[]) {
  tables.set(test, rows);
}

/** What the server holds, for a test to check what was saved. */
export const storedTestData = (test: DbTestCase): DataRow[] => tables.get(test) ?? [];

function memberTest(request: Request, id: string) {
  const user = userFromRequest(request);
  if (!user) return { error: apiError(401, 'unauthorized', 'Missing or invalid access token') };
  const test = db.testCases.find((t) => t._id === id);
  const suite = test && db.suites.find((s) => s.test_suite_id === test.test_suite_id);
  const member =
    suite &&
    db.memberships.some((m) => m.org_id === suite.org_id && m.user_id === user.id && m.status === 'active');
  if (!test || !member) return { error: apiError(404, 'not_found', TEST_DATA_MESSAGES.notFound) };
  return { test };
}

const columnsOf = (test: DbTestCase) =>
  Object.keys(Object.keys(test.parameters).length > 0 ? test.parameters : test.credentials);

const json = (test: DbTestCase) => ({
  test_case_id: test._id,
  columns: columnsOf(test),
  rows: storedTestData(test),
});

export const testDataHandlers = [
  http.get(`${API}/test-case/:id/data`, ({ request, params }) => {
    const found = memberTest(request, String(params.id));
    if ('error' in found) return found.error;
    return HttpResponse.json(json(found.test));
  }),

  http.put(`${API}/test-case/:id/data`, async ({ request, params }) => {
    const found = memberTest(request, String(params.id));
    if ('error' in found) return found.error;
    const body = (await request.json()) as { rows?: unknown };
    const checked = checkDataRows(body.rows, columnsOf(found.test));
    if (!checked.ok)
      return HttpResponse.json(
        {
          error: {
            code: 'validation_failed',
            message: checked.problem.message,
            details: { fields: checked.problem.fields },
          },
        },
        { status: 400 },
      );
    tables.set(found.test, checked.rows);
    return HttpResponse.json(json(found.test));
  }),
];
