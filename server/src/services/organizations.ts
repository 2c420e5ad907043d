import { and, asc, count, eq } from 'drizzle-orm';
import { type Config } from '../config';
import { type Db } from '../db/client';
import { appUsers, organizationInvitations, organizationMembers, organizations } from '../db/schema';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { decrypt, encrypt, randomToken, sha256 } from '../lib/crypto';
import { isEmail, isUuid, trimmed } from '../lib/validate';
import {
  ORGANIZATION_MESSAGES,
  type AddUserResult,
  type Organization,
  type OrganizationUser,
  type UpdateUserBody,
} from '../../../contract/organizations';
import { type Membership } from '../../../contract/permissions';
import { type Actor } from './actor';
import { type MailService } from './mail';

const ADMIN_ROLES = ['admin', 'business_development', 'biz_dev'];
const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
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
      .select({
        organization: organizations,
        role: organizationMembers.role,
        expert: organizationMembers.expert,
      })
      .from(organizationMembers)
      .innerJoin(organizations, eq(organizations.id, organizationMembers.orgId))
      .where(eq(organizationMembers.userId, actor.id))
      .orderBy(asc(organizations.createdAt));
    return rows.map(({ organization, ...membership }) => this._toWire(organization, membership));
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
    return this._toWire(organization, { role: 'admin', expert: false });
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
      ...members.map(({ member, user }) => memberToWire(member, user)),
      ...invitations.map((invitation) => ({
        id: invitation.id,
        email: invitation.email,
        role: 'user' as const,
        expert: false,
        status: 'invited' as const,
        created_at: invitation.createdAt.toISOString(),
        last_sign_in_at: null,
      })),
    ];
  }

  /**
   * Invites by e-mail (admins only). Even a person who already has an account joins only through the
   * one-time link in the e-mail: whoever holds the address decides, not whoever signs up with it first.
   * Inviting again sends a new link and voids the old one.
   */
  async addUser(actor: Actor, orgId: string, rawEmail: string): Promise<AddUserResult> {
    const email = trimmed(rawEmail)?.toLowerCase();
    if (!email) throw new ValidationError('Email is required', { fields: { email: 'required' } });
    if (!isEmail(email))
      throw new ValidationError('Please enter a valid email address', { fields: { email: 'invalid' } });
    const membership = await this.requireMembership(actor, orgId);
    if (membership.role !== 'admin') throw new ForbiddenError('Only an organization admin can invite people');
    const organization = await this._db.query.organizations.findFirst({ where: eq(organizations.id, orgId) });
    if (!organization) throw new NotFoundError('Organization not found');

    const token = randomToken(32);
    const invitation = await this._db.transaction(async (tx) => {
      const [member] = await tx
        .select({ userId: organizationMembers.userId })
        .from(organizationMembers)
        .innerJoin(appUsers, eq(appUsers.id, organizationMembers.userId))
        .where(and(eq(organizationMembers.orgId, orgId), eq(appUsers.email, email)));
      if (member) throw new ConflictError('This user is already part of your organization');
      const values = {
        orgId,
        email,
        invitedBy: actor.id,
        tokenHash: sha256(token),
        expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
      };
      const [row] = await tx
        .insert(organizationInvitations)
        .values(values)
        .onConflictDoUpdate({
          target: [organizationInvitations.orgId, organizationInvitations.email],
          set: { invitedBy: values.invitedBy, tokenHash: values.tokenHash, expiresAt: values.expiresAt },
        })
        .returning();
      return row;
    });
    const link = `${this._config.publicUrl}/invitations/accept?token=${token}`;
    await this._mail.send({
      to: email,
      subject: `You're invited to ${organization.name} on Plainwright`,
      text:
        `${actor.email} invited you to join ${organization.name} on Plainwright.\n\n` +
        `Sign in with this e-mail address (or create your account with it), then open this link to accept:\n${link}\n\n` +
        `The link works once and expires in 7 days. If you did not expect this, ignore this e-mail.`,
      kind: 'invitation',
    });
    return { user_id: invitation.id, status: 'invited' };
  }

  /**
   * Accepts an invitation by its one-time token, for the signed-in person whose e-mail it was sent to.
   * A wrong, used or expired token and another person's invitation are refused without a membership.
   */
  async acceptInvitation(actor: Actor, rawToken: string): Promise<Organization> {
    const token = rawToken.trim();
    const invalid = new NotFoundError('This invitation link is invalid, has expired or was already used');
    if (!/^[A-Za-z0-9_-]{20,128}$/.test(token)) throw invalid;
    const joined = await this._db.transaction(async (tx) => {
      const [invitation] = await tx
        .select()
        .from(organizationInvitations)
        .where(eq(organizationInvitations.tokenHash, sha256(token)))
        .for('update');
      if (!invitation || !invitation.expiresAt || invitation.expiresAt.getTime() < Date.now()) throw invalid;
      if (invitation.email !== actor.email.toLowerCase())
        throw new ForbiddenError(
          'This invitation was sent to another e-mail address: sign in with that address to accept it',
        );
      await tx
        .insert(organizationMembers)
        .values({ orgId: invitation.orgId, userId: actor.id, role: 'member' })
        .onConflictDoNothing();
      await tx.delete(organizationInvitations).where(eq(organizationInvitations.id, invitation.id));
      return tx.query.organizations.findFirst({ where: eq(organizations.id, invitation.orgId) });
    });
    if (!joined) throw invalid;
    const membership = await this.requireMembership(actor, joined.id);
    return this._toWire(joined, membership);
  }

  /**
   * PATCH /organizations/{id}/users/{userId}: an admin changes a member's role or expert right.
   * The last admin keeps the role (409), and a viewer holds no expert right (400).
   */
  async updateUser(
    actor: Actor,
    orgId: string,
    userId: string,
    input: UpdateUserBody,
  ): Promise<OrganizationUser> {
    const membership = await this.requireMembership(actor, orgId);
    if (membership.role !== 'admin')
      throw new ForbiddenError("Only an organization admin can change people's roles");
    if (input.role === undefined && input.expert === undefined)
      throw new ValidationError(ORGANIZATION_MESSAGES.nothingToChange, { fields: { role: 'required' } });
    if (input.role === 'viewer' && input.expert === true)
      throw new ValidationError(ORGANIZATION_MESSAGES.viewerExpert, { fields: { expert: 'invalid' } });
    if (!isUuid(userId)) throw new NotFoundError('User not found in this organization');
    const [member, user] = await this._db.transaction(async (tx) => {
      // Lock the organization row so two concurrent demotions cannot both pass the last-admin check.
      await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.id, orgId))
        .for('update');
      const target = await tx.query.organizationMembers.findFirst({
        where: and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)),
      });
      if (!target) throw new NotFoundError('User not found in this organization');
      const role = input.role ?? target.role;
      if (role === 'viewer' && input.expert === true)
        throw new ValidationError(ORGANIZATION_MESSAGES.viewerExpert, { fields: { expert: 'invalid' } });
      // Becoming a viewer drops the expert right: a viewer changes nothing, approvals included.
      const expert = role === 'viewer' ? false : (input.expert ?? target.expert);
      if (target.role === 'admin' && role !== 'admin') {
        const [admins] = await tx
          .select({ n: count() })
          .from(organizationMembers)
          .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.role, 'admin')));
        if ((admins?.n ?? 0) <= 1) throw new ConflictError(ORGANIZATION_MESSAGES.lastAdmin);
      }
      const [updated] = await tx
        .update(organizationMembers)
        .set({ role, expert })
        .where(and(eq(organizationMembers.orgId, orgId), eq(organizationMembers.userId, userId)))
        .returning();
      const person = await tx.query.appUsers.findFirst({ where: eq(appUsers.id, userId) });
      return [updated, person] as const;
    });
    if (!member || !user) throw new NotFoundError('User not found in this organization');
    return memberToWire(member, user);
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
        if ((admins[0]?.n ?? 0) <= 1) throw new ConflictError(ORGANIZATION_MESSAGES.lastAdmin);
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

  private _toWire(row: OrganizationRow, { role, expert }: Membership): Organization {
    return {
      org_id: row.id,
      name: row.name,
      created_at: row.createdAt.toISOString(),
      cj_token: row.cjToken,
      service_account_key: role === 'admin' ? decrypt(row.serviceAccountKeyEncrypted, this._secret) : null,
      organization_settings: row.settings,
      role,
      expert,
    };
  }
}

function memberToWire(
  member: typeof organizationMembers.$inferSelect,
  user: typeof appUsers.$inferSelect,
): OrganizationUser {
  return {
    id: user.id,
    email: user.email,
    role: member.role,
    expert: member.expert,
    status: 'active',
    created_at: member.createdAt.toISOString(),
    last_sign_in_at: user.lastSignInAt?.toISOString() ?? null,
  };
}

function newServiceAccountKey(): string {
  return `pw_sak_${randomToken(32)}`;
}
