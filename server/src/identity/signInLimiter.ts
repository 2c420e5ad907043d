import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import { idpRateLimits } from '../db/schema';
import { sha256 } from '../lib/crypto';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;

/**
 * Counts failed password sign-ins per e-mail and per client address in fixed 15-minute windows,
 * in the database so every API process shares the count.
 */
export class SignInLimiter {
  constructor(
    private readonly _db: Db,
    private readonly _max: number,
  ) {}

  /** Seconds until the window ends when either key is over the limit, else null. */
  async blockedFor(email: string, ip: string): Promise<number | null> {
    const windowStart = this._windowStart();
    const rows = await this._db
      .select({ count: idpRateLimits.count })
      .from(idpRateLimits)
      .where(
        and(inArray(idpRateLimits.key, this._keys(email, ip)), eq(idpRateLimits.windowStart, windowStart)),
      );
    if (!rows.some((row) => row.count >= this._max)) return null;
    return Math.max(1, Math.ceil((windowStart.getTime() + SIGN_IN_WINDOW_MS - Date.now()) / 1000));
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const windowStart = this._windowStart();
    for (const key of this._keys(email, ip)) {
      await this._db
        .insert(idpRateLimits)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [idpRateLimits.key, idpRateLimits.windowStart],
          set: { count: sql`${idpRateLimits.count} + 1` },
        });
    }
    // Old windows are never read again; dropping them here keeps the table at a few rows per attacker.
    await this._db
      .delete(idpRateLimits)
      .where(lt(idpRateLimits.windowStart, new Date(windowStart.getTime() - SIGN_IN_WINDOW_MS)));
  }

  /** A correct password clears the e-mail's count (the address keeps its own). */
  async recordSuccess(email: string): Promise<void> {
    await this._db.delete(idpRateLimits).where(eq(idpRateLimits.key, this._emailKey(email)));
  }

  private _windowStart(): Date {
    return new Date(Math.floor(Date.now() / SIGN_IN_WINDOW_MS) * SIGN_IN_WINDOW_MS);
  }

  // Hashed so the table holds no e-mail addresses.
  private _emailKey(email: string): string {
    return `signin:email:${sha256(email.toLowerCase())}`;
  }

  private _keys(email: string, ip: string): string[] {
    return [this._emailKey(email), `signin:ip:${sha256(ip)}`];
  }
}
