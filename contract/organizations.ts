import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Name, Nullable } from './common';

/** contract/permissions.ts MEMBER_ROLES: what each may do is there. */
export const OrganizationRole = Type.Union([
  Type.Literal('admin'),
  Type.Literal('member'),
  Type.Literal('viewer'),
]);
export type OrganizationRole = Static<typeof OrganizationRole>;

export const Organization = Type.Object({
  org_id: Type.String(),
  name: Type.String(),
  created_at: IsoDate,
  cj_token: Type.String(),
  /** Only an admin of the organization sees the key. */
  service_account_key: Nullable(Type.String()),
  organization_settings: Type.Record(Type.String(), Type.Unknown()),
  /** The caller's role here, and whether they hold the expert right (issue 27). */
  role: OrganizationRole,
  expert: Type.Boolean(),
});
export type Organization = Static<typeof Organization>;

export const CreateOrganizationBody = Type.Object({ name: Name }, { additionalProperties: false });
export type CreateOrganizationBody = Static<typeof CreateOrganizationBody>;

export const AdminCheck = Type.Object({ is_admin_or_biz_dev: Type.Boolean() });
export type AdminCheck = Static<typeof AdminCheck>;

export const ServiceAccountKey = Type.Object({ service_account_key: Type.String() });
export type ServiceAccountKey = Static<typeof ServiceAccountKey>;

export const OrganizationUser = Type.Object({
  id: Type.String(),
  email: Type.String(),
  /** An invited person who has not signed up yet shows as 'user' (SPEC §3). */
  role: Type.Union([OrganizationRole, Type.Literal('user')]),
  /** The expert right: approves Python script modules (false for an invitation). */
  expert: Type.Boolean(),
  status: Type.Union([Type.Literal('active'), Type.Literal('invited')]),
  created_at: IsoDate,
  last_sign_in_at: Nullable(IsoDate),
});
export type OrganizationUser = Static<typeof OrganizationUser>;

export const AddUserParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  email: Type.String({ maxLength: 320 }),
});
export type AddUserParams = Static<typeof AddUserParams>;

export const AddUserResult = Type.Object({
  user_id: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('invited')]),
});
export type AddUserResult = Static<typeof AddUserResult>;

/** Our addition: the one-time token of an invitation e-mail's link (`/invitations/accept?token=`). */
export const AcceptInvitationBody = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });
export type AcceptInvitationBody = Static<typeof AcceptInvitationBody>;

export const RemoveUserParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  userId: Type.String({ maxLength: 100 }),
});
export type RemoveUserParams = Static<typeof RemoveUserParams>;

/** PATCH /organizations/{id}/users/{userId} (our addition, issue 27): an admin changes a member's rights. */
export const UpdateUserBody = Type.Object(
  { role: Type.Optional(OrganizationRole), expert: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type UpdateUserBody = Static<typeof UpdateUserBody>;

export const ORGANIZATION_MESSAGES = {
  lastAdmin: 'An organization needs at least one admin: make someone else admin first',
  viewerExpert: 'A viewer cannot hold the expert right: make them a member first',
  nothingToChange: 'Give a role or the expert right to change',
} as const;
