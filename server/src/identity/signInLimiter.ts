import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import { idpRateLimits } from '../db/schema';
import { sha256 } from '../lib/crypto';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
// An address (an office behind one NAT) may hold many people: it is limited only when it fails for many.
export const ADDRESS_LIMIT_FACTOR = 10;

/**
 * Counts failed password sign-ins per (e-mail, address) pair and per address in fixed 15-minute
 * windows, in the database so every API process shares the count. Never per e-mail alone: then
 * anyone could lock the owner out from everywhere.
 */
export class SignInLimiter {
  constructor(
    private readonly _db: Db,
    private readonly _max: number,
  ) {}

  /** Seconds until the window ends when the pair or the address is over its limit, else null. */
  async blockedFor(email: string, ip: string): Promise<number | null> {
    const windowStart = this._windowStart();
    const pairKey = this._pairKey(email, ip);
    const rows = await this._db
      .select({ key: idpRateLimits.key, count: idpRateLimits.count })
      .from(idpRateLimits)
      .where(
        and(
          inArray(idpRateLimits.key, [pairKey, this._addressKey(ip)]),
          eq(idpRateLimits.windowStart, windowStart),
        ),
      );
    const over = rows.some((row) => row.count >= (row.key === pairKey ? this._max : this._addressMax));
    if (!over) return null;
    return Math.max(1, Math.ceil((windowStart.getTime() + SIGN_IN_WINDOW_MS - Date.now()) / 1000));
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const windowStart = this._windowStart();
    for (const key of [this._pairKey(email, ip), this._addressKey(ip)]) {
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

  /** A correct password clears the pair's count (the address keeps its own). */
  async recordSuccess(email: string, ip: string): Promise<void> {
    await this._db.delete(idpRateLimits).where(eq(idpRateLimits.key, this._pairKey(email, ip)));
  }

  private get _addressMax(): number {
    return this._max * ADDRESS_LIMIT_FACTOR;
  }

  private _windowStart(): Date {
    return new Date(Math.floor(Date.now() / SIGN_IN_WINDOW_MS) * SIGN_IN_WINDOW_MS);
  }

  // Hashed so the table holds no e-mail addresses.
  private _pairKey(email: string, ip: string): string {
    return `signin:pair:${sha256(`${email.toLowerCase()}\n${ip}`)}`;
  }

  private _addressKey(ip: string): string {
    return `signin:ip:${sha256(ip)}`;
  }
}
