import { asc, eq, gt, sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import { testCaseUsage, testSuites } from '../db/schema';
import { ValidationError } from '../errors';
import { type ArtifactStorage } from '../storage';
import {
  RETENTION_LIMITS as LIMITS,
  RETENTION_MESSAGES as MESSAGES,
  type ProjectRetention,
  type ProjectUsage,
  type UpdateRetentionBody,
} from '../../../contract/retention';
import { RUNNING_STATES } from '../../../contract/states';
import { type Actor } from './actor';
import { type TestSuiteService } from './testSuites';

/** The pg-boss queue of the retention pass (a worker's; scheduled by cron, one pass at a time). */
export const RETENTION_QUEUE = 'retention';
/** Every hour, at a minute of its own. */
export const RETENTION_CRON = '41 * * * *';
/** Runs deleted per transaction: a short lock on a few hundred rows, never a project's whole history. */
export const RETENTION_BATCH = 200;
/** Suites read per query while a pass walks them. */
const SUITES_PER_READ = 100;
/**
 * The days of test_run_days kept (issue 34): the dashboard shows 30 (today and the 29 before); older
 * day rows, and rows whose runs were all deleted, go at each pass.
 */
const RUN_DAYS_KEPT = 31;
/** A pause between batches, so that the pass leaves the database to the requests in between. */
const PAUSE_MS = 20;

/** Healings still under way or waiting for a person keep the run they heal (its row cascades to them). */
const OPEN_HEALINGS = ['created', 'pending', 'waiting_for_executor', 'running', 'passed', 'flaky'];

export interface RetentionPass {
  suites: number;
  runs: number;
  files: number;
}

/**
 * Issue 34: how long a project keeps its runs, the disk it uses, and the background pass that deletes
 * runs older than the setting with their files. Kept: pinned runs, each test's latest run, runs still
 * under way and runs whose healing waits for a person.
 */
export class RetentionService {
  constructor(
    private readonly _db: Db,
    private readonly _testSuites: TestSuiteService,
    private readonly _storage: ArtifactStorage,
    private readonly _pauseMs = PAUSE_MS,
  ) {}

  /** GET /test-suites/{suiteId}/retention. */
  async get(actor: Actor, suiteId: string): Promise<ProjectRetention> {
    const suite = await this._testSuites.requireSuite(actor, suiteId);
    return { retention_days: suite.retentionDays, usage: await this.usage(suite.id) };
  }

  /** PUT /test-suites/{suiteId}/retention: { retention_days }. */
  async update(actor: Actor, suiteId: string, body: UpdateRetentionBody | null): Promise<ProjectRetention> {
    // Another organization's project is not found before its input is judged.
    const suite = await this._testSuites.requireSuite(actor, suiteId);
    const days = body?.retention_days;
    if (typeof days !== 'number' || !Number.isInteger(days) || days < LIMITS.minDays || days > LIMITS.maxDays)
      throw new ValidationError(MESSAGES.invalidDays, { fields: { retention_days: 'invalid' } });
    await this._db
      .update(testSuites)
      .set({ retentionDays: days, updatedAt: new Date() })
      .where(eq(testSuites.id, suite.id));
    return { retention_days: days, usage: await this.usage(suite.id) };
  }

  /** The project's disk: a sum over its tests' running sums (one row per test, kept by triggers). */
  async usage(suiteId: string): Promise<ProjectUsage> {
    const [row] = await this._db
      .select({
        artifactBytes: sql<string>`coalesce(sum(${testCaseUsage.artifactBytes}), 0)`,
        runBytes: sql<string>`coalesce(sum(${testCaseUsage.runBytes}), 0)`,
        runs: sql<string>`coalesce(sum(${testCaseUsage.runs}), 0)`,
      })
      .from(testCaseUsage)
      .where(eq(testCaseUsage.testSuiteId, suiteId));
    const artifactBytes = Number(row?.artifactBytes ?? 0);
    const runBytes = Number(row?.runBytes ?? 0);
    return {
      artifact_bytes: artifactBytes,
      run_bytes: runBytes,
      runs: Number(row?.runs ?? 0),
      total_bytes: artifactBytes + runBytes,
    };
  }

  /**
   * One pass over every project: its runs older than its setting go, a batch per transaction, with
   * their files, and its day counts older than the dashboard shows. A pass asked to stop ends after the batch under way. `now` is for tests.
   */
  async purge(options: { stopped?: () => boolean; now?: Date } = {}): Promise<RetentionPass> {
    const stopped = options.stopped ?? (() => false);
    const pass: RetentionPass = { suites: 0, runs: 0, files: 0 };
    let after: string | null = null;
    for (;;) {
      const suites: { id: string; days: number }[] = await this._db
        .select({ id: testSuites.id, days: testSuites.retentionDays })
        .from(testSuites)
        .where(after ? gt(testSuites.id, after) : undefined)
        .orderBy(asc(testSuites.id))
        .limit(SUITES_PER_READ);
      if (suites.length === 0) return pass;
      for (const suite of suites) {
        if (stopped()) return pass;
        pass.suites++;
        for (;;) {
          const batch = await this._purgeBatch(suite.id, suite.days, options.now ?? null);
          pass.runs += batch.runs;
          pass.files += batch.files;
          if (batch.runs < RETENTION_BATCH || stopped()) break;
          await new Promise((resolve) => setTimeout(resolve, this._pauseMs));
        }
        const today = options.now
          ? sql`(${options.now.toISOString()}::timestamptz AT TIME ZONE 'UTC')::date`
          : sql`(now() AT TIME ZONE 'UTC')::date`;
        await this._db.execute(
          sql`DELETE FROM test_run_days WHERE test_suite_id = ${suite.id}
              AND (day < ${today} - ${RUN_DAYS_KEPT}::int OR finished <= 0)`,
        );
      }
      after = suites[suites.length - 1].id;
    }
  }

  /** Deletes up to RETENTION_BATCH of a suite's expired runs, then their files. */
  private async _purgeBatch(
    suiteId: string,
    days: number,
    now: Date | null,
  ): Promise<{ runs: number; files: number }> {
    const cutoff = now
      ? sql`${now.toISOString()}::timestamptz - make_interval(days => ${days})`
      : sql`now() - make_interval(days => ${days})`;
    const keys = await this._db.transaction(async (tx) => {
      // Rows another transaction holds (a run being pinned or finishing) are left for the next pass.
      const doomed = await rows<{ id: string }>(
        tx,
        sql`SELECT r.id::text AS id
            FROM test_cases t JOIN test_runs r ON r.test_case_id = t.id
            WHERE t.test_suite_id = ${suiteId}
              AND r.created_at < ${cutoff}
              AND r.pinned_at IS NULL
              AND r.status NOT IN (${sql.join(
                RUNNING_STATES.map((state) => sql`${state}`),
                sql`, `,
              )})
              AND EXISTS (SELECT 1 FROM test_runs newer
                          WHERE newer.test_case_id = r.test_case_id AND newer.created_at > r.created_at)
              AND NOT EXISTS (SELECT 1 FROM test_healings h
                              WHERE h.triggered_by_test_run_id = r.id
                                AND h.status IN (${sql.join(
                                  OPEN_HEALINGS.map((state) => sql`${state}`),
                                  sql`, `,
                                )}))
            LIMIT ${RETENTION_BATCH}
            FOR UPDATE OF r SKIP LOCKED`,
      );
      if (doomed.length === 0) return null;
      const ids = sql`ARRAY[${sql.join(
        doomed.map(({ id }) => sql`${id}`),
        sql`, `,
      )}]::uuid[]`;
      const files = await rows<{ storage_key: string }>(
        tx,
        sql`DELETE FROM artifacts WHERE run_id = ANY(${ids}) RETURNING storage_key`,
      );
      await tx.execute(sql`DELETE FROM test_runs WHERE id = ANY(${ids})`);
      return { runs: doomed.length, keys: files.map((file) => file.storage_key) };
    });
    if (!keys) return { runs: 0, files: 0 };
    // NOTE: the files go once their rows are gone: no run is left pointing at a missing file. A file
    // whose removal fails stays on disk (logged), never a row without its file.
    let files = 0;
    for (const key of keys.keys) {
      try {
        await this._storage.delete(key);
        files++;
      } catch (error) {
        console.warn(`[retention] could not remove ${key}: ${(error as Error).message}`);
      }
    }
    return { runs: keys.runs, files };
  }
}

async function rows<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  // Both drivers (node-postgres and PGlite) answer { rows }.
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
