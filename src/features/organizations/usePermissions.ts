import { useMemo } from 'react';
import { deniedMessage, mayDo, type Membership, type PermissionAction } from '../../../contract/permissions';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentOrganization } from './selectors';

export interface Permissions {
  /** The signed-in person's membership in the current organization; null while it loads. */
  membership: Membership | null;
  can(action: PermissionAction): boolean;
  /** Why a control is off, for its tooltip; null when the action is allowed. */
  reason(action: PermissionAction): string | null;
}

/**
 * What the signed-in person may do in the current organization, from the same table the server
 * enforces (contract/permissions.ts), so a control is never offered that the API would refuse.
 * While the organization loads nothing is allowed: controls appear once the role is known.
 */
export function usePermissions(): Permissions {
  const organization = useAppSelector(selectCurrentOrganization);
  const role = organization?.role ?? null;
  const expert = organization?.expert ?? false;
  return useMemo(() => {
    const membership = role ? { role, expert } : null;
    return {
      membership,
      can: (action) => mayDo(membership, action),
      reason: (action) => (mayDo(membership, action) ? null : deniedMessage(action, membership?.role)),
    };
  }, [role, expert]);
}
