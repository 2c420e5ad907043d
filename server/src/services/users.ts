import { and, eq, sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import { appUsers, organizationInvitations, organizationMembers } from '../db/schema';
import { type Actor } from './actor';

const SEEN_TTL_MS = 60_000;

/**
 * Records people the API sees (whichever provider signed their token) and turns their pending
 * invitations into memberships. Cached per process so a busy user costs one write a minute.
 */
export class UserDirectory {
  private readonly _seen = new Map<string, number>();

  constructor(private readonly _db: Db) {}

  async ensure(actor: Actor): Promise<void> {
    const last = this._seen.get(actor.id);
    if (last && Date.now() - last < SEEN_TTL_MS) return;
    const email = actor.email.toLowerCase();
    await this._db.transaction(async (tx) => {
      await tx
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
      const invitations = await tx
        .select()
        .from(organizationInvitations)
        .where(eq(organizationInvitations.email, email));
      for (const invitation of invitations) {
        await tx
          .insert(organizationMembers)
          .values({ orgId: invitation.orgId, userId: actor.id, role: 'member' })
          .onConflictDoNothing();
        await tx.delete(organizationInvitations).where(and(eq(organizationInvitations.id, invitation.id)));
      }
    });
    this._seen.set(actor.id, Date.now());
  }

  /** Forget the cache entry, e.g. after an invitation was sent to this person. */
  forget(userId: string): void {
    this._seen.delete(userId);
  }

  forgetAll(): void {
    this._seen.clear();
  }
}
