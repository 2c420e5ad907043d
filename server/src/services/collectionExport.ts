import { asc, desc, eq } from 'drizzle-orm';
import { type Db } from '../db/client';
import { environments, testCases, testCollectionTests } from '../db/schema';
import { UnprocessableError } from '../errors';
import {
  collectionProject,
  fileSlug,
  onBaseUrl,
  type Action,
  type ExportEnvironment,
  type ProjectFile,
  type ProjectSpec,
} from '../runner';
import { environmentOrigin } from '../../../contract/environments';
import { type GenerationStep } from '../../../contract/generation';
import { type Actor } from './actor';
import { type CollectionService } from './collections';
import { type ModuleSteps } from './moduleSteps';
import { type SharedParameterService } from './sharedParameters';

// Issue 15, "take the collection away": a collection exports as a Playwright Test project a team runs
// in its own CI with `npx playwright test` (runner/projects.ts writes the files).

export const COLLECTION_EXPORT_MESSAGES = {
  nothing: "None of this collection's tests has been generated yet: generate them, then export.",
  notGenerated: 'its generation has not passed yet: generate it in Plainwright, then export again.',
} as const;

export class CollectionExportService {
  constructor(
    private readonly _db: Db,
    private readonly _collections: CollectionService,
    private readonly _moduleSteps: ModuleSteps,
    private readonly _sharedParameters: SharedParameterService,
  ) {}

  /**
   * GET /test-suites/collection/{id}/export: the project's files. Tests not generated yet, or whose
   * modules cannot be read, are left out and named in the project's README.
   */
  async exportFiles(
    actor: Actor,
    collectionId: string | undefined,
  ): Promise<{ name: string; fileName: string; files: ProjectFile[] }> {
    const collection = await this._collections.requireCollection(actor, collectionId);
    const rows = await this._db
      .select({ test: testCases })
      .from(testCollectionTests)
      .innerJoin(testCases, eq(testCases.id, testCollectionTests.testCaseId))
      .where(eq(testCollectionTests.collectionId, collection.id))
      .orderBy(asc(testCases.name), asc(testCases.id));
    const secretNames = Object.keys(await this._sharedParameters.valuesForSuite(collection.testSuiteId));
    // Issue 33: the project's environments, the default first: the config's baseURL and its projects.
    const exportEnvironments = await environmentsToExport(this._db, collection.testSuiteId);
    const tests: ProjectSpec[] = [];
    const skipped: { name: string; reason: string }[] = [];
    for (const { test } of rows) {
      if (test.state !== 'passed' || (test.testGenerationSteps as GenerationStep[]).length === 0) {
        skipped.push({ name: test.name, reason: COLLECTION_EXPORT_MESSAGES.notGenerated });
        continue;
      }
      try {
        const spec = await this._moduleSteps.projectSpec(test, secretNames);
        tests.push(exportEnvironments.length > 0 ? relativeSpec(spec, test.website) : spec);
      } catch (error) {
        if (!(error instanceof UnprocessableError)) throw error;
        skipped.push({ name: test.name, reason: error.message });
      }
    }
    if (tests.length === 0) throw new UnprocessableError(COLLECTION_EXPORT_MESSAGES.nothing);
    return {
      name: collection.name,
      fileName: `${fileSlug(collection.name, 'collection')}-playwright.zip`,
      files: collectionProject({ name: collection.name, tests, skipped, environments: exportEnvironments }),
    };
  }
}

/** The project's environments as an export names them (issue 33): the default first, then by name. */
export async function environmentsToExport(db: Db, suiteId: string): Promise<ExportEnvironment[]> {
  return (
    await db
      .select({ name: environments.name, baseUrl: environments.baseUrl })
      .from(environments)
      .where(eq(environments.testSuiteId, suiteId))
      .orderBy(desc(environments.isDefault), asc(environments.name))
  ).map((row) => ({ name: row.name, origin: environmentOrigin(row.baseUrl) ?? row.baseUrl }));
}

/**
 * The test's pages and URL checks on its own website as paths the config's baseURL completes (issue
 * 33), as a run on an environment opens the test's path on the environment's origin. A page opened
 * after a setup module (kept when the module is on the site already) keeps its full address.
 */
export function relativeSpec(spec: ProjectSpec, website: string): ProjectSpec {
  const relative = (action: Action): Action => {
    if (action.kind === 'goto') return { ...action, url: onBaseUrl(action.url, website) };
    if (action.kind === 'expect' && action.assert.type === 'url' && /^https?:\/\//.test(action.assert.value))
      return { ...action, assert: { ...action.assert, value: onBaseUrl(action.assert.value, website) } };
    return action;
  };
  return {
    ...spec,
    steps: spec.steps.map((step) =>
      step.continuesSetup
        ? step
        : {
            ...step,
            action: relative(step.action),
            // The step's words name the page as it opens it ('Open /app/cart').
            description: step.description.replace(/https?:\/\/[^\s"'<>`]+/g, (url) => {
              const end = /[.,;:!?)]+$/.exec(url)?.[0] ?? '';
              return onBaseUrl(url.slice(0, url.length - end.length), website) + end;
            }),
          },
    ),
  };
}
