import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { getIn, useFormik } from 'formik';
import MenuItem from '@mui/material/MenuItem';
import { useId, useMemo, useState } from 'react';
import { RUN_LIMITS } from '../../../../contract/runs';
import { normalizeWebsite } from '../../../../contract/testCases';
import type { ApiError } from '../../../api/apiError';
import { t } from '../../../config/locale';
import { createRunSchema, toRunSettings, type RunSettingsValues } from '../schemas';
import type { RunSettings } from '../types';

export interface RunSettingsDialogProps {
  open: boolean;
  test: { website: string; parameters: Record<string, string> };
  /** Starts the run; resolves to the error when the server refused the settings, else null. */
  onRun: (settings: RunSettings) => Promise<ApiError | null>;
  onClose: () => void;
  /** The project's environments (issue 33): the run may take one's origin and variables. */
  environments?: readonly { _id: string; name: string; is_default: boolean }[];
}

/** The server names a bad field as `website_url_override` or `parameter_overrides.<name>`. */
function serverErrors(error: ApiError | null, names: readonly string[]) {
  const fields = (error?.details as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  const message = error?.serverMessage ?? error?.message ?? '';
  const errors: { website?: string; parameters?: Record<string, string> } = {};
  if (fields.website_url_override) errors.website = message;
  for (const name of names)
    if (fields[`parameter_overrides.${name}`]) (errors.parameters ??= {})[name] = message;
  return errors;
}

/**
 * Run with overrides (SPEC §5): other values for the test's variables, another website. Running stays
 * blocked while a value is invalid.
 */
export function RunSettingsDialog({ open, test, onRun, onClose, environments = [] }: RunSettingsDialogProps) {
  const titleId = useId();
  const [environmentId, setEnvironmentId] = useState('');
  const [environmentError, setEnvironmentError] = useState<string | null>(null);
  const names = useMemo(() => Object.keys(test.parameters).sort(), [test.parameters]);
  const schema = useMemo(() => createRunSchema(names), [names]);
  const formik = useFormik<RunSettingsValues>({
    initialValues: { website: '', parameters: { ...test.parameters } },
    enableReinitialize: true,
    validationSchema: schema,
    validateOnMount: true,
    onSubmit: async (values, helpers) => {
      const settings = toRunSettings(values, test);
      const error = await onRun(environmentId ? { ...settings, environment_id: environmentId } : settings);
      if (!error) {
        helpers.resetForm();
        setEnvironmentId('');
        setEnvironmentError(null);
        return;
      }
      const fields = (error.details as { fields?: Record<string, string> } | undefined)?.fields ?? {};
      if (fields.environment_id) setEnvironmentError(error.serverMessage ?? error.message);
      const errors = serverErrors(error, names);
      if (errors.website || errors.parameters) helpers.setErrors(errors);
    },
  });

  const close = () => {
    if (formik.isSubmitting) return;
    formik.resetForm();
    onClose();
  };

  const fieldError = (name: string) => {
    const error = getIn(formik.errors, name) as string | undefined;
    return error &&
      (getIn(formik.touched, name) ||
        formik.submitCount > 0 ||
        getIn(formik.values, name) !== getIn(formik.initialValues, name))
      ? error
      : undefined;
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id={titleId}>Run with overrides</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5}>
            <DialogContentText>
              These values apply to this run only; the test keeps its own.
            </DialogContentText>
            {environments.length > 0 && (
              <TextField
                select
                label="Environment"
                value={environmentId}
                onChange={(event) => {
                  setEnvironmentId(event.target.value);
                  setEnvironmentError(null);
                }}
                error={Boolean(environmentError)}
                helperText={
                  environmentError ?? "The test keeps its path and query and opens on the environment's URL."
                }
                disabled={formik.isSubmitting}
                fullWidth
              >
                <MenuItem value="">The test&apos;s website</MenuItem>
                {environments.map((environment) => (
                  <MenuItem key={environment._id} value={environment._id}>
                    {environment.is_default ? `${environment.name} (default)` : environment.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              name="website"
              label="Website URL"
              type="url"
              placeholder={test.website}
              value={formik.values.website}
              onChange={formik.handleChange}
              onBlur={formik.handleBlur}
              error={Boolean(fieldError('website'))}
              helperText={
                fieldError('website') ??
                (normalizeWebsite(formik.values.website) !== formik.values.website.trim()
                  ? t.tests.websiteSavedAs(normalizeWebsite(formik.values.website))
                  : `Leave empty to use ${test.website}`)
              }
              disabled={formik.isSubmitting}
              autoFocus
              fullWidth
              slotProps={{ htmlInput: { maxLength: RUN_LIMITS.website, spellCheck: false } }}
            />
            {names.length > 0 ? (
              <Stack spacing={2} role="group" aria-label="Variables">
                <Typography variant="subtitle2" component="h3">
                  Variables
                </Typography>
                {names.map((name) => {
                  const path = `parameters.${name}`;
                  const error = fieldError(path);
                  const changed = formik.values.parameters[name] !== test.parameters[name];
                  return (
                    <TextField
                      key={name}
                      name={path}
                      label={name}
                      value={formik.values.parameters[name] ?? ''}
                      onChange={formik.handleChange}
                      onBlur={formik.handleBlur}
                      error={Boolean(error)}
                      helperText={
                        error ?? (changed ? `Overridden (the test has "${test.parameters[name]}")` : ' ')
                      }
                      disabled={formik.isSubmitting}
                      fullWidth
                      slotProps={{ htmlInput: { maxLength: RUN_LIMITS.overrideValue + 1 } }}
                    />
                  );
                })}
              </Stack>
            ) : (
              <Typography variant="body2" color="text.secondary">
                This test has no variables.
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={formik.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={!formik.isValid || formik.isSubmitting}>
            {formik.isSubmitting ? 'Starting…' : 'Run'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
