import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { inMillisecond } from '../db/runGroups';
import { type Db } from '../db/client';
import {
  organizationMembers,
  testCases,
  testCollections,
  testCollectionTests,
  testSuites,
} from '../db/schema';
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from '../errors';
import { isUuid } from '../lib/validate';
import {
  COLLECTION_LIMITS as LIMITS,
  COLLECTION_MESSAGES as MESSAGES,
  type CancelGroupResult,
  type Collection,
  type CollectionRun,
  type CollectionRunGroup,
  type CreateCollectionBody,
  type LinkedRunsQuery,
  type RunAllBody,
  type RunAllResult,
  type RunCounts,
  type UpdateCollectionBody,
} from '../../../contract/collections';
import { SCHEDULE_MESSAGES, type Schedule } from '../../../contract/schedules';
import { type RunState } from '../../../contract/states';
import { type Actor, authorOf } from './actor';
import { type CiRunGroup } from '../../../contract/sharing';
import { RUN_BROWSERS, type RunBrowser, type RunTrigger } from '../../../contract/runs';
import { launchSentence } from '../runner/browser';

/** How many CI-started groups the Integrations page lists. */
const CI_GROUPS = 20;
import { type RunService } from './runs';
import { type ScheduleService } from './schedules';
import { isUniqueViolation, type TestSuiteService } from './testSuites';

type CollectionRow = typeof testCollections.$inferSelect;

/** SPEC §5: a schedule is a cron expression of 5 fields. */
export const SCHEDULE_MESSAGE = SCHEDULE_MESSAGES.cronFields;

/** Where a group's run counts in the summary (SPEC §3: error = a run that could not run). */
const COUNTED_AS: Record<RunState, keyof RunCounts> = {
  pending: 'pending',
  scheduled: 'pending',
  waiting_for_executor: 'pending',
  running: 'running',
  passed: 'passed',
  failed: 'failed',
  cancelled: 'cancelled',
  not_runnable: 'error',
  flaky: 'flaky',
};

interface GroupRunRow {
  id: string;
  test_case_id: string;
  test_name: string;
  browser: string;
  status: string;
  /** The run's trigger: one for the whole group, as one run-all made it. */
  trigger: string;
  execution_time_ms: number | null;
  failing_step_index: number | null;
  error_message: string | null;
  created_at: string | Date;
  finished_at: string | Date | null;
  /** Its test is quarantined now (issue 33): its failure fails no group. */
  quarantined?: boolean;
}

/**
 * Collections (issue 12): named sets of a suite's tests, run together. A run-all makes one group of
 * runs sharing created_at and collection_id; a reading pages over groups, newest first.
 */
export class CollectionService {
  constructor(
    private readonly _db: Db,
    private readonly _testSuites: TestSuiteService,
    private readonly _runs: RunService,
    private readonly _schedules: ScheduleService,
    /** The browsers the workers can launch (runner/browser.ts launchableBrowsers); all three unless told. */
    private readonly _launchable: () => Promise<readonly string[]> = async () => RUN_BROWSERS,
  ) {}

  /** GET /test-suites/collections/{suiteId}: by name, each with its last run and no linked runs. */
  async list(actor: Actor, suiteId: string | undefined): Promise<Collection[]> {
    const id = suiteId?.trim() ?? '';
    if (!id) throw new ValidationError('Test suite ID is required', { fields: { suiteId: 'required' } });
    await this._testSuites.requireSuite(actor, id);
    const rows = await this._db
      .select()
      .from(testCollections)
      .where(eq(testCollections.testSuiteId, id))
      .orderBy(sql`lower(${testCollections.name})`, asc(testCollections.id));
    const links = await this._links(rows.map((row) => row.id));
    const lastRuns = await this._lastRuns(rows.map((row) => row.id));
    const schedules = await this._schedules.forCollections(rows.map((row) => row.id));
    return rows.map((row) =>
      toWire(row, links.get(row.id) ?? [], [], lastRuns.get(row.id) ?? null, schedules.get(row.id) ?? null),
    );
  }

  /**
   * GET /test-suites/collection/{id}: linked_runs holds `linked_runs_limit` groups (10 when the
   * parameter is absent) from `linked_runs_offset`, newest first; or only the group created at
   * `linked_runs_created_at`.
   */
  async get(
    actor: Actor,
    collectionId: string | undefined,
    query: LinkedRunsQueryText = {},
  ): Promise<Collection> {
    const row = await this.requireCollection(actor, collectionId);
    const createdAt = query.linked_runs_created_at?.trim();
    return this._read(row, {
      linked_runs_offset: wholeNumber(query.linked_runs_offset, 'linked_runs_offset', 0, 0, 1_000_000),
      linked_runs_limit: wholeNumber(
        query.linked_runs_limit,
        'linked_runs_limit',
        LIMITS.defaultGroups,
        1,
        LIMITS.linkedRunsLimitMax,
      ),
      ...(createdAt ? { linked_runs_created_at: createdAt } : {}),
    });
  }

  /** POST /test-suites/collection. */
  async create(actor: Actor, body: CreateCollectionBody): Promise<Collection> {
    const name = body.name?.trim() ?? '';
    const suiteId = body.test_suite_id?.trim() ?? '';
    if (!name || !suiteId)
      throw new ValidationError(MESSAGES.nameRequired, {
        fields: { ...(name ? {} : { name: 'required' }), ...(suiteId ? {} : { test_suite_id: 'required' }) },
      });
    checkName(name, 'name');
    await this._testSuites.requireSuite(actor, suiteId);
    const testIds = checkTestIds(body.linked_test_ids ?? [], 'linked_test_ids');
    await this._checkTests(suiteId, testIds, 'linked_test_ids');
    try {
      const row = await this._db.transaction(async (tx) => {
        const [created] = await tx
          .insert(testCollections)
          .values({ testSuiteId: suiteId, name, createdBy: actor.id })
          .returning();
        if (testIds.length > 0)
          await tx
            .insert(testCollectionTests)
            .values(testIds.map((testCaseId) => ({ collectionId: created.id, testCaseId })));
        return created;
      });
      return this._read(row, {});
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ConflictError(MESSAGES.nameTaken, { fields: { name: 'exists' } });
      throw error;
    }
  }

  /** PUT /test-suites/collection/{id}: rename, schedule, add and remove tests (only what is sent). */
  async update(
    actor: Actor,
    collectionId: string | undefined,
    body: UpdateCollectionBody,
  ): Promise<Collection> {
    const current = await this.requireCollection(actor, collectionId);
    const bodyId = body.collection_id?.trim();
    if (bodyId && bodyId.toLowerCase() !== current.id)
      throw new ValidationError('The test collection id in the body does not match the address', {
        fields: { collection_id: 'mismatch' },
      });
    const values: Partial<typeof testCollections.$inferInsert> = { lastModifiedAt: new Date() };
    if (body.new_name !== undefined) {
      const name = body.new_name.trim();
      if (!name) throw new ValidationError('The new name is required', { fields: { new_name: 'required' } });
      checkName(name, 'new_name');
      values.name = name;
    }
    // Checked before anything is written; saved (and its next tick queued) after the collection.
    const schedule = await this._schedules.checkCollectionSchedule(
      current,
      body.schedule,
      body.schedule_timezone,
      body.schedule_environment_id,
    );
    const toAdd = checkTestIds(body.test_case_ids_to_add ?? [], 'test_case_ids_to_add');
    const toRemove = checkTestIds(body.test_case_ids_to_remove ?? [], 'test_case_ids_to_remove');
    await this._checkTests(current.testSuiteId, toAdd, 'test_case_ids_to_add');
    try {
      const row = await this._db.transaction(async (tx) => {
        const [updated] = await tx
          .update(testCollections)
          .set(values)
          .where(eq(testCollections.id, current.id))
          .returning();
        if (!updated) throw new NotFoundError(MESSAGES.notFound);
        if (toRemove.length > 0)
          await tx
            .delete(testCollectionTests)
            .where(
              and(
                eq(testCollectionTests.collectionId, current.id),
                inArray(testCollectionTests.testCaseId, toRemove),
              ),
            );
        if (toAdd.length > 0)
          await tx
            .insert(testCollectionTests)
            .values(toAdd.map((testCaseId) => ({ collectionId: current.id, testCaseId })))
            .onConflictDoNothing();
        const [{ linked }] = await tx
          .select({ linked: sql<number>`count(*)::int` })
          .from(testCollectionTests)
          .where(eq(testCollectionTests.collectionId, current.id));
        if (linked > LIMITS.linkedTests)
          throw new ValidationError(`A test collection may hold at most ${LIMITS.linkedTests} tests`, {
            fields: { test_case_ids_to_add: 'too_many' },
          });
        return updated;
      });
      await this._schedules.saveForCollection(row, actor, schedule);
      return this._read(row, {});
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ConflictError(MESSAGES.nameTaken, { fields: { new_name: 'exists' } });
      throw error;
    }
  }

  /** DELETE /test-suites/collection/{id}: the runs stay (their collection_id becomes null). */
  async delete(actor: Actor, collectionId: string | undefined): Promise<void> {
    const row = await this.requireCollection(actor, collectionId);
    await this._db.delete(testCollections).where(eq(testCollections.id, row.id));
  }

  /** POST /test-suites/collection/{collectionId}/run-all: one run per linked test, as one group. */
  async runAll(
    actor: Actor,
    collectionId: string | undefined,
    body: RunAllBody | null,
  ): Promise<RunAllResult> {
    const row = await this.requireCollection(actor, collectionId);
    const tests = await this._db
      .select({ test: testCases })
      .from(testCollectionTests)
      .innerJoin(testCases, eq(testCases.id, testCollectionTests.testCaseId))
      .where(eq(testCollectionTests.collectionId, row.id))
      .orderBy(asc(testCases.name), asc(testCases.id));
    if (tests.length === 0) throw new UnprocessableError(MESSAGES.noTests);
    const browsers = checkBrowsers(body?.browsers);
    // Issue 28: a browser the workers cannot launch is refused here, not left to end every run not_runnable.
    if (body?.browsers?.length) {
      const refused = launchSentence('browsers', browsers, await this._launchable());
      if (refused) throw new ValidationError(refused, { fields: { browsers: 'not_launchable' } });
    }
    const group = await this._runs.createGroup(
      authorOf(actor),
      tests.map(({ test }) => test),
      {
        collectionId: row.id,
        websiteUrlOverride: body?.website_url_override ?? null,
        environmentId: body?.environment_id ?? null,
        environmentName: body?.environment_name ?? null,
        trigger: actor.serviceAccountOrgId ? 'ci' : 'manual',
        browsers,
      },
    );
    return { collection_id: row.id, created_at: group.createdAt.toISOString(), run_ids: group.runIds };
  }

  /** POST /test-suites/collection/{id}/cancel?created_at=: cancels the group's unfinished runs. */
  async cancelGroup(
    actor: Actor,
    collectionId: string | undefined,
    createdAt: string | undefined,
  ): Promise<CancelGroupResult> {
    const row = await this.requireCollection(actor, collectionId);
    const raw = createdAt?.trim() ?? '';
    if (!raw)
      throw new ValidationError('The run group (created_at) is required', {
        fields: { created_at: 'required' },
      });
    const at = parseDate(raw, 'created_at');
    const [exists] = await this._db
      .execute(
        sql`SELECT 1 AS found FROM test_runs WHERE collection_id = ${row.id} AND ${inMillisecond(sql`created_at`, at)} LIMIT 1`,
      )
      .then((result) => (result as unknown as { rows: unknown[] }).rows);
    if (!exists) throw new NotFoundError('Run group not found');
    const cancelled = await this._runs.cancelGroup(actor, row.id, at);
    return { collection_id: row.id, created_at: at.toISOString(), cancelled };
  }

  /** GET /test-suites/{id}/ci-runs: the newest run groups CI pipelines started in the suite (issue 15). */
  async ciGroups(actor: Actor, suiteId: string): Promise<CiRunGroup[]> {
    await this._testSuites.requireSuite(actor, suiteId);
    // Each collection's newest CI groups, one index probe a group (test_runs_ci_idx, issue 34): the
    // read is bounded by collections × CI_GROUPS, not by how many CI runs the project has had.
    const result = await this._db.execute(sql`
      WITH RECURSIVE g(collection_id, created_at, n) AS (
        SELECT c.id, (SELECT r.created_at FROM test_runs r WHERE r.collection_id = c.id AND r.trigger = 'ci'
                      ORDER BY r.created_at DESC NULLS LAST LIMIT 1), 1
        FROM test_collections c WHERE c.test_suite_id = ${suiteId}
        UNION ALL
        SELECT g.collection_id,
               (SELECT r.created_at FROM test_runs r
                WHERE r.collection_id = g.collection_id AND r.trigger = 'ci' AND r.created_at < g.created_at
                ORDER BY r.created_at DESC NULLS LAST LIMIT 1), g.n + 1
        FROM g WHERE g.created_at IS NOT NULL AND g.n < ${CI_GROUPS}::int
      ), groups AS (
        SELECT collection_id, created_at FROM g WHERE created_at IS NOT NULL
        ORDER BY created_at DESC
        LIMIT ${CI_GROUPS}
      )
      SELECT r.collection_id, c.name AS collection_name, r.created_at, r.status, r.finished_at
      FROM groups g
      JOIN test_runs r ON r.collection_id = g.collection_id AND r.created_at = g.created_at
      JOIN test_collections c ON c.id = r.collection_id
      ORDER BY r.created_at DESC, r.collection_id`);
    const rows = (
      result as unknown as {
        rows: {
          collection_id: string;
          collection_name: string;
          created_at: string | Date;
          status: string;
          finished_at: string | Date | null;
        }[];
      }
    ).rows;
    const groups = new Map<string, CiRunGroup & { unfinished: boolean }>();
    for (const row of rows) {
      const createdAt = new Date(row.created_at).toISOString();
      const key = `${row.collection_id} ${createdAt}`;
      let group = groups.get(key);
      if (!group) {
        group = {
          collection_id: row.collection_id,
          collection_name: row.collection_name,
          created_at: createdAt,
          counts: noRuns(),
          total: 0,
          finished_at: null,
          unfinished: false,
        };
        groups.set(key, group);
      }
      group.counts[COUNTED_AS[row.status as RunState] ?? 'error']++;
      group.total++;
      if (row.finished_at === null) group.unfinished = true;
      else {
        const finished = new Date(row.finished_at).toISOString();
        if (!group.finished_at || finished > group.finished_at) group.finished_at = finished;
      }
    }
    return [...groups.values()].map(({ unfinished, ...group }) => ({
      ...group,
      finished_at: unfinished ? null : group.finished_at,
    }));
  }

  /** The collection if the caller belongs to its suite's organization; 400 for a missing or malformed id, else 404. */
  async requireCollection(actor: Actor, collectionId: string | undefined): Promise<CollectionRow> {
    const id = collectionId?.trim().toLowerCase() ?? '';
    if (!id) throw new ValidationError(MESSAGES.idRequired, { fields: { id: 'required' } });
    if (!isUuid(id))
      throw new ValidationError('A test collection ID is a UUID', { fields: { id: 'invalid' } });
    const query = this._db
      .select({ row: testCollections })
      .from(testCollections)
      .innerJoin(testSuites, eq(testSuites.id, testCollections.testSuiteId));
    // A CI pipeline's key acts for its organization: no membership, the suite's organization must be it.
    const [found] = actor.serviceAccountOrgId
      ? await query.where(and(eq(testCollections.id, id), eq(testSuites.orgId, actor.serviceAccountOrgId)))
      : await query
          .innerJoin(
            organizationMembers,
            and(eq(organizationMembers.orgId, testSuites.orgId), eq(organizationMembers.userId, actor.id)),
          )
          .where(eq(testCollections.id, id));
    if (!found) throw new NotFoundError(MESSAGES.notFound);
    return found.row;
  }

  // ── Internals ─────────────────────────────────────────────────────────────────────────────────

  private async _read(row: CollectionRow, query: LinkedRunsQuery): Promise<Collection> {
    const links = await this._links([row.id]);
    const groups = await this._groups(row.id, query);
    // The first page's first group is the newest: no second read for last_run.
    const firstPage = !query.linked_runs_created_at && !query.linked_runs_offset;
    const last = firstPage ? (groups[0] ?? null) : ((await this._lastRuns([row.id])).get(row.id) ?? null);
    const schedule = (await this._schedules.forCollections([row.id])).get(row.id) ?? null;
    return toWire(row, links.get(row.id) ?? [], groups, last && summaryOf(last), schedule);
  }

  private async _links(collectionIds: string[]): Promise<Map<string, string[]>> {
    const links = new Map<string, string[]>();
    if (collectionIds.length === 0) return links;
    const rows = await this._db
      .select({ collectionId: testCollectionTests.collectionId, testCaseId: testCollectionTests.testCaseId })
      .from(testCollectionTests)
      .where(inArray(testCollectionTests.collectionId, collectionIds))
      .orderBy(asc(testCollectionTests.createdAt), asc(testCollectionTests.testCaseId));
    for (const link of rows)
      links.set(link.collectionId, [...(links.get(link.collectionId) ?? []), link.testCaseId]);
    return links;
  }

  /**
   * The groups of one reading, newest first. The group keys come from a skip scan of
   * test_runs_collection_idx (one index probe per group), so a reading costs the groups it returns,
   * not the collection's whole history.
   */
  private async _groups(collectionId: string, query: LinkedRunsQuery): Promise<CollectionRunGroup[]> {
    let keys: SqlFragment;
    if (query.linked_runs_created_at !== undefined) {
      const at = parseDate(query.linked_runs_created_at, 'linked_runs_created_at');
      keys = sql`SELECT DISTINCT created_at FROM test_runs WHERE collection_id = ${collectionId}
                 AND ${inMillisecond(sql`created_at`, at)}`;
    } else {
      const offset = query.linked_runs_offset ?? 0;
      const limit = query.linked_runs_limit ?? LIMITS.defaultGroups;
      keys = sql`WITH RECURSIVE g(created_at, n) AS (
          (SELECT created_at, 1 FROM test_runs WHERE collection_id = ${collectionId}
           ORDER BY created_at DESC NULLS LAST LIMIT 1)
          UNION ALL
          SELECT (SELECT r.created_at FROM test_runs r WHERE r.collection_id = ${collectionId}
                  AND r.created_at < g.created_at ORDER BY r.created_at DESC NULLS LAST LIMIT 1), g.n + 1
          FROM g WHERE g.created_at IS NOT NULL AND g.n < ${offset + limit}::int)
        SELECT created_at FROM g WHERE created_at IS NOT NULL AND n > ${offset}::int`;
    }
    const result = await this._db.execute(sql`
      SELECT r.id, r.test_case_id, t.name AS test_name, r.browser, r.status, r.trigger, r.execution_time_ms,
             r.failing_step_index, r.error_message, r.created_at, r.finished_at,
             t.quarantined_at IS NOT NULL AS quarantined
      FROM (${keys}) AS k
      -- One index probe per group (issue 34): never a scan of every run the collection has had.
      CROSS JOIN LATERAL (SELECT * FROM test_runs r
                          WHERE r.collection_id = ${collectionId} AND r.created_at = k.created_at) AS r
      JOIN test_cases t ON t.id = r.test_case_id
      ORDER BY r.created_at DESC, t.name, r.id`);
    return toGroups((result as unknown as { rows: GroupRunRow[] }).rows);
  }

  /** Each collection's newest group, summarized (no runs). */
  private async _lastRuns(collectionIds: string[]): Promise<Map<string, Omit<CollectionRunGroup, 'runs'>>> {
    const last = new Map<string, Omit<CollectionRunGroup, 'runs'>>();
    if (collectionIds.length === 0) return last;
    const ids = sql.join(
      collectionIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const result = await this._db.execute(sql`
      SELECT newest.id AS collection_id, r.status, r.trigger, r.execution_time_ms, r.created_at,
             t.quarantined_at IS NOT NULL AS quarantined
      FROM (SELECT c.id, (SELECT max(created_at) FROM test_runs WHERE collection_id = c.id) AS at
            FROM unnest(ARRAY[${ids}]) AS c(id)) AS newest
      JOIN test_runs r ON r.collection_id = newest.id AND r.created_at = newest.at
      JOIN test_cases t ON t.id = r.test_case_id`);
    const rows = (result as unknown as { rows: (GroupRunRow & { collection_id: string })[] }).rows;
    const byCollection = new Map<string, GroupRunRow[]>();
    for (const row of rows)
      byCollection.set(row.collection_id, [...(byCollection.get(row.collection_id) ?? []), row]);
    for (const [id, runs] of byCollection) {
      const [group] = toGroups(runs);
      if (group) {
        const { runs: _runs, ...summary } = group;
        last.set(id, summary);
      }
    }
    return last;
  }

  /** Tests given to a collection must be tests of its suite (400 otherwise). */
  private async _checkTests(suiteId: string, ids: string[], field: string): Promise<void> {
    if (ids.length === 0) return;
    const found = await this._db
      .select({ id: testCases.id })
      .from(testCases)
      .where(and(eq(testCases.testSuiteId, suiteId), inArray(testCases.id, ids)));
    if (found.length !== ids.length)
      throw new ValidationError(`A test in ${field} is not in this test suite`, {
        fields: { [field]: 'unknown' },
      });
  }
}

type SqlFragment = ReturnType<typeof sql>;

/** LinkedRunsQuery as the query string carries it (numbers as text). */
export type LinkedRunsQueryText = { [K in keyof LinkedRunsQuery]?: string };

function wholeNumber(
  raw: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = /^\d{1,10}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ValidationError(`${name} must be a whole number from ${min} to ${max}`, {
      fields: { [name]: 'invalid' },
    });
  return value;
}

/** The browsers a run-all asked for: known names, each once; none means Chromium. */
function checkBrowsers(given: string[] | undefined): RunBrowser[] {
  if (!given || given.length === 0) return ['chromium'];
  const unknown = given.filter((name) => !(RUN_BROWSERS as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new ValidationError(
      `Unknown browser ${unknown.map((name) => `"${name.slice(0, 20)}"`).join(', ')}: choose chromium, firefox or webkit`,
      { fields: { browsers: 'invalid' } },
    );
  return [...new Set(given)] as RunBrowser[];
}

/** A group's counts before any run is counted. */
function noRuns(): RunCounts {
  return { pending: 0, running: 0, passed: 0, failed: 0, cancelled: 0, error: 0, flaky: 0, quarantined: 0 };
}

function toGroups(rows: GroupRunRow[]): CollectionRunGroup[] {
  const groups = new Map<string, CollectionRunGroup>();
  for (const row of rows) {
    const createdAt = new Date(row.created_at).toISOString();
    let group = groups.get(createdAt);
    if (!group) {
      group = {
        created_at: createdAt,
        trigger: toTrigger(row.trigger),
        counts: noRuns(),
        total: 0,
        longest_duration_in_secs: null,
        runs: [],
      };
      groups.set(createdAt, group);
    }
    const seconds = row.execution_time_ms === null ? null : Math.round(row.execution_time_ms / 10) / 100;
    const countedAs = COUNTED_AS[row.status as RunState] ?? 'error';
    // Issue 33: a quarantined test's failure is counted apart: the group does not fail with it.
    group.counts[
      row.quarantined && (countedAs === 'failed' || countedAs === 'error') ? 'quarantined' : countedAs
    ]++;
    group.total++;
    if (
      seconds !== null &&
      (group.longest_duration_in_secs === null || seconds > group.longest_duration_in_secs)
    )
      group.longest_duration_in_secs = seconds;
    if (row.id) group.runs.push(toRun(row, createdAt, seconds));
  }
  return [...groups.values()];
}

/** A run's stored trigger as the wire says it; a value from no known origin reads as a person's. */
function toTrigger(stored: string): RunTrigger {
  return stored === 'schedule' || stored === 'ci' ? stored : 'manual';
}

function summaryOf(
  group: Omit<CollectionRunGroup, 'runs'> & { runs?: unknown },
): Omit<CollectionRunGroup, 'runs'> {
  const { runs: _runs, ...summary } = group;
  return summary;
}

function toRun(row: GroupRunRow, createdAt: string, seconds: number | null): CollectionRun {
  return {
    _id: row.id,
    test_case_id: row.test_case_id,
    test_name: row.test_name,
    browser: row.browser,
    status: row.status as RunState,
    execution_time_in_secs: seconds,
    failing_step_index: row.failing_step_index,
    error_message: row.error_message,
    created_at: createdAt,
    finished_at: row.finished_at === null ? null : new Date(row.finished_at).toISOString(),
    quarantined: Boolean(row.quarantined),
  };
}

function toWire(
  row: CollectionRow,
  linkedTestIds: string[],
  linkedRuns: CollectionRunGroup[],
  lastRun: Omit<CollectionRunGroup, 'runs'> | null,
  schedule: Schedule | null,
): Collection {
  return {
    _id: row.id,
    name: row.name,
    test_suite_id: row.testSuiteId,
    linked_test_ids: linkedTestIds,
    linked_runs: linkedRuns,
    schedule: schedule?.cron ?? null,
    schedule_timezone: schedule?.timezone ?? null,
    schedule_details: schedule,
    retry_on_failure: row.retryOnFailure,
    alert_on: row.alertOn as Collection['alert_on'],
    last_run: lastRun,
    created_at: row.createdAt.toISOString(),
    last_modified_at: row.lastModifiedAt.toISOString(),
  };
}

function checkName(name: string, field: string): void {
  if (name.length > LIMITS.name)
    throw new ValidationError(`Names must be at most ${LIMITS.name} characters`, {
      fields: { [field]: 'too_long' },
    });
}

function checkTestIds(ids: string[], field: string): string[] {
  const unique = [...new Set(ids.map((id) => id.trim().toLowerCase()))];
  if (!unique.every(isUuid))
    throw new ValidationError('Test case ids must be UUIDs', { fields: { [field]: 'invalid' } });
  if (unique.length > LIMITS.linkedTests)
    throw new ValidationError(`A test collection may hold at most ${LIMITS.linkedTests} tests`, {
      fields: { [field]: 'too_many' },
    });
  return unique;
}

function parseDate(value: string, field: string): Date {
  const date = new Date(value);
  if (!value.trim() || Number.isNaN(date.getTime()))
    throw new ValidationError(`${field} must be a date and time`, { fields: { [field]: 'invalid' } });
  return date;
}
