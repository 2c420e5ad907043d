import { useMemo } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { deniedMessage, mayDo, type Membership, type PermissionAction } from '../../contract/permissions';
import { selectCurrentOrganization } from '../features/organizations/selectors';
import type { AppDispatch, RootState } from './store';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

export interface Permissions {
  /** The signed-in person's membership in the current organization; null while it loads. */
  membership: Membership | null;
  can(action: PermissionAction): boolean;
  /** Why a control is off, for its tooltip; null when the action is allowed. */
  reason(action: PermissionAction): string | null;
}

/**
 * What the signed-in person may do in the current organization (issue 27), from the same table the
 * server enforces (contract/permissions.ts), so no control is offered that the API would refuse.
 * While the organization loads nothing is allowed: controls turn on once the role is known.
 * NOTE: here, beside the typed hooks, because every feature may import app/hooks.ts.
 */
export function usePermissions(): Permissions {
  const organization = useAppSelector(selectCurrentOrganization);
  const role = organization?.role ?? null;
  const expert = organization?.expert ?? false;
  return useMemo(() => permissionsOf(role ? { role, expert } : null), [role, expert]);
}

/** The rights of a membership (none for null), for components that take them as a prop. */
export function permissionsOf(membership: Membership | null): Permissions {
  return {
    membership,
    can: (action) => mayDo(membership, action),
    reason: (action) => (mayDo(membership, action) ? null : deniedMessage(action, membership?.role)),
  };
}
