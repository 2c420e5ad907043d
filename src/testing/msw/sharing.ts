import { http, HttpResponse } from 'msw';
import {
  SHARE_MESSAGES,
  SLUG_PATTERN,
  type CiRunGroup,
  type ShareState,
  type ShareVisibility,
  type SharedStep,
  type SharedTest,
} from '../../../contract/sharing';
import type { RunCounts } from '../../../contract/collections';
import { apiError } from './api';
import { db, type DbSuite, type DbTestCase, type DbUser } from './db';
import { userFromRequest } from './identity';

// The sharing and CI-runs calls of contract/sharing.ts on the in-memory db: same paths, same
// sentences, same status codes (a private share answers 404 to anyone outside its organization).
const API = '/api';

interface DbShare {
  slug: string;
  visibility: ShareVisibility;
  published_at: string;
  /** What the share page shows beyond the test's own fields (screenshots, exported code). */
  steps?: SharedStep[];
}

// NOTE: kept on the test and suite objects, so resetDb() forgets them with those.
const sharesOf = new WeakMap<DbTestCase, DbShare>();
const ciRunsOf = new WeakMap<DbSuite, CiRunGroup[]>();

const unauthorized = () => apiError(401, 'unauthorized', 'Missing or invalid access token');
const notFound = (message = 'Not found') => apiError(404, 'not_found', message);

/** The server's refusal of one field: `details.fields` names it (server/src/errors.ts). */
const fieldError = (status: number, code: string, message: string, field: string) =>
  HttpResponse.json({ error: { code, message, details: { fields: { [field]: 'invalid' } } } }, { status });

const isMember = (user: DbUser, orgId: string) =>
  db.memberships.some((m) => m.org_id === orgId && m.user_id === user.id && m.status === 'active');

function shareJson(share: DbShare): ShareState {
  return {
    slug: share.slug,
    visibility: share.visibility,
    published_at: share.published_at,
    path: `/shared/${share.slug}`,
    badge_path: share.visibility === 'public' ? `/api/shared/${share.slug}/badge.svg` : null,
  };
}

function sharedTestJson(test: DbTestCase, share: DbShare): SharedTest {
  const steps =
    share.steps ??
    (test.test_generation_steps as { step_description?: string; generated_code?: string }[]).map((step) => ({
      description: step.step_description ?? '',
      code: step.generated_code ?? '',
      screenshot_url: null,
    }));
  return {
    slug: share.slug,
    visibility: share.visibility,
    name: test.name,
    website: test.website,
    instructions: test.description,
    steps,
    latest_run:
      test.latest_run_status && test.latest_run_time
        ? { status: test.latest_run_status, at: test.latest_run_time }
        : null,
    code: { typescript: test.final_script ?? '', python: test.final_script_py ?? '' },
    published_at: share.published_at,
  };
}

function findShared(slug: string): { test: DbTestCase; share: DbShare } | null {
  for (const test of db.testCases) {
    const share = sharesOf.get(test);
    if (share?.slug === slug) return { test, share };
  }
  return null;
}

export function seedShare(test: DbTestCase, share: Partial<DbShare> & Pick<DbShare, 'slug'>): ShareState {
  const stored: DbShare = { visibility: 'public', published_at: '2026-03-01T10:00:00.000Z', ...share };
  sharesOf.set(test, stored);
  return shareJson(stored);
}

export function storedShare(test: DbTestCase): ShareState | null {
  const share = sharesOf.get(test);
  return share ? shareJson(share) : null;
}

export function seedCiRuns(suite: DbSuite, groups: CiRunGroup[]) {
  ciRunsOf.set(suite, groups);
}

const noCounts: RunCounts = {
  pending: 0,
  running: 0,
  passed: 0,
  failed: 0,
  cancelled: 0,
  error: 0,
  flaky: 0,
};

/** A run group a pipeline started: counts default to none. */
export function ciRunGroup(overrides: Partial<CiRunGroup> & Pick<CiRunGroup, 'collection_id'>): CiRunGroup {
  const counts = { ...noCounts, ...overrides.counts };
  return {
    collection_name: 'Checkout',
    created_at: '2026-03-02T08:00:00.000Z',
    total: Object.values(counts).reduce((sum, count) => sum + count, 0),
    finished_at: '2026-03-02T08:03:00.000Z',
    ...overrides,
    counts,
  };
}

function testOf(request: Request, id: string) {
  const user = userFromRequest(request);
  if (!user) return { error: unauthorized() } as const;
  const test = db.testCases.find((candidate) => candidate._id === id);
  if (!test || !isMember(user, test.org_id)) return { error: notFound('Test case not found') } as const;
  return { test } as const;
}

export const sharingHandlers = [
  http.get(`${API}/test-case/:id/share`, ({ request, params }) => {
    const found = testOf(request, String(params.id));
    if ('error' in found) return found.error;
    const share = sharesOf.get(found.test);
    return HttpResponse.json(share ? shareJson(share) : null);
  }),

  http.put(`${API}/test-case/:id/publish`, async ({ request, params }) => {
    const found = testOf(request, String(params.id));
    if ('error' in found) return found.error;
    const body = (await request.json()) as { slug?: string; visibility?: string };
    const slug = body.slug ?? new URL(request.url).searchParams.get('slug') ?? '';
    if (!new RegExp(SLUG_PATTERN).test(slug))
      return fieldError(400, 'validation_failed', SHARE_MESSAGES.slugInvalid, 'slug');
    const visibility = body.visibility ?? sharesOf.get(found.test)?.visibility ?? 'public';
    if (visibility !== 'public' && visibility !== 'private')
      return fieldError(400, 'validation_failed', SHARE_MESSAGES.visibilityInvalid, 'visibility');
    const holder = findShared(slug);
    if (holder && holder.test !== found.test)
      return fieldError(409, 'conflict', SHARE_MESSAGES.slugTaken, 'slug');
    const previous = sharesOf.get(found.test);
    const share: DbShare = {
      ...previous,
      slug,
      visibility,
      published_at: previous?.published_at ?? new Date().toISOString(),
    };
    sharesOf.set(found.test, share);
    return HttpResponse.json({ message: SHARE_MESSAGES.published, share: shareJson(share) });
  }),

  http.delete(`${API}/test-case/:id/publish`, ({ request, params }) => {
    const found = testOf(request, String(params.id));
    if ('error' in found) return found.error;
    sharesOf.delete(found.test);
    return HttpResponse.json({ message: SHARE_MESSAGES.unpublished });
  }),

  http.get(`${API}/shared/:slug`, ({ request, params }) => {
    const found = findShared(String(params.slug));
    if (!found) return notFound(SHARE_MESSAGES.notFound);
    if (found.share.visibility === 'private') {
      const user = userFromRequest(request);
      if (!user || !isMember(user, found.test.org_id)) return notFound(SHARE_MESSAGES.notFound);
    }
    return HttpResponse.json(sharedTestJson(found.test, found.share));
  }),

  // Issue 28: every browser unless a test says otherwise with server.use.
  http.get(`${API}/system/browsers`, ({ request }) =>
    userFromRequest(request)
      ? HttpResponse.json({ browsers: ['chromium', 'firefox', 'webkit'] })
      : unauthorized(),
  ),

  http.get(`${API}/test-suites/:suiteId/ci-runs`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const suite = db.suites.find((candidate) => candidate.test_suite_id === params.suiteId);
    if (!suite || !isMember(user, suite.org_id)) return notFound('Test suite not found');
    return HttpResponse.json(ciRunsOf.get(suite) ?? []);
  }),
];
