import CheckIcon from '@mui/icons-material/Check';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import type { ReactElement } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useGetUserOrganizationsQuery } from '../../features/organizations/api';
import { selectCurrentOrganizationId } from '../../features/organizations/selectors';
import { organizationSwitched } from '../../features/organizations/slice';
import { useAppDispatch, useAppSelector } from '../hooks';

interface Named {
  id: string;
  name: string;
}

/** The person's organizations, the current one, and SPEC §2's switch: make one current, go to the dashboard. */
export function useOrganizations() {
  const currentId = useAppSelector(selectCurrentOrganizationId);
  const { data: organizations = [], isLoading } = useGetUserOrganizationsQuery();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const current = organizations.find(({ id }) => id === currentId) ?? null;
  const switchTo = (organizationId: string) => {
    if (organizationId !== currentId) dispatch(organizationSwitched({ organizationId }));
    void navigate(paths.dashboard.getHref());
  };
  return { organizations, current, currentId, isLoading, switchTo };
}

/**
 * The switcher's items, as an array: MUI's Menu finds its items among its direct children, so a
 * fragment-returning component would break its keyboard navigation.
 */
export function organizationMenuItems(
  organizations: readonly Named[],
  currentId: string | null,
  onChoose: (organizationId: string) => void,
): ReactElement[] {
  return [
    <ListSubheader key="org-header">Organization</ListSubheader>,
    ...organizations.map((organization) => (
      <MenuItem
        key={organization.id}
        selected={organization.id === currentId}
        onClick={() => onChoose(organization.id)}
      >
        <ListItemIcon>{organization.id === currentId && <CheckIcon fontSize="small" />}</ListItemIcon>
        <ListItemText>{organization.name}</ListItemText>
      </MenuItem>
    )),
  ];
}

/** Up to two letters standing for an organization where its name does not fit ("Acme Corp" → "AC"). */
export function organizationInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? `${words[0][0]}${words[1][0]}` : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}
