import { http, HttpResponse } from 'msw';
import {
  ENVIRONMENT_LIMITS as LIMITS,
  ENVIRONMENT_MASKED_VALUE,
  environmentOrigin,
  type Environment,
} from '../../../contract/environments';
import { db, newId, type DbSuite } from './db';
import { userFromRequest } from './identity';

// The environment calls of the real server (server/src/routes/environments.ts, issue 33) on the
// in-memory db: same paths, sentences, fields and status codes; secret values are never answered.
const API = '/api';

interface StoredEnvironment extends Omit<Environment, 'secrets'> {
  secrets: Record<string, string>;
}

// NOTE: kept by suite object, so resetDb() (which makes new suites) forgets them with the rows.
const bySuite = new WeakMap<DbSuite, StoredEnvironment[]>();
const listOf = (suite: DbSuite) => {
  let list = bySuite.get(suite);
  if (!list) bySuite.set(suite, (list = []));
  return list;
};

const invalid = (message: string, field: string, reason: string) =>
  HttpResponse.json(
    { error: { code: 'validation_failed', message, details: { fields: { [field]: reason } } } },
    { status: 400 },
  );
const notFound = (message: string) =>
  HttpResponse.json({ error: { code: 'not_found', message } }, { status: 404 });

function memberSuite(request: Request, suiteId: string): DbSuite | Response {
  const user = userFromRequest(request);
  if (!user)
    return HttpResponse.json(
      { error: { code: 'unauthorized', message: 'Missing or invalid access token' } },
      { status: 401 },
    );
  const suite = db.suites.find((s) => s.test_suite_id === suiteId);
  const member =
    suite &&
    db.memberships.some((m) => m.org_id === suite.org_id && m.user_id === user.id && m.status === 'active');
  return member ? suite : notFound('Test suite not found');
}

const toJson = (env: StoredEnvironment): Environment => ({
  ...env,
  variables: { ...env.variables },
  secrets: Object.fromEntries(Object.keys(env.secrets).map((key) => [key, ENVIRONMENT_MASKED_VALUE])),
});

interface Body {
  name?: string;
  base_url?: string;
  variables?: Record<string, string>;
  secrets?: Record<string, string | null>;
  is_default?: boolean;
}

/** The server's checks of a name and a base URL; null when they pass. */
function problemOf(list: StoredEnvironment[], body: Body, exceptId?: string): Response | null {
  if (body.name !== undefined) {
    const name = body.name.trim();
    if (!name) return invalid('Enter a name for the environment', 'name', 'required');
    if (name.length > LIMITS.name)
      return invalid(`Environment names must be at most ${LIMITS.name} characters`, 'name', 'too_long');
    if (list.some((env) => env.name === name && env._id !== exceptId))
      return invalid('An environment with this name already exists in this project', 'name', 'duplicate');
  }
  if (body.base_url !== undefined) {
    if (!body.base_url.trim())
      return invalid('Enter the base URL of the environment', 'base_url', 'required');
    if (!environmentOrigin(body.base_url))
      return invalid('The base URL must be an http:// or https:// address', 'base_url', 'http_or_https_only');
  }
  return null;
}

/** An environment as the seed of a test. */
export function seedEnvironment(
  suite: DbSuite,
  overrides: Partial<StoredEnvironment> & { name: string; base_url: string },
): StoredEnvironment {
  const list = listOf(suite);
  const now = new Date().toISOString();
  const env: StoredEnvironment = {
    _id: newId('env'),
    test_suite_id: suite.test_suite_id,
    variables: {},
    secrets: {},
    is_default: list.length === 0,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
  list.push(env);
  return env;
}

/** The stored environments of a suite, secrets in plain, for a test to check what was sent. */
export const storedEnvironments = (suite: DbSuite): readonly StoredEnvironment[] => listOf(suite);

/**
 * The schedule's environment as the server reads it (issue 33): null for none, the suite's
 * environment, or a 400 naming `field` for any other id.
 */
export function scheduleEnvironment(
  suite: DbSuite | undefined,
  id: string | null | undefined,
  field: string,
): { environment_id: string | null; environment_name: string | null } | Response {
  if (!id) return { environment_id: null, environment_name: null };
  const env = suite && listOf(suite).find((candidate) => candidate._id === id);
  if (!env)
    return invalid("The schedule's environment must be one of this project's environments", field, 'unknown');
  return { environment_id: env._id, environment_name: env.name };
}

function makeDefault(list: StoredEnvironment[], env: StoredEnvironment) {
  for (const other of list) other.is_default = other === env;
}

export const environmentHandlers = [
  http.get(`${API}/test-suites/:suiteId/environments`, ({ request, params }) => {
    const suite = memberSuite(request, String(params.suiteId));
    if (suite instanceof Response) return suite;
    return HttpResponse.json([...listOf(suite)].sort((a, b) => (a.name < b.name ? -1 : 1)).map(toJson));
  }),

  http.post(`${API}/test-suites/:suiteId/environments`, async ({ request, params }) => {
    const suite = memberSuite(request, String(params.suiteId));
    if (suite instanceof Response) return suite;
    const body = (await request.json()) as Body;
    const list = listOf(suite);
    const problem = problemOf(list, { name: body.name ?? '', base_url: body.base_url ?? '' });
    if (problem) return problem;
    const env = seedEnvironment(suite, {
      name: body.name!.trim(),
      base_url: body.base_url!.trim(),
      variables: body.variables ?? {},
      secrets: Object.fromEntries(
        Object.entries(body.secrets ?? {}).filter((entry): entry is [string, string] => entry[1] !== null),
      ),
    });
    if (body.is_default) makeDefault(list, env);
    return HttpResponse.json(toJson(env), { status: 201 });
  }),

  http.put(`${API}/test-suites/:suiteId/environments/:envId`, async ({ request, params }) => {
    const suite = memberSuite(request, String(params.suiteId));
    if (suite instanceof Response) return suite;
    const list = listOf(suite);
    const env = list.find((e) => e._id === params.envId);
    if (!env) return notFound('Environment not found');
    const body = (await request.json()) as Body;
    const problem = problemOf(list, body, env._id);
    if (problem) return problem;
    if (body.name !== undefined) env.name = body.name.trim();
    if (body.base_url !== undefined) env.base_url = body.base_url.trim();
    if (body.variables !== undefined) env.variables = body.variables;
    for (const [key, value] of Object.entries(body.secrets ?? {})) {
      if (value === null) delete env.secrets[key];
      else env.secrets[key] = value;
    }
    if (body.is_default) makeDefault(list, env);
    env.updated_at = new Date().toISOString();
    return HttpResponse.json(toJson(env));
  }),

  http.delete(`${API}/test-suites/:suiteId/environments/:envId`, ({ request, params }) => {
    const suite = memberSuite(request, String(params.suiteId));
    if (suite instanceof Response) return suite;
    const list = listOf(suite);
    const env = list.find((e) => e._id === params.envId);
    if (!env) return notFound('Environment not found');
    list.splice(list.indexOf(env), 1);
    if (env.is_default && list[0]) list[0].is_default = true;
    return new HttpResponse(null, { status: 204 });
  }),
];
