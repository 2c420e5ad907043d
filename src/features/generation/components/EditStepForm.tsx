import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useId } from 'react';
import { stepInstructionSchema } from '../schemas';

interface EditStepFormProps {
  stepNumber: number;
  /** The step's plain words as they are. */
  original: string;
  onSubmit: (instruction: string) => Promise<boolean>;
  onCancel: () => void;
}

/** Text feedback: the step's plain words, rewritten; generation resumes from this step. */
export function EditStepForm({ stepNumber, original, onSubmit, onCancel }: EditStepFormProps) {
  const id = useId();
  const formik = useFormik({
    initialValues: { instruction: original },
    validationSchema: stepInstructionSchema(original),
    validateOnChange: false,
    onSubmit: async (values) => {
      if (await onSubmit(values.instruction.trim())) onCancel();
    },
  });
  return (
    <Stack
      component="form"
      spacing={1}
      noValidate
      onSubmit={formik.handleSubmit}
      aria-label={`Edit step ${stepNumber}`}
    >
      <TextField
        id={id}
        name="instruction"
        label={`New instruction for step ${stepNumber}`}
        multiline
        minRows={2}
        autoFocus
        value={formik.values.instruction}
        onChange={formik.handleChange}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onCancel();
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) formik.handleSubmit();
        }}
        error={Boolean(formik.errors.instruction)}
        helperText={formik.errors.instruction ?? 'Ctrl+Enter sends it; generation resumes from this step.'}
        disabled={formik.isSubmitting}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} disabled={formik.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
          {formik.isSubmitting ? 'Sending…' : 'Regenerate from here'}
        </Button>
      </Stack>
    </Stack>
  );
}
