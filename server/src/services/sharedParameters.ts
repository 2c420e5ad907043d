import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { type Db, type Executor } from '../db/client';
import { sharedParameters, testCases, testCaseSharedParameters } from '../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { decrypt, encrypt } from '../lib/crypto';
import { isUuid } from '../lib/validate';
import { hostOf } from '../runner/secretHosts';
import {
  MASKED_VALUE,
  SECRET_HOST_PATTERN,
  SHARED_PARAMETER_LIMITS as LIMITS,
  type CreateSharedParameterBody,
  type SharedParameter,
  type UpdateSharedParameterBody,
} from '../../../contract/sharedParameters';
import { isSimpleName, MESSAGES } from '../../../contract/testCases';
import { type Actor } from './actor';
import { isUniqueViolation, type TestSuiteService } from './testSuites';

type ParameterRow = typeof sharedParameters.$inferSelect;

/** A suite's secrets: values sealed at rest and write-only: every reply masks them, the create reply too. */
export class SharedParameterService {
  constructor(
    private readonly _db: Db,
    private readonly _testSuites: TestSuiteService,
    private readonly _secret: string,
  ) {}

  async list(actor: Actor, suiteId: string): Promise<SharedParameter[]> {
    await this._testSuites.requireSuite(actor, suiteId);
    const rows = await this._db
      .select()
      .from(sharedParameters)
      .where(eq(sharedParameters.testSuiteId, suiteId))
      .orderBy(asc(sharedParameters.key));
    const links = await this._links(rows.map((row) => row.id));
    return rows.map((row) => toWire(row, MASKED_VALUE, links.get(row.id) ?? []));
  }

  async create(actor: Actor, suiteId: string, input: CreateSharedParameterBody): Promise<SharedParameter> {
    const key = input.key?.trim();
    const value = input.value;
    if (!key || !value)
      throw new ValidationError(MESSAGES.parameterDataRequired, {
        fields: { ...(key ? {} : { key: 'required' }), ...(value ? {} : { value: 'required' }) },
      });
    checkKey(key);
    checkValue(value);
    const linked = input.linked_test_ids === undefined ? [] : checkLinkedIds(input.linked_test_ids);
    const allowedHosts = input.allowed_hosts === undefined ? [] : checkHosts(input.allowed_hosts);
    await this._testSuites.requireSuite(actor, suiteId);
    try {
      const row = await this._db.transaction(async (tx) => {
        await requireTestsInSuite(tx, suiteId, linked);
        await requireNoVariableNamed(tx, suiteId, key);
        const [inserted] = await tx
          .insert(sharedParameters)
          .values({ testSuiteId: suiteId, key, valueEncrypted: encrypt(value, this._secret), allowedHosts })
          .returning();
        await replaceLinks(tx, inserted.id, linked);
        return inserted;
      });
      // NOTE: write-only: not even the person who typed the value gets it back.
      return toWire(row, MASKED_VALUE, linked);
    } catch (error) {
      if (isUniqueViolation(error)) throw secretClash();
      throw error;
    }
  }

  async update(
    actor: Actor,
    suiteId: string,
    paramId: string,
    input: UpdateSharedParameterBody,
  ): Promise<SharedParameter> {
    const key = input.key === undefined ? undefined : input.key.trim();
    const value = input.value;
    if (!key && !value && input.linked_test_ids === undefined && input.allowed_hosts === undefined)
      throw new ValidationError(MESSAGES.parameterDataRequired, { fields: { key: 'required' } });
    if (key !== undefined) checkKey(key);
    if (value !== undefined) checkValue(value);
    const linked = input.linked_test_ids === undefined ? undefined : checkLinkedIds(input.linked_test_ids);
    const allowedHosts = input.allowed_hosts === undefined ? undefined : checkHosts(input.allowed_hosts);
    await this._requireParameter(actor, suiteId, paramId);
    try {
      const row = await this._db.transaction(async (tx) => {
        if (linked) await requireTestsInSuite(tx, suiteId, linked);
        if (key) await requireNoVariableNamed(tx, suiteId, key, paramId);
        const [updated] = await tx
          .update(sharedParameters)
          .set({
            ...(key ? { key } : {}),
            ...(value ? { valueEncrypted: encrypt(value, this._secret) } : {}),
            ...(allowedHosts ? { allowedHosts } : {}),
            updatedAt: new Date(),
          })
          .where(eq(sharedParameters.id, paramId))
          .returning();
        if (!updated) throw new NotFoundError('Shared parameter not found');
        if (linked) await replaceLinks(tx, paramId, linked);
        return updated;
      });
      return toWire(row, MASKED_VALUE, linked ?? (await this._links([paramId])).get(paramId) ?? []);
    } catch (error) {
      if (isUniqueViolation(error)) throw secretClash();
      throw error;
    }
  }

  async delete(actor: Actor, suiteId: string, paramId: string): Promise<void> {
    await this._requireParameter(actor, suiteId, paramId);
    await this._db.delete(sharedParameters).where(eq(sharedParameters.id, paramId));
  }

  /** Plain values by key, for the runner to substitute at run time (never sent to a browser). */
  async valuesForSuite(suiteId: string): Promise<Record<string, string>> {
    const rows = await this._db
      .select()
      .from(sharedParameters)
      .where(eq(sharedParameters.testSuiteId, suiteId));
    return Object.fromEntries(rows.map((row) => [row.key, decrypt(row.valueEncrypted, this._secret)]));
  }

  /**
   * Per secret, the hosts a run may type it into (issue 27): its own list, or else the hosts of the
   * suite's tests' websites and of `websites` (the site a run opens when it overrides the test's).
   */
  async hostsForSuite(suiteId: string, websites: (string | null)[] = []): Promise<Record<string, string[]>> {
    const rows = await this._db
      .select({ key: sharedParameters.key, allowedHosts: sharedParameters.allowedHosts })
      .from(sharedParameters)
      .where(eq(sharedParameters.testSuiteId, suiteId));
    if (rows.length === 0) return {};
    let sites: string[] | null = null;
    if (rows.some((row) => row.allowedHosts.length === 0)) {
      const tests = await this._db
        .selectDistinct({ website: testCases.website })
        .from(testCases)
        .where(eq(testCases.testSuiteId, suiteId));
      const hosts = [...tests.map((test) => test.website), ...websites].map((site) => hostOf(site ?? ''));
      sites = [...new Set(hosts.filter((host): host is string => !!host))].sort();
    }
    return Object.fromEntries(
      rows.map((row) => [row.key, row.allowedHosts.length > 0 ? row.allowedHosts : (sites ?? [])]),
    );
  }

  private async _requireParameter(actor: Actor, suiteId: string, paramId: string): Promise<ParameterRow> {
    await this._testSuites.requireSuite(actor, suiteId);
    if (!isUuid(paramId)) throw new NotFoundError('Shared parameter not found');
    const [row] = await this._db
      .select()
      .from(sharedParameters)
      .where(and(eq(sharedParameters.id, paramId), eq(sharedParameters.testSuiteId, suiteId)));
    if (!row) throw new NotFoundError('Shared parameter not found');
    return row;
  }

  private async _links(paramIds: string[]): Promise<Map<string, string[]>> {
    const links = new Map<string, string[]>();
    if (paramIds.length === 0) return links;
    const rows = await this._db
      .select()
      .from(testCaseSharedParameters)
      .where(inArray(testCaseSharedParameters.sharedParameterId, paramIds))
      .orderBy(asc(testCaseSharedParameters.createdAt), asc(testCaseSharedParameters.testCaseId));
    for (const row of rows) {
      const list = links.get(row.sharedParameterId) ?? [];
      list.push(row.testCaseId);
      links.set(row.sharedParameterId, list);
    }
    return links;
  }
}

function toWire(row: ParameterRow, value: string, linkedTestIds: string[]): SharedParameter {
  return {
    _id: row.id,
    key: row.key,
    value,
    test_suite_id: row.testSuiteId,
    linked_test_ids: linkedTestIds,
    allowed_hosts: row.allowedHosts,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function secretClash() {
  return new ConflictError(MESSAGES.secretClash, { fields: { key: 'exists' } });
}

function checkKey(key: string) {
  if (!key) throw new ValidationError(MESSAGES.parameterDataRequired, { fields: { key: 'required' } });
  if (!isSimpleName(key)) throw new ValidationError(MESSAGES.secretName, { fields: { key: 'invalid' } });
  if (key.length > LIMITS.key)
    throw new ValidationError(`Secret names must be at most ${LIMITS.key} characters`, {
      fields: { key: 'too_long' },
    });
}

function checkValue(value: string) {
  if (value.length > LIMITS.value)
    throw new ValidationError(`Secret values must be at most ${LIMITS.value} characters`, {
      fields: { value: 'too_long' },
    });
}

function checkLinkedIds(ids: string[]): string[] {
  const unique = [...new Set(ids.map((id) => id.trim().toLowerCase()))];
  if (!unique.every(isUuid))
    throw new ValidationError('Linked test ids must be UUIDs', { fields: { linked_test_ids: 'invalid' } });
  if (unique.length > LIMITS.linkedTests)
    throw new ValidationError(`A secret may be linked to at most ${LIMITS.linkedTests} tests`, {
      fields: { linked_test_ids: 'too_many' },
    });
  return unique;
}

/** Each a host or `*.` a domain (SECRET_HOST_PATTERN), kept lower-case and once. */
function checkHosts(hosts: string[]): string[] {
  const unique = [...new Set(hosts.map((host) => host.trim().toLowerCase()).filter(Boolean))];
  const invalid = unique.find((host) => host.length > LIMITS.host || !SECRET_HOST_PATTERN.test(host));
  if (invalid !== undefined)
    throw new ValidationError(
      `"${invalid.slice(0, 80)}" is not a host: write shop.example, 127.0.0.1:4100 or *.shop.example`,
      { fields: { allowed_hosts: 'invalid' } },
    );
  if (unique.length > LIMITS.allowedHosts)
    throw new ValidationError(`A secret may name at most ${LIMITS.allowedHosts} hosts`, {
      fields: { allowed_hosts: 'too_many' },
    });
  return unique;
}

async function requireTestsInSuite(executor: Executor, suiteId: string, ids: string[]) {
  if (ids.length === 0) return;
  const found = await executor
    .select({ id: testCases.id })
    .from(testCases)
    .where(and(eq(testCases.testSuiteId, suiteId), inArray(testCases.id, ids)));
  if (found.length !== ids.length)
    throw new ValidationError('A test in linked_test_ids is not in this test suite', {
      fields: { linked_test_ids: 'unknown' },
    });
}

/**
 * A secret may not take the name of a variable of the suite's tests (SPEC §5, the reverse of the
 * variables' rule): runs substitute every secret of the suite, so both would answer to {{name}}.
 */
async function requireNoVariableNamed(
  executor: Executor,
  suiteId: string,
  key: string,
  exceptParamId?: string,
) {
  if (exceptParamId) {
    // Renaming a secret onto its own name changes nothing.
    const [same] = await executor
      .select({ id: sharedParameters.id })
      .from(sharedParameters)
      .where(and(eq(sharedParameters.id, exceptParamId), eq(sharedParameters.key, key)));
    if (same) return;
  }
  const users = await executor
    .select({ id: testCases.id })
    .from(testCases)
    .where(
      and(
        eq(testCases.testSuiteId, suiteId),
        or(
          sql`jsonb_exists(${testCases.parameters}, ${key}::text)`,
          sql`jsonb_exists(${testCases.credentials}, ${key}::text)`,
        ),
      ),
    )
    .limit(LIMITS.linkedTests);
  if (users.length > 0)
    throw new ConflictError(MESSAGES.secretClash, {
      fields: { key: 'variable_exists' },
      test_case_ids: users.map(({ id }) => id),
    });
}

async function replaceLinks(executor: Executor, paramId: string, testIds: string[]) {
  await executor
    .delete(testCaseSharedParameters)
    .where(eq(testCaseSharedParameters.sharedParameterId, paramId));
  if (testIds.length === 0) return;
  const base = Date.now();
  await executor.insert(testCaseSharedParameters).values(
    testIds.map((testCaseId, index) => ({
      testCaseId,
      sharedParameterId: paramId,
      createdAt: new Date(base + index),
    })),
  );
}
