/** Who is calling: the verified claims of their access token, or an organization's service account key. */
export interface Actor {
  id: string;
  email: string;
  roles: string[];
  signedInAt: Date | null;
  /**
   * Set when the caller is a CI pipeline holding the organization's service account key (issue 15):
   * it acts for that organization only, on SERVICE_ACCOUNT_ROUTES only, and is nobody's user (`id` is
   * SERVICE_ACCOUNT_ACTOR_ID, which no user has).
   */
  serviceAccountOrgId?: string;
}

/** The id of every service account actor: the nil UUID, never a user's, never written as an author. */
export const SERVICE_ACCOUNT_ACTOR_ID = '00000000-0000-0000-0000-000000000000';

/** A person, or null for a service account: what a row's author (created_by) is set to. */
export function authorOf(actor: Actor): Actor | null {
  return actor.serviceAccountOrgId ? null : actor;
}
