import { sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import { appUsers } from '../db/schema';
import { type Actor } from './actor';

const SEEN_TTL_MS = 60_000;

/**
 * Records people the API sees (whichever provider signed their token). Cached per process so a busy
 * user costs one write a minute. NOTE: invitations are not accepted here: only through their one-time
 * link (OrganizationService.acceptInvitation), or whoever signed up first with the address would join.
 */
export class UserDirectory {
  private readonly _seen = new Map<string, number>();

  constructor(private readonly _db: Db) {}

  async ensure(actor: Actor): Promise<void> {
    const last = this._seen.get(actor.id);
    if (last && Date.now() - last < SEEN_TTL_MS) return;
    const email = actor.email.toLowerCase();
    await this._db
      .insert(appUsers)
      .values({ id: actor.id, email, lastSignInAt: actor.signedInAt })
      .onConflictDoUpdate({
        target: appUsers.id,
        set: {
          email,
          lastSignInAt: sql`greatest(${appUsers.lastSignInAt}, excluded.last_sign_in_at)`,
          updatedAt: new Date(),
        },
      });
    this._seen.set(actor.id, Date.now());
  }
}
