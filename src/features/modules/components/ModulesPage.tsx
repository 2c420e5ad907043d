import AddIcon from '@mui/icons-material/Add';
import ExtensionOutlinedIcon from '@mui/icons-material/ExtensionOutlined';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { isApiError } from '../../../api/apiError';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { NameDialog } from '../../../components/NameDialog';
import { pages } from '../../../config/pages';
import { notify } from '../../../lib/notify';
import { useApproveModuleMutation, useGetModulesQuery, useRenameModuleMutation } from '../api';
import { messages } from '../messages';
import { isForbidden } from '../moduleErrors';
import { renameModuleSchema } from '../schemas';
import { MODULE_LIMITS, type Module } from '../types';
import { ApproveScriptDialog } from './ApproveScriptDialog';
import { BrowserStatesSection } from './BrowserStatesSection';
import { CreateModuleDialog } from './CreateModuleDialog';
import { DeleteModuleDialog } from './DeleteModuleDialog';
import { EditScriptDialog } from './EditScriptDialog';
import { ModuleListItem } from './ModuleListItem';

export interface ModulesPageProps {
  suiteId: string;
  /** The person may approve Python scripts: an admin of the organization or an expert. */
  canApprove: boolean;
  /** E-mails of the organization's people by id, to name who approved a script. */
  people?: ReadonlyMap<string, string>;
  /** The person may make, refresh and delete browser states (viewers only see them). */
  canWriteStates?: boolean;
  /** Why modules cannot be made, edited, renamed or deleted (issue 27: a viewer), or null. */
  writeLock?: string | null;
}

const byName = (a: Module, b: Module) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

function matches(module: Module, query: string) {
  const text = [module.name, module.test_case_for_module?.name ?? ''].join(' ').toLowerCase();
  return text.includes(query.trim().toLowerCase());
}

/** The selected project's modules: reusable steps made from a test or a Python script. */
export function ModulesPage({
  suiteId,
  canApprove,
  people,
  canWriteStates = false,
  writeLock = null,
}: ModulesPageProps) {
  // Fresh on each visit: which tests use a module changes on their own pages.
  const { data, isLoading, isError, refetch, isFetching } = useGetModulesQuery(suiteId, {
    refetchOnMountOrArgChange: true,
  });
  const [renameModule] = useRenameModuleMutation();
  const [approveModule] = useApproveModuleMutation();
  const [query, setQuery] = useState('');
  const [creating, setCreating] = useState(false);
  // Ids, so each dialog reads the module as the (reloaded) list has it now.
  const [renamingId, setRenamingId] = useState<string | null>(null);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [approvingId, setApprovingId] = useState<string | null>(null);
  // Issue 28: approving shows the script and asks first; withdrawing is one click.
  const [confirmingApprovalId, setConfirmingApprovalId] = useState<string | null>(null);

  const modules = useMemo(() => [...(data ?? [])].sort(byName), [data]);
  const shown = useMemo(() => modules.filter((module) => matches(module, query)), [modules, query]);
  const names = useMemo(() => modules.map(({ name }) => name), [modules]);
  const find = (id: string | null) => modules.find((module) => module.module_id === id) ?? null;
  const renaming = find(renamingId);
  const renameSchema = useMemo(
    () => renameModuleSchema(names.filter((name) => name !== renaming?.name)),
    [names, renaming?.name],
  );

  const rename = async (name: string) => {
    if (!renaming) return true;
    if (name === renaming.name) return true;
    try {
      await renameModule({ suiteId, id: renaming.module_id, name }).unwrap();
      notify.success(messages.renamed);
      return true;
    } catch (error) {
      if (isApiError(error) && (error.status === 409 || error.status === 400) && error.serverMessage)
        return error.serverMessage;
      notify.error(messages.renameFailed);
      return false;
    }
  };

  const approve = async (module: Module, approved: boolean) => {
    setApprovingId(module.module_id);
    try {
      await approveModule({ suiteId, id: module.module_id, approved }).unwrap();
      notify.success(approved ? messages.approved : messages.withdrawn);
    } catch (error) {
      if (isForbidden(error)) notify.error(messages.approveForbidden);
      else notify.error(approved ? messages.approveFailed : messages.withdrawFailed);
    } finally {
      setApprovingId(null);
      setConfirmingApprovalId(null);
    }
  };

  const createButton = (
    <Tooltip title={writeLock ?? ''}>
      <span>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={writeLock !== null}
          onClick={() => setCreating(true)}
        >
          Create module
        </Button>
      </span>
    </Tooltip>
  );

  let body;
  if (isLoading) body = <ListSkeleton label="Loading modules" />;
  else if (isError)
    body = <ErrorState message={messages.fetchFailed} onRetry={() => void refetch()} retrying={isFetching} />;
  else if (modules.length === 0)
    body = (
      <Card>
        <EmptyState
          icon={<ExtensionOutlinedIcon fontSize="inherit" />}
          title={pages.modules.empty}
          description={
            <>
              A module is a block of steps your tests share, made from a generated test or from a Python
              script. Choose it as a test&apos;s setup module so its steps run first, or call it from a
              test&apos;s instructions: <em>Use the &quot;Sign in as admin&quot; module</em>. Change the
              module once and every test that uses it follows.
            </>
          }
          action={createButton}
        />
      </Card>
    );
  else
    body = (
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <TextField
            size="small"
            type="search"
            placeholder="Search modules"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            slotProps={{
              htmlInput: { 'aria-label': 'Search modules' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
            sx={{ maxWidth: 360, flex: 1 }}
          />
          {createButton}
        </Stack>
        <Card>
          {shown.length === 0 ? (
            <Box sx={{ p: 3 }}>
              <Typography color="text.secondary">No module matches &quot;{query.trim()}&quot;.</Typography>
            </Box>
          ) : (
            <List aria-label={pages.modules.title} disablePadding>
              {shown.map((module) => (
                <ModuleListItem
                  key={module.module_id}
                  module={module}
                  approverName={module.approved_by ? people?.get(module.approved_by) : null}
                  canApprove={canApprove}
                  approving={approvingId === module.module_id}
                  onRename={(m) => setRenamingId(m.module_id)}
                  onEditScript={(m) => setEditingId(m.module_id)}
                  onDelete={(m) => setDeletingId(m.module_id)}
                  onApprove={(m, approved) =>
                    approved ? setConfirmingApprovalId(m.module_id) : void approve(m, false)
                  }
                  locked={writeLock}
                />
              ))}
            </List>
          )}
        </Card>
      </Stack>
    );

  return (
    <>
      <Stack spacing={4}>
        {body}
        {/* Issue 28: the states modules save live with them. */}
        {isLoading || isError ? null : (
          <BrowserStatesSection suiteId={suiteId} modules={modules} canWrite={canWriteStates} />
        )}
      </Stack>
      <CreateModuleDialog
        open={creating}
        suiteId={suiteId}
        takenNames={names}
        onClose={() => setCreating(false)}
      />
      <NameDialog
        open={renaming !== null}
        title="Rename module"
        submitLabel="Rename"
        pendingLabel="Renaming…"
        initialName={renaming?.name ?? ''}
        description="Instructions that call it by its old name need the new one."
        schema={renameSchema}
        maxLength={MODULE_LIMITS.name}
        onSubmit={rename}
        onClose={() => setRenamingId(null)}
      />
      <ApproveScriptDialog
        module={find(confirmingApprovalId)}
        pending={approvingId !== null && approvingId === confirmingApprovalId}
        onApprove={(m) => void approve(m, true)}
        onClose={() => setConfirmingApprovalId(null)}
      />
      <EditScriptDialog module={find(editingId)} suiteId={suiteId} onClose={() => setEditingId(null)} />
      <DeleteModuleDialog module={find(deletingId)} suiteId={suiteId} onClose={() => setDeletingId(null)} />
    </>
  );
}
