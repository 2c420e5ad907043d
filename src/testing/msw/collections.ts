import { http, HttpResponse } from 'msw';
import {
  COLLECTION_LIMITS,
  COLLECTION_MESSAGES,
  type Collection,
  type CollectionSocketMessage,
  type CollectionRun,
  type CollectionRunGroup,
  type RunCounts,
} from '../../../contract/collections';
import type { RunStatus, RunTrigger } from '../../../contract/runs';
import type { ScheduleTick } from '../../../contract/schedules';
import { apiError } from './api';
import { scheduleEnvironment } from './environments';
import { db, newId, type DbSuite, type DbUser } from './db';
import { userFromRequest } from './identity';
import { scheduleJson, scheduleProblem } from './schedules';
import { fakeTopic } from './socket';

// The collection calls of contract/collections.ts (server/src/routes/collections.ts), on the
// in-memory db: same paths, same sentences, same status codes.
const API = '/api';

export interface DbCollection {
  _id: string;
  name: string;
  test_suite_id: string;
  linked_test_ids: string[];
  schedule: string | null;
  /** Issue 12: the schedule's zone and what its ticks did (newest first). */
  schedule_timezone?: string | null;
  schedule_ticks?: ScheduleTick[];
  /** Issue 33: the environment the schedule runs on. */
  schedule_environment?: { environment_id: string | null; environment_name: string | null };
  retry_on_failure?: boolean;
  alert_on?: Collection['alert_on'];
  created_at: string;
  last_modified_at: string;
  /** Every run the collection's run-alls made; grouped by `created_at` when read. */
  runs: CollectionRun[];
  /** Where a group (by `created_at`) came from, when not from a person (issue 28). */
  group_triggers?: Record<string, RunTrigger>;
  /** Issue 33: the environment each run-all asked for, in order (null: the tests' own websites). */
  run_all_environments?: (string | null)[];
}

// NOTE: kept on the suite object, so resetDb() (a new suites array) forgets them too.
const collectionsOf = new WeakMap<DbSuite, DbCollection[]>();

function suiteCollections(suite: DbSuite): DbCollection[] {
  let list = collectionsOf.get(suite);
  if (!list) collectionsOf.set(suite, (list = []));
  return list;
}

export function findCollection(id: string): { suite: DbSuite; collection: DbCollection } | null {
  for (const suite of db.suites) {
    const collection = suiteCollections(suite).find((c) => c._id === id);
    if (collection) return { suite, collection };
  }
  return null;
}

const now = () => new Date().toISOString();

export function seedCollection(
  suite: DbSuite,
  name: string,
  overrides: Partial<Omit<DbCollection, 'name'>> = {},
): DbCollection {
  const created = now();
  const collection: DbCollection = {
    _id: newId('collection'),
    name,
    test_suite_id: suite.test_suite_id,
    linked_test_ids: [],
    schedule: null,
    created_at: created,
    last_modified_at: created,
    runs: [],
    ...overrides,
  };
  suiteCollections(suite).push(collection);
  return collection;
}

/** One run-all's group: a run per linked test (or per given status), all created at `createdAt`. */
export function seedRunGroup(
  collection: DbCollection,
  createdAt: string,
  statuses: RunStatus[] = collection.linked_test_ids.map(() => 'passed'),
  durationInSecs = 12,
  trigger: RunTrigger = 'manual',
): CollectionRun[] {
  collection.group_triggers = { ...collection.group_triggers, [createdAt]: trigger };
  const runs = statuses.map((status, index) => {
    const testId =
      collection.linked_test_ids[index % Math.max(collection.linked_test_ids.length, 1)] ?? 'test';
    const finished = !['pending', 'scheduled', 'running'].includes(status);
    return {
      _id: newId('run'),
      test_case_id: testId,
      test_name: db.testCases.find((t) => t._id === testId)?.name ?? testId,
      browser: 'chromium',
      status,
      execution_time_in_secs: finished ? durationInSecs + index : null,
      failing_step_index: status === 'failed' ? 1 : null,
      error_message: status === 'failed' ? 'Expected the cart to hold 1 item' : null,
      created_at: createdAt,
      finished_at: finished ? createdAt : null,
    } satisfies CollectionRun;
  });
  collection.runs.push(...runs);
  return runs;
}

/** Moves every run of a group to `status`, as the worker would, and tells the collection's watchers as it does. */
export function finishRunGroup(collection: DbCollection, createdAt: string, status: RunStatus = 'passed') {
  for (const run of collection.runs.filter((r) => r.created_at === createdAt)) {
    Object.assign(run, { status, execution_time_in_secs: 9, finished_at: now() });
  }
  publishCollectionRunsChanged(collection, createdAt);
}

const emptyCounts = (): RunCounts => ({
  pending: 0,
  running: 0,
  passed: 0,
  failed: 0,
  cancelled: 0,
  error: 0,
  flaky: 0,
});

function groupsOf(collection: DbCollection): CollectionRunGroup[] {
  const byTime = new Map<string, CollectionRun[]>();
  for (const run of collection.runs) byTime.set(run.created_at, [...(byTime.get(run.created_at) ?? []), run]);
  return [...byTime.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([created_at, runs]) => {
      const counts = emptyCounts();
      for (const run of runs) {
        const key = run.status === 'scheduled' ? 'pending' : run.status;
        if (key in counts) counts[key as keyof RunCounts] += 1;
      }
      const durations = runs.map((r) => r.execution_time_in_secs).filter((d): d is number => d !== null);
      return {
        created_at,
        trigger: collection.group_triggers?.[created_at] ?? 'manual',
        counts,
        total: runs.length,
        longest_duration_in_secs: durations.length ? Math.max(...durations) : null,
        runs,
      };
    });
}

function collectionJson(collection: DbCollection, groups: CollectionRunGroup[] | null): Collection {
  const {
    runs: _runs,
    schedule_ticks: ticks = [],
    group_triggers: _triggers,
    schedule_environment: environment,
    ...fields
  } = collection;
  const all = groupsOf(collection);
  const newest = all[0];
  const timezone = collection.schedule ? (collection.schedule_timezone ?? 'UTC') : null;
  return {
    retry_on_failure: false,
    alert_on: 'never',
    ...fields,
    schedule_timezone: timezone,
    schedule_details:
      collection.schedule && timezone
        ? scheduleJson(collection.schedule, timezone, ticks, `schedule-${collection._id}`, environment)
        : null,
    linked_runs: groups ?? all.slice(0, COLLECTION_LIMITS.defaultGroups),
    last_run: newest
      ? {
          created_at: newest.created_at,
          trigger: newest.trigger,
          counts: newest.counts,
          total: newest.total,
          longest_duration_in_secs: newest.longest_duration_in_secs,
        }
      : null,
  };
}

const unauthorized = () => apiError(401, 'unauthorized', 'Missing or invalid access token');
const notFound = () => apiError(404, 'not_found', COLLECTION_MESSAGES.notFound);
const invalid = (message: string) => apiError(400, 'validation_failed', message);
const conflict = (message: string) => apiError(409, 'conflict', message);

function isMember(user: Pick<DbUser, 'id'>, suite: DbSuite) {
  return db.memberships.some(
    (m) => m.org_id === suite.org_id && m.user_id === user.id && m.status === 'active',
  );
}

function memberCollection(request: Request, id: string) {
  const user = userFromRequest(request);
  if (!user) return { error: unauthorized() };
  const found = findCollection(id);
  if (!found || !isMember(user, found.suite)) return { error: notFound() };
  return found;
}

// ── The live socket (issue 31) ───────────────────────────────────────────────────────────────────

// A collection's runs: watched until the socket closes (the server's watch times out; tests need not).
const collectionTopic = fakeTopic('collection', {
  watch: 'watch_collection',
  unwatch: 'unwatch_collection',
  idField: 'collection_id',
  open: (id, userId) => {
    const error = (message: string): CollectionSocketMessage => ({
      type: 'ERROR',
      message,
      collection_id: id,
    });
    if (!id) return { messages: [error(COLLECTION_MESSAGES.idRequired)], watching: false };
    const found = findCollection(id);
    if (!found || !isMember({ id: userId }, found.suite))
      return { messages: [error(COLLECTION_MESSAGES.notFound)], watching: false };
    return { messages: [{ type: 'COLLECTION_WATCHING', collection_id: id }], watching: true };
  },
});

/**
 * Tells every socket watching the collection that the runs of its group at `createdAt` moved, one
 * message per run as the server's (run-all, cancel and finishRunGroup call it; a test that changes
 * runs by hand calls it itself).
 */
export function publishCollectionRunsChanged(collection: DbCollection, createdAt: string) {
  for (const run of collection.runs.filter((r) => r.created_at === createdAt)) {
    const message: CollectionSocketMessage = {
      type: 'COLLECTION_RUNS_CHANGED',
      collection_id: collection._id,
      created_at: createdAt,
      run_id: run._id,
      test_id: run.test_case_id,
      status: run.status,
    };
    collectionTopic.publish(collection._id, message, /* ends */ false);
  }
}

/** The watch's time limit: the socket's watch of the collection ends. */
export function publishCollectionTimedOut(collectionId: string) {
  collectionTopic.publish(collectionId, { type: 'WATCH_TIMED_OUT', collection_id: collectionId }, true);
}

export const collectionWatcherCount = collectionTopic.watcherCount;

const nameTaken = (suite: DbSuite, name: string, exceptId?: string) =>
  suiteCollections(suite).some((c) => c._id !== exceptId && c.name.toLowerCase() === name.toLowerCase());

export const collectionHandlers = [
  http.get(`${API}/test-suites/collections/:suiteId`, ({ request, params }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const suite = db.suites.find((s) => s.test_suite_id === String(params.suiteId));
    if (!suite || !isMember(user, suite)) return apiError(404, 'not_found', 'Test suite not found');
    // NOTE: creation order on purpose: sorting by name is the SPA's job (SPEC §4).
    return HttpResponse.json(suiteCollections(suite).map((c) => collectionJson(c, [])));
  }),

  http.get(`${API}/test-suites/collection/:id`, ({ request, params }) => {
    const found = memberCollection(request, String(params.id));
    if ('error' in found) return found.error;
    const url = new URL(request.url);
    const createdAt = url.searchParams.get('linked_runs_created_at');
    const offset = Number(url.searchParams.get('linked_runs_offset') ?? 0);
    const limit = Number(url.searchParams.get('linked_runs_limit') ?? COLLECTION_LIMITS.linkedRunsLimit);
    const all = groupsOf(found.collection);
    const groups = createdAt
      ? all.filter((g) => Date.parse(g.created_at) === Date.parse(createdAt))
      : all.slice(offset, offset + limit);
    return HttpResponse.json(collectionJson(found.collection, groups));
  }),

  http.post(`${API}/test-suites/collection`, async ({ request }) => {
    const user = userFromRequest(request);
    if (!user) return unauthorized();
    const body = (await request.json()) as {
      name?: string;
      test_suite_id?: string;
      linked_test_ids?: string[];
    };
    const name = body.name?.trim() ?? '';
    if (!name || !body.test_suite_id) return invalid(COLLECTION_MESSAGES.nameRequired);
    const suite = db.suites.find((s) => s.test_suite_id === body.test_suite_id);
    if (!suite || !isMember(user, suite)) return apiError(404, 'not_found', 'Test suite not found');
    if (nameTaken(suite, name)) return conflict(COLLECTION_MESSAGES.nameTaken);
    const collection = seedCollection(suite, name, { linked_test_ids: body.linked_test_ids ?? [] });
    return HttpResponse.json(collectionJson(collection, []), { status: 201 });
  }),

  http.put(`${API}/test-suites/collection/:id`, async ({ request, params }) => {
    const found = memberCollection(request, String(params.id));
    if ('error' in found) return found.error;
    const { collection, suite } = found;
    const body = (await request.json()) as {
      new_name?: string;
      schedule?: string | null;
      schedule_timezone?: string;
      schedule_environment_id?: string | null;
      test_case_ids_to_add?: string[];
      test_case_ids_to_remove?: string[];
    };
    // Checked before anything is written, like the server.
    const environment =
      body.schedule_environment_id === undefined
        ? null
        : scheduleEnvironment(suite, body.schedule_environment_id, 'schedule_environment_id');
    if (environment instanceof Response) return environment;
    if (body.schedule !== undefined) {
      const cron = body.schedule?.trim() || null;
      const timezone = body.schedule_timezone || collection.schedule_timezone || 'UTC';
      const problem = cron ? scheduleProblem(cron, timezone) : null;
      if (problem) return problem;
      collection.schedule = cron;
      collection.schedule_timezone = cron ? timezone : null;
    }
    if (environment) collection.schedule_environment = environment;
    if (body.new_name !== undefined) {
      const name = body.new_name.trim();
      if (!name) return invalid(COLLECTION_MESSAGES.nameRequired);
      if (nameTaken(suite, name, collection._id)) return conflict(COLLECTION_MESSAGES.nameTaken);
      collection.name = name;
    }
    const removed = new Set(body.test_case_ids_to_remove ?? []);
    collection.linked_test_ids = [
      ...new Set([...collection.linked_test_ids, ...(body.test_case_ids_to_add ?? [])]),
    ].filter((id) => !removed.has(id));
    collection.last_modified_at = now();
    return HttpResponse.json(collectionJson(collection, null));
  }),

  http.delete(`${API}/test-suites/collection/:id`, ({ request, params }) => {
    const found = memberCollection(request, String(params.id));
    if ('error' in found) return found.error;
    const list = suiteCollections(found.suite);
    list.splice(list.indexOf(found.collection), 1);
    return new HttpResponse(null, { status: 204 });
  }),

  http.post(`${API}/test-suites/collection/:collectionId/run-all`, async ({ request, params }) => {
    const found = memberCollection(request, String(params.collectionId));
    if ('error' in found) return found.error;
    const { collection } = found;
    if (collection.linked_test_ids.length === 0) return invalid(COLLECTION_MESSAGES.noTests);
    const body = (await request.json().catch(() => ({}))) as { environment_id?: string | null };
    const environment = scheduleEnvironment(found.suite, body.environment_id, 'environment_id');
    if (environment instanceof Response) return environment;
    collection.run_all_environments = [
      ...(collection.run_all_environments ?? []),
      environment.environment_id,
    ];
    const createdAt = now();
    const runs = seedRunGroup(
      collection,
      createdAt,
      collection.linked_test_ids.map(() => 'pending'),
    );
    publishCollectionRunsChanged(collection, createdAt);
    return HttpResponse.json(
      { collection_id: collection._id, created_at: createdAt, run_ids: runs.map((r) => r._id) },
      { status: 201 },
    );
  }),

  http.post(`${API}/test-suites/collection/:id/cancel`, ({ request, params }) => {
    const found = memberCollection(request, String(params.id));
    if ('error' in found) return found.error;
    const createdAt = new URL(request.url).searchParams.get('created_at') ?? '';
    const open = found.collection.runs.filter(
      (r) => r.created_at === createdAt && ['pending', 'scheduled', 'running'].includes(r.status),
    );
    for (const run of open) Object.assign(run, { status: 'cancelled', finished_at: now() });
    if (open.length > 0) publishCollectionRunsChanged(found.collection, createdAt);
    return HttpResponse.json({
      collection_id: found.collection._id,
      created_at: createdAt,
      cancelled: open.length,
    });
  }),
];
