import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import Button from '@mui/material/Button';
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
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { describeError } from '../../../api/apiError';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { t } from '../../../config/locale';
import { notify } from '../../../lib/notify';
import { useDeleteTestSuiteMutation, useGetTestSuitesQuery } from '../api';
import type { TestSuite } from '../types';
import { CreateSuiteDialog } from './CreateSuiteDialog';
import { type Permissions } from '../../../app/hooks';
import { RenameSuiteDialog } from './RenameSuiteDialog';

interface ProjectSettingsProps {
  organizationId: string | null;
  selectedSuiteId: string | null;
  onCreated?: (suiteId: string) => void;
  /** The signed-in person's rights (app/hooks.ts usePermissions): rename and delete are the admins'. */
  permissions: Permissions;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Create, rename and delete the organization's test suites (shown to people as projects). */
export function ProjectSettings({
  organizationId,
  selectedSuiteId,
  onCreated,
  permissions: { can, reason },
}: ProjectSettingsProps) {
  const {
    data: suites = [],
    isLoading,
    isError,
    isFetching,
    refetch,
  } = useGetTestSuitesQuery(organizationId ?? skipToken);
  const [deleteTestSuite, { isLoading: deleting }] = useDeleteTestSuiteMutation();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<TestSuite | null>(null);
  const [pendingDelete, setPendingDelete] = useState<TestSuite | null>(null);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const result = await deleteTestSuite(pendingDelete.id);
    if ('error' in result) notify.error(describeError(result.error, t.suites.deleteFailed));
    else notify.success(t.suites.deleted);
    setPendingDelete(null);
  };

  const createButton = (
    <Tooltip title={reason('createProject') ?? ''}>
      <span>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setCreating(true)}
          disabled={!organizationId || !can('createProject')}
        >
          Create project
        </Button>
      </span>
    </Tooltip>
  );

  return (
    <Card variant="outlined">
      <CardHeader
        title="Projects"
        subheader="Projects group your tests, collections, secrets and modules."
        action={suites.length > 0 ? createButton : undefined}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {isLoading && <ListSkeleton label="Loading projects" />}
        {isError && (
          <ErrorState message={t.suites.fetchFailed} onRetry={() => void refetch()} retrying={isFetching} />
        )}
        {!isLoading && !isError && suites.length === 0 && (
          <EmptyState
            icon={<FolderOutlinedIcon fontSize="inherit" />}
            title="No projects yet"
            description="Create a project to start writing tests."
            action={createButton}
          />
        )}
        {suites.length > 0 && (
          <List disablePadding aria-label="Projects">
            {suites.map((suite) => (
              <ListItem
                key={suite.id}
                divider
                secondaryAction={
                  <Stack direction="row" spacing={0.5}>
                    <Tooltip title={reason('renameProject') ?? 'Rename'}>
                      <span>
                        <IconButton
                          aria-label={`Rename ${suite.name}`}
                          disabled={!can('renameProject')}
                          onClick={() => setRenaming(suite)}
                        >
                          <DriveFileRenameOutlineIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                    <Tooltip title={reason('deleteProject') ?? 'Delete'}>
                      <span>
                        <IconButton
                          aria-label={`Delete ${suite.name}`}
                          disabled={!can('deleteProject')}
                          onClick={() => setPendingDelete(suite)}
                        >
                          <DeleteOutlinedIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  </Stack>
                }
                sx={{ pr: 12 }}
              >
                <ListItemText
                  primary={
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                      <span>{suite.name}</span>
                      {suite.id === selectedSuiteId && <Chip label="Current" size="small" color="primary" />}
                    </Stack>
                  }
                  secondary={`Created ${dateFormat.format(new Date(suite.createdAt))}`}
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <CreateSuiteDialog
        open={creating}
        organizationId={organizationId}
        onClose={() => setCreating(false)}
        onCreated={onCreated}
      />
      <RenameSuiteDialog suite={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete project?"
        description={
          <>
            <strong>{pendingDelete?.name}</strong> and everything in it (tests, collections, secrets and
            modules) will be deleted. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        destructive
        pending={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setPendingDelete(null)}
      />
    </Card>
  );
}
