import { and, asc, eq } from 'drizzle-orm';
import { type Db } from '../db/client';
import { testCases, testModules } from '../db/schema';
import { UnprocessableError } from '../errors';
import { isUuid } from '../lib/validate';
import { type PythonTranslation } from '../modules/python';
import { translatePythonOffThread } from '../modules/pythonThread';
import {
  type Action,
  isAction,
  messageOf,
  type ModuleScript,
  type ProjectFile,
  type ProjectSpec,
  collectionProject,
  fileSlug,
  pythonProject,
  pythonTestFileName,
  rebaseStep,
  type ReplayStep,
  typescriptProject,
} from '../runner';
import { type GenerationStep } from '../../../contract/generation';
import { MODULE_MESSAGES } from '../../../contract/modules';
import { effectiveParameters } from '../../../contract/testCases';
import { type Actor } from './actor';
import { type BrowserStateService, type StorageState } from './browserStates';
import { environmentsToExport, relativeSpec } from './collectionExport';
import { exportedScripts, exportedSteps } from './exportedCode';
import { type SharedParameterService } from './sharedParameters';
import { type StepsSource, type TestCaseService } from './testCases';

// Modules at run time (issue 13): a module expands into the runner's own steps when a run or a
// generation starts, read then (changing a module changes every test that uses it). A test_case
// module's steps are its source test's stored steps; a python_script module's are its script's,
// translated, and only once a person with the expert or admin role approved it.

/** A module's steps are prefixed with its name in the run's steps and log. */
export function moduleStepDescription(moduleName: string, description: string): string {
  return `Module "${moduleName}": ${description}`;
}

/** Modules inside modules stop here (a module's test may call another module). */
const MAX_DEPTH = 5;

export type ModuleResolution =
  | {
      ok: true;
      moduleId: string;
      name: string;
      /** The steps, each description prefixed with the module's name. */
      steps: ReplayStep[];
      /** The source test's variables: defaults under the running test's own. */
      parameters: Record<string, string>;
    }
  | { ok: false; message: string };

/** What a run or a generation of a test starts with, modules expanded; or why it cannot start. */
export interface PreparedSteps {
  ok: true;
  steps: ReplayStep[];
  /** Where each of the test's own steps is in `steps` (-1 for a module call, replaced by its steps). */
  ownAt: number[];
  parameters: Record<string, string>;
  /** The fresh browser state the context starts from (never logged). */
  storageState: StorageState | null;
  /** The browser state a green run saves (its setup module ran, or the test is a module's source). */
  saveStateId: string | null;
  /** Lines for the run's log: which state and modules were used, and why. */
  notes: string[];
}

type TestRow = typeof testCases.$inferSelect;

export class ModuleSteps {
  constructor(
    private readonly _db: Db,
    readonly browserStates: BrowserStateService,
    private readonly _testCases: TestCaseService,
    private readonly _sharedParameters: SharedParameterService,
  ) {}

  /**
   * GET /test-case/{id}/export?language=: the files a person keeps. A test that uses modules is a
   * project (exportProject: Playwright Test, or pytest-playwright for Python); any other test is its
   * single file, final_script or final_script_py as the test's wire has them (exportedCode.ts: its
   * steps on its website now).
   */
  async exportFiles(
    actor: Actor,
    id: string,
    language: 'typescript' | 'python' = 'typescript',
  ): Promise<{ files: ProjectFile[] }> {
    const { row } = await this._testCases.requireTest(actor, id, 'Test case not found');
    const nothing = new UnprocessableError(
      'This test has no generated script to export yet: generate it first.',
    );
    if ((row.testGenerationSteps as GenerationStep[]).length === 0) throw nothing;
    const secretNames = Object.keys(await this._sharedParameters.valuesForSuite(row.testSuiteId));
    // Issue 33: in a project with environments the test is a project as a collection's export is: the
    // config's baseURL is the default environment's origin, one project per environment, pages as paths.
    const exportEnvironments =
      language === 'typescript' ? await environmentsToExport(this._db, row.testSuiteId) : [];
    if (exportEnvironments.length > 0) {
      const spec = relativeSpec(await this.projectSpec(row, secretNames), row.website);
      return {
        files: collectionProject({
          name: row.name,
          tests: [spec],
          skipped: [],
          environments: exportEnvironments,
        }),
      };
    }
    const project = await this.exportProject(row, secretNames, language);
    if (project) return { files: project };
    const scripts = exportedScripts(row);
    const script = language === 'python' ? scripts?.python : scripts?.typescript;
    if (!script) throw nothing;
    const path = language === 'python' ? pythonTestFileName(row.name) : specFileName(row.name);
    return { files: [{ path, content: script }] };
  }

  /** The suite's modules by name, for 'Use the "…" module' in instructions. */
  async suiteModules(suiteId: string): Promise<{ id: string; name: string }[]> {
    return this._db
      .select({ id: testModules.id, name: testModules.name })
      .from(testModules)
      .where(eq(testModules.testSuiteId, suiteId))
      .orderBy(asc(testModules.name));
  }

  /** One module's steps, read now; only a module of the suite (another suite's id is "no longer exists"). */
  async resolve(suiteId: string, moduleId: string, seen: string[] = []): Promise<ModuleResolution> {
    const [row] = isUuid(moduleId)
      ? await this._db
          .select()
          .from(testModules)
          .where(and(eq(testModules.id, moduleId), eq(testModules.testSuiteId, suiteId)))
      : [];
    if (!row) return { ok: false, message: 'A module this test uses no longer exists in its project.' };
    const name = row.name;
    const cannot = (why: string) => ({
      ok: false as const,
      message: `The module "${name}" cannot run: ${why}`,
    });
    if (seen.includes(row.id))
      return cannot(`it uses itself (${[...seen, row.id].length} modules deep); remove the loop.`);
    if (seen.length >= MAX_DEPTH) return cannot(`modules are nested more than ${MAX_DEPTH} deep.`);

    const read = await this._ownSteps(row);
    if (!read.ok) return read;
    const own = read.steps;
    let parameters = read.parameters;

    const steps: ReplayStep[] = [];
    for (const step of own) {
      if (step.action.kind !== 'module') {
        steps.push({ ...step, description: moduleStepDescription(name, step.description) });
        continue;
      }
      const inner = await this.resolve(suiteId, step.action.moduleId, [...seen, row.id]);
      if (!inner.ok) return inner;
      parameters = { ...inner.parameters, ...parameters };
      steps.push(
        ...inner.steps.map((innerStep) => ({
          ...innerStep,
          description: moduleStepDescription(name, innerStep.description),
        })),
      );
    }
    return { ok: true, moduleId: row.id, name, steps, parameters };
  }

  /** A module's own steps (its calls of other modules kept as calls) and variables, or why it cannot run. */
  private async _ownSteps(
    row: typeof testModules.$inferSelect,
  ): Promise<
    { ok: true; steps: ReplayStep[]; parameters: Record<string, string> } | { ok: false; message: string }
  > {
    const name = row.name;
    const cannot = (why: string) => ({
      ok: false as const,
      message: `The module "${name}" cannot run: ${why}`,
    });
    let own: ReplayStep[];
    let parameters: Record<string, string> = {};
    if (row.moduleType === 'python_script') {
      if (!row.isDefiningPyScriptApproved)
        return {
          ok: false,
          message: `${MODULE_MESSAGES.notApproved} (module "${name}"). An expert or an admin must approve it before the tests that use it can run.`,
        };
      const script = row.definingPyScript ?? '';
      let translated: PythonTranslation;
      try {
        translated = await translatePythonOffThread(script);
      } catch (error) {
        return cannot(`its Python script could not be read (${messageOf(error).split('\n')[0]}).`);
      }
      if (!translated.ok) {
        const reasons = translated.errors
          .map((error) => `line ${error.line}: ${error.code} (${error.reason})`)
          .join('; ');
        return cannot(`${MODULE_MESSAGES.unsafe} ${reasons}`);
      }
      own = translated.steps;
    } else {
      const [test] = isUuid(row.testCaseId ?? '')
        ? await this._db.select().from(testCases).where(eq(testCases.id, row.testCaseId!))
        : [];
      if (!test) return cannot('the test it was made from was deleted.');
      const generated = test.testGenerationSteps as GenerationStep[];
      if (generated.length === 0)
        return cannot(`its test "${test.name}" has no generated steps yet; generate it first.`);
      if (generated.some((step) => !step.execution_succeded || !isAction(step.action)))
        return cannot(`its test "${test.name}" did not generate successfully; fix or regenerate it first.`);
      // As a run of the source test would: moved from where the steps were generated to its website now.
      const generatedOn = (test.stepsSource as StepsSource | null)?.website ?? test.website;
      own = generated.map((step) =>
        rebaseStep(
          { description: step.step_description, actionName: step.action_name, action: step.action as Action },
          generatedOn,
          test.website,
        ),
      );
      parameters = effectiveParameters(test.parameters, test.credentials);
    }
    return { ok: true, steps: own, parameters };
  }

  /**
   * The Playwright project a test that uses modules exports as (issue 13), its modules read now; null
   * for a test that uses none (its single-file export, final_script, stands).
   */
  async exportProject(
    test: TestRow,
    secretNames: string[],
    language: 'typescript' | 'python' = 'typescript',
  ): Promise<ProjectFile[] | null> {
    const spec = await this.projectSpec(test, secretNames);
    if (!spec.setup && spec.modules.length === 0) return null;
    return language === 'python'
      ? pythonProject(spec, pythonTestFileName(test.name))
      : typescriptProject(spec, specFileName(test.name));
  }

  /**
   * A generated test as exported code: its own steps (module calls kept as calls), its variables and
   * browser settings, and every module it reaches. A test with a browser state starts from the state
   * its module's setup project saves (a run starts from the saved state); a setup module that saves no
   * state it uses runs first in the test's own page, as in a run, and the test goes on where it left
   * the page (issue 28). A module that cannot be read is a 422 saying which.
   */
  async projectSpec(test: TestRow, secretNames: string[]): Promise<ProjectSpec> {
    // On the test's website now, as its runs and its single-file export (issue 28).
    const own = exportedSteps(test);
    const state =
      test.browserStateId && isUuid(test.browserStateId)
        ? await this.browserStates.usable(test.testSuiteId, test.browserStateId)
        : null;
    const stateModuleId = state?.moduleId ?? null;
    const pageSetupId =
      test.testModuleIdForSetup && test.testModuleIdForSetup !== stateModuleId
        ? test.testModuleIdForSetup
        : null;
    const calls = own.flatMap(({ action }) => (action.kind === 'module' ? [action.moduleId] : []));

    const modules = new Map<string, ModuleScript>();
    const collect = async (moduleId: string, depth: number): Promise<ModuleScript> => {
      const known = modules.get(moduleId);
      if (known) return known;
      const [row] = isUuid(moduleId)
        ? await this._db
            .select()
            .from(testModules)
            .where(and(eq(testModules.id, moduleId), eq(testModules.testSuiteId, test.testSuiteId)))
        : [];
      if (!row) throw new UnprocessableError('A module this test uses no longer exists in its project.');
      const read = await this._ownSteps(row);
      if (!read.ok) throw new UnprocessableError(read.message);
      const script: ModuleScript = { name: row.name, steps: read.steps, parameters: read.parameters };
      modules.set(moduleId, script);
      if (depth >= MAX_DEPTH)
        throw new UnprocessableError(`The module "${row.name}" nests modules more than ${MAX_DEPTH} deep.`);
      for (const step of read.steps)
        if (step.action.kind === 'module') await collect(step.action.moduleId, depth + 1);
      return script;
    };
    const setup = stateModuleId ? await collect(stateModuleId, 0) : null;
    const pageSetup = pageSetupId ? await collect(pageSetupId, 0) : null;
    for (const id of calls) await collect(id, 0);
    // The setup module, called first in the test's page (runner/projects.ts imports it like any call).
    const setupCall =
      pageSetup && pageSetupId
        ? {
            description: `The setup module "${pageSetup.name}"`,
            action: { kind: 'module', moduleId: pageSetupId, name: pageSetup.name } satisfies Action,
          }
        : null;
    return {
      name: test.name,
      // As a run marks it (prepare), so the spec decides about its opening step as the run does.
      steps: setupCall ? [setupCall, ...continuingSetup(own)] : setup ? continuingSetup(own) : own,
      parameters: effectiveParameters(test.parameters, test.credentials),
      secretNames,
      viewport: { width: test.viewportWidth, height: test.viewportHeight },
      userAgent: test.userAgent,
      // Issue 33: a `for` over the test's data table.
      ...(test.dataRows?.length ? { dataRows: test.dataRows } : {}),
      setup,
      modules: [...modules.values()],
    };
  }

  /**
   * The steps a run or generation of the test starts with: its browser state (when fresh), its setup
   * module's steps (unless that state stands for them), then its own steps with every module call
   * expanded. A module that cannot run makes the whole run not runnable, saying why.
   */
  async prepare(test: TestRow, own: ReplayStep[]): Promise<PreparedSteps | { ok: false; message: string }> {
    const notes: string[] = [];
    const state = test.browserStateId
      ? await this.browserStates.usable(test.testSuiteId, test.browserStateId)
      : null;
    if (test.browserStateId && !state)
      notes.push('The browser state this test starts from no longer exists; it starts from a fresh browser.');
    const setupId = test.testModuleIdForSetup || state?.moduleId || null;
    const skipSetup = Boolean(state?.storageState && setupId && setupId === state.moduleId);
    let parameters: Record<string, string> = {};
    const steps: ReplayStep[] = [];
    let saveStateId: string | null = null;

    if (state?.storageState)
      notes.push(
        skipSetup
          ? `Started from the browser state "${state.name}"; its setup module was skipped.`
          : `Started from the browser state "${state.name}".`,
      );
    else if (state)
      notes.push(
        `The browser state "${state.name}" has not been saved yet or is out of date: ${setupId ? 'the setup module runs and saves it when the run passes' : 'the test starts from a fresh browser'}.`,
      );

    if (setupId && !skipSetup) {
      const setup = await this.resolve(test.testSuiteId, setupId);
      if (!setup.ok) return setup;
      steps.push(...setup.steps);
      parameters = { ...setup.parameters };
      saveStateId = await this.browserStates.forModule(setup.moduleId);
      notes.push(`The setup module "${setup.name}" runs first (${setup.steps.length} steps).`);
    }

    // After the setup module, the test goes on in the page it left (issue 28).
    const ownSteps = steps.length > 0 ? continuingSetup(own) : own;
    const ownAt: number[] = [];
    for (const step of ownSteps) {
      if (step.action.kind !== 'module') {
        ownAt.push(steps.length);
        steps.push(step);
        continue;
      }
      ownAt.push(-1);
      const called = await this.resolve(test.testSuiteId, step.action.moduleId);
      if (!called.ok) return called;
      parameters = { ...called.parameters, ...parameters };
      steps.push(...called.steps);
    }

    // A run of a module's own source test refreshes the module's state too.
    if (!saveStateId) {
      const [made] = await this._db
        .select({ id: testModules.id })
        .from(testModules)
        .where(and(eq(testModules.testCaseId, test.id), eq(testModules.testSuiteId, test.testSuiteId)));
      if (made) saveStateId = await this.browserStates.forModule(made.id);
    }

    return {
      ok: true,
      steps,
      ownAt,
      parameters,
      storageState: state?.storageState ?? null,
      saveStateId,
      notes,
    };
  }
}

/**
 * The test's own steps after a setup module: its first, when it opens a page (the "Open <website>"
 * every generated test starts with), is marked to open it only when the module left the page
 * elsewhere (runner/codegen.ts isOnSite). Without it a setup module's work in the page would be
 * thrown away by the test's reload, whatever a site keeps only in memory.
 */
export function continuingSetup<T extends { action: Action }>(
  own: T[],
): (T & { continuesSetup?: boolean })[] {
  const [first, ...rest] = own;
  return first?.action.kind === 'goto' ? [{ ...first, continuesSetup: true }, ...rest] : own;
}

/** 'Pay by card!' → 'pay-by-card.spec.ts', as the single-file export names it. */
export function specFileName(name: string): string {
  return `${fileSlug(name)}.spec.ts`;
}
