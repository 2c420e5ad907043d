import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import { idpRateLimits } from '../db/schema';
import { sha256 } from '../lib/crypto';

export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
// An address (an office behind one NAT) may hold many people: it is limited only when it fails for many.
export const ADDRESS_LIMIT_FACTOR = 10;
// An account guessed at from many addresses: each pair stays under its limit, the account does not.
export const ACCOUNT_LIMIT_FACTOR = 3;

export interface SignInBlock {
  /** Seconds until the window ends. */
  retryAfter: number;
  /** The account's own cap (guesses from many addresses), not this caller's. */
  account: boolean;
}

/**
 * Counts failed password sign-ins per (e-mail, address) pair, per address and per e-mail in fixed
 * 15-minute windows, in the database so every API process shares the count. The e-mail's cap is the
 * pair's times ACCOUNT_LIMIT_FACTOR: high enough that the owner, who gets the pair's limit first, is
 * rarely the one to reach it, and it bounds what a guesser with many addresses gets. Reaching it does
 * lock the owner out for the rest of the window (a recovery link clears it); unbounded guessing was
 * the worse of the two. Unknown e-mails are counted alike, so the cap tells nothing about accounts.
 */
export class SignInLimiter {
  constructor(
    private readonly _db: Db,
    private readonly _max: number,
  ) {}

  /** When the pair, the address or the account is over its limit: how long, and whether it is the account. */
  async blockedFor(email: string, ip: string): Promise<SignInBlock | null> {
    const windowStart = this._windowStart();
    const limits = new Map([
      [this._pairKey(email, ip), this._max],
      [this._addressKey(ip), this._max * ADDRESS_LIMIT_FACTOR],
      [this._accountKey(email), this._max * ACCOUNT_LIMIT_FACTOR],
    ]);
    const rows = await this._db
      .select({ key: idpRateLimits.key, count: idpRateLimits.count })
      .from(idpRateLimits)
      .where(and(inArray(idpRateLimits.key, [...limits.keys()]), eq(idpRateLimits.windowStart, windowStart)));
    const over = rows.filter((row) => row.count >= (limits.get(row.key) ?? Infinity));
    if (over.length === 0) return null;
    return {
      retryAfter: Math.max(1, Math.ceil((windowStart.getTime() + SIGN_IN_WINDOW_MS - Date.now()) / 1000)),
      // This caller's own limits come first: they are what this caller can do something about.
      account: over.every((row) => row.key === this._accountKey(email)),
    };
  }

  async recordFailure(email: string, ip: string): Promise<void> {
    const windowStart = this._windowStart();
    for (const key of [this._pairKey(email, ip), this._addressKey(ip), this._accountKey(email)]) {
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

  /** A recovery link proves the owner: the account's count (not any address's) starts again. */
  async clearAccount(email: string): Promise<void> {
    await this._db.delete(idpRateLimits).where(eq(idpRateLimits.key, this._accountKey(email)));
  }

  private _windowStart(): Date {
    return new Date(Math.floor(Date.now() / SIGN_IN_WINDOW_MS) * SIGN_IN_WINDOW_MS);
  }

  // Hashed so the table holds no e-mail addresses.
  private _pairKey(email: string, ip: string): string {
    return `signin:pair:${sha256(`${email.toLowerCase()}\n${ip}`)}`;
  }

  private _accountKey(email: string): string {
    return `signin:account:${sha256(email.toLowerCase())}`;
  }

  private _addressKey(ip: string): string {
    return `signin:ip:${sha256(ip)}`;
  }
}
