import AddIcon from '@mui/icons-material/Add';
import CollectionsBookmarkOutlinedIcon from '@mui/icons-material/CollectionsBookmarkOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { COLLECTION_LIMITS } from '../../../../contract/collections';
import { isApiError } from '../../../api/apiError';
import { useAppDispatch, type Permissions } from '../../../app/hooks';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { NameDialog } from '../../../components/NameDialog';
import { t } from '../../../config/locale';
import { pages } from '../../../config/pages';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useCreateCollectionMutation, useGetCollectionsQuery, useUpdateCollectionMutation } from '../api';
import { createCollectionSchema, renameCollectionSchema } from '../schemas';
import { deleteRequested } from '../slice';
import type { Collection } from '../types';
import { RunCountChips } from './RunCountChips';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const byName = (a: Collection, b: Collection) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** A 409 (name taken) is said under the field; anything else as a toast. */
function failureOf(error: unknown, fallback: string): string | false {
  if (isApiError(error) && error.status === 409 && error.serverMessage) return error.serverMessage;
  notify.error(fallback);
  return false;
}

interface CollectionsPageProps {
  suiteId: string;
  /** The signed-in person's rights (app/hooks.ts usePermissions): a viewer changes no collection. */
  permissions: Permissions;
}

/** The suite's collections ("test suites" on screen), sorted by name (SPEC §4). */
export function CollectionsPage({ suiteId, permissions }: CollectionsPageProps) {
  const dispatch = useAppDispatch();
  // Issue 27: others see the list, with why they cannot change it.
  const locked = permissions.reason('writeCollections');
  const { data, isLoading, isError, refetch, isFetching } = useGetCollectionsQuery(suiteId);
  const [createCollection] = useCreateCollectionMutation();
  const [updateCollection] = useUpdateCollectionMutation();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<Collection | null>(null);
  const [deleting, setDeleting] = useState<Collection | null>(null);
  const collections = useMemo(() => [...(data ?? [])].sort(byName), [data]);

  const create = async (name: string) => {
    try {
      await createCollection({ name, suiteId }).unwrap();
      notify.success(t.collections.created);
      return true;
    } catch (error) {
      return failureOf(error, t.collections.createFailed);
    }
  };
  const rename = async (name: string) => {
    if (!renaming) return true;
    try {
      await updateCollection({ id: renaming._id, suiteId, newName: name }).unwrap();
      notify.success(t.collections.renamed);
      return true;
    } catch (error) {
      return failureOf(error, t.collections.updateFailed);
    }
  };

  const createButton = (
    <Tooltip title={locked ?? ''}>
      <span>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={locked !== null}
          onClick={() => setCreating(true)}
        >
          Create test suite
        </Button>
      </span>
    </Tooltip>
  );

  let body;
  if (isLoading) body = <ListSkeleton />;
  else if (isError)
    body = <ErrorState message={t.collections.fetchAllFailed} onRetry={refetch} retrying={isFetching} />;
  else if (collections.length === 0)
    body = (
      <Card>
        <EmptyState
          icon={<CollectionsBookmarkOutlinedIcon fontSize="inherit" />}
          title={pages.collections.empty}
          description="Group tests that belong together and run them with one click."
          action={createButton}
        />
      </Card>
    );
  else
    body = (
      <Stack spacing={2}>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          {createButton}
        </Stack>
        <Card>
          <List aria-label={pages.collections.title} disablePadding>
            {collections.map((collection) => (
              <ListItem
                key={collection._id}
                divider
                secondaryAction={
                  <Tooltip title={locked ?? ''}>
                    <span>
                      <IconButton
                        aria-label={`Rename ${collection.name}`}
                        disabled={locked !== null}
                        onClick={() => setRenaming(collection)}
                      >
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                      <IconButton
                        aria-label={`Delete ${collection.name}`}
                        disabled={locked !== null}
                        onClick={() => setDeleting(collection)}
                      >
                        <DeleteOutlinedIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                }
              >
                <Stack spacing={0.5} sx={{ minWidth: 0, pr: 10 }}>
                  <Link
                    component={RouterLink}
                    to={paths.collectionDetails.getHref(collection._id)}
                    underline="hover"
                  >
                    {collection.name}
                  </Link>
                  <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography variant="body2" color="text.secondary">
                      {collection.linked_test_ids.length === 1
                        ? '1 test'
                        : `${collection.linked_test_ids.length} tests`}
                    </Typography>
                    {collection.last_run ? (
                      <>
                        <Typography variant="body2" color="text.secondary">
                          Last run {dateFormat.format(new Date(collection.last_run.created_at))}
                        </Typography>
                        <RunCountChips counts={collection.last_run.counts} />
                      </>
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        Never run
                      </Typography>
                    )}
                  </Stack>
                </Stack>
              </ListItem>
            ))}
          </List>
        </Card>
      </Stack>
    );

  return (
    <>
      {body}
      <NameDialog
        open={creating}
        title="Create test suite"
        submitLabel="Create"
        pendingLabel="Creating…"
        schema={createCollectionSchema}
        maxLength={COLLECTION_LIMITS.name}
        onSubmit={create}
        onClose={() => setCreating(false)}
      />
      <NameDialog
        open={renaming !== null}
        title="Rename test suite"
        submitLabel="Rename"
        pendingLabel="Renaming…"
        initialName={renaming?.name ?? ''}
        schema={renameCollectionSchema}
        maxLength={COLLECTION_LIMITS.name}
        onSubmit={rename}
        onClose={() => setRenaming(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete test suite?"
        description={`"${deleting?.name ?? ''}" will be deleted. Its tests stay in the project.`}
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (deleting) dispatch(deleteRequested({ collection: deleting, suiteId }));
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}
