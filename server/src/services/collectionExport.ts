import { asc, eq } from 'drizzle-orm';
import { type Db } from '../db/client';
import { testCases, testCollectionTests } from '../db/schema';
import { UnprocessableError } from '../errors';
import { collectionProject, fileSlug, type ProjectFile, type ProjectSpec } from '../runner';
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
    const tests: ProjectSpec[] = [];
    const skipped: { name: string; reason: string }[] = [];
    for (const { test } of rows) {
      if (test.state !== 'passed' || (test.testGenerationSteps as GenerationStep[]).length === 0) {
        skipped.push({ name: test.name, reason: COLLECTION_EXPORT_MESSAGES.notGenerated });
        continue;
      }
      try {
        tests.push(await this._moduleSteps.projectSpec(test, secretNames));
      } catch (error) {
        if (!(error instanceof UnprocessableError)) throw error;
        skipped.push({ name: test.name, reason: error.message });
      }
    }
    if (tests.length === 0) throw new UnprocessableError(COLLECTION_EXPORT_MESSAGES.nothing);
    return {
      name: collection.name,
      fileName: `${fileSlug(collection.name, 'collection')}-playwright.zip`,
      files: collectionProject({ name: collection.name, tests, skipped }),
    };
  }
}
