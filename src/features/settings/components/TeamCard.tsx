import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { ORGANIZATION_MESSAGES } from '../../../../contract/organizations';
import { PERMISSIONS } from '../../../../contract/permissions';
import { describeError, failureWithReason } from '../../../api/apiError';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { t } from '../../../config/locale';
import { notify } from '../../../lib/notify';
import {
  useGetOrganizationUsersQuery,
  useRemoveOrganizationUserMutation,
  useUpdateOrganizationUserMutation,
  type OrganizationRole,
  type OrganizationUser,
} from '../../organizations/api';
import { InviteMemberForm } from './InviteMemberForm';

interface TeamCardProps {
  organizationId: string;
  currentUserId: string | null;
  canManage: boolean;
}

const roleLabel: Record<OrganizationUser['role'], string> = {
  admin: 'Admin',
  member: 'Member',
  viewer: 'Viewer',
  user: 'User',
};

const ROLE_CHOICES: OrganizationRole[] = ['admin', 'member', 'viewer'];
const EXPERT_HINT = `Experts can ${PERMISSIONS.approveModules.does}, besides what their role allows.`;
const VIEWER_NOT_EXPERT = ORGANIZATION_MESSAGES.viewerExpert;

/** The organization's people: invite by e-mail, remove, with the signed-in person marked 'You'. */
export function TeamCard({ organizationId, currentUserId, canManage }: TeamCardProps) {
  const {
    data: members = [],
    isLoading,
    isError,
    error,
    isFetching,
    refetch,
  } = useGetOrganizationUsersQuery(organizationId);
  const [removeUser, { isLoading: removing }] = useRemoveOrganizationUserMutation();
  const [updateUser, { isLoading: updating }] = useUpdateOrganizationUserMutation();
  const admins = members.filter((member) => member.status === 'active' && member.role === 'admin').length;

  const changeRights = async (
    member: OrganizationUser,
    change: { role?: OrganizationRole; expert?: boolean },
  ) => {
    const result = await updateUser({ organizationId, userId: member.id, ...change });
    if ('error' in result) notify.error(describeError(result.error, t.organizations.roleChangeFailed));
    else notify.success(t.organizations.roleChanged(member.email));
  };
  const [pendingRemoval, setPendingRemoval] = useState<OrganizationUser | null>(null);

  useEffect(() => {
    if (isError) notify.error(t.organizations.membersLoadFailed);
  }, [isError]);

  const confirmRemoval = async () => {
    if (!pendingRemoval) return;
    const result = await removeUser({ organizationId, userId: pendingRemoval.id });
    if ('error' in result) notify.error(describeError(result.error, t.organizations.removeFailed));
    else notify.success(t.organizations.removed(pendingRemoval.email));
    setPendingRemoval(null);
  };

  return (
    <Card variant="outlined">
      <CardHeader
        title="Team"
        subheader="People who can see and run this organization's tests."
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {canManage && (
          <Box sx={{ mb: 2 }}>
            <InviteMemberForm organizationId={organizationId} />
          </Box>
        )}
        {isLoading && <ListSkeleton label="Loading team members" />}
        {isError && (
          <ErrorState
            message={failureWithReason(error, t.organizations.fetchUsersFailed)}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        )}
        {!isLoading && !isError && members.length === 0 && (
          <EmptyState
            icon={<GroupOutlinedIcon fontSize="inherit" />}
            title="No team members yet"
            description="Invite colleagues by e-mail to work on tests together."
          />
        )}
        {!isError && members.length > 0 && (
          <List disablePadding aria-label="Team members">
            {members.map((member) => {
              const isYou = member.id === currentUserId;
              return (
                <ListItem
                  key={member.id}
                  divider
                  sx={{ pr: canManage ? 7 : 2 }}
                  secondaryAction={
                    canManage &&
                    !isYou && (
                      <Tooltip title="Remove from organization">
                        <IconButton
                          aria-label={`Remove ${member.email}`}
                          onClick={() => setPendingRemoval(member)}
                        >
                          <PersonRemoveOutlinedIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    )
                  }
                >
                  <ListItemText
                    primary={
                      <Stack
                        direction="row"
                        spacing={1}
                        sx={{ alignItems: 'center', flexWrap: 'wrap' }}
                        useFlexGap
                      >
                        <Box component="span" sx={{ wordBreak: 'break-all' }}>
                          {member.email}
                        </Box>
                        {isYou && <Chip label="You" size="small" color="primary" variant="outlined" />}
                      </Stack>
                    }
                    secondary={
                      <Stack
                        component="span"
                        direction="row"
                        spacing={1}
                        sx={{ mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}
                        useFlexGap
                      >
                        {canManage && member.status === 'active' && member.role !== 'user' ? (
                          <RightsControls
                            member={member}
                            lastAdmin={member.role === 'admin' && admins <= 1}
                            busy={updating}
                            onChange={(change) => void changeRights(member, change)}
                          />
                        ) : (
                          <>
                            <Chip component="span" label={roleLabel[member.role]} size="small" />
                            {member.expert && (
                              <Tooltip title={EXPERT_HINT}>
                                <Chip component="span" label="Expert" size="small" variant="outlined" />
                              </Tooltip>
                            )}
                          </>
                        )}
                        {member.status === 'invited' && (
                          <Chip
                            component="span"
                            label="Invited"
                            size="small"
                            color="warning"
                            variant="outlined"
                          />
                        )}
                      </Stack>
                    }
                    slotProps={{ secondary: { component: 'span' } }}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </CardContent>
      <ConfirmDialog
        open={pendingRemoval !== null}
        title="Remove team member?"
        description={
          <>
            <strong>{pendingRemoval?.email}</strong> will lose access to this organization.
          </>
        }
        confirmLabel="Remove"
        pendingLabel="Removing…"
        destructive
        pending={removing}
        onConfirm={() => void confirmRemoval()}
        onClose={() => setPendingRemoval(null)}
      />
    </Card>
  );
}

interface RightsControlsProps {
  member: OrganizationUser;
  /** The organization's only admin: the role stays (the API answers 409 otherwise). */
  lastAdmin: boolean;
  busy: boolean;
  onChange(change: { role?: OrganizationRole; expert?: boolean }): void;
}

/** An admin's controls for one member: the role, and the expert right (which a viewer cannot hold). */
function RightsControls({ member, lastAdmin, busy, onChange }: RightsControlsProps) {
  const isViewer = member.role === 'viewer';
  return (
    <>
      <Tooltip title={lastAdmin ? ORGANIZATION_MESSAGES.lastAdmin : ''}>
        <span>
          <TextField
            select
            size="small"
            label="Role"
            value={member.role}
            disabled={lastAdmin || busy}
            onChange={(event) => onChange({ role: event.target.value as OrganizationRole })}
            sx={{ minWidth: 120 }}
          >
            {ROLE_CHOICES.map((role) => (
              <MenuItem key={role} value={role}>
                {roleLabel[role]}
              </MenuItem>
            ))}
          </TextField>
        </span>
      </Tooltip>
      <Tooltip title={isViewer ? VIEWER_NOT_EXPERT : EXPERT_HINT}>
        <span>
          <FormControlLabel
            label="Expert"
            disabled={isViewer || busy}
            control={
              <Checkbox
                size="small"
                checked={member.expert}
                onChange={(event) => onChange({ expert: event.target.checked })}
                slotProps={{ input: { 'aria-label': `Expert right of ${member.email}` } }}
              />
            }
          />
        </span>
      </Tooltip>
    </>
  );
}
