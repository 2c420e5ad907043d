import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useId, type ReactNode } from 'react';
import { type ObjectSchema } from 'yup';
import { characterLimit } from './characterLimit';

export interface NameDialogProps {
  open: boolean;
  title: string;
  submitLabel: string;
  pendingLabel: string;
  initialName?: string;
  fieldLabel?: string;
  /** Shown above the field (what the name may hold, where the thing lives). */
  description?: ReactNode;
  schema: ObjectSchema<{ name: string }>;
  /** Shown as a counter; a longer name is kept whole and refused with a sentence, never cut. */
  maxLength: number;
  /**
   * Resolves true when the dialog may close, false when it stays open (the caller told the person
   * why), or a sentence to show under the field.
   */
  onSubmit: (name: string) => Promise<boolean | string>;
  onClose: () => void;
}

/** A name field with Cancel and a submit button; Enter submits; submit stays disabled while blank, too long or pending. */
export function NameDialog({
  open,
  title,
  submitLabel,
  pendingLabel,
  initialName = '',
  fieldLabel = 'Name',
  description,
  schema,
  maxLength,
  onSubmit,
  onClose,
}: NameDialogProps) {
  const titleId = useId();
  const formik = useFormik({
    initialValues: { name: initialName },
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      const outcome = await onSubmit(values.name.trim());
      if (typeof outcome === 'string') helpers.setFieldError('name', outcome);
      else if (outcome) {
        helpers.resetForm();
        onClose();
      }
    },
  });
  const limit = characterLimit(formik.values.name, maxLength);
  const showError = (formik.touched.name || formik.submitCount > 0) && Boolean(formik.errors.name);
  const close = () => {
    if (formik.isSubmitting) return;
    formik.resetForm();
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {description ? <DialogContentText variant="body2">{description}</DialogContentText> : null}
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            id={`${titleId}-name`}
            name="name"
            label={fieldLabel}
            value={formik.values.name}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={showError || limit.over}
            helperText={showError ? formik.errors.name : limit.helperText}
            disabled={formik.isSubmitting}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={formik.isSubmitting}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={formik.values.name.trim().length === 0 || limit.over || formik.isSubmitting}
          >
            {formik.isSubmitting ? pendingLabel : submitLabel}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
