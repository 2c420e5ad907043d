import { http, HttpResponse } from 'msw';
import type { Dashboard } from '../../../contract/dashboard';
import { apiError } from './api';
import { db, type DbSuite } from './db';
import { userFromRequest } from './identity';

// GET /test-suites/{suiteId}/dashboard of the real server (server/src/routes/dashboard.ts): a
// suite's seeded dashboard, or an empty one that counts its tests.
const API = '/api';

// NOTE: kept on the suite object, so resetDb() (a new suites array) forgets them too.
const dashboards = new WeakMap<DbSuite, Dashboard>();

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
    ...overrides,
  };
}

export function seedDashboard(suiteId: string, dashboard: Partial<Dashboard>): Dashboard {
  const suite = db.suites.find((s) => s.test_suite_id === suiteId);
  if (!suite) throw new Error(`no suite ${suiteId}`);
  const seeded = buildDashboard(dashboard);
  dashboards.set(suite, seeded);
  return seeded;
}

export const dashboardHandlers = [
  http.get(`${API}/test-suites/:suiteId/dashboard`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return apiError(401, 'unauthorized', 'Missing or invalid access token');
    const suite = db.suites.find((s) => s.test_suite_id === String(params.suiteId));
    const member =
      suite &&
      db.memberships.some((m) => m.org_id === suite.org_id && m.user_id === user.id && m.status === 'active');
    if (!suite || !member) return apiError(404, 'not_found', 'Test suite not found');
    const tests = db.testCases.filter((test) => test.test_suite_id === suite.test_suite_id).length;
    const dashboard = dashboards.get(suite) ?? buildDashboard();
    return HttpResponse.json({ ...dashboard, counts: { ...dashboard.counts, tests } });
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
