import { and, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import { appUsers, testCases, testRuns } from '../db/schema';
import { ValidationError } from '../errors';
import { isUuid } from '../lib/validate';
import {
  QUARANTINE_LIMITS as LIMITS,
  QUARANTINE_MESSAGES as MESSAGES,
  type Quarantine,
  type QuarantineCandidate,
  type QuarantineList,
  type TestQuarantineResult,
} from '../../../contract/quarantine';
import { type Actor } from './actor';
import { type TestCaseService } from './testCases';
import { type TestSuiteService } from './testSuites';

type TestRow = typeof testCases.$inferSelect;

/**
 * Quarantine (issue 33): a person puts a flaky test aside with a reason. Its runs go on as before;
 * collections' run groups, `plainwright ci` and alerts read `test_cases.quarantined_at` and leave its
 * failures out (quarantinedAmong).
 */
export class QuarantineService {
  constructor(
    private readonly _db: Db,
    private readonly _testCases: TestCaseService,
    private readonly _testSuites: TestSuiteService,
  ) {}

  /** GET /test-case/{id}/quarantine. */
  async getForTest(actor: Actor, testCaseId: string): Promise<TestQuarantineResult> {
    const { row } = await this._testCases.requireTest(
      actor,
      testCaseId.trim().toLowerCase(),
      MESSAGES.notFound,
    );
    return { quarantine: row.quarantinedAt ? (await this._details([row]))[0]! : null };
  }

  /** PUT /test-case/{id}/quarantine: puts the test aside (again, with this reason, by this person). */
  async quarantine(actor: Actor, testCaseId: string, reason: unknown): Promise<Quarantine> {
    // Another organization's test is not found before its input is judged.
    const { row } = await this._testCases.requireTest(
      actor,
      testCaseId.trim().toLowerCase(),
      MESSAGES.notFound,
    );
    const text = typeof reason === 'string' ? reason.trim() : '';
    if (!text) throw new ValidationError(MESSAGES.reasonRequired, { fields: { reason: 'required' } });
    if (text.length > LIMITS.reason)
      throw new ValidationError(MESSAGES.reasonTooLong, { fields: { reason: 'too_long' } });
    const [updated] = await this._db
      .update(testCases)
      .set({
        quarantinedAt: new Date(),
        quarantinedBy: actor.id,
        quarantineReason: text,
        // A person decided: the candidate's mark has done its work.
        quarantineCandidateAt: null,
        quarantineCandidateRunId: null,
      })
      .where(eq(testCases.id, row.id))
      .returning();
    return (await this._details([updated!]))[0]!;
  }

  /** DELETE /test-case/{id}/quarantine: the test counts again. */
  async release(actor: Actor, testCaseId: string): Promise<void> {
    const { row } = await this._testCases.requireTest(
      actor,
      testCaseId.trim().toLowerCase(),
      MESSAGES.notFound,
    );
    await this._db
      .update(testCases)
      .set({ quarantinedAt: null, quarantinedBy: null, quarantineReason: null })
      .where(eq(testCases.id, row.id));
  }

  /** DELETE /test-case/{id}/quarantine/candidate: a person keeps the flaky test counting (the mark goes). */
  async dismissCandidate(actor: Actor, testCaseId: string): Promise<void> {
    const { row } = await this._testCases.requireTest(
      actor,
      testCaseId.trim().toLowerCase(),
      MESSAGES.notFound,
    );
    await this._db
      .update(testCases)
      .set({ quarantineCandidateAt: null, quarantineCandidateRunId: null })
      .where(eq(testCases.id, row.id));
  }

  /** GET /test-suites/{suiteId}/quarantine: the project's quarantined tests, the newest first. */
  async list(actor: Actor, suiteId: string): Promise<QuarantineList> {
    if (!isUuid(suiteId))
      throw new ValidationError('The test suite ID must be a UUID', { fields: { suiteId: 'invalid' } });
    await this._testSuites.requireSuite(actor, suiteId);
    const rows = await this._db
      .select()
      .from(testCases)
      .where(and(eq(testCases.testSuiteId, suiteId), isNotNull(testCases.quarantinedAt)))
      .orderBy(desc(testCases.quarantinedAt), desc(testCases.id));
    const candidates = await this._db
      .select()
      .from(testCases)
      .where(
        and(
          eq(testCases.testSuiteId, suiteId),
          isNotNull(testCases.quarantineCandidateAt),
          isNull(testCases.quarantinedAt),
        ),
      )
      .orderBy(desc(testCases.quarantineCandidateAt), desc(testCases.id));
    return { tests: await this._details(rows), candidates: await this._candidates(candidates) };
  }

  private async _candidates(rows: TestRow[]): Promise<QuarantineCandidate[]> {
    const result: QuarantineCandidate[] = [];
    for (const row of rows)
      result.push({
        test_case_id: row.id,
        test_name: row.name,
        flaky_run_id: row.quarantineCandidateRunId ?? '',
        marked_at: (row.quarantineCandidateAt ?? new Date()).toISOString(),
        recent_runs: await this._recentRuns(row.id),
      });
    return result;
  }

  /** The test's newest runs: one index range (test_runs_test_case_idx). */
  private async _recentRuns(testCaseId: string): Promise<Quarantine['recent_runs']> {
    const runs = await this._db
      .select({ id: testRuns.id, status: testRuns.status, createdAt: testRuns.createdAt })
      .from(testRuns)
      .where(eq(testRuns.testCaseId, testCaseId))
      // NULLS LAST as test_runs_test_case_idx has it: the newest run read along the index, not sorted out of all.
      .orderBy(sql`${testRuns.createdAt} DESC NULLS LAST`, sql`${testRuns.id} DESC NULLS LAST`)
      .limit(LIMITS.recentRuns);
    return runs.map((run) => ({ _id: run.id, status: run.status, created_at: run.createdAt.toISOString() }));
  }

  private async _details(rows: TestRow[]): Promise<Quarantine[]> {
    const userIds = [...new Set(rows.flatMap((row) => (row.quarantinedBy ? [row.quarantinedBy] : [])))];
    const users = userIds.length
      ? await this._db
          .select({ id: appUsers.id, email: appUsers.email })
          .from(appUsers)
          .where(inArray(appUsers.id, userIds))
      : [];
    const emails = new Map(users.map((user) => [user.id, user.email]));
    const result: Quarantine[] = [];
    for (const row of rows) {
      result.push({
        test_case_id: row.id,
        test_name: row.name,
        reason: row.quarantineReason ?? '',
        quarantined_at: (row.quarantinedAt ?? new Date()).toISOString(),
        quarantined_by: row.quarantinedBy ? (emails.get(row.quarantinedBy) ?? null) : null,
        recent_runs: await this._recentRuns(row.id),
      });
    }
    return result;
  }
}

/**
 * A run ended flaky (its collection's retry passed it the second time): its test, unless quarantined
 * already, is marked a candidate for quarantine; a person decides (issue 33).
 */
export async function markQuarantineCandidate(db: Db, testCaseId: string, runId: string): Promise<void> {
  await db
    .update(testCases)
    .set({ quarantineCandidateAt: new Date(), quarantineCandidateRunId: runId })
    .where(and(eq(testCases.id, testCaseId), isNull(testCases.quarantinedAt)));
}

/** Which of these tests are quarantined now: their failures fail no group, CI exit code or alert. */
export async function quarantinedAmong(db: Db, testCaseIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(testCaseIds)];
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: testCases.id })
    .from(testCases)
    .where(and(inArray(testCases.id, ids), isNotNull(testCases.quarantinedAt)));
  return new Set(rows.map((row) => row.id));
}
