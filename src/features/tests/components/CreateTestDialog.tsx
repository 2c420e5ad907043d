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
import { characterLimit } from '../../../components/characterLimit';
import { LazyInstructionsEditor } from '../../../components/LazyInstructionsEditor';
import { createTestSchema, websiteHint } from '../schemas';
import type { TestCase } from '../types';
import { useCreateAndGenerate } from '../useCreateAndGenerate';

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
  const { createAndGenerate } = useCreateAndGenerate();
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
      // The schema's transforms give the values as saved ('localhost:3112' → 'http://localhost:3112').
      const checked = createTestSchema.cast(values);
      const result = await createAndGenerate(
        {
          suiteId,
          name: checked.name,
          website: checked.website,
          description: values.description,
          path: values.path,
        },
        { generate: generating },
      );
      if (result.status === 'invalid') helpers.setErrors(result.fields);
      if (result.status !== 'created') return;
      helpers.resetForm();
      onCreated?.(result.test, { generating });
      onClose();
    },
  });
  const errorOf = (field: 'name' | 'website') =>
    (formik.touched[field] || formik.submitCount > 0) && formik.errors[field]
      ? formik.errors[field]
      : undefined;
  const nameLimit = characterLimit(formik.values.name, TEST_CASE_LIMITS.name);
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
              error={Boolean(errorOf('name')) || nameLimit.over}
              helperText={errorOf('name') ?? nameLimit.helperText}
              disabled={formik.isSubmitting}
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
              helperText={
                errorOf('website') ?? websiteHint(formik.values.website) ?? 'Where the test starts.'
              }
              disabled={formik.isSubmitting}
              slotProps={{ htmlInput: { spellCheck: false } }}
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
          <Button onClick={createWithoutGenerating} disabled={formik.isSubmitting || nameLimit.over}>
            Create without generating
          </Button>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting || nameLimit.over}>
            {formik.isSubmitting ? 'Creating…' : 'Create and generate'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
