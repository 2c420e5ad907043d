import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type PgSelect } from 'drizzle-orm/pg-core';
import { type Db, type Executor, UNNAMED_STATEMENT } from '../db/client';
import {
  browserStates,
  organizationMembers,
  sharedParameters,
  testCases,
  testCaseSharedParameters,
  testCollections,
  testCollectionTests,
  testModules,
  testSuites,
} from '../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { isUuid } from '../lib/validate';
import { VersionedCache } from '../lib/versionedCache';
import { MODULE_MESSAGES } from '../../../contract/modules';
import { GENERATING_STATES, type GenerationState } from '../../../contract/states';
import {
  DEFAULT_VIEWPORT,
  effectiveParameters,
  isSimpleName,
  isWebsiteUrl,
  MESSAGES,
  normalizeWebsite,
  parseFolderPath,
  PROGRAMMING_LANGUAGES,
  TEST_CASE_LIMITS as LIMITS,
  type AddVariableBody,
  type CreateTestCasesBody,
  type EditTestCaseBody,
  type NewTestCase,
  type ProgrammingLanguage,
  type TestCase,
} from '../../../contract/testCases';
import { sanitizeInstructionsHtml } from '../../../contract/instructionsHtml';
import { refuseWebsite, type TestTargets } from '../runner';
import { type Actor } from './actor';
import { exportedScripts } from './exportedCode';
import { ensureFolders } from './testFolders';
import { placeholderMemberOf, type TestSuiteService } from './testSuites';

type TestCaseRow = typeof testCases.$inferSelect;
type TestCaseValues = Partial<typeof testCases.$inferInsert>;

/** Fields a person edits, checked and ready to store; shared parameters live in a link table. */
interface CheckedFields {
  values: TestCaseValues;
  sharedParameterIds?: string[];
  /** Collections live in a link table too (issue 12). */
  collectionIds?: string[];
}

type Mode = 'create' | 'put' | 'patch';

/** Test rows a process keeps for GET /test-case/{id} (a generated test's row is tens of kilobytes). */
const TEST_ROWS_KEPT = 200;

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

/** What test cases ask of the services built on them, given at construction. */
export interface TestCasePorts {
  /** Starts generation of tests a person asked to generate. */
  startGeneration(actor: Actor, ids: string[]): Promise<void>;
  /** Copies the files a test's steps name to another test (old id → new id). */
  copyArtifacts(fromTestId: string, toTestId: string, ids: string[]): Promise<Map<string, string>>;
}

export class TestCaseService {
  constructor(
    private readonly _db: Db,
    private readonly _testSuites: TestSuiteService,
    private readonly _targets: TestTargets,
    private readonly _ports: TestCasePorts | null = null,
  ) {
    this._readAccess = readAccess(_db);
    this._readRow = readRow(_db);
  }

  /** GET /test-case/{id}'s first statement: access, the row's version and its links. */
  private readonly _readAccess: ReturnType<typeof readAccess>;
  /** Its second, when the row is not kept at that version. */
  private readonly _readRow: ReturnType<typeof readRow>;
  private readonly _rows = new VersionedCache<TestCaseRow>(TEST_ROWS_KEPT);

  /** POST /test-cases/: all or none, in the order given. */
  async create(actor: Actor, body: CreateTestCasesBody): Promise<TestCase[]> {
    const inputs = body.test_cases ?? [];
    if (inputs.length === 0)
      throw new ValidationError('At least one test case is required', { fields: { test_cases: 'required' } });
    if (inputs.length > LIMITS.batch)
      throw new ValidationError(`At most ${LIMITS.batch} test cases can be created at once`, {
        fields: { test_cases: 'too_many' },
      });
    const checked = inputs.map((input, index) => {
      const suiteId = input.test_suite_id?.trim();
      if (!suiteId)
        throw new ValidationError('Test suite ID is required', {
          fields: { [`test_cases.${index}.test_suite_id`]: 'required' },
        });
      return { suiteId, ...checkFields(input, 'create', `test_cases.${index}.`) };
    });
    for (const [index, item] of checked.entries())
      await this._checkTarget(item.values.website, `test_cases.${index}.website`);
    const orgBySuite = new Map<string, string>();
    for (const suiteId of new Set(checked.map((item) => item.suiteId))) {
      const suite = await this._testSuites.requireSuite(actor, suiteId);
      orgBySuite.set(suiteId, suite.orgId);
    }
    for (const item of checked) {
      await this._checkAgainstSecrets(this._db, item.suiteId, item.values, item.sharedParameterIds);
      await checkCollections(this._db, item.suiteId, item.collectionIds);
      await checkSetupModule(this._db, item.suiteId, item.values.testModuleIdForSetup);
      await checkBrowserState(this._db, item.suiteId, item.values.browserStateId);
    }
    const now = new Date();
    const rows = await this._db.transaction(async (tx) => {
      for (const item of checked) await ensureFolders(tx, item.suiteId, item.values.path ?? '');
      const inserted = await tx
        .insert(testCases)
        .values(
          checked.map((item) => ({
            ...(item.values as typeof testCases.$inferInsert),
            testSuiteId: item.suiteId,
            createdBy: actor.id,
            createdAt: now,
            lastModifiedAt: now,
            generationRequestedAt: body.schedule_generation ? now : null,
          })),
        )
        .returning();
      for (const [index, row] of inserted.entries()) {
        await replaceLinks(tx, row.id, checked[index].sharedParameterIds ?? []);
        await replaceCollectionLinks(tx, row.id, checked[index].collectionIds ?? []);
      }
      return inserted;
    });
    let created = rows;
    if (body.schedule_generation && this._ports) {
      await this._ports.startGeneration(
        actor,
        rows.map((row) => row.id),
      );
      created = await this._reload(rows.map((row) => row.id));
    }
    return created.map((row, index) =>
      toWire(
        row,
        orgBySuite.get(row.testSuiteId)!,
        checked[index].sharedParameterIds ?? [],
        checked[index].collectionIds ?? [],
      ),
    );
  }

  /** Rows again after generation changed them, in the order given. */
  private async _reload(ids: string[]): Promise<TestCaseRow[]> {
    const rows = await this._db.select().from(testCases).where(inArray(testCases.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id)!);
  }

  /** A website the test browsers may not reach (issue 9) is refused with the guard's sentence. */
  private async _checkTarget(website: string | undefined, field: string): Promise<void> {
    const refused = website === undefined ? null : await refuseWebsite(this._targets, website);
    if (refused) throw new ValidationError(refused, { fields: { [field]: refused } });
  }

  /**
   * The SPA reads tests often, and a generated test's row is large (its steps, traces and scripts):
   * one statement reads the person's access, the row's version (xmin) and its links; the row itself
   * is read only when this process does not keep it at that version. Both statements are prepared
   * once (drizzle builds a query's SQL on every call otherwise). See docs/testCases.md for figures.
   */
  async get(actor: Actor, id: string): Promise<TestCase> {
    if (!isUuid(id)) throw new NotFoundError(MESSAGES.testCaseNotFound);
    const [found] = await this._readAccess.execute({ id, userId: actor.id });
    if (!found) {
      this._rows.delete(id);
      throw new NotFoundError(MESSAGES.testCaseNotFound);
    }
    let row = this._rows.get(id, found.version);
    if (!row) {
      const [read] = await this._readRow.execute({ id });
      // Deleted since the first statement.
      if (!read) throw new NotFoundError(MESSAGES.testCaseNotFound);
      this._rows.set(id, read.version, read.row);
      row = read.row;
    }
    return toWire(row, found.orgId, found.parameterIds, found.collectionIds);
  }

  /** PATCH changes only the fields sent (one UPDATE, so concurrent edits of other fields survive); PUT sets them all. */
  async edit(
    actor: Actor,
    id: string,
    body: EditTestCaseBody,
    options: { full: boolean; schedule: boolean },
  ): Promise<TestCase> {
    const bodyId = body.test_case_id?.trim();
    if (!options.full && !bodyId)
      throw new ValidationError(MESSAGES.testCaseIdRequired, { fields: { test_case_id: 'required' } });
    for (const [field, value] of [
      ['test_case_id', bodyId],
      ['id', body.id?.trim()],
    ] as const) {
      if (value !== undefined && value.toLowerCase() !== id.toLowerCase())
        throw new ValidationError('The test case id in the body does not match the address', {
          fields: { [field]: 'mismatch' },
        });
    }
    const { row: current, orgId } = await this.requireTest(actor, id, MESSAGES.testCaseIdNotFound);
    if (body.test_suite_id !== undefined && body.test_suite_id.trim().toLowerCase() !== current.testSuiteId)
      throw new ValidationError('A test case cannot move to another test suite', {
        fields: { test_suite_id: 'immutable' },
      });
    const expected = body.last_modified_at === undefined ? null : parseDate(body.last_modified_at);
    const { values, sharedParameterIds, collectionIds } = checkFields(body, options.full ? 'put' : 'patch');
    await this._checkTarget(values.website, 'website');
    await this._checkAgainstSecrets(this._db, current.testSuiteId, values, sharedParameterIds);
    await checkCollections(this._db, current.testSuiteId, collectionIds);
    await checkSetupModule(this._db, current.testSuiteId, values.testModuleIdForSetup);
    await checkBrowserState(this._db, current.testSuiteId, values.browserStateId);
    const now = new Date();
    const row = await this._db.transaction(async (tx) => {
      if (values.path !== undefined) await ensureFolders(tx, current.testSuiteId, values.path);
      const [updated] = await tx
        .update(testCases)
        .set({ ...values, lastModifiedAt: now, ...(options.schedule ? { generationRequestedAt: now } : {}) })
        .where(
          and(
            eq(testCases.id, id),
            // Milliseconds, as the client saw them: a writer using now() stores microseconds.
            expected
              ? sql`date_trunc('milliseconds', ${testCases.lastModifiedAt}) = ${expected.toISOString()}::timestamptz`
              : undefined,
          ),
        )
        .returning();
      if (!updated) {
        const [still] = await tx
          .select({ lastModifiedAt: testCases.lastModifiedAt })
          .from(testCases)
          .where(eq(testCases.id, id));
        if (!still) throw new NotFoundError(MESSAGES.testCaseIdNotFound);
        throw new ConflictError(
          'Someone changed this test case after you opened it. Reload it and try again.',
          {
            last_modified_at: still.lastModifiedAt.toISOString(),
          },
        );
      }
      if (sharedParameterIds) await replaceLinks(tx, id, sharedParameterIds);
      if (collectionIds) await replaceCollectionLinks(tx, id, collectionIds);
      return updated;
    });
    if (options.schedule && this._ports) {
      await this._ports.startGeneration(actor, [id]);
      const [fresh] = await this._reload([id]);
      return toWire(
        fresh,
        orgId,
        sharedParameterIds ?? (await this._linkedParameters(id)),
        await this._linkedCollections(id),
      );
    }
    return toWire(
      row,
      orgId,
      sharedParameterIds ?? (await this._linkedParameters(id)),
      await this._linkedCollections(id),
    );
  }

  async delete(actor: Actor, id: string): Promise<void> {
    await this.requireTest(actor, id, MESSAGES.testCaseNotFound);
    await this._db.delete(testCases).where(eq(testCases.id, id));
  }

  /** A copy named '<name> (copy)' in the same folder; runs and collections stay with the original. */
  async duplicate(actor: Actor, id: string): Promise<TestCase> {
    const { row, orgId } = await this.requireTest(actor, id, MESSAGES.testCaseNotFound);
    const links = await this._linkedParameters(id);
    const suffix = ' (copy)';
    // A test still generating has no finished output to copy: the copy starts afresh.
    const generating = GENERATING_STATES.includes(row.state as GenerationState);
    const now = new Date();
    const copy = await this._db.transaction(async (tx) => {
      // The folder may have been deleted since the original was read.
      await ensureFolders(tx, row.testSuiteId, row.path);
      const [inserted] = await tx
        .insert(testCases)
        .values({
          testSuiteId: row.testSuiteId,
          name: `${row.name.slice(0, LIMITS.name - suffix.length)}${suffix}`,
          website: row.website,
          description: row.description,
          path: row.path,
          credentials: row.credentials,
          parameters: row.parameters,
          programmingLanguage: row.programmingLanguage,
          viewportWidth: row.viewportWidth,
          viewportHeight: row.viewportHeight,
          userAgent: row.userAgent,
          browserStateId: row.browserStateId,
          testModuleIdForSetup: row.testModuleIdForSetup,
          enableProxies: row.enableProxies,
          state: generating ? 'created' : row.state,
          finalMessage: generating ? null : row.finalMessage,
          finalScript: generating ? null : row.finalScript,
          finalScriptPy: generating ? null : row.finalScriptPy,
          testGenerationSteps: generating ? [] : row.testGenerationSteps,
          stepsSource: generating ? null : row.stepsSource,
          createdBy: actor.id,
          createdAt: now,
          lastModifiedAt: now,
        })
        .returning();
      await replaceLinks(tx, inserted.id, links);
      return inserted;
    });
    return toWire(await this._withOwnArtifacts(row.id, copy), orgId, links, []);
  }

  /** The copy's steps name copies of the original's screenshots and traces, not the original's files. */
  private async _withOwnArtifacts(originalId: string, copy: TestCaseRow): Promise<TestCaseRow> {
    const steps = JSON.stringify(copy.testGenerationSteps ?? []);
    const ids = [...new Set(steps.match(UUID_IN_TEXT) ?? [])];
    if (ids.length === 0 || !this._ports) return copy;
    const copied = await this._ports.copyArtifacts(originalId, copy.id, ids);
    if (copied.size === 0) return copy;
    const rewritten = steps.replace(UUID_IN_TEXT, (id) => copied.get(id) ?? id);
    const [updated] = await this._db
      .update(testCases)
      .set({ testGenerationSteps: JSON.parse(rewritten) as typeof copy.testGenerationSteps })
      .where(eq(testCases.id, copy.id))
      .returning();
    return updated ?? copy;
  }

  /** PATCH /test-cases/{id}/collections: the test's collections become exactly these (issue 12). */
  async updateCollections(actor: Actor, id: string, collectionIds: unknown): Promise<TestCase> {
    if (collectionIds === undefined)
      throw new ValidationError('Collection ids are required', { fields: { collection_ids: 'required' } });
    const ids = checkIds(collectionIds as string[], 'collection_ids', 'Collection ids must be UUIDs');
    const { row: current, orgId } = await this.requireTest(actor, id, MESSAGES.testCaseIdNotFound);
    await checkCollections(this._db, current.testSuiteId, ids);
    const row = await this._db.transaction(async (tx) => {
      const [updated] = await tx
        .update(testCases)
        .set({ lastModifiedAt: new Date() })
        .where(eq(testCases.id, id))
        .returning();
      if (!updated) throw new NotFoundError(MESSAGES.testCaseIdNotFound);
      await replaceCollectionLinks(tx, id, ids);
      return updated;
    });
    return toWire(row, orgId, await this._linkedParameters(id), await this._linkedCollections(id));
  }

  /** Adds one variable to the test's parameters, atomically, so two people adding at once both land. */
  async addVariable(actor: Actor, id: string, input: AddVariableBody): Promise<TestCase> {
    const name = checkVariableName(input.name);
    const value = checkVariableValue(input.value ?? '');
    const { row: current, orgId } = await this.requireTest(actor, id, MESSAGES.testCaseNotFound);
    await this._checkAgainstSecrets(this._db, current.testSuiteId, { parameters: { [name]: value } });
    const effective = sql`(CASE WHEN ${testCases.parameters} = '{}'::jsonb THEN ${testCases.credentials} ELSE ${testCases.parameters} END)`;
    const [row] = await this._db
      .update(testCases)
      .set({
        parameters: sql`${effective} || jsonb_build_object(${name}::text, ${value}::text)`,
        lastModifiedAt: new Date(),
      })
      .where(
        and(
          eq(testCases.id, id),
          sql`NOT jsonb_exists(${effective}, ${name}::text)`,
          sql`(SELECT count(*) FROM jsonb_object_keys(${effective})) < ${LIMITS.variables}`,
        ),
      )
      .returning();
    if (!row) {
      const { row: now } = await this.requireTest(actor, id, MESSAGES.testCaseNotFound);
      if (name in effectiveParameters(now.parameters, now.credentials))
        throw new ConflictError(MESSAGES.variableExists, { fields: { name: 'exists' } });
      throw new ValidationError(`A test may have at most ${LIMITS.variables} variables`, {
        fields: { name: 'too_many' },
      });
    }
    return toWire(row, orgId, await this._linkedParameters(id), await this._linkedCollections(id));
  }

  async updateVariable(actor: Actor, id: string, rawName: string, rawValue: unknown): Promise<TestCase> {
    const name = rawName.trim();
    if (rawValue === undefined)
      throw new ValidationError('Variable value is required', { fields: { value: 'required' } });
    const value = checkVariableValue(rawValue);
    const { orgId } = await this.requireTest(actor, id, MESSAGES.testCaseNotFound);
    const effective = sql`(CASE WHEN ${testCases.parameters} = '{}'::jsonb THEN ${testCases.credentials} ELSE ${testCases.parameters} END)`;
    const [row] = await this._db
      .update(testCases)
      .set({
        parameters: sql`${effective} || jsonb_build_object(${name}::text, ${value}::text)`,
        lastModifiedAt: new Date(),
      })
      .where(and(eq(testCases.id, id), sql`jsonb_exists(${effective}, ${name}::text)`))
      .returning();
    if (!row) throw new NotFoundError('Variable not found');
    return toWire(row, orgId, await this._linkedParameters(id), await this._linkedCollections(id));
  }

  async deleteVariable(actor: Actor, id: string, rawName: string): Promise<TestCase> {
    const name = rawName.trim();
    const { orgId } = await this.requireTest(actor, id, MESSAGES.testCaseNotFound);
    const effective = sql`(CASE WHEN ${testCases.parameters} = '{}'::jsonb THEN ${testCases.credentials} ELSE ${testCases.parameters} END)`;
    const [row] = await this._db
      .update(testCases)
      .set({
        // NOTE: credentials lose the name too, or the fallback would bring the variable back.
        parameters: sql`${effective} - ${name}::text`,
        credentials: sql`${testCases.credentials} - ${name}::text`,
        lastModifiedAt: new Date(),
      })
      .where(and(eq(testCases.id, id), sql`jsonb_exists(${effective}, ${name}::text)`))
      .returning();
    if (!row) throw new NotFoundError('Variable not found');
    return toWire(row, orgId, await this._linkedParameters(id), await this._linkedCollections(id));
  }

  /** The test if the caller belongs to its suite's organization; otherwise 404 with `message`. */
  async requireTest(actor: Actor, id: string, message: string): Promise<{ row: TestCaseRow; orgId: string }> {
    if (!isUuid(id)) throw new NotFoundError(message);
    const query = this._db.select({ row: testCases, orgId: testSuites.orgId }).from(testCases);
    const [found] = await this._visible(query.$dynamic(), actor, id);
    if (!found) throw new NotFoundError(message);
    return found;
  }

  /** The test's generation state, as requireTest allows: without reading its steps. */
  async requireTestState(actor: Actor, id: string, message: string): Promise<string> {
    if (!isUuid(id)) throw new NotFoundError(message);
    const query = this._db.select({ state: testCases.state }).from(testCases);
    const [found] = await this._visible(query.$dynamic(), actor, id);
    if (!found) throw new NotFoundError(message);
    return found.state;
  }

  /** A query of the test `id`, kept to the actor's organizations (its suite joined). */
  private _visible<Query extends PgSelect>(query: Query, actor: Actor, id: string) {
    return query
      .innerJoin(testSuites, eq(testSuites.id, testCases.testSuiteId))
      .innerJoin(
        organizationMembers,
        and(eq(organizationMembers.orgId, testSuites.orgId), eq(organizationMembers.userId, actor.id)),
      )
      .where(eq(testCases.id, id));
  }

  /** The test's collections, by name (the link table is the truth; issue 12). */
  private async _linkedCollections(testCaseId: string): Promise<string[]> {
    const rows = await this._db
      .select({ id: testCollectionTests.collectionId })
      .from(testCollectionTests)
      .innerJoin(testCollections, eq(testCollections.id, testCollectionTests.collectionId))
      .where(eq(testCollectionTests.testCaseId, testCaseId))
      .orderBy(sql`lower(${testCollections.name})`, asc(testCollections.id));
    return rows.map((row) => row.id);
  }

  private async _linkedParameters(testCaseId: string): Promise<string[]> {
    const rows = await this._db
      .select({ id: testCaseSharedParameters.sharedParameterId })
      .from(testCaseSharedParameters)
      .where(eq(testCaseSharedParameters.testCaseId, testCaseId))
      .orderBy(asc(testCaseSharedParameters.createdAt), asc(testCaseSharedParameters.sharedParameterId));
    return rows.map((row) => row.id);
  }

  /** Variables may not take a secret's name; linked secrets must belong to the suite. */
  private async _checkAgainstSecrets(
    executor: Executor,
    suiteId: string,
    values: TestCaseValues,
    sharedParameterIds?: string[],
  ): Promise<void> {
    const names = [...Object.keys(values.parameters ?? {}), ...Object.keys(values.credentials ?? {})];
    if (names.length > 0) {
      const clashes = await executor
        .select({ key: sharedParameters.key })
        .from(sharedParameters)
        .where(and(eq(sharedParameters.testSuiteId, suiteId), inArray(sharedParameters.key, names)));
      if (clashes.length > 0)
        throw new ConflictError(MESSAGES.secretClash, {
          fields: Object.fromEntries(clashes.map(({ key }) => [`parameters.${key}`, 'secret_exists'])),
        });
    }
    if (sharedParameterIds && sharedParameterIds.length > 0) {
      const found = await executor
        .select({ id: sharedParameters.id })
        .from(sharedParameters)
        .where(
          and(eq(sharedParameters.testSuiteId, suiteId), inArray(sharedParameters.id, sharedParameterIds)),
        );
      if (found.length !== sharedParameterIds.length)
        throw new ValidationError('A shared parameter in shared_parameter_ids is not in this test suite', {
          fields: { shared_parameter_ids: 'unknown' },
        });
    }
  }
}

/** A setup module must be one of the suite's modules (issue 13); another suite's reads as none. */
async function checkSetupModule(executor: Executor, suiteId: string, moduleId: string | null | undefined) {
  if (!moduleId) return;
  const [found] = await executor
    .select({ id: testModules.id })
    .from(testModules)
    .where(and(eq(testModules.id, moduleId), eq(testModules.testSuiteId, suiteId)));
  if (!found)
    throw new ValidationError(MODULE_MESSAGES.notFound, { fields: { test_module_id_for_setup: 'unknown' } });
}

/** A test starts only from a browser state of its own suite (another's would carry its sessions). */
async function checkBrowserState(executor: Executor, suiteId: string, stateId: string | null | undefined) {
  if (!stateId) return;
  const [found] = await executor
    .select({ id: browserStates.id })
    .from(browserStates)
    .where(and(eq(browserStates.id, stateId), eq(browserStates.testSuiteId, suiteId)));
  if (!found)
    throw new ValidationError('Browser state not found', { fields: { browser_state_id: 'unknown' } });
}

/** Replaces the secrets a test uses. */
export async function replaceLinks(executor: Executor, testCaseId: string, ids: string[]): Promise<void> {
  await executor.delete(testCaseSharedParameters).where(eq(testCaseSharedParameters.testCaseId, testCaseId));
  if (ids.length === 0) return;
  const base = Date.now();
  // Distinct times keep the order a person chose.
  await executor.insert(testCaseSharedParameters).values(
    ids.map((sharedParameterId, index) => ({
      testCaseId,
      sharedParameterId,
      createdAt: new Date(base + index),
    })),
  );
}

/** Collections a test is put in must belong to its suite (400 otherwise). */
export async function checkCollections(
  executor: Executor,
  suiteId: string,
  collectionIds: string[] | undefined,
): Promise<void> {
  if (!collectionIds || collectionIds.length === 0) return;
  const found = await executor
    .select({ id: testCollections.id })
    .from(testCollections)
    .where(and(eq(testCollections.testSuiteId, suiteId), inArray(testCollections.id, collectionIds)));
  if (found.length !== collectionIds.length)
    throw new ValidationError('A collection in collection_ids is not in this test suite', {
      fields: { collection_ids: 'unknown' },
    });
}

/** Replaces the collections a test is in. */
export async function replaceCollectionLinks(
  executor: Executor,
  testCaseId: string,
  collectionIds: string[],
): Promise<void> {
  await executor.delete(testCollectionTests).where(eq(testCollectionTests.testCaseId, testCaseId));
  if (collectionIds.length === 0) return;
  await executor
    .insert(testCollectionTests)
    .values(collectionIds.map((collectionId) => ({ collectionId, testCaseId })));
}

/**
 * What a test's steps were generated from: its website and instructions when the generation was
 * claimed; and `healed_on`, the website an accepted healing last proved them on (issue 28: a Change
 * URL then a heal on the new site brings the steps up to date without regenerating them).
 */
export type StepsSource = { website: string; description: string; healed_on?: string };

/** The instructions' words, whatever markup the editor wrapped them in. */
function instructionWords(description: string): string {
  return description
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function sameWebsite(a: string, b: string): boolean {
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return a === b;
  }
}

/**
 * The test's steps were generated from other instructions or another website than it has now.
 * NOTE: steps from before issue 11 (no source) and steps in the making are never out of date.
 */
export function stepsOutOfDate(
  row: Pick<TestCaseRow, 'website' | 'description' | 'state' | 'testGenerationSteps' | 'stepsSource'>,
): boolean {
  const source = row.stepsSource as StepsSource | null;
  if (!source || row.testGenerationSteps.length === 0) return false;
  if (GENERATING_STATES.includes(row.state as GenerationState)) return false;
  return (
    instructionWords(source.description) !== instructionWords(row.description) ||
    (!sameWebsite(source.website, row.website) &&
      !(source.healed_on !== undefined && sameWebsite(source.healed_on, row.website)))
  );
}

/** GET /test-case/{id}, prepared once per service (see TestCaseService.get). */
function readAccess(db: Db) {
  return db
    .select({
      version: sql<string>`${testCases}.xmin::text`,
      orgId: testSuites.orgId,
      parameterIds: sql<string[]>`(
        SELECT coalesce(json_agg(p.shared_parameter_id ORDER BY p.created_at, p.shared_parameter_id), '[]')
        FROM ${testCaseSharedParameters} AS p WHERE p.test_case_id = ${testCases.id})`,
      collectionIds: sql<string[]>`(
        SELECT coalesce(json_agg(l.collection_id ORDER BY lower(c.name), c.id), '[]')
        FROM ${testCollectionTests} AS l JOIN ${testCollections} AS c ON c.id = l.collection_id
        WHERE l.test_case_id = ${testCases.id})`,
    })
    .from(testCases)
    .innerJoin(testSuites, eq(testSuites.id, testCases.testSuiteId))
    .innerJoin(organizationMembers, placeholderMemberOf(testSuites.orgId))
    .where(eq(testCases.id, sql.placeholder('id')))
    .prepare(UNNAMED_STATEMENT);
}

function readRow(db: Db) {
  return db
    .select({ row: testCases, version: sql<string>`${testCases}.xmin::text` })
    .from(testCases)
    .where(eq(testCases.id, sql.placeholder('id')))
    .prepare(UNNAMED_STATEMENT);
}

/** What instructionsWithoutSteps reads of a step: its place in the plan and whether it passed. */
export interface StepOfPlan {
  step_index: number;
  execution_succeded: boolean;
}

/**
 * The plan's instructions with no successful step (step i is plan[i]), in order: a failed step's and
 * those never reached. A test without a stored plan (from before plans were kept) has none to tell.
 */
export function instructionsWithoutSteps(plan: unknown, steps: StepOfPlan[]): string[] {
  if (!Array.isArray(plan)) return [];
  const covered = new Set(steps.filter((step) => step.execution_succeded).map((step) => step.step_index));
  return (plan as string[]).filter((_, index) => !covered.has(index));
}

export function toWire(
  row: TestCaseRow,
  orgId: string,
  sharedParameterIds: string[],
  collectionIds: string[],
): TestCase {
  const scripts = exportedScripts(row);
  return {
    _id: row.id,
    name: row.name,
    title: row.name,
    website: row.website,
    description: row.description,
    test_suite_id: row.testSuiteId,
    org_id: orgId,
    customer_id: row.createdBy,
    path: row.path,
    credentials: row.credentials,
    parameters: effectiveParameters(row.parameters, row.credentials),
    shared_parameter_ids: sharedParameterIds,
    collection_ids: collectionIds,
    programming_language: row.programmingLanguage,
    viewport_width: row.viewportWidth,
    viewport_height: row.viewportHeight,
    user_agent: row.userAgent,
    browser_state_id: row.browserStateId,
    test_module_id_for_setup: row.testModuleIdForSetup,
    enable_proxies: row.enableProxies,
    state: row.state,
    final_message: row.finalMessage,
    // Written from the steps and the website as they are now: what the test runs (issue 28).
    final_script: scripts?.typescript ?? null,
    final_script_py: scripts?.python ?? null,
    test_generation_steps: row.testGenerationSteps,
    generation_plan_length: Array.isArray(row.generationPlan) ? row.generationPlan.length : null,
    instructions_without_steps: GENERATING_STATES.includes(row.state as GenerationState)
      ? []
      : instructionsWithoutSteps(row.generationPlan, row.testGenerationSteps as StepOfPlan[]),
    latest_run_status: row.latestRunStatus,
    latest_run_time: row.latestRunTime?.toISOString() ?? null,
    steps_out_of_date: stepsOutOfDate(row),
    generation_requested_at: row.generationRequestedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    last_modified_at: row.lastModifiedAt.toISOString(),
  };
}

// ── Field checks: every failing field, the first one's sentence as the message ─────────────────

class FieldErrors {
  private readonly _fields: Record<string, string> = {};
  private _message: string | null = null;
  constructor(private readonly _prefix: string) {}

  add(field: string, message: string) {
    this._fields[`${this._prefix}${field}`] = message;
    this._message ??= message;
  }

  throwIfAny() {
    if (this._message) throw new ValidationError(this._message, { fields: this._fields });
  }
}

/**
 * Checks what a person sent. create and put: absent fields take their defaults (put is a full
 * replacement, except collection_ids, kept unless given); patch: only the fields present are returned.
 */
function checkFields(input: NewTestCase | EditTestCaseBody, mode: Mode, prefix = ''): CheckedFields {
  const errors = new FieldErrors(prefix);
  const values: TestCaseValues = {};
  const full = mode !== 'patch';
  const given = <K extends keyof NewTestCase>(key: K) => input[key] !== undefined;

  const rawName = input.name ?? input.title;
  if (rawName !== undefined || full) {
    const name = rawName?.trim() ?? '';
    if (!name) errors.add('name', 'Test name is required');
    else if (name.length > LIMITS.name)
      errors.add('name', `Test names must be at most ${LIMITS.name} characters`);
    else values.name = name;
  }
  if (given('website') || full) {
    const website = normalizeWebsite(input.website ?? '');
    if (!isWebsiteUrl(website)) errors.add('website', MESSAGES.invalidUrl);
    else values.website = website;
  }
  if (given('description') || full) {
    const description = input.description ?? '';
    if (description.length > LIMITS.description)
      errors.add('description', `Instructions must be at most ${LIMITS.description} characters`);
    // Only the editor's own markup is stored: no caller's script reaches a page that shows it (issue 27).
    else values.description = sanitizeInstructionsHtml(description);
  }
  if (given('path') || full) {
    const parsed = parseFolderPath(input.path ?? '');
    if ('error' in parsed) errors.add('path', parsed.error);
    else values.path = parsed.path;
  }
  for (const key of ['parameters', 'credentials'] as const) {
    if (!given(key) && !full) continue;
    const map = input[key] ?? {};
    const problem = checkVariableMap(map);
    if (problem) errors.add(key, problem);
    else values[key] = map;
  }
  let sharedParameterIds: string[] | undefined;
  let collectionIds: string[] | undefined;
  if (given('shared_parameter_ids') || full) {
    const ids = uniqueIds(input.shared_parameter_ids ?? []);
    if (!ids.every(isUuid)) errors.add('shared_parameter_ids', 'Shared parameter ids must be UUIDs');
    else if (ids.length > LIMITS.ids)
      errors.add('shared_parameter_ids', `A test may use at most ${LIMITS.ids} shared parameters`);
    else sharedParameterIds = ids;
  }
  // A PUT without collection_ids keeps the test's collections: a full edit of the test's own fields
  // must not silently unlink it from every collection (issue 28). Create starts with none.
  if (given('collection_ids') || mode === 'create') {
    const ids = uniqueIds(input.collection_ids ?? []);
    if (!ids.every(isUuid)) errors.add('collection_ids', 'Collection ids must be UUIDs');
    else if (ids.length > LIMITS.ids)
      errors.add('collection_ids', `A test may be in at most ${LIMITS.ids} collections`);
    else collectionIds = ids;
  }
  if (given('programming_language') || full) {
    const language = input.programming_language ?? 'typescript';
    if (!PROGRAMMING_LANGUAGES.includes(language as ProgrammingLanguage))
      errors.add('programming_language', 'Programming language must be typescript or python');
    else values.programmingLanguage = language as ProgrammingLanguage;
  }
  for (const [key, column, label, max, fallback] of [
    ['viewport_width', 'viewportWidth', 'Viewport width', LIMITS.viewportWidthMax, DEFAULT_VIEWPORT.width],
    [
      'viewport_height',
      'viewportHeight',
      'Viewport height',
      LIMITS.viewportHeightMax,
      DEFAULT_VIEWPORT.height,
    ],
  ] as const) {
    if (!given(key) && !full) continue;
    const size = input[key] ?? fallback;
    if (size < LIMITS.viewportMin || size > max)
      errors.add(key, `${label} must be between ${LIMITS.viewportMin} and ${max} pixels`);
    else values[column] = size;
  }
  if (given('user_agent') || full) {
    const userAgent = input.user_agent?.trim() || null;
    if (userAgent && userAgent.length > LIMITS.userAgent)
      errors.add('user_agent', `User agents must be at most ${LIMITS.userAgent} characters`);
    else values.userAgent = userAgent;
  }
  for (const [key, column, label] of [
    ['browser_state_id', 'browserStateId', 'Browser state id'],
    ['test_module_id_for_setup', 'testModuleIdForSetup', 'Setup module id'],
  ] as const) {
    if (!given(key) && !full) continue;
    const id = input[key]?.trim() || null;
    if (id && !isUuid(id)) errors.add(key, `${label} must be a UUID`);
    else values[column] = id?.toLowerCase() ?? null;
  }
  if (given('enable_proxies') || full) values.enableProxies = input.enable_proxies ?? false;

  errors.throwIfAny();
  return { values, sharedParameterIds, collectionIds };
}

function checkVariableMap(map: Record<string, string>): string | null {
  const entries = Object.entries(map);
  if (entries.length > LIMITS.variables) return `A test may have at most ${LIMITS.variables} variables`;
  for (const [name, value] of entries) {
    if (!isSimpleName(name)) return MESSAGES.variableName;
    if (name.length > LIMITS.variableName)
      return `Variable names must be at most ${LIMITS.variableName} characters`;
    if (value.length > LIMITS.variableValue)
      return `Variable values must be at most ${LIMITS.variableValue} characters`;
  }
  return null;
}

function checkVariableName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name) throw new ValidationError('Variable name is required', { fields: { name: 'required' } });
  if (!isSimpleName(name)) throw new ValidationError(MESSAGES.variableName, { fields: { name: 'invalid' } });
  if (name.length > LIMITS.variableName)
    throw new ValidationError(`Variable names must be at most ${LIMITS.variableName} characters`, {
      fields: { name: 'too_long' },
    });
  return name;
}

function checkVariableValue(value: unknown): string {
  if (typeof value !== 'string')
    throw new ValidationError('Variable value must be text', { fields: { value: 'invalid' } });
  if (value.length > LIMITS.variableValue)
    throw new ValidationError(`Variable values must be at most ${LIMITS.variableValue} characters`, {
      fields: { value: 'too_long' },
    });
  return value;
}

function checkIds(ids: string[], field: string, message: string): string[] {
  const unique = uniqueIds(ids);
  if (!unique.every(isUuid)) throw new ValidationError(message, { fields: { [field]: 'invalid' } });
  if (unique.length > LIMITS.ids)
    throw new ValidationError(`At most ${LIMITS.ids} ids are allowed`, { fields: { [field]: 'too_many' } });
  return unique;
}

function uniqueIds(ids: string[]): string[] {
  return [...new Set(ids.map((id) => id.trim().toLowerCase()))];
}

function parseDate(value: string): Date {
  const date = new Date(value);
  if (!value.trim() || Number.isNaN(date.getTime()))
    throw new ValidationError('last_modified_at must be a date and time', {
      fields: { last_modified_at: 'invalid' },
    });
  return date;
}
