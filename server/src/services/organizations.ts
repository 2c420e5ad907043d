import { and, asc, count, eq } from 'drizzle-orm';
import { type Config } from '../config';
import { type Db } from '../db/client';
import {
  appUsers,
  idpUsers,
  organizationInvitations,
  organizationMembers,
  organizations,
} from '../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { decrypt, encrypt, randomToken, sha256 } from '../lib/crypto';
import { isEmail, isUuid, trimmed } from '../lib/validate';
import type { AddUserResult, Organization, OrganizationUser } from '../../../contract/organizations';
import { type Actor } from './actor';
import { type MailService } from './mail';

const ADMIN_ROLES = ['admin', 'business_development', 'biz_dev'];
export const ORGANIZATION_NAME_MAX = 200;

type OrganizationRow = typeof organizations.$inferSelect;

export class OrganizationService {
  constructor(
    private readonly _db: Db,
    private readonly _mail: MailService,
    private readonly _config: Pick<Config, 'publicUrl'>,
    private readonly _secret: string,
  ) {}

  async listForUser(actor: Actor): Promise<Organization[]> {
    const rows = await this._db
      .select({ organization: organizations, role: organizationMembers.role })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.orgId))
      .where(eq(organizationMembers.userId, actor.id))
      .orderBy(asc(organizations.createdAt));
    return rows.map(({ organization, role }) => this._toWire(organization, role));
  }

  async create(actor: Actor, input: { name?: unknown }): Promise<Organization> {
    const name = trimmed(input.name);
    if (!name) throw new ValidationError('Organization name is required', { fields: { name: 'required' } });
    if (name.length > ORGANIZATION_NAME_MAX) {
      throw new ValidationError(`Organization name must be at most ${ORGANIZATION_NAME_MAX} characters`, {
        fields: { name: 'too_long' },
      });
    }
    const key = newServiceAccountKey();
    const organization = await this._db.transaction(async (tx) => {
      const [row] = await tx
        .insert(organizations)
        .values({
          name,
          cjToken: randomToken(24),
          serviceAccountKeyHash: sha256(key),
          serviceAccountKeyEncrypted: encrypt(key, this._secret),
        })
        .returning();
      await tx.insert(organizationMembers).values({ orgId: row.id, userId: actor.id, role: 'admin' });
      return row;
    });
    return this._toWire(organization, 'admin');
  }

  isAdminOrBizDev(actor: Actor): boolean {
    return actor.roles.some((role) => ADMIN_ROLES.includes(role));
  }

  async regenerateServiceAccountKey(actor: Actor, orgId: string): Promise<string> {
    if (!trimmed(orgId)) throw new ValidationError('Organization ID is required');
    const membership = await this.requireMembership(actor, orgId);
    if (membership.role !== 'admin')
      throw new ForbiddenError('Only an organization admin can regenerate the service account key');
    const key = newServiceAccountKey();
    await this._db
      .update(organizations)
      .set({
        serviceAccountKeyHash: sha256(key),
        serviceAccountKeyEncrypted: encrypt(key, this._secret),
        updatedAt: new Date(),
      })
      .where(eq(organizations.id, orgId));
    return key;
  }

  /** The organization a CI call's service account key belongs to, or null. */
  async findByServiceAccountKey(key: string): Promise<OrganizationRow | null> {
    const row = await this._db.query.organizations.findFirst({
      where: eq(organizations.serviceAccountKeyHash, sha256(key)),
    });
    return row ?? null;
  }

  async listUsers(actor: Actor, orgId: string): Promise<OrganizationUser[]> {
    await this.requireMembership(actor, orgId);
    const members = await this._db
      .select({ member: organizationMembers, user: appUsers })
      .from(organizationMembers)
      .innerJoin(appUsers, eq(appUsers.id, organizationMembers.userId))
      .where(eq(organizationMembers.orgId, orgId))
      .orderBy(asc(organizationMembers.createdAt));
    const invitations = await this._db
      .select()
      .from(organizationInvitations)
      .where(eq(organizationInvitations.orgId, orgId))
      .orderBy(asc(organizationInvitations.createdAt));
    return [
      ...members.map(({ member, user }) => ({
        id: user.id,
        email: user.email,
        role: member.role,
        status: 'active' as const,
        created_at: member.createdAt.toISOString(),
        last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
      })),
      ...invitations.map((invitation) => ({
        id: invitation.id,
        email: invitation.email,
        role: 'user' as const,
        status: 'invited' as const,
        created_at: invitation.createdAt.toISOString(),
        last_sign_in_at: null,
      })),
    ];
  }

  async addUser(actor: Actor, orgId: string, rawEmail: string): Promise<AddUserResult> {
    const email = trimmed(rawEmail)?.toLowerCase();
    if (!email) throw new ValidationError('Email is required', { fields: { email: 'required' } });
    if (!isEmail(email))
      throw new ValidationError('Please enter a valid email address', { fields: { email: 'invalid' } });
    await this.requireMembership(actor, orgId);
    const organization = await this._db.query.organizations.findFirst({ where: eq(organizations.id, orgId) });
    if (!organization) throw new NotFoundError('Organization not found');

    const existing = await this._findUserByEmail(email);
    const inviteUrl = `${this._config.publicUrl}/auth/register?email=${encodeURIComponent(email)}`;
    const result = await this._db.transaction(async (tx) => {
      if (existing) {
        const [inserted] = await tx
          .insert(organizationMembers)
          .values({ orgId, userId: existing.id, role: 'member' })
          .onConflictDoNothing()
          .returning();
        if (!inserted) throw new ConflictError('This user is already part of your organization');
        return { user_id: existing.id, status: 'active' as const };
      }
      const [invitation] = await tx
        .insert(organizationInvitations)
        .values({ orgId, email, invitedBy: actor.id })
        .onConflictDoNothing()
        .returning();
      if (!invitation) throw new ConflictError('This user is already part of your organization');
      return { user_id: invitation.id, status: 'invited' as const };
    });
    const text =
      result.status === 'active'
        ? `${actor.email} added you to ${organization.name} on Plainwright.\n\nOpen ${this._config.publicUrl}/dashboard to start.`
        : `${actor.email} invited you to join ${organization.name} on Plainwright.\n\nCreate your account with this e-mail address to accept:\n${inviteUrl}`;
    await this._mail.send({
      to: email,
      subject: `You're invited to ${organization.name} on Plainwright`,
      text,
      kind: 'invitation',
    });
    return result;
  }

  async removeUser(actor: Actor, orgId: string, userId: string): Promise<void> {
    const membership = await this.requireMembership(actor, orgId);
    if (!isUuid(userId)) throw new NotFoundError('User not found in this organization');
    const removingSelf = userId === actor.id;
    if (!removingSelf && membership.role !== 'admin')
      throw new ForbiddenError('Only an organization admin can remove people');
    await this._db.transaction(async (tx) => {
      const [invitation] = await tx
        .delete(organizationInvitations)
        .where(and(eq(organizationInvitations.orgId, orgId), eq(organizationInvitations.id, userId)))
        .returning();
      if (invitation) return;
      const target = await tx.query.organizationMembers.findFirst({
        where: and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)),
      });
      if (!target) throw new NotFoundError('User not found in this organization');
      if (target.role === 'admin') {
        // Lock the organization row so two concurrent removals cannot both pass the check.
        await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, orgId))
          .for('update');
        const admins = await tx
          .select({ n: count() })
          .from(organizationMembers)
          .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.role, 'admin')));
        if ((admins[0]?.n ?? 0) <= 1)
          throw new ConflictError('An organization needs at least one admin: make someone else admin first');
      }
      await tx
        .delete(organizationMembers)
        .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)));
    });
  }

  /** The caller's membership, or NotFoundError: another organization's id is indistinguishable from none. */
  async requireMembership(actor: Actor, orgId: string): Promise<typeof organizationMembers.$inferSelect> {
    if (!isUuid(orgId)) throw new NotFoundError('Organization not found');
    const membership = await this._db.query.organizationMembers.findFirst({
      where: and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, actor.id)),
    });
    if (!membership) throw new NotFoundError('Organization not found');
    return membership;
  }

  private async _findUserByEmail(email: string): Promise<{ id: string } | null> {
    const known = await this._db.query.appUsers.findFirst({ where: eq(appUsers.email, email) });
    if (known) return known;
    // Signed up with the embedded provider but never called the API yet.
    const signedUp = await this._db.query.idpUsers.findFirst({ where: eq(idpUsers.email, email) });
    if (!signedUp) return null;
    await this._db.insert(appUsers).values({ id: signedUp.id, email }).onConflictDoNothing();
    return { id: signedUp.id };
  }

  private _toWire(row: OrganizationRow, role: 'admin' | 'member'): Organization {
    return {
      org_id: row.id,
      name: row.name,
      created_at: row.createdAt.toISOString(),
      cj_token: row.cjToken,
      service_account_key: role === 'admin' ? decrypt(row.serviceAccountKeyEncrypted, this._secret) : null,
      organization_settings: row.settings,
      role,
    };
  }
}

function newServiceAccountKey(): string {
  return `pw_sak_${randomToken(32)}`;
}
