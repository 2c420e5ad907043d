import AddIcon from '@mui/icons-material/Add';
import CookieOutlinedIcon from '@mui/icons-material/CookieOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState, type ReactElement } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { notify } from '../../../lib/notify';
import {
  useDeleteBrowserStateMutation,
  useGetBrowserStatesQuery,
  useRefreshBrowserStateMutation,
} from '../../suites/api';
import { messages } from '../messages';
import { isForbidden } from '../moduleErrors';
import type { BrowserState, Module } from '../types';
import { CreateBrowserStateDialog } from './CreateBrowserStateDialog';

export interface BrowserStatesSectionProps {
  suiteId: string;
  /** The project's modules: a state names the one whose green runs save it. */
  modules: readonly Module[];
  /** The person may save browser states (contract/permissions.ts writeBrowserStates); viewers only see them. */
  canWrite: boolean;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const byName = (a: BrowserState, b: BrowserState) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** What a row says about its state: who saves it and whether it holds anything yet. */
function describeState(state: BrowserState, modules: readonly Module[]): string {
  const maker = modules.find((module) => module.module_id === state.module_id);
  const by = maker ? `Saved by "${maker.name}"` : 'Its module was deleted';
  return state.updated_at
    ? `${by} · updated ${dateFormat.format(new Date(state.updated_at))}`
    : `${by} · not saved yet: the next green run of the module saves it`;
}

/** A control a viewer sees but cannot use, with the server's sentence as its reason. */
function Locked({ locked, title, children }: { locked: boolean; title: string; children: ReactElement }) {
  return (
    <Tooltip title={locked ? messages.browserState.writeForbidden : title}>
      <span>{children}</span>
    </Tooltip>
  );
}

/**
 * The project's saved browser states (issue 28): the cookies and local storage a module leaves, which
 * tests start from to skip signing in. Made here, refreshed (forgotten, so the next green run of the
 * module saves it again) and deleted; each test picks one in its "Browser state" field.
 */
export function BrowserStatesSection({ suiteId, modules, canWrite }: BrowserStatesSectionProps) {
  const { data, isLoading, isError, isFetching, refetch } = useGetBrowserStatesQuery(suiteId);
  const [refreshState] = useRefreshBrowserStateMutation();
  const [deleteState, { isLoading: deleting }] = useDeleteBrowserStateMutation();
  const [creating, setCreating] = useState(false);
  const [refreshingId, setRefreshingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const states = useMemo(() => [...(data ?? [])].sort(byName), [data]);
  const free = useMemo(
    () => modules.filter((module) => !states.some((state) => state.module_id === module.module_id)),
    [modules, states],
  );
  const names = useMemo(() => states.map(({ name }) => name), [states]);
  const toDelete = states.find(({ id }) => id === deletingId) ?? null;

  const refresh = async (state: BrowserState) => {
    setRefreshingId(state.id);
    try {
      await refreshState({ suiteId, id: state.id }).unwrap();
      notify.success(messages.browserState.refreshed);
    } catch (error) {
      notify.error(
        isForbidden(error) ? messages.browserState.writeForbidden : messages.browserState.refreshFailed,
      );
    } finally {
      setRefreshingId(null);
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteState({ suiteId, id: toDelete.id }).unwrap();
      notify.success(messages.browserState.deleted);
    } catch (error) {
      notify.error(
        isForbidden(error) ? messages.browserState.writeForbidden : messages.browserState.deleteFailed,
      );
    } finally {
      setDeletingId(null);
    }
  };

  const createButton = (
    <Locked locked={!canWrite} title="Name a state and the module that saves it">
      <Button
        variant="outlined"
        startIcon={<AddIcon />}
        disabled={!canWrite || modules.length === 0}
        onClick={() => setCreating(true)}
      >
        New browser state
      </Button>
    </Locked>
  );

  let body;
  if (isLoading) body = <ListSkeleton rows={2} label="Loading browser states" />;
  else if (isError)
    body = (
      <ErrorState
        message={messages.browserStatesFailed}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  else if (states.length === 0)
    body = (
      <Card>
        <EmptyState
          icon={<CookieOutlinedIcon fontSize="inherit" />}
          title="No browser states yet"
          description={
            modules.length === 0
              ? 'Create a module that signs in first; a browser state keeps what it leaves.'
              : "A browser state keeps the cookies and local storage a module leaves, so tests that start from it skip signing in. Pick it in a test's Browser state field."
          }
          action={createButton}
        />
      </Card>
    );
  else
    body = (
      <Card>
        <List aria-label="Browser states" disablePadding>
          {states.map((state) => (
            <ListItem key={state.id} divider sx={{ gap: 2, flexWrap: 'wrap' }}>
              <Stack spacing={0.25} sx={{ minWidth: 0, flex: 1 }}>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{state.name}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {describeState(state, modules)}
                </Typography>
              </Stack>
              <Stack direction="row" spacing={0.5} sx={{ flexShrink: 0 }}>
                <Locked locked={!canWrite} title="Refresh: the next green run of its module saves it again">
                  <IconButton
                    aria-label={`Refresh browser state ${state.name}`}
                    disabled={!canWrite || refreshingId === state.id}
                    onClick={() => void refresh(state)}
                  >
                    <RefreshIcon fontSize="small" />
                  </IconButton>
                </Locked>
                <Locked locked={!canWrite} title="Delete">
                  <IconButton
                    aria-label={`Delete browser state ${state.name}`}
                    disabled={!canWrite}
                    onClick={() => setDeletingId(state.id)}
                  >
                    <DeleteOutlinedIcon fontSize="small" />
                  </IconButton>
                </Locked>
              </Stack>
            </ListItem>
          ))}
        </List>
      </Card>
    );

  return (
    <Box component="section" aria-labelledby="browser-states-heading">
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, flexWrap: 'wrap' }}
      >
        <Typography id="browser-states-heading" variant="h6" component="h2">
          Browser states
        </Typography>
        {states.length > 0 ? createButton : null}
      </Stack>
      {body}
      <CreateBrowserStateDialog
        open={creating}
        suiteId={suiteId}
        modules={free}
        takenNames={names}
        onClose={() => setCreating(false)}
        locked={canWrite ? null : messages.browserState.writeForbidden}
      />
      <ConfirmDialog
        open={toDelete !== null}
        title="Delete browser state?"
        description={`"${toDelete?.name ?? ''}" will be deleted. Tests that start from it will start from a fresh browser. This cannot be undone.`}
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        destructive
        pending={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeletingId(null)}
      />
    </Box>
  );
}
