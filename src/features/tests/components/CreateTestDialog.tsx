import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useId, useRef, useState } from 'react';
import { TEST_CASE_LIMITS } from '../../../../contract/testCases';
import { describeError } from '../../../api/apiError';
import { LazyInstructionsEditor } from '../../../components/LazyInstructionsEditor';
import { t } from '../../../config/locale';
import { notify } from '../../../lib/notify';
import { useCreateTestCaseMutation } from '../api';
import { createTestSchema } from '../schemas';
import type { TestCase } from '../types';
import { serverFieldErrors } from '../fieldErrors';

interface CreateTestDialogProps {
  open: boolean;
  suiteId: string;
  /** Every folder of the suite, for the folder picker. */
  folders: readonly string[];
  /** The folder the dialog starts in ('' = the top level). */
  initialFolder?: string;
  onClose: () => void;
  /** The new test; `generating` when its generation was asked for with it (the default). */
  onCreated?: (test: TestCase, options: { generating: boolean }) => void;
}

const initialValues = { name: '', website: '', description: '', path: '' };

const NO_INSTRUCTIONS =
  'Write the instructions to generate the steps, or create the test without generating.';

/** The editor's HTML holds words (not only empty paragraphs). */
const hasWords = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim().length > 0;

/** Name, start URL and plain-words instructions of a new test, placed in a folder. */
export function CreateTestDialog({
  open,
  suiteId,
  folders,
  initialFolder = '',
  onClose,
  onCreated,
}: CreateTestDialogProps) {
  const titleId = useId();
  const [createTestCase] = useCreateTestCaseMutation();
  // Which button submitted: create and generate (Enter, the default), or create without generating.
  const generateRef = useRef(true);
  const [instructionsError, setInstructionsError] = useState<string | null>(null);
  const formik = useFormik({
    initialValues: { ...initialValues, path: initialFolder },
    enableReinitialize: true,
    validationSchema: createTestSchema,
    onSubmit: async (values, helpers) => {
      const generating = generateRef.current;
      generateRef.current = true;
      if (generating && !hasWords(values.description)) {
        setInstructionsError(NO_INSTRUCTIONS);
        return;
      }
      const result = await createTestCase({
        suiteId,
        name: values.name.trim(),
        website: values.website.trim(),
        description: values.description,
        path: values.path,
        scheduleGeneration: generating,
      });
      if ('error' in result) {
        const fields = serverFieldErrors(result.error, ['name', 'website', 'path']);
        if (Object.keys(fields).length > 0) helpers.setErrors(fields);
        else notify.error(describeError(result.error, t.tests.createFailed));
        return;
      }
      notify.success(t.tests.created);
      helpers.resetForm();
      onCreated?.(result.data, { generating });
      onClose();
    },
  });
  const errorOf = (field: 'name' | 'website') =>
    (formik.touched[field] || formik.submitCount > 0) && formik.errors[field]
      ? formik.errors[field]
      : undefined;
  const close = () => {
    if (formik.isSubmitting) return;
    formik.resetForm();
    setInstructionsError(null);
    onClose();
  };
  const createWithoutGenerating = () => {
    generateRef.current = false;
    void formik.submitForm();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id={titleId}>New test</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              fullWidth
              id={`${titleId}-name`}
              name="name"
              label="Name"
              value={formik.values.name}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(errorOf('name'))}
              helperText={errorOf('name')}
              disabled={formik.isSubmitting}
              slotProps={{ htmlInput: { maxLength: TEST_CASE_LIMITS.name } }}
            />
            <TextField
              required
              fullWidth
              id={`${titleId}-website`}
              name="website"
              label="Website URL"
              placeholder="https://example.com"
              type="url"
              value={formik.values.website}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(errorOf('website'))}
              helperText={errorOf('website') ?? 'Where the test starts.'}
              disabled={formik.isSubmitting}
              slotProps={{ htmlInput: { maxLength: TEST_CASE_LIMITS.website, spellCheck: false } }}
            />
            <TextField
              select
              fullWidth
              id={`${titleId}-path`}
              name="path"
              label="Folder"
              value={formik.values.path}
              onChange={formik.handleChange}
              error={Boolean(formik.errors.path)}
              helperText={formik.errors.path}
              disabled={formik.isSubmitting}
            >
              <MenuItem value="">Top level</MenuItem>
              {folders.map((path) => (
                <MenuItem key={path} value={path}>
                  {path}
                </MenuItem>
              ))}
            </TextField>
            <div>
              <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
                Instructions
              </Typography>
              <LazyInstructionsEditor
                label="Instructions"
                value={formik.values.description}
                onChange={(html) => {
                  setInstructionsError(null);
                  void formik.setFieldValue('description', html, false);
                }}
                disabled={formik.isSubmitting}
                placeholder="Describe what the test does, step by step, in plain words."
                error={Boolean(instructionsError)}
                helperText={
                  instructionsError ??
                  'For example: Log in as {{user}}, add a product to the cart and check the total.'
                }
              />
            </div>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={formik.isSubmitting}>
            Cancel
          </Button>
          <Button onClick={createWithoutGenerating} disabled={formik.isSubmitting}>
            Create without generating
          </Button>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting}>
            {formik.isSubmitting ? 'Creating…' : 'Create and generate'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
