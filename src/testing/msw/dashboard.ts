import { http, HttpResponse } from 'msw';
import { OWN_WEBSITES, type Dashboard } from '../../../contract/dashboard';
import {
  QUARANTINE_LIMITS,
  QUARANTINE_MESSAGES,
  type Quarantine,
  type QuarantineCandidate,
} from '../../../contract/quarantine';
import { apiError } from './api';
import { db, type DbSuite, type DbTestCase } from './db';
import { storedEnvironments } from './environments';
import { userFromRequest } from './identity';
import { storedRuns } from './runs';

// GET /test-suites/{suiteId}/dashboard of the real server (server/src/routes/dashboard.ts): a
// suite's seeded dashboard, or an empty one that counts its tests.
const API = '/api';

// NOTE: kept on the suite object, so resetDb() (a new suites array) forgets them too. Within a suite,
// by environment id (issue 33), OWN_WEBSITES for the runs on the tests' own websites.
const dashboards = new WeakMap<DbSuite, Map<string, Dashboard>>();

const DAY_MS = 24 * 60 * 60 * 1000;

/** An empty dashboard: 30 zero days ending today (UTC). */
export function buildDashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const empty = { passed: 0, failed: 0, total: 0, rate: null };
  return {
    pass_rate: {
      last_7_days: empty,
      last_30_days: empty,
      daily: Array.from({ length: 30 }, (_, index) => ({
        date: new Date(today - (29 - index) * DAY_MS).toISOString().slice(0, 10),
        passed: 0,
        failed: 0,
      })),
    },
    latest_failures: [],
    flaky: [],
    out_of_date: [],
    running: [],
    counts: { tests: 0, runs_30_days: 0 },
    environment: null,
    ...overrides,
  };
}

/** The suite's dashboard on an environment (issue 33; by default the tests' own websites). */
export function seedDashboard(
  suiteId: string,
  dashboard: Partial<Dashboard>,
  environmentId: string = OWN_WEBSITES,
): Dashboard {
  const suite = db.suites.find((s) => s.test_suite_id === suiteId);
  if (!suite) throw new Error(`no suite ${suiteId}`);
  const seeded = buildDashboard(dashboard);
  if (!dashboards.has(suite)) dashboards.set(suite, new Map());
  dashboards.get(suite)!.set(environmentId, seeded);
  return seeded;
}

// Issue 33: quarantined tests, kept on the test object (resetDb() forgets them with it).
const quarantines = new WeakMap<DbTestCase, { reason: string; by: string | null; at: string }>();

/** A test quarantined by `by` (an e-mail address), as a seed. */
export function seedQuarantine(test: DbTestCase, reason: string, by: string | null = 'ada@example.com') {
  quarantines.set(test, { reason, by, at: new Date().toISOString() });
}

export const quarantineOf = (test: DbTestCase) => quarantines.get(test) ?? null;

// Issue 33: candidates for quarantine (a flaky run in a collection with its retry), by the test.
const candidates = new WeakMap<DbTestCase, { run_id: string; at: string }>();

/** A test marked a candidate for quarantine by its flaky run `runId`, as a seed. */
export function seedQuarantineCandidate(test: DbTestCase, runId: string) {
  candidates.set(test, { run_id: runId, at: new Date().toISOString() });
}

export const candidateOf = (test: DbTestCase) => candidates.get(test) ?? null;

const recentRunsOf = (test: DbTestCase) =>
  [...storedRuns(test)]
    .sort((a, b) => b.created_at.localeCompare(a.created_at))
    .slice(0, QUARANTINE_LIMITS.recentRuns)
    .map((run) => ({ _id: run._id, status: run.status, created_at: run.created_at }));

function candidateJson(test: DbTestCase): QuarantineCandidate | null {
  const stored = candidates.get(test);
  if (!stored || quarantines.has(test)) return null;
  return {
    test_case_id: test._id,
    test_name: test.name,
    flaky_run_id: stored.run_id,
    marked_at: stored.at,
    recent_runs: recentRunsOf(test),
  };
}

function quarantineJson(test: DbTestCase): Quarantine | null {
  const stored = quarantines.get(test);
  if (!stored) return null;
  return {
    test_case_id: test._id,
    test_name: test.name,
    reason: stored.reason,
    quarantined_at: stored.at,
    quarantined_by: stored.by,
    recent_runs: [...storedRuns(test)]
      .sort((a, b) => b.created_at.localeCompare(a.created_at))
      .slice(0, QUARANTINE_LIMITS.recentRuns)
      .map((run) => ({ _id: run._id, status: run.status, created_at: run.created_at })),
  };
}

function memberTest(request: Request, id: string) {
  const user = userFromRequest(request);
  if (!user) return { error: apiError(401, 'unauthorized', 'Missing or invalid access token') };
  const test = db.testCases.find((t) => t._id === id);
  const suite = test && db.suites.find((s) => s.test_suite_id === test.test_suite_id);
  const member =
    suite &&
    db.memberships.some((m) => m.org_id === suite.org_id && m.user_id === user.id && m.status === 'active');
  if (!test || !member) return { error: apiError(404, 'not_found', QUARANTINE_MESSAGES.notFound) };
  return { test, user };
}

export const dashboardHandlers = [
  http.get(`${API}/test-case/:id/quarantine`, ({ request, params }) => {
    const found = memberTest(request, String(params.id));
    if ('error' in found) return found.error;
    return HttpResponse.json({ quarantine: quarantineJson(found.test) });
  }),

  http.put(`${API}/test-case/:id/quarantine`, async ({ request, params }) => {
    const found = memberTest(request, String(params.id));
    if ('error' in found) return found.error;
    const { reason } = (await request.json()) as { reason?: string };
    const text = (reason ?? '').trim();
    const refuse = (message: string, why: string) =>
      HttpResponse.json(
        { error: { code: 'validation_failed', message, details: { fields: { reason: why } } } },
        { status: 400 },
      );
    if (!text) return refuse(QUARANTINE_MESSAGES.reasonRequired, 'required');
    if (text.length > QUARANTINE_LIMITS.reason) return refuse(QUARANTINE_MESSAGES.reasonTooLong, 'too_long');
    seedQuarantine(found.test, text, found.user.email);
    candidates.delete(found.test);
    return HttpResponse.json(quarantineJson(found.test));
  }),

  http.delete(`${API}/test-case/:id/quarantine`, ({ request, params }) => {
    const found = memberTest(request, String(params.id));
    if ('error' in found) return found.error;
    quarantines.delete(found.test);
    return new HttpResponse(null, { status: 204 });
  }),

  http.delete(`${API}/test-case/:id/quarantine/candidate`, ({ request, params }) => {
    const found = memberTest(request, String(params.id));
    if ('error' in found) return found.error;
    candidates.delete(found.test);
    return new HttpResponse(null, { status: 204 });
  }),

  http.get(`${API}/test-suites/:suiteId/quarantine`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return apiError(401, 'unauthorized', 'Missing or invalid access token');
    const suite = db.suites.find((s) => s.test_suite_id === String(params.suiteId));
    const member =
      suite &&
      db.memberships.some((m) => m.org_id === suite.org_id && m.user_id === user.id && m.status === 'active');
    if (!suite || !member) return apiError(404, 'not_found', 'Test suite not found');
    const tests = db.testCases
      .filter((test) => test.test_suite_id === suite.test_suite_id)
      .flatMap((test) => quarantineJson(test) ?? [])
      .sort((a, b) => b.quarantined_at.localeCompare(a.quarantined_at));
    const marked = db.testCases
      .filter((test) => test.test_suite_id === suite.test_suite_id)
      .flatMap((test) => candidateJson(test) ?? [])
      .sort((a, b) => b.marked_at.localeCompare(a.marked_at));
    return HttpResponse.json({ tests, candidates: marked });
  }),

  http.get(`${API}/test-suites/:suiteId/dashboard`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return apiError(401, 'unauthorized', 'Missing or invalid access token');
    const suite = db.suites.find((s) => s.test_suite_id === String(params.suiteId));
    const member =
      suite &&
      db.memberships.some((m) => m.org_id === suite.org_id && m.user_id === user.id && m.status === 'active');
    if (!suite || !member) return apiError(404, 'not_found', 'Test suite not found');
    const tests = db.testCases.filter((test) => test.test_suite_id === suite.test_suite_id).length;
    // Issue 33: the environment asked for, else the project's default one, else the tests' own websites.
    const environments = storedEnvironments(suite);
    const asked = new URL(request.url).searchParams.get('environment_id');
    const environment = asked
      ? environments.find((env) => env._id === asked)
      : environments.find((env) => env.is_default);
    if (asked && asked !== OWN_WEBSITES && !environment)
      return HttpResponse.json(
        {
          error: {
            code: 'validation_failed',
            message: `environment_id must be one of the project's environments, or ${OWN_WEBSITES} for the tests' own websites`,
            details: { fields: { environment_id: 'unknown' } },
          },
        },
        { status: 400 },
      );
    const dashboard = dashboards.get(suite)?.get(environment?._id ?? OWN_WEBSITES) ?? buildDashboard();
    return HttpResponse.json({
      ...dashboard,
      counts: { ...dashboard.counts, tests },
      environment: environment ? { _id: environment._id, name: environment.name } : null,
    });
  }),

  // Issue 33: the test's newest run on its own website, then on each environment by name.
  http.get(`${API}/test-case/:id/headlines`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return apiError(401, 'unauthorized', 'Missing or invalid access token');
    const test = db.testCases.find((t) => t._id === String(params.id));
    const suite = test && db.suites.find((s) => s.test_suite_id === test.test_suite_id);
    const member =
      suite &&
      db.memberships.some((m) => m.org_id === suite.org_id && m.user_id === user.id && m.status === 'active');
    if (!test || !suite || !member) return apiError(404, 'not_found', 'Test case not found');
    const runs = [...storedRuns(test)].sort((a, b) => b.created_at.localeCompare(a.created_at));
    const headline = (environment: { _id: string; name: string; is_default: boolean } | null) => {
      const run = runs.find((candidate) =>
        environment ? candidate.environment_id === environment._id : !candidate.settings.website_url_override,
      );
      return {
        environment_id: environment?._id ?? null,
        environment_name: environment?.name ?? null,
        is_default: environment?.is_default ?? false,
        status: run?.status ?? null,
        run_id: run?._id ?? null,
        run_at: run?.created_at ?? null,
      };
    };
    const environments = [...storedEnvironments(suite)].sort((a, b) => a.name.localeCompare(b.name));
    return HttpResponse.json({ headlines: [headline(null), ...environments.map(headline)] });
  }),
];

/** A busy suite's dashboard, for stories: every section has rows. */
export function sampleDashboard(): Partial<Dashboard> {
  const now = Date.now();
  const daily = buildDashboard().pass_rate.daily.map((day, index) => ({
    ...day,
    passed: 20 + ((index * 7) % 11),
    failed: (index * 3) % 5,
  }));
  return {
    pass_rate: {
      last_7_days: { passed: 171, failed: 14, total: 185, rate: 171 / 185 },
      last_30_days: { passed: 744, failed: 60, total: 804, rate: 744 / 804 },
      daily,
    },
    latest_failures: [
      {
        test_case_id: 'test-checkout',
        test_name: 'Checks out with a saved card, a coupon and express delivery to a new address',
        run_id: 'run-checkout',
        status: 'failed',
        failed_at: new Date(now - 600_000).toISOString(),
        failing_step_index: 4,
        failing_step: 'Click "Place order"',
        error_message: 'Expected the page to show "Thank you" within 5 s, but it was not visible.',
      },
    ],
    flaky: [
      {
        test_case_id: 'test-search',
        test_name: 'Searches by colour',
        passed: 14,
        failed: 4,
        flaky: 2,
        runs: 20,
      },
    ],
    out_of_date: [{ test_case_id: 'test-signup', test_name: 'Signs up with Google' }],
    running: [
      {
        kind: 'run',
        test_case_id: 'test-cart',
        test_name: 'Adds two items to the cart',
        run_id: 'run-cart',
        status: 'running',
        started_at: new Date(now - 20_000).toISOString(),
      },
    ],
    counts: { tests: 0, runs_30_days: 804 },
  };
}
