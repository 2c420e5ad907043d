import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { Form, FormikProvider, useFormik } from 'formik';
import { useId, useMemo } from 'react';
import { isApiError } from '../../../api/apiError';
import { FormTextField } from '../../../components/FormTextField';
import { notify } from '../../../lib/notify';
import { useCreateBrowserStateMutation } from '../../suites/api';
import { messages } from '../messages';
import { createBrowserStateSchema, type CreateBrowserStateValues } from '../schemas';
import { MODULE_LIMITS, type Module } from '../types';

export interface CreateBrowserStateDialogProps {
  open: boolean;
  suiteId: string;
  /** The modules that save no state yet (one state per module). */
  modules: readonly Module[];
  takenNames: readonly string[];
  onClose: () => void;
  /** Why the person may not save browser states (issue 27: a viewer), or null: Create is then off with it. */
  locked?: string | null;
}

const initialValues: CreateBrowserStateValues = { name: '', moduleId: '' };

/** Names a state and the module whose green runs save it (issue 28); empty until the first such run. */
export function CreateBrowserStateDialog({
  open,
  suiteId,
  modules,
  takenNames,
  onClose,
  locked = null,
}: CreateBrowserStateDialogProps) {
  const titleId = useId();
  const [createBrowserState] = useCreateBrowserStateMutation();
  const schema = useMemo(() => createBrowserStateSchema(takenNames), [takenNames]);
  const formik = useFormik<CreateBrowserStateValues>({
    initialValues,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      if (locked !== null) return;
      try {
        await createBrowserState({ suiteId, name: values.name, moduleId: values.moduleId }).unwrap();
        notify.success(messages.browserState.created);
        helpers.resetForm();
        onClose();
      } catch (error) {
        // The server's sentence belongs to the field it is about: a taken name, or a module already saving one.
        if (isApiError(error) && error.status === 409 && error.serverMessage)
          helpers.setFieldError(
            error.serverMessage === messages.browserState.moduleTaken ? 'moduleId' : 'name',
            error.serverMessage,
          );
        else if (isApiError(error) && error.status === 403)
          notify.error(messages.browserState.writeForbidden);
        else notify.error(messages.browserState.createFailed);
      }
    },
  });

  const close = () => {
    if (formik.isSubmitting) return;
    formik.resetForm();
    onClose();
  };
  const { isSubmitting } = formik;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <FormikProvider value={formik}>
        <Form noValidate>
          <DialogTitle id={titleId}>New browser state</DialogTitle>
          <DialogContent>
            <DialogContentText variant="body2">
              A browser state keeps the cookies and local storage a module leaves, so tests that start from it
              skip signing in. It is saved by the next run that runs the module and passes.
            </DialogContentText>
            <FormTextField
              name="name"
              label="Name"
              autoFocus
              disabled={isSubmitting}
              maxLength={MODULE_LIMITS.name}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
            <FormTextField
              name="moduleId"
              label="Saved by module"
              select
              disabled={isSubmitting}
              helperText={
                modules.length === 0
                  ? 'Every module already saves a state: create a module first.'
                  : 'Usually the module that signs in.'
              }
            >
              {modules.map((module) => (
                <MenuItem key={module.module_id} value={module.module_id}>
                  {module.name}
                </MenuItem>
              ))}
            </FormTextField>
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={isSubmitting}>
              Cancel
            </Button>
            <Tooltip title={locked ?? ''}>
              <span>
                <Button type="submit" variant="contained" disabled={isSubmitting || locked !== null}>
                  {isSubmitting ? 'Creating…' : 'Create'}
                </Button>
              </span>
            </Tooltip>
          </DialogActions>
        </Form>
      </FormikProvider>
    </Dialog>
  );
}
