import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { Form, FormikProvider, useFormik } from 'formik';
import { useId, useState } from 'react';
import { describeError, isApiError } from '../../../api/apiError';
import { notify } from '../../../lib/notify';
import { useUpdateModuleMutation } from '../api';
import { messages } from '../messages';
import { unsafeDetailsOf } from '../moduleErrors';
import { editScriptSchema } from '../schemas';
import type { Module, UnsafeCodeDetail } from '../types';
import { ScriptField } from './ScriptField';

export interface EditScriptDialogProps {
  /** The script module being edited; null when closed. */
  module: Module | null;
  suiteId: string;
  onClose: () => void;
}

/** Edits a module's Python script; saving a changed script withdraws its approval. */
export function EditScriptDialog({ module, suiteId, onClose }: EditScriptDialogProps) {
  const titleId = useId();
  const [updateModule] = useUpdateModuleMutation();
  const [unsafe, setUnsafe] = useState<UnsafeCodeDetail[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const formik = useFormik({
    initialValues: { script: module?.defining_py_script ?? '' },
    enableReinitialize: true,
    validationSchema: editScriptSchema,
    onSubmit: async ({ script }, helpers) => {
      if (!module) return;
      setUnsafe([]);
      setFormError(null);
      if (script === module.defining_py_script) {
        onClose();
        return;
      }
      try {
        await updateModule({
          suiteId,
          id: module.module_id,
          changes: { defining_py_script: script },
        }).unwrap();
        notify.success(messages.updated);
        helpers.resetForm();
        onClose();
      } catch (error) {
        const refused = unsafeDetailsOf(error);
        if (refused.length > 0) setUnsafe(refused);
        else if (isApiError(error) && error.status === 400)
          setFormError(describeError(error, messages.updateFailed));
        else notify.error(messages.updateFailed);
      }
    },
  });
  const close = () => {
    if (formik.isSubmitting) return;
    formik.resetForm();
    setUnsafe([]);
    setFormError(null);
    onClose();
  };
  return (
    <Dialog open={module !== null} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <FormikProvider value={formik}>
        <Form noValidate>
          <DialogTitle id={titleId}>Edit script of {module?.name}</DialogTitle>
          <DialogContent>
            {module?.is_defining_py_script_approved ? (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {messages.scriptEditWithdraws}
              </Alert>
            ) : (
              <Alert severity="info" sx={{ mb: 1 }}>
                This script is waiting for approval: an expert or an admin approves it before it runs.
              </Alert>
            )}
            <ScriptField name="script" disabled={formik.isSubmitting} unsafe={unsafe} />
            {formError ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {formError}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={formik.isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
              {formik.isSubmitting ? 'Saving…' : 'Save'}
            </Button>
          </DialogActions>
        </Form>
      </FormikProvider>
    </Dialog>
  );
}
