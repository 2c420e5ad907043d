import { eq } from 'drizzle-orm';
import { type Db } from '../db/client';
import { idpSessions } from '../db/schema';

// An ended session may act for at most this long in another process; this one forgets at once.
const CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Entry {
  userId: string;
  active: boolean;
  checkedAt: number;
}

/**
 * Answers whether an access token's session still exists in the embedded provider's store (sign-out
 * deletes it, refresh-token reuse revokes it, a password change deletes the others), cached briefly
 * so a busy client costs one read every few seconds.
 */
export class SessionStore {
  private readonly _entries = new Map<string, Entry>();

  constructor(private readonly _db: Db) {}

  async isActive(sessionId: unknown, userId: string): Promise<boolean> {
    if (typeof sessionId !== 'string' || !UUID.test(sessionId)) return false;
    const cached = this._entries.get(sessionId);
    if (cached && Date.now() - cached.checkedAt < CACHE_MS) return cached.active && cached.userId === userId;
    const row = await this._db.query.idpSessions.findFirst({
      columns: { userId: true, revokedAt: true },
      where: eq(idpSessions.id, sessionId),
    });
    const entry = { userId: row?.userId ?? '', active: !!row && !row.revokedAt, checkedAt: Date.now() };
    if (this._entries.size >= MAX_ENTRIES) this._dropStale();
    this._entries.set(sessionId, entry);
    return entry.active && entry.userId === userId;
  }

  forgetUser(userId: string): void {
    for (const [sessionId, entry] of this._entries) {
      if (entry.userId === userId) this._entries.delete(sessionId);
    }
  }

  private _dropStale(): void {
    const now = Date.now();
    for (const [sessionId, entry] of this._entries) {
      if (now - entry.checkedAt >= CACHE_MS) this._entries.delete(sessionId);
    }
    // Everything is fresh (a flood of distinct sessions): start over rather than grow without bound.
    if (this._entries.size >= MAX_ENTRIES) this._entries.clear();
  }
}
