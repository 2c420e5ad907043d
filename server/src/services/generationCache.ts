import { and, eq, sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import { actionCache } from '../db/schema';
import { type ActionCache, cacheKey } from '../agents';
import { type Action, hideSecrets, isAction } from '../runner';

const PLAN = 'plan';

/** The action cache of one suite, in the database so every worker shares it. */
export class SuiteActionCache implements ActionCache {
  constructor(
    private readonly _db: Db,
    private readonly _suiteId: string,
    /** The generation's secret values: a cached action keeps their {{references}}, never a value. */
    private readonly _secrets: Record<string, string> = {},
  ) {}

  async getAction(step: string, fingerprint: string): Promise<{ id: string; action: Action } | null> {
    const [row] = await this._db
      .update(actionCache)
      .set({ hits: sql`${actionCache.hits} + 1`, lastUsedAt: new Date() })
      .where(this._key('action', cacheKey(step), fingerprint))
      .returning({ id: actionCache.id, value: actionCache.value });
    return row && isAction(row.value) ? { id: row.id, action: row.value } : null;
  }

  async putAction(step: string, fingerprint: string, action: Action, model: string): Promise<string> {
    return this._put('action', cacheKey(step), fingerprint, hideSecrets(action, this._secrets), model);
  }

  async getPlan(instructions: string, website: string): Promise<string[] | null> {
    const [row] = await this._db
      .select({ value: actionCache.value })
      .from(actionCache)
      .where(this._key('plan', cacheKey(`${website}\n${instructions}`), PLAN));
    const value = row?.value;
    return Array.isArray(value) && value.every((step) => typeof step === 'string')
      ? (value as string[])
      : null;
  }

  async putPlan(instructions: string, website: string, steps: string[], model: string): Promise<void> {
    await this._put(
      'plan',
      cacheKey(`${website}\n${instructions}`),
      PLAN,
      hideSecrets(steps, this._secrets),
      model,
    );
  }

  private _key(kind: 'action' | 'plan', stepKey: string, fingerprint: string) {
    return and(
      eq(actionCache.testSuiteId, this._suiteId),
      eq(actionCache.kind, kind),
      eq(actionCache.stepKey, stepKey),
      eq(actionCache.fingerprint, fingerprint),
    );
  }

  private async _put(
    kind: 'action' | 'plan',
    stepKey: string,
    fingerprint: string,
    value: unknown,
    model: string,
  ): Promise<string> {
    const [row] = await this._db
      .insert(actionCache)
      .values({ testSuiteId: this._suiteId, kind, stepKey, fingerprint, value, model })
      .onConflictDoUpdate({
        target: [actionCache.testSuiteId, actionCache.kind, actionCache.stepKey, actionCache.fingerprint],
        set: { value, model, lastUsedAt: new Date() },
      })
      .returning({ id: actionCache.id });
    return row.id;
  }
}
