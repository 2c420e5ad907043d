import { and, asc, eq, sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import { browserStates, testCases, testModules } from '../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { decrypt, encrypt } from '../lib/crypto';
import { isUuid, trimmed } from '../lib/validate';
import { type StorageState } from '../runner';
import {
  BROWSER_STATE_MESSAGES,
  type BrowserState,
  MODULE_LIMITS,
  MODULE_MESSAGES,
} from '../../../contract/modules';
import { type Actor } from './actor';
import { type TestSuiteService } from './testSuites';

// Saved browser states (issue 13). A state belongs to one module: a run in which that module's steps
// ran and that passed saves its browser context's storage state (cookies and local storage) here,
// sealed with the server's secret; a test whose browser_state_id names it starts from it and skips
// the module while it is fresh. The state itself never leaves the server: not in a response, a log
// or an artifact (the runner reads it after the run's trace has stopped).

/** A saved state older than this is not used: the module runs again and refreshes it. */
export const BROWSER_STATE_MAX_AGE_MS = 12 * 60 * 60 * 1000;

export { BROWSER_STATE_MESSAGES };

export { type StorageState };

/** The state a run starts from, when it has one that is fresh. */
export interface UsableState {
  stateId: string;
  moduleId: string | null;
  name: string;
  /** Null when there is none yet or it is stale: the module runs and saves it. */
  storageState: StorageState | null;
}

type Row = typeof browserStates.$inferSelect;

export class BrowserStateService {
  constructor(
    private readonly _db: Db,
    private readonly _testSuites: TestSuiteService,
    private readonly _secret: string,
  ) {}

  /** GET /browser-states/{suiteId}: id, name, when it was last saved and the module that saves it. */
  async list(actor: Actor, suiteId: string): Promise<BrowserState[]> {
    if (!trimmed(suiteId)) throw new ValidationError('Test suite ID is required');
    await this._testSuites.requireSuite(actor, suiteId);
    const rows = await this._db
      .select()
      .from(browserStates)
      .where(eq(browserStates.testSuiteId, suiteId))
      .orderBy(asc(browserStates.createdAt), asc(browserStates.id));
    return rows.map(toWire);
  }

  /**
   * POST /test-suites/{suiteId}/browser-states {name, module_id}: a state the module's green runs
   * will save. Empty until then (a test using it runs the module meanwhile).
   */
  async create(
    actor: Actor,
    suiteId: string,
    body: { name?: unknown; module_id?: unknown },
  ): Promise<BrowserState> {
    // Another organization's suite is not found, whatever the body says.
    const suite = await this._testSuites.requireSuite(actor, suiteId);
    const name = trimmed(body.name);
    const moduleId = trimmed(body.module_id);
    if (!name || !moduleId)
      throw new ValidationError(BROWSER_STATE_MESSAGES.dataRequired, {
        fields: { ...(name ? {} : { name: 'required' }), ...(moduleId ? {} : { module_id: 'required' }) },
      });
    if (name.length > MODULE_LIMITS.name)
      throw new ValidationError(`Name must be at most ${MODULE_LIMITS.name} characters`, {
        fields: { name: 'too_long' },
      });
    const [module] = isUuid(moduleId)
      ? await this._db
          .select({ id: testModules.id })
          .from(testModules)
          .where(and(eq(testModules.id, moduleId), eq(testModules.testSuiteId, suite.id)))
      : [];
    if (!module) throw new NotFoundError(MODULE_MESSAGES.notFound);
    const [taken] = await this._db
      .select({ id: browserStates.id })
      .from(browserStates)
      .where(eq(browserStates.moduleId, module.id));
    if (taken) throw new ConflictError(BROWSER_STATE_MESSAGES.moduleTaken);
    const [row] = await this._db
      .insert(browserStates)
      .values({ testSuiteId: suite.id, name, moduleId: module.id })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new ConflictError(BROWSER_STATE_MESSAGES.nameTaken);
    return toWire(row);
  }

  /**
   * POST /test-suites/{suiteId}/browser-states/{stateId}/refresh (issue 28): forgets what was saved, so
   * the next run of a test that uses the state runs its module again and saves a new one (a state
   * signed in as someone whose password changed, or a session the site ended early).
   */
  async refresh(actor: Actor, suiteId: string, stateId: string): Promise<BrowserState> {
    const suite = await this._testSuites.requireSuite(actor, suiteId);
    const [row] = isUuid(stateId)
      ? await this._db
          .update(browserStates)
          .set({ stateEncrypted: null, savedAt: null, updatedAt: new Date() })
          .where(and(eq(browserStates.id, stateId), eq(browserStates.testSuiteId, suite.id)))
          .returning()
      : [];
    if (!row) throw new NotFoundError(BROWSER_STATE_MESSAGES.notFound);
    return toWire(row);
  }

  /**
   * DELETE /test-suites/{suiteId}/browser-states/{stateId} (issue 28). Tests that started from it
   * start from a fresh browser (their setup module, if any, still runs), so their field is cleared
   * rather than left naming a state that is gone.
   */
  async delete(actor: Actor, suiteId: string, stateId: string): Promise<void> {
    const suite = await this._testSuites.requireSuite(actor, suiteId);
    const deleted = isUuid(stateId)
      ? await this._db.transaction(async (tx) => {
          const rows = await tx
            .delete(browserStates)
            .where(and(eq(browserStates.id, stateId), eq(browserStates.testSuiteId, suite.id)))
            .returning({ id: browserStates.id });
          if (rows.length > 0)
            await tx
              .update(testCases)
              .set({ browserStateId: null })
              .where(and(eq(testCases.browserStateId, stateId), eq(testCases.testSuiteId, suite.id)));
          return rows.length > 0;
        })
      : false;
    if (!deleted) throw new NotFoundError(BROWSER_STATE_MESSAGES.notFound);
  }

  // ── The worker's side ───────────────────────────────────────────────────────────────────────────

  /** The state a test names, in its suite; its storage state only while it is fresh (see isFresh). */
  async usable(suiteId: string, stateId: string): Promise<UsableState | null> {
    if (!isUuid(stateId)) return null;
    const [found] = await this._db
      .select({ state: browserStates, moduleUpdatedAt: testModules.updatedAt })
      .from(browserStates)
      .leftJoin(testModules, eq(testModules.id, browserStates.moduleId))
      .where(and(eq(browserStates.id, stateId), eq(browserStates.testSuiteId, suiteId)));
    if (!found) return null;
    const { state } = found;
    let storageState: StorageState | null = null;
    if (state.stateEncrypted && isFresh(state, found.moduleUpdatedAt)) {
      try {
        storageState = JSON.parse(decrypt(state.stateEncrypted, this._secret)) as StorageState;
      } catch (error) {
        // A state sealed with another secret (the server's secret changed): the module runs again.
        console.warn(`[browser-states] state ${state.id} could not be opened: ${(error as Error).message}`);
      }
    }
    return { stateId: state.id, moduleId: state.moduleId, name: state.name, storageState };
  }

  /** The state the module saves, if it has one (a run that ran the module saves into it when green). */
  async forModule(moduleId: string): Promise<string | null> {
    const [row] = await this._db
      .select({ id: browserStates.id })
      .from(browserStates)
      .where(eq(browserStates.moduleId, moduleId));
    return row?.id ?? null;
  }

  /** Seals and stores the state a green run left (never logged, never returned). */
  async save(stateId: string, storageState: StorageState): Promise<void> {
    await this._db
      .update(browserStates)
      .set({
        stateEncrypted: encrypt(JSON.stringify(storageState), this._secret),
        savedAt: sql`now()`,
        updatedAt: new Date(),
      })
      .where(eq(browserStates.id, stateId));
  }
}

/** Fresh: saved, within BROWSER_STATE_MAX_AGE_MS, and not before its module last changed. */
export function isFresh(
  state: Pick<Row, 'savedAt'>,
  moduleUpdatedAt: Date | null,
  now = Date.now(),
): boolean {
  if (!state.savedAt) return false;
  if (now - state.savedAt.getTime() > BROWSER_STATE_MAX_AGE_MS) return false;
  return !moduleUpdatedAt || state.savedAt.getTime() >= moduleUpdatedAt.getTime();
}

function toWire(row: Row): BrowserState {
  return {
    id: row.id,
    name: row.name,
    updated_at: (row.savedAt ?? null)?.toISOString() ?? null,
    module_id: row.moduleId,
  };
}
