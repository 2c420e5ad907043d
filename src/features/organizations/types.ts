import type { MemberRole } from '../../../contract/permissions';

/** contract/permissions.ts: what each role may do. */
export type OrganizationRole = MemberRole;

export interface Organization {
  id: string;
  name: string;
  createdAt: string;
  cjToken: string | null;
  serviceAccountKey: string | null;
  organizationSettings: Record<string, unknown>;
  role: OrganizationRole;
  /** The expert right: approves Python script modules (issue 27). */
  expert: boolean;
}

export interface OrganizationDto {
  org_id: string;
  name: string;
  created_at: string;
  cj_token: string | null;
  service_account_key: string | null;
  organization_settings: Record<string, unknown> | null;
  role?: OrganizationRole;
  expert?: boolean;
}

/** Invited people are shown with the role 'user' until they accept (SPEC §3). */
export interface OrganizationUser {
  id: string;
  email: string;
  role: OrganizationRole | 'user';
  expert: boolean;
  status: 'active' | 'invited';
  createdAt: string;
  lastSignInAt: string | null;
}

export interface OrganizationUserDto {
  id: string;
  email: string;
  role: OrganizationUser['role'];
  expert?: boolean;
  status: OrganizationUser['status'];
  created_at: string;
  last_sign_in_at: string | null;
}

export const toOrganization = (dto: OrganizationDto): Organization => ({
  id: dto.org_id,
  name: dto.name,
  createdAt: dto.created_at,
  cjToken: dto.cj_token ?? null,
  serviceAccountKey: dto.service_account_key ?? null,
  organizationSettings: dto.organization_settings ?? {},
  role: dto.role ?? 'member',
  expert: dto.expert ?? false,
});

export const toOrganizationUser = (dto: OrganizationUserDto): OrganizationUser => ({
  id: dto.id,
  email: dto.email,
  role: dto.role,
  expert: dto.expert ?? false,
  status: dto.status,
  createdAt: dto.created_at,
  lastSignInAt: dto.last_sign_in_at ?? null,
});
