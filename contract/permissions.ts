/**
 * Who may do what in an organization (issue 27; docs/permissions.md explains each line).
 *
 * The one table both sides read: the server refuses a call whose action the caller's role lacks
 * (server/src/plugins/permissions.ts maps every route to an action here), and the SPA hides or disables
 * the controls of the same actions (usePermissions in src/app/hooks.ts). A change here changes both.
 */

/** A member's role in one organization. A viewer sees everything and changes nothing. */
export const MEMBER_ROLES = ['admin', 'member', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export interface Permission {
  /** The roles that may do it. */
  roles: readonly MemberRole[];
  /** The expert right grants it too (to a member; a viewer holds no rights beyond reading). */
  expert?: true;
  /** What it is, in words that finish "Only … can …" in a refusal. */
  does: string;
}

const EVERYONE = ['admin', 'member', 'viewer'] as const;
const WRITERS = ['admin', 'member'] as const;
const ADMINS = ['admin'] as const;

export const PERMISSIONS = {
  read: { roles: EVERYONE, does: 'see the organization, its projects, tests, runs and settings' },
  leaveOrganization: { roles: EVERYONE, does: 'leave the organization' },

  createProject: { roles: WRITERS, does: 'create projects' },
  renameProject: { roles: ADMINS, does: 'rename projects' },
  deleteProject: { roles: ADMINS, does: 'delete projects' },

  writeTests: { roles: WRITERS, does: 'create, edit, move and delete tests, folders and variables' },
  generateTests: { roles: WRITERS, does: 'generate tests and give feedback on their steps' },
  runTests: { roles: WRITERS, does: 'run and cancel tests and collections' },
  pinRuns: { roles: WRITERS, does: 'pin and unpin runs' },
  heal: { roles: WRITERS, does: 'heal tests and accept or reject healings' },
  writeCollections: { roles: WRITERS, does: 'create, edit, schedule and delete collections' },
  writeSchedules: { roles: WRITERS, does: 'schedule tests' },
  writeModules: { roles: WRITERS, does: 'create, edit and delete modules' },
  writeBrowserStates: { roles: WRITERS, does: 'save browser states' },
  sharePrivately: { roles: WRITERS, does: 'share tests with the organization and stop sharing them' },

  approveModules: { roles: ADMINS, expert: true, does: 'approve Python script modules' },

  manageSecrets: { roles: ADMINS, does: 'create, change and delete secrets' },
  manageAlerts: { roles: ADMINS, does: "change a collection's alerts, recipients and webhooks" },
  rotateSigningKey: { roles: ADMINS, does: "rotate a collection's webhook signing key" },
  sharePublicly: { roles: ADMINS, does: 'publish tests publicly' },
  manageAutoHeal: { roles: ADMINS, does: 'change the auto-heal setting' },
  manageRetention: { roles: ADMINS, does: 'change how long runs are kept' },
  manageMembers: { roles: ADMINS, does: 'invite, remove and change the roles of members' },
  manageServiceAccount: { roles: ADMINS, does: 'regenerate the service account (CI) key' },
} as const satisfies Record<string, Permission>;

export type PermissionAction = keyof typeof PERMISSIONS;

/** One's membership as far as rights go. */
export interface Membership {
  role: MemberRole;
  expert: boolean;
}

export function mayDo(membership: Membership | null | undefined, action: PermissionAction): boolean {
  if (!membership) return false;
  const permission: Permission = PERMISSIONS[action];
  if (permission.roles.includes(membership.role)) return true;
  return Boolean(permission.expert && membership.expert && membership.role !== 'viewer');
}

const ROLE_NAMES: Record<MemberRole, string> = { admin: 'an admin', member: 'a member', viewer: 'a viewer' };

/** Who may do it, in words: "an admin or a member", "an admin or an expert". */
export function whoMay(action: PermissionAction): string {
  const permission: Permission = PERMISSIONS[action];
  const who = permission.roles.map((role) => ROLE_NAMES[role]);
  if (permission.expert) who.push('an expert');
  return who.length > 1 ? `${who.slice(0, -1).join(', ')} or ${who[who.length - 1]}` : who[0];
}

/** The refusal of an action, the same on the server (403) and in the SPA's tooltips. */
export function deniedMessage(action: PermissionAction, role?: MemberRole): string {
  const yours = role ? ` You are ${ROLE_NAMES[role]} of this organization.` : '';
  return `Only ${whoMay(action)} can ${PERMISSIONS[action].does}.${yours}`;
}
