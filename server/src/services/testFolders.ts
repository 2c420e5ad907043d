import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { type PgColumn } from 'drizzle-orm/pg-core';
import { type Db, type Executor, UNNAMED_STATEMENT } from '../db/client';
import {
  organizationMembers,
  testCases,
  testCollections,
  testCollectionTests,
  testFolders,
  testSuites,
} from '../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { isUuid } from '../lib/validate';
import {
  folderAncestry,
  parseFolderPath,
  type DeletedFolder,
  type Folder,
  type MovedFolder,
} from '../../../contract/testCases';
import { type Actor } from './actor';
import { isUniqueViolation, placeholderMemberOf, type TestSuiteService } from './testSuites';
import { TreeCache, TreeEntry } from './treeCache';

/** The trees kept in memory by one API process (a 10,000-test tree is ~3 MB). */
const TREE_CACHE_BYTES = 64 * 1024 * 1024;

/** Folders of a suite and the tree: the invariant is that every test's folder and its ancestors have a row. */
export class TestFolderService {
  constructor(
    private readonly _db: Db,
    private readonly _testSuites: TestSuiteService,
    private readonly _treeCache: TreeCache = new TreeCache(TREE_CACHE_BYTES),
  ) {
    this._readFingerprint = readFingerprint(_db);
  }

  /** The tree's first statement, prepared once (drizzle builds a query's SQL on every call otherwise). */
  private readonly _readFingerprint: ReturnType<typeof readFingerprint>;

  /**
   * Builds under way, by suite and the fingerprint that missed: the requests that miss together (a
   * run started and changed the tree while dozens of pages read it) share one build.
   */
  private readonly _building = new Map<string, Promise<TreeEntry>>();

  /**
   * Every folder (empty ones too) and every test of the suite as one flat JSON list (contract
   * TestTreeItem[]), serialized by the database: 10,000 rows never become JavaScript objects, which
   * halves the time of a large tree. Folders first by path, then tests by path and creation time
   * (the order of test_cases_suite_tree_idx; the SPA sorts for display).
   *
   * The last tree of each suite is kept (TreeCache) under the fingerprint it was built at; a read
   * first asks the database for the suite's fingerprint (a column of the suite's row, in the statement
   * that checks the person's access to it), and builds the tree again only when something the tree
   * shows was added, changed or removed since, by whichever process.
   */
  async tree(actor: Actor, suiteId: string): Promise<TreeEntry> {
    if (!isUuid(suiteId)) throw new NotFoundError('Test suite not found');
    const [found] = await this._readFingerprint.execute({ suiteId, userId: actor.id });
    if (!found) throw new NotFoundError('Test suite not found');
    const { fingerprint } = found;
    const cached = this._treeCache.get(suiteId, fingerprint);
    if (cached) return cached;
    const key = `${suiteId} ${fingerprint}`;
    let building = this._building.get(key);
    if (!building) {
      building = this._buildTree(suiteId)
        .then((entry) => {
          this._treeCache.set(suiteId, entry);
          return entry;
        })
        .finally(() => this._building.delete(key));
      this._building.set(key, building);
    }
    return building;
  }

  /** The tree and the fingerprint of its rows, read in one statement so both see the same snapshot. */
  private async _buildTree(suiteId: string): Promise<TreeEntry> {
    // NOTE: string_agg keeps the order of a sorted subquery (documented by PostgreSQL for aggregates);
    // byte order ("C") so the tree reads the same whatever collation the database was made with.
    const result = await this._db.execute(sql`
      SELECT '[' || concat_ws(',', folders.json, tests.json) || ']' AS tree,
             (SELECT ${treeFingerprintOf(sql`s`)} FROM ${testSuites} AS s WHERE s.id = ${suiteId}) AS fingerprint
      FROM
        (SELECT string_agg(
            '{"test_case_id":null,"entity_name":' || to_json(regexp_replace(path, '^.*/', ''))
            || ',"is_folder":true,"full_parent_path":'
            || to_json(CASE WHEN strpos(path, '/') = 0 THEN '' ELSE regexp_replace(path, '/[^/]*$', '') END)
            || ',"collection_ids":[],"collection_names":[],"latest_run_time":null,"created_at":' || ${isoJson(sql`created_at`)}
            || ',"test_case_state":null,"latest_run_status":null}',
            ',') AS json
          FROM (SELECT path, created_at FROM ${testFolders} WHERE test_suite_id = ${suiteId}
                ORDER BY path COLLATE "C") AS sorted_folders) AS folders,
        (SELECT string_agg(
            '{"test_case_id":"' || id || '","entity_name":' || to_json(name)
            || ',"is_folder":false,"full_parent_path":' || to_json(path)
            || ',"collection_ids":' || collection_ids || ',"collection_names":' || collection_names
            || ',"latest_run_time":' || ${isoJson(sql`latest_run_time`)}
            || ',"created_at":' || ${isoJson(sql`created_at`)}
            || ',"test_case_state":' || to_json(state)
            || ',"latest_run_status":' || coalesce(to_json(latest_run_status)::text, 'null') || '}',
            ',') AS json
          FROM (SELECT t.id, t.name, t.path, t.latest_run_time, t.created_at, t.state, t.latest_run_status,
                       coalesce(linked.ids, '[]') AS collection_ids, coalesce(linked.names, '[]') AS collection_names
                FROM ${testCases} AS t
                LEFT JOIN (
                  -- Issue 12: the test's collections by name, from the link table.
                  SELECT l.test_case_id,
                         json_agg(c.id ORDER BY lower(c.name), c.id)::text AS ids,
                         json_agg(c.name ORDER BY lower(c.name), c.id)::text AS names
                  FROM ${testCollectionTests} AS l
                  JOIN ${testCollections} AS c ON c.id = l.collection_id
                  WHERE c.test_suite_id = ${suiteId}
                  GROUP BY l.test_case_id) AS linked ON linked.test_case_id = t.id
                WHERE t.test_suite_id = ${suiteId}
                ORDER BY t.path COLLATE "C", t.created_at, t.name COLLATE "C") AS sorted_tests) AS tests`);
    // Both drivers (node-postgres and PGlite) answer { rows }.
    const { rows } = result as unknown as { rows: { tree: string; fingerprint: string }[] };
    const row = rows[0]!;
    return new TreeEntry(row.fingerprint, row.tree ?? '[]');
  }

  /** Creates a folder (and any missing parent); an existing folder answers 409. */
  async create(actor: Actor, suiteId: string, input: { path?: unknown }): Promise<Folder> {
    const path = requiredPath(input.path, 'Folder path is required');
    await this._testSuites.requireSuite(actor, suiteId);
    const row = await this._db.transaction(async (tx) => {
      await ensureFolders(tx, suiteId, parentOf(path));
      const [created] = await tx
        .insert(testFolders)
        .values({ testSuiteId: suiteId, path })
        .onConflictDoNothing()
        .returning();
      return created;
    });
    if (!row)
      throw new ConflictError(`A folder named "${path}" already exists`, { fields: { path: 'exists' } });
    return toFolder(row);
  }

  /** DELETE /test-cases/{suiteId}?path_prefix=: the folder, its sub-folders and every test in them. */
  async deleteByPrefix(actor: Actor, suiteId: string, pathPrefix: unknown): Promise<DeletedFolder> {
    const prefix = requiredPath(pathPrefix, 'Folder path is required');
    await this._testSuites.requireSuite(actor, suiteId);
    const result = await this._db.transaction(async (tx) => {
      const deletedTests = await tx
        .delete(testCases)
        .where(and(eq(testCases.testSuiteId, suiteId), underFolder(testCases.path, prefix)))
        .returning({ id: testCases.id });
      const deletedFolders = await tx
        .delete(testFolders)
        .where(and(eq(testFolders.testSuiteId, suiteId), underFolder(testFolders.path, prefix)))
        .returning({ id: testFolders.id });
      return { deleted_test_count: deletedTests.length, deleted_folder_count: deletedFolders.length };
    });
    if (result.deleted_folder_count === 0 && result.deleted_test_count === 0)
      throw new NotFoundError('Folder not found');
    return result;
  }

  /**
   * PUT /test-cases/{suiteId}/update-test-paths: renames or moves a folder with everything under it,
   * in one transaction; an existing target folder is never merged into (409).
   */
  async movePaths(
    actor: Actor,
    suiteId: string,
    oldPrefix: unknown,
    newPrefix: unknown,
  ): Promise<MovedFolder> {
    const from = requiredPath(oldPrefix, 'The folder to rename is required', 'old_path_prefix');
    const to = requiredPath(newPrefix, 'The new folder name is required', 'new_path_prefix');
    if (to.startsWith(`${from}/`))
      throw new ValidationError('A folder cannot move into itself', {
        fields: { new_path_prefix: 'invalid' },
      });
    await this._testSuites.requireSuite(actor, suiteId);
    const moved = { old_path_prefix: from, new_path_prefix: to, moved_test_count: 0, moved_folder_count: 0 };
    try {
      return await this._db.transaction(async (tx) => {
        // Locks the folder so a concurrent rename or delete of it waits for this one.
        const [source] = await tx
          .select({ id: testFolders.id })
          .from(testFolders)
          .where(and(eq(testFolders.testSuiteId, suiteId), eq(testFolders.path, from)))
          .for('update');
        if (!source) throw new NotFoundError('Folder not found');
        if (from === to) return moved;
        const [target] = await tx
          .select({ id: testFolders.id })
          .from(testFolders)
          .where(and(eq(testFolders.testSuiteId, suiteId), eq(testFolders.path, to)));
        if (target) throw targetExists(to);
        const folders = await tx
          .update(testFolders)
          .set({ path: replacePrefix(testFolders.path, from, to) })
          .where(and(eq(testFolders.testSuiteId, suiteId), underFolder(testFolders.path, from)))
          .returning({ id: testFolders.id });
        const tests = await tx
          .update(testCases)
          .set({ path: replacePrefix(testCases.path, from, to), lastModifiedAt: new Date() })
          .where(and(eq(testCases.testSuiteId, suiteId), underFolder(testCases.path, from)))
          .returning({ id: testCases.id });
        await ensureFolders(tx, suiteId, parentOf(to));
        return { ...moved, moved_test_count: tests.length, moved_folder_count: folders.length };
      });
    } catch (error) {
      // Two renames racing to one name: the unique index refuses the second.
      if (isUniqueViolation(error)) throw targetExists(to);
      throw error;
    }
  }
}

/** A timestamp as a JSON string in JavaScript's toISOString form (UTC, milliseconds), or null. */
function isoJson(column: SQL): SQL {
  return sql`coalesce('"' || to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || '"', 'null')`;
}

/**
 * What a kept tree is valid for, read from the suite's row (`row` names it in the statement): its
 * tree_version, which the database's own triggers move with any change the tree shows (migration 0011),
 * and the row's xmin, so a database restored or made again never answers with an older tree's version.
 * One column of a row the access check reads anyway: the four aggregates over the suite's tests,
 * folders, collections and links it replaces took 2.5–3 ms a read on PGlite.
 */
function treeFingerprintOf(row: SQL): SQL {
  return sql`${row}.tree_version || ':' || ${row}.xmin`;
}

/** The suite's tree fingerprint if the person belongs to its organization (no row otherwise). */
function readFingerprint(db: Db) {
  return db
    .select({ fingerprint: sql<string>`${treeFingerprintOf(sql`${testSuites}`)}` })
    .from(testSuites)
    .innerJoin(organizationMembers, placeholderMemberOf(testSuites.orgId))
    .where(eq(testSuites.id, sql.placeholder('suiteId')))
    .prepare(UNNAMED_STATEMENT);
}

/** Inserts the rows of `path` and its ancestors that do not exist yet. */
export async function ensureFolders(executor: Executor, suiteId: string, path: string): Promise<void> {
  const paths = folderAncestry(path);
  if (paths.length === 0) return;
  await executor
    .insert(testFolders)
    .values(paths.map((folderPath) => ({ testSuiteId: suiteId, path: folderPath })))
    .onConflictDoNothing();
}

/** The folder itself or anything below it: 'a' matches 'a' and 'a/b', never 'ab'. */
export function underFolder(column: PgColumn, prefix: string): SQL {
  return or(eq(column, prefix), sql`starts_with(${column}, ${`${prefix}/`}::text)`)!;
}

function replacePrefix(column: PgColumn, from: string, to: string): SQL {
  return sql`${to}::text || substr(${column}, length(${from}::text) + 1)`;
}

function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
}

function requiredPath(value: unknown, requiredMessage: string, field = 'path'): string {
  const parsed = typeof value === 'string' ? parseFolderPath(value) : { path: '' };
  if ('error' in parsed) throw new ValidationError(parsed.error, { fields: { [field]: 'invalid' } });
  if (!parsed.path) throw new ValidationError(requiredMessage, { fields: { [field]: 'required' } });
  return parsed.path;
}

function targetExists(path: string) {
  return new ConflictError(`A folder named "${path}" already exists; choose another name`, {
    fields: { new_path_prefix: 'exists' },
  });
}

function toFolder(row: typeof testFolders.$inferSelect): Folder {
  const slash = row.path.lastIndexOf('/');
  return {
    path: row.path,
    name: row.path.slice(slash + 1),
    parent_path: slash < 0 ? '' : row.path.slice(0, slash),
    created_at: row.createdAt.toISOString(),
  };
}
