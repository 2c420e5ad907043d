import { http, HttpResponse } from 'msw';
import {
  RETENTION_LIMITS as LIMITS,
  RETENTION_MESSAGES,
  type ProjectRetention,
  type ProjectUsage,
} from '../../../contract/retention';
import { db, type DbSuite } from './db';
import { userFromRequest } from './identity';

// The retention calls of the real server (server/src/routes/retention.ts, issue 34) on the in-memory
// db: same paths, sentence, field and status codes. The disk used is what a test seeds.
const API = '/api';

interface StoredRetention {
  days: number;
  usage: Omit<ProjectUsage, 'total_bytes'>;
}

// NOTE: kept by suite object, so resetDb() (which makes new suites) forgets them with the rows.
const bySuite = new WeakMap<DbSuite, StoredRetention>();
const retentionOf = (suite: DbSuite) => {
  let stored = bySuite.get(suite);
  if (!stored) {
    stored = { days: LIMITS.defaultDays, usage: { artifact_bytes: 0, run_bytes: 0, runs: 0 } };
    bySuite.set(suite, stored);
  }
  return stored;
};

/** Seeds the disk a suite uses (and its setting), for a test or story. */
export function seedRetention(suite: DbSuite, seed: Partial<StoredRetention['usage']> & { days?: number }) {
  const stored = retentionOf(suite);
  const { days, ...usage } = seed;
  if (days !== undefined) stored.days = days;
  Object.assign(stored.usage, usage);
}

/** The stored setting, for a test to check what was saved. */
export const storedRetentionDays = (suite: DbSuite): number => retentionOf(suite).days;

const toJson = (stored: StoredRetention): ProjectRetention => ({
  retention_days: stored.days,
  usage: { ...stored.usage, total_bytes: stored.usage.artifact_bytes + stored.usage.run_bytes },
});

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
  return member
    ? suite
    : HttpResponse.json({ error: { code: 'not_found', message: 'Test suite not found' } }, { status: 404 });
}

export const retentionHandlers = [
  http.get(`${API}/test-suites/:suiteId/retention`, ({ request, params }) => {
    const suite = memberSuite(request, String(params.suiteId));
    return suite instanceof Response ? suite : HttpResponse.json(toJson(retentionOf(suite)));
  }),

  http.put(`${API}/test-suites/:suiteId/retention`, async ({ request, params }) => {
    const suite = memberSuite(request, String(params.suiteId));
    if (suite instanceof Response) return suite;
    const body = (await request.json().catch(() => null)) as { retention_days?: unknown } | null;
    const days = body?.retention_days;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < LIMITS.minDays || days > LIMITS.maxDays)
      return HttpResponse.json(
        {
          error: {
            code: 'validation_failed',
            message: RETENTION_MESSAGES.invalidDays,
            details: { fields: { retention_days: 'invalid' } },
          },
        },
        { status: 400 },
      );
    const stored = retentionOf(suite);
    stored.days = days;
    return HttpResponse.json(toJson(stored));
  }),
];
