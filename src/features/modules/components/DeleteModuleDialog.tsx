import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';
import { useDeleteModuleMutation } from '../api';
import { messages } from '../messages';
import { inUseTestsOf, isConflict } from '../moduleErrors';
import type { Module, ModuleLink } from '../types';

export interface DeleteModuleDialogProps {
  /** The module to delete, as the list shows it now; null when closed. */
  module: Module | null;
  suiteId: string;
  onClose: () => void;
}

type Refusal = { tests: Pick<ModuleLink, '_id' | 'name'>[] };

/** Asks before deleting; a module that tests still use is refused, naming those tests. */
export function DeleteModuleDialog({ module, suiteId, onClose }: DeleteModuleDialogProps) {
  const titleId = useId();
  const [deleteModule, { isLoading }] = useDeleteModuleMutation();
  const [refusal, setRefusal] = useState<Refusal | null>(null);

  const close = () => {
    setRefusal(null);
    onClose();
  };
  const confirm = async () => {
    if (!module) return;
    try {
      await deleteModule({ suiteId, id: module.module_id }).unwrap();
      notify.success(messages.deleted);
      close();
    } catch (error) {
      if (isConflict(error)) {
        setRefusal({ tests: inUseTestsOf(error) });
        return;
      }
      notify.error(messages.deleteFailed);
      close();
    }
  };

  // The server's list when it gave one, else who uses it according to the (reloaded) list.
  const users = refusal && refusal.tests.length > 0 ? refusal.tests : (module?.linked_test_cases ?? []);
  if (refusal)
    return (
      <Dialog open={module !== null} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
        <DialogTitle id={titleId}>{messages.inUseTitle}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
            "{module?.name}" cannot be deleted while tests use it. Remove it from their setup or their
            instructions first:
          </DialogContentText>
          <List dense aria-label={`Tests that use ${module?.name ?? 'the module'}`}>
            {users.map((test) => (
              <ListItem key={test._id} disableGutters>
                <Link component={RouterLink} to={paths.testCaseDetails.getHref(test._id)} underline="hover">
                  {test.name}
                </Link>
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    );

  return (
    <ConfirmDialog
      open={module !== null}
      title="Delete module?"
      description={`"${module?.name ?? ''}" will be deleted. This cannot be undone.`}
      confirmLabel="Delete"
      pendingLabel="Deleting…"
      destructive
      pending={isLoading}
      onConfirm={() => void confirm()}
      onClose={close}
    />
  );
}
