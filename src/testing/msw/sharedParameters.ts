import { http, HttpResponse } from 'msw';
import {
  MASKED_VALUE,
  SECRET_HOST_PATTERN,
  SHARED_PARAMETER_LIMITS as LIMITS,
  type SharedParameter,
} from '../../../contract/sharedParameters';
import { isSimpleName, MESSAGES } from '../../../contract/testCases';
import { apiError } from './api';
import { db, newId, type DbSharedParameter, type DbSuite } from './db';
import { userFromRequest } from './identity';

// The shared-parameter calls of the real server (server/src/routes/sharedParameters.ts) on the
// in-memory db: same paths, sentences and status codes; a value is write-only, never answered.
const API = '/api';

const unauthorized = () => apiError(401, 'unauthorized', 'Missing or invalid access token');
const suiteNotFound = () => apiError(404, 'not_found', 'Test suite not found');
const secretNotFound = () => apiError(404, 'not_found', 'Shared parameter not found');
const invalid = (message: string) => apiError(400, 'validation_failed', message);
const conflict = (message: string) => apiError(409, 'conflict', message);

// NOTE: kept beside the db's secrets (which have no times), so resetDb() forgets them with the rows.
const timesOf = new WeakMap<DbSharedParameter, { created_at: string; updated_at: string }>();

function times(secret: DbSharedParameter) {
  let entry = timesOf.get(secret);
  if (!entry) {
    const now = new Date().toISOString();
    timesOf.set(secret, (entry = { created_at: now, updated_at: now }));
  }
  return entry;
}

/** The tests of the suite that use the secret: the links live on the tests (shared_parameter_ids). */
const linkedTestIds = (secret: DbSharedParameter) =>
  db.testCases.filter((test) => test.shared_parameter_ids.includes(secret._id)).map((test) => test._id);

function secretJson(secret: DbSharedParameter): SharedParameter {
  return {
    _id: secret._id,
    key: secret.key,
    value: MASKED_VALUE,
    test_suite_id: secret.test_suite_id,
    linked_test_ids: linkedTestIds(secret),
    allowed_hosts: secret.allowed_hosts ?? [],
    ...times(secret),
  };
}

function memberSuite(request: Request, suiteId: string): DbSuite | Response {
  const user = userFromRequest(request);
  if (!user) return unauthorized();
  const suite = db.suites.find((s) => s.test_suite_id === suiteId);
  const member =
    suite &&
    db.memberships.some((m) => m.org_id === suite.org_id && m.user_id === user.id && m.status === 'active');
  return member ? suite : suiteNotFound();
}

interface Body {
  key?: string;
  value?: string;
  linked_test_ids?: string[];
  allowed_hosts?: string[];
}

/** The server's checks of a key and of linked tests; null when they pass. */
function problemOf(suiteId: string, body: Body, exceptId?: string): Response | null {
  const key = body.key?.trim();
  if (key !== undefined) {
    if (!isSimpleName(key)) return invalid(MESSAGES.secretName);
    if (key.length > LIMITS.key) return invalid(`Secret names must be at most ${LIMITS.key} characters`);
    const taken = db.sharedParameters.some(
      (p) => p.test_suite_id === suiteId && p._id !== exceptId && p.key === key,
    );
    const own = db.sharedParameters.find((p) => p._id === exceptId)?.key === key;
    const variable = db.testCases.some(
      (t) => t.test_suite_id === suiteId && (key in t.parameters || key in t.credentials),
    );
    if (taken || (variable && !own)) return conflict(MESSAGES.secretClash);
  }
  if (body.value !== undefined && body.value.length > LIMITS.value)
    return invalid(`Secret values must be at most ${LIMITS.value} characters`);
  const badHost = (body.allowed_hosts ?? []).find((host) => !SECRET_HOST_PATTERN.test(host));
  if (badHost !== undefined)
    return invalid(`"${badHost}" is not a host: write shop.example, 127.0.0.1:4100 or *.shop.example`);
  const ids = body.linked_test_ids ?? [];
  if (!ids.every((id) => db.testCases.some((t) => t._id === id && t.test_suite_id === suiteId)))
    return invalid('A test in linked_test_ids is not in this test suite');
  return null;
}

function link(secret: DbSharedParameter, testIds: string[]) {
  for (const test of db.testCases.filter((t) => t.test_suite_id === secret.test_suite_id)) {
    const has = test.shared_parameter_ids.includes(secret._id);
    if (testIds.includes(test._id) && !has)
      test.shared_parameter_ids = [...test.shared_parameter_ids, secret._id];
    if (!testIds.includes(test._id) && has)
      test.shared_parameter_ids = test.shared_parameter_ids.filter((id) => id !== secret._id);
  }
}

function memberSecret(request: Request, suiteId: string, paramId: string) {
  const suite = memberSuite(request, suiteId);
  if (suite instanceof Response) return suite;
  const secret = db.sharedParameters.find((p) => p._id === paramId && p.test_suite_id === suiteId);
  return secret ?? secretNotFound();
}

export const sharedParameterHandlers = [
  http.get(`${API}/test-suites/:id/shared-parameters`, ({ request, params }) => {
    const suite = memberSuite(request, String(params.id));
    if (suite instanceof Response) return suite;
    return HttpResponse.json(
      db.sharedParameters
        .filter((p) => p.test_suite_id === suite.test_suite_id)
        .sort((a, b) => (a.key < b.key ? -1 : 1))
        .map(secretJson),
    );
  }),

  http.post(`${API}/test-suites/:id/shared-parameters`, async ({ request, params }) => {
    const suite = memberSuite(request, String(params.id));
    if (suite instanceof Response) return suite;
    const body = (await request.json()) as Body;
    const key = body.key?.trim();
    if (!key || !body.value) return invalid(MESSAGES.parameterDataRequired);
    const problem = problemOf(suite.test_suite_id, body);
    if (problem) return problem;
    const secret: DbSharedParameter = {
      _id: newId('secret'),
      test_suite_id: suite.test_suite_id,
      key,
      value: body.value,
      allowed_hosts: body.allowed_hosts ?? [],
    };
    db.sharedParameters.push(secret);
    link(secret, body.linked_test_ids ?? []);
    return HttpResponse.json(secretJson(secret), { status: 201 });
  }),

  http.put(`${API}/test-suites/:id/shared-parameters/:paramId`, async ({ request, params }) => {
    const secret = memberSecret(request, String(params.id), String(params.paramId));
    if (secret instanceof Response) return secret;
    const body = (await request.json()) as Body;
    if (!body.key?.trim() && !body.value && body.linked_test_ids === undefined && !body.allowed_hosts)
      return invalid(MESSAGES.parameterDataRequired);
    const problem = problemOf(secret.test_suite_id, body, secret._id);
    if (problem) return problem;
    if (body.key?.trim()) secret.key = body.key.trim();
    if (body.value) secret.value = body.value;
    if (body.linked_test_ids !== undefined) link(secret, body.linked_test_ids);
    if (body.allowed_hosts !== undefined) secret.allowed_hosts = body.allowed_hosts;
    times(secret).updated_at = new Date().toISOString();
    return HttpResponse.json(secretJson(secret));
  }),

  http.delete(`${API}/test-suites/:id/shared-parameters/:paramId`, ({ request, params }) => {
    const secret = memberSecret(request, String(params.id), String(params.paramId));
    if (secret instanceof Response) return secret;
    link(secret, []);
    db.sharedParameters.splice(db.sharedParameters.indexOf(secret), 1);
    return new HttpResponse(null, { status: 204 });
  }),
];
