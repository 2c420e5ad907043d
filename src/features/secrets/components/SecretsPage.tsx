import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Fragment, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { describeError, isApiError } from '../../../api/apiError';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { pages } from '../../../config/pages';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useGetTestTreeQuery, type TreeItem } from '../../tests/api';
import {
  useCreateSharedParameterMutation,
  useDeleteSharedParameterMutation,
  useGetSharedParametersQuery,
  useUpdateSharedParameterMutation,
} from '../api';
import { messages } from '../messages';
import type { SecretInput, SharedParameter } from '../types';
import { SecretDialog, type SuiteTest } from './SecretDialog';
import { visuallyHidden } from '../../../lib/visuallyHidden';
import type { Permissions } from '../../../app/hooks';

const byKey = (a: SharedParameter, b: SharedParameter) =>
  a.key.localeCompare(b.key, undefined, { sensitivity: 'base' });

/** A 409 or a 400 the server explained is said under the name; anything else as a toast. */
function failureOf(error: unknown, fallback: string): string | false {
  if (isApiError(error) && (error.status === 409 || error.status === 400) && error.serverMessage)
    return error.serverMessage;
  notify.error(describeError(error, fallback));
  return false;
}

interface SecretsPageProps {
  suiteId: string;
  /** The signed-in person's rights (app/hooks.ts usePermissions): creating, changing and deleting are the admins'. */
  permissions: Permissions;
}

/** The suite's secrets (shared parameters): names, masked values and the tests that use them. */
export function SecretsPage({ suiteId, permissions }: SecretsPageProps) {
  // Others see the names and where they are used, with why they cannot change them (issue 27).
  const denied = permissions.reason('manageSecrets');
  const { data, isLoading, isError, isFetching, refetch } = useGetSharedParametersQuery(suiteId);
  const { data: tree, isLoading: testsLoading } = useGetTestTreeQuery(suiteId);
  const [createSecret] = useCreateSharedParameterMutation();
  const [updateSecret] = useUpdateSharedParameterMutation();
  const [deleteSecret, { isLoading: deleting }] = useDeleteSharedParameterMutation();
  // A test page links here with ?search=KEY to show the one secret.
  const [searchParams] = useSearchParams();
  const [search, setSearch] = useState(() => searchParams.get('search') ?? '');
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<SharedParameter | null>(null);
  const [confirming, setConfirming] = useState<SharedParameter | null>(null);

  useEffect(() => {
    if (isError) notify.error(messages.fetchFailed);
  }, [isError]);

  const tests = useMemo<SuiteTest[]>(
    () =>
      (tree ?? [])
        .filter((item): item is Extract<TreeItem, { kind: 'test' }> => item.kind === 'test')
        .map((test) => ({ id: test.id, name: test.name, path: test.parentPath }))
        .sort((a, b) => `${a.path}/${a.name}`.localeCompare(`${b.path}/${b.name}`)),
    [tree],
  );
  const testNames = useMemo(() => new Map(tests.map((test) => [test.id, test.name])), [tests]);
  const secrets = useMemo(() => [...(data ?? [])].sort(byKey), [data]);
  const query = search.trim().toLowerCase();
  const shown = query ? secrets.filter((secret) => secret.key.toLowerCase().includes(query)) : secrets;

  const create = async (input: SecretInput) => {
    try {
      await createSecret({ ...input, suiteId }).unwrap();
      notify.success(messages.created);
      return true;
    } catch (error) {
      return failureOf(error, messages.createFailed);
    }
  };
  const update = async (input: SecretInput) => {
    if (!editing) return true;
    try {
      await updateSecret({
        id: editing._id,
        suiteId,
        ...(input.key !== editing.key && { key: input.key }),
        value: input.value,
        linkedTestIds: input.linkedTestIds,
        allowedHosts: input.allowedHosts,
        previousLinkedTestIds: editing.linked_test_ids,
      }).unwrap();
      notify.success(messages.updated);
      return true;
    } catch (error) {
      return failureOf(error, messages.updateFailed);
    }
  };
  const remove = async () => {
    if (!confirming) return;
    try {
      await deleteSecret({ id: confirming._id, suiteId, linkedTestIds: confirming.linked_test_ids }).unwrap();
      notify.success(messages.deleted);
    } catch (error) {
      notify.error(describeError(error, messages.deleteFailed));
    }
    setConfirming(null);
  };

  const createButton = (
    <Tooltip title={denied ?? ''}>
      <span>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={denied !== null}
          onClick={() => setCreating(true)}
        >
          Create secret
        </Button>
      </span>
    </Tooltip>
  );

  let body;
  if (isLoading) body = <ListSkeleton />;
  else if (isError && !data)
    body = <ErrorState message={messages.fetchFailed} onRetry={() => void refetch()} retrying={isFetching} />;
  else if (secrets.length === 0)
    body = (
      <Card>
        <EmptyState
          icon={<KeyOutlinedIcon fontSize="inherit" />}
          title={pages.secrets.empty}
          description="Keep passwords and tokens here instead of in the instructions: tests use them as {{NAME}}."
          action={createButton}
        />
      </Card>
    );
  else
    body = (
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
          <TextField
            size="small"
            label="Search by name"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ minWidth: 260 }}
          />
          {createButton}
        </Stack>
        <Card>
          <TableContainer>
            <Table aria-label={pages.secrets.title}>
              <TableHead>
                <TableRow>
                  <TableCell>Name</TableCell>
                  <TableCell>Value</TableCell>
                  <TableCell>Linked tests</TableCell>
                  <TableCell align="right">
                    <Box component="span" sx={visuallyHidden}>
                      Actions
                    </Box>
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {shown.map((secret) => (
                  <TableRow key={secret._id}>
                    <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
                      {secret.key}
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }} aria-label="Hidden value">
                      {secret.value}
                    </TableCell>
                    <TableCell>
                      {secret.linked_test_ids.length === 0 ? (
                        <Typography variant="body2" color="text.secondary">
                          No tests
                        </Typography>
                      ) : (
                        secret.linked_test_ids.map((id, index) => (
                          <Fragment key={id}>
                            {index > 0 && ', '}
                            <Link
                              component={RouterLink}
                              to={paths.testCaseDetails.getHref(id)}
                              underline="hover"
                            >
                              {testNames.get(id) ?? 'Unknown test'}
                            </Link>
                          </Fragment>
                        ))
                      )}
                    </TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      <Tooltip title={denied ?? 'Edit'}>
                        <span>
                          <IconButton
                            aria-label={`Edit ${secret.key}`}
                            disabled={denied !== null}
                            onClick={() => setEditing(secret)}
                          >
                            <EditOutlinedIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={denied ?? 'Delete'}>
                        <span>
                          <IconButton
                            aria-label={`Delete ${secret.key}`}
                            disabled={denied !== null}
                            onClick={() => setConfirming(secret)}
                          >
                            <DeleteOutlinedIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          {shown.length === 0 && (
            <EmptyState
              title="No secret matches"
              description={`No secret name contains "${search.trim()}".`}
            />
          )}
        </Card>
      </Stack>
    );

  return (
    <>
      {body}
      <SecretDialog
        open={creating}
        tests={tests}
        testsLoading={testsLoading}
        onSubmit={create}
        onClose={() => setCreating(false)}
      />
      <SecretDialog
        open={editing !== null}
        secret={editing}
        tests={tests}
        testsLoading={testsLoading}
        onSubmit={update}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={confirming !== null}
        title="Delete secret?"
        description={
          <>
            <strong>{confirming?.key}</strong> will be deleted. Tests that use {'{{'}
            {confirming?.key}
            {'}}'} will no longer get its value. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        destructive
        pending={deleting}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(null)}
      />
    </>
  );
}
