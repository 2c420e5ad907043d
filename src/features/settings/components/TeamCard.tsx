import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { describeError } from '../../../api/apiError';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { t } from '../../../config/locale';
import { notify } from '../../../lib/notify';
import {
  useGetOrganizationUsersQuery,
  useRemoveOrganizationUserMutation,
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
  user: 'User',
};

/** The organization's people: invite by e-mail, remove, with the signed-in person marked 'You'. */
export function TeamCard({ organizationId, currentUserId, canManage }: TeamCardProps) {
  const {
    data: members = [],
    isLoading,
    isError,
    isFetching,
    refetch,
  } = useGetOrganizationUsersQuery(organizationId);
  const [removeUser, { isLoading: removing }] = useRemoveOrganizationUserMutation();
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
            message={t.organizations.membersLoadFailed}
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
                      <Stack component="span" direction="row" spacing={1} sx={{ mt: 0.5 }}>
                        <Chip component="span" label={roleLabel[member.role]} size="small" />
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
