import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import { organizationMembers, testCases, testModules } from '../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { isUuid, trimmed } from '../lib/validate';
import { translatePythonOffThread } from '../modules/pythonThread';
import {
  MODULE_LIMITS as LIMITS,
  MODULE_MESSAGES as MESSAGES,
  type CreateModuleBody,
  type Module,
  type ModuleLink,
  type ModuleTestCase,
  type ModuleType,
  type UpdateModuleBody,
} from '../../../contract/modules';
import { mayDo } from '../../../contract/permissions';
import { type Actor } from './actor';
import { isUniqueViolation, type TestSuiteService } from './testSuites';

type ModuleRow = typeof testModules.$inferSelect;

/** A test of the suite as far as module usage goes: its setup module, its words and its module steps. */
interface TestUsage {
  id: string;
  name: string;
  setupModuleId: string | null;
  description: string;
  stepModuleIds: string[];
}

// 'Use the "Sign in as admin" module' in instructions, with straight or curly quotes.
const MODULE_CALL = /use the\s+["“]([^"”]+)["”]\s+module/gi;

/** SPEC §3/§5/§7 modules: reusable steps made from a test case or an approved Python script. */
export class ModuleService {
  constructor(
    private readonly _db: Db,
    private readonly _testSuites: TestSuiteService,
  ) {}

  async list(actor: Actor, suiteId: string): Promise<Module[]> {
    await this._testSuites.requireSuite(actor, suiteId);
    const rows = await this._db
      .select()
      .from(testModules)
      .where(eq(testModules.testSuiteId, suiteId))
      .orderBy(asc(sql`lower(${testModules.name})`), asc(testModules.createdAt));
    const usage = await this._usage(suiteId);
    const sources = await this._sources(rows);
    return rows.map((row) => toWire(row, linksOf(row, usage), sources.get(row.testCaseId ?? '') ?? null));
  }

  async create(
    actor: Actor,
    suiteId: string,
    input: CreateModuleBody | undefined,
  ): Promise<{ module_id: string }> {
    const name = checkName(input?.name);
    const moduleType: ModuleType = input?.module_type ?? 'test_case';
    await this._testSuites.requireSuite(actor, suiteId);
    let testCaseId: string | null = null;
    let script: string | null = null;
    if (moduleType === 'test_case') {
      testCaseId = await this._requireSourceTest(suiteId, input?.test_case_id, /* required */ true);
    } else {
      script = await checkScript(input?.defining_py_script);
      if (input?.test_case_id) testCaseId = await this._requireSourceTest(suiteId, input.test_case_id, false);
    }
    try {
      const [row] = await this._db
        .insert(testModules)
        .values({
          testSuiteId: suiteId,
          name,
          moduleType,
          testCaseId,
          definingPyScript: script,
          createdBy: actor.id,
        })
        .returning({ id: testModules.id });
      return { module_id: row.id };
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  async rename(actor: Actor, suiteId: string, moduleId: string, newName: unknown): Promise<Module> {
    const name = checkName(newName, 'new_name');
    await this._requireModule(actor, suiteId, moduleId);
    return this._save(moduleId, { name });
  }

  async update(
    actor: Actor,
    suiteId: string,
    moduleId: string,
    input: UpdateModuleBody | undefined,
  ): Promise<Module> {
    if (
      !input ||
      (input.name === undefined && input.test_case_id === undefined && input.defining_py_script === undefined)
    )
      throw new ValidationError(MESSAGES.dataRequired, { fields: { name: 'required' } });
    const name = input.name === undefined ? undefined : checkName(input.name);
    const current = await this._requireModule(actor, suiteId, moduleId);
    const values: Partial<typeof testModules.$inferInsert> = {};
    if (name !== undefined) values.name = name;
    if (input.test_case_id !== undefined)
      values.testCaseId = await this._requireSourceTest(
        suiteId,
        input.test_case_id,
        /* required */ current.moduleType === 'test_case',
      );
    if (input.defining_py_script !== undefined) {
      if (current.moduleType !== 'python_script')
        throw new ValidationError('Only a Python script module has a script', {
          fields: { defining_py_script: 'not_allowed' },
        });
      const script = await checkScript(input.defining_py_script);
      if (script !== current.definingPyScript) {
        values.definingPyScript = script;
        // NOTE: what was approved is the old text: a changed script runs only once approved again.
        Object.assign(values, WITHDRAWN);
      }
    }
    return this._save(moduleId, values);
  }

  /** POST …/approve?approved=: an organization admin or an expert vouches for a Python script. */
  async approve(actor: Actor, suiteId: string, moduleId: string, approved: unknown): Promise<Module> {
    const suite = await this._testSuites.requireSuite(actor, suiteId);
    const row = await this._requireModule(actor, suiteId, moduleId);
    // NOTE: without the flag the call approves, as its name says.
    if (approved !== undefined && approved !== 'true' && approved !== 'false')
      throw new ValidationError('approved must be true or false', { fields: { approved: 'invalid' } });
    if (!(await this._mayApprove(actor, suite.orgId))) throw new ForbiddenError(MESSAGES.approveForbidden);
    if (row.moduleType !== 'python_script')
      throw new ValidationError('Only a Python script module needs approval', {
        fields: { module_type: 'not_python_script' },
      });
    if (approved === 'false') return this._save(moduleId, WITHDRAWN);
    const translation = await translatePythonOffThread(row.definingPyScript ?? '');
    if (!translation.ok) throw new ValidationError(MESSAGES.unsafe, translation.errors);
    // Approves the text that was read: a script edited meanwhile stays unapproved (409).
    const [approvedRow] = await this._db
      .update(testModules)
      .set({
        isDefiningPyScriptApproved: true,
        approvedBy: actor.id,
        approvedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(and(eq(testModules.id, moduleId), eq(testModules.definingPyScript, row.definingPyScript ?? '')))
      .returning();
    if (!approvedRow)
      throw new ConflictError('The script changed while you approved it: read it again, then approve it');
    return this._wire(approvedRow);
  }

  async delete(actor: Actor, suiteId: string, moduleId: string): Promise<void> {
    const row = await this._requireModule(actor, suiteId, moduleId);
    const links = linksOf(row, await this._usage(suiteId));
    if (links.length > 0) {
      const names = [...new Set(links.map((link) => link.name))];
      throw new ConflictError(`${MESSAGES.inUse}: ${names.join(', ')}`, {
        linked_test_cases: links,
      });
    }
    await this._db.delete(testModules).where(eq(testModules.id, moduleId));
  }

  private async _save(moduleId: string, values: Partial<typeof testModules.$inferInsert>): Promise<Module> {
    try {
      const [row] = await this._db
        .update(testModules)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(testModules.id, moduleId))
        .returning();
      if (!row) throw new NotFoundError(MESSAGES.notFound);
      return await this._wire(row);
    } catch (error) {
      if (isUniqueViolation(error)) throw nameTaken();
      throw error;
    }
  }

  private async _wire(row: ModuleRow): Promise<Module> {
    const sources = await this._sources([row]);
    return toWire(
      row,
      linksOf(row, await this._usage(row.testSuiteId)),
      sources.get(row.testCaseId ?? '') ?? null,
    );
  }

  private async _requireModule(actor: Actor, suiteId: string, moduleId: string): Promise<ModuleRow> {
    await this._testSuites.requireSuite(actor, suiteId);
    if (!isUuid(moduleId)) throw new NotFoundError(MESSAGES.notFound);
    const [row] = await this._db
      .select()
      .from(testModules)
      .where(and(eq(testModules.id, moduleId), eq(testModules.testSuiteId, suiteId)));
    if (!row) throw new NotFoundError(MESSAGES.notFound);
    return row;
  }

  /** The test a module is made from: it must be a test of the same suite. */
  private async _requireSourceTest(suiteId: string, raw: unknown, required: boolean): Promise<string | null> {
    const id = trimmed(raw)?.toLowerCase() ?? null;
    if (!id) {
      if (required)
        throw new ValidationError(MESSAGES.testCaseRequired, { fields: { test_case_id: 'required' } });
      return null;
    }
    const [row] = isUuid(id)
      ? await this._db
          .select({ id: testCases.id })
          .from(testCases)
          .where(and(eq(testCases.id, id), eq(testCases.testSuiteId, suiteId)))
      : [];
    // NOTE: another suite's (or organization's) test reads as no test at all.
    if (!row) throw new ValidationError(MESSAGES.testCaseRequired, { fields: { test_case_id: 'unknown' } });
    return row.id;
  }

  /** The organization's admins and experts (issue 27: the expert right is per membership, set by an admin). */
  private async _mayApprove(actor: Actor, orgId: string): Promise<boolean> {
    const [membership] = await this._db
      .select({ role: organizationMembers.role, expert: organizationMembers.expert })
      .from(organizationMembers)
      .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, actor.id)));
    return mayDo(membership, 'approveModules');
  }

  /** Every test of the suite with what ties it to modules (setup, module steps, words). */
  private async _usage(suiteId: string): Promise<TestUsage[]> {
    const rows = await this._db
      .select({
        id: testCases.id,
        name: testCases.name,
        setupModuleId: testCases.testModuleIdForSetup,
        description: testCases.description,
        stepModuleIds: sql<
          string[] | null
        >`jsonb_path_query_array(${testCases.testGenerationSteps}, '$[*].action ? (@.kind == "module").moduleId')`,
      })
      .from(testCases)
      .where(eq(testCases.testSuiteId, suiteId))
      .orderBy(asc(testCases.name), asc(testCases.createdAt));
    return rows.map((row) => ({ ...row, stepModuleIds: row.stepModuleIds ?? [] }));
  }

  private async _sources(rows: ModuleRow[]): Promise<Map<string, ModuleTestCase>> {
    const sources = new Map<string, ModuleTestCase>();
    for (const id of new Set(rows.map((row) => row.testCaseId).filter((id): id is string => id !== null))) {
      const [test] = await this._db
        .select({
          id: testCases.id,
          name: testCases.name,
          website: testCases.website,
          steps: testCases.testGenerationSteps,
        })
        .from(testCases)
        .where(eq(testCases.id, id));
      if (!test) continue;
      sources.set(id, {
        _id: test.id,
        name: test.name,
        website: test.website,
        steps: test.steps.map((step) => {
          const description = (step as { step_description?: unknown } | null)?.step_description;
          return typeof description === 'string' ? description : '';
        }),
      });
    }
    return sources;
  }
}

const WITHDRAWN = { isDefiningPyScriptApproved: false, approvedBy: null, approvedAt: null } as const;

/** The tests that use a module: as their setup first, then those whose steps or words call it. */
export function linksOf(row: Pick<ModuleRow, 'id' | 'name'>, usage: TestUsage[]): ModuleLink[] {
  const name = row.name.trim().toLowerCase();
  const setup = usage
    .filter((test) => test.setupModuleId?.toLowerCase() === row.id)
    .map((test) => ({ _id: test.id, name: test.name, usage: 'setup' as const }));
  const instructions = usage
    .filter(
      (test) =>
        test.stepModuleIds.includes(row.id) ||
        [...test.description.matchAll(MODULE_CALL)].some((match) => match[1].trim().toLowerCase() === name),
    )
    .map((test) => ({ _id: test.id, name: test.name, usage: 'instructions' as const }));
  return [...setup, ...instructions];
}

function toWire(row: ModuleRow, links: ModuleLink[], source: ModuleTestCase | null): Module {
  return {
    module_id: row.id,
    name: row.name,
    test_suite_id: row.testSuiteId,
    test_case_id: row.testCaseId,
    module_type: row.moduleType,
    linked_test_cases: links,
    test_case_for_module: source,
    defining_py_script: row.definingPyScript,
    is_defining_py_script_approved: row.isDefiningPyScriptApproved,
    approved_by: row.approvedBy,
    approved_at: row.approvedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function nameTaken() {
  return new ConflictError(MESSAGES.nameTaken, { fields: { name: 'exists' } });
}

function checkName(raw: unknown, field = 'name'): string {
  const name = trimmed(raw);
  if (!name) throw new ValidationError(MESSAGES.dataRequired, { fields: { [field]: 'required' } });
  if (name.length > LIMITS.name)
    throw new ValidationError(`Module names must be at most ${LIMITS.name} characters`, {
      fields: { [field]: 'too_long' },
    });
  return name;
}

/** A script must be there, fit, and translate into the runner's actions. */
async function checkScript(raw: unknown): Promise<string> {
  const script = typeof raw === 'string' && raw.trim() ? raw : null;
  if (!script)
    throw new ValidationError(MESSAGES.scriptRequired, { fields: { defining_py_script: 'required' } });
  if (script.length > LIMITS.script)
    throw new ValidationError(`Scripts must be at most ${LIMITS.script} characters`, {
      fields: { defining_py_script: 'too_long' },
    });
  const translation = await translatePythonOffThread(script);
  if (!translation.ok) throw new ValidationError(MESSAGES.unsafe, translation.errors);
  return script;
}
