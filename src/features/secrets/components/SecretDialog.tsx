import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useId, useMemo } from 'react';
import { SHARED_PARAMETER_LIMITS as LIMITS } from '../../../../contract/sharedParameters';
import { characterLimit } from '../../../components/characterLimit';
import { messages } from '../messages';
import { createSecretSchema, editSecretSchema } from '../schemas';
import type { SecretInput, SharedParameter } from '../types';

export interface SuiteTest {
  id: string;
  name: string;
  /** The folder it is in ('' = root), to tell same-named tests apart. */
  path: string;
}

export interface SecretDialogProps {
  open: boolean;
  /** The secret being edited; none to create one. */
  secret?: SharedParameter | null;
  /** The suite's tests a secret can be linked to. */
  tests: readonly SuiteTest[];
  testsLoading?: boolean;
  /**
   * Resolves true when the dialog may close, false when it stays open (the caller told the person
   * why), or a sentence to show under the name field.
   */
  onSubmit: (input: SecretInput) => Promise<boolean | string>;
  onClose: () => void;
}

const label = (test: SuiteTest) => (test.path ? `${test.path}/${test.name}` : test.name);

/**
 * Creates or edits a secret: a name, a value that is written and never read back (editing shows an
 * empty value: blank keeps the current one), and the tests that use it.
 */
export function SecretDialog({ open, secret, tests, testsLoading, onSubmit, onClose }: SecretDialogProps) {
  const titleId = useId();
  const editing = Boolean(secret);
  const formik = useFormik<SecretInput>({
    initialValues: {
      key: secret?.key ?? '',
      value: '',
      linkedTestIds: secret?.linked_test_ids ?? [],
      allowedHosts: secret?.allowed_hosts ?? [],
    },
    enableReinitialize: true,
    validationSchema: editing ? editSecretSchema : createSecretSchema,
    onSubmit: async (values, helpers) => {
      const outcome = await onSubmit({ ...values, key: values.key.trim() });
      if (typeof outcome === 'string') helpers.setFieldError('key', outcome);
      else if (outcome) {
        helpers.resetForm();
        onClose();
      }
    },
  });
  const byId = useMemo(() => new Map(tests.map((test) => [test.id, test])), [tests]);
  // A linked test the tree no longer lists still shows (by its id) rather than silently dropping off.
  const chosen = formik.values.linkedTestIds.map(
    (id) => byId.get(id) ?? { id, name: 'Unknown test', path: '' },
  );
  const close = () => {
    if (formik.isSubmitting) return;
    formik.resetForm();
    onClose();
  };
  const shown = (field: 'key' | 'value') =>
    (formik.touched[field] || formik.submitCount > 0) && formik.errors[field]
      ? (formik.errors[field] as string)
      : undefined;
  const keyLimit = characterLimit(formik.values.key, LIMITS.key);
  const keyError = shown('key');
  const valueError = shown('value');
  const hostsError =
    formik.submitCount > 0 && formik.errors.allowedHosts
      ? [formik.errors.allowedHosts].flat().find(Boolean)
      : undefined;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form onSubmit={formik.handleSubmit} noValidate>
        <DialogTitle id={titleId}>{editing ? 'Edit secret' : 'Create secret'}</DialogTitle>
        <DialogContent>
          <DialogContentText variant="body2">
            Instructions use it as {'{{'}
            {formik.values.key.trim() || 'NAME'}
            {'}}'}. Its value is never shown again once saved, and runs hide it in screenshots and logs.
          </DialogContentText>
          <TextField
            autoFocus={!editing}
            fullWidth
            margin="normal"
            id={`${titleId}-key`}
            name="key"
            label="Name"
            value={formik.values.key}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={Boolean(keyError) || keyLimit.over}
            helperText={keyError ?? keyLimit.helperText ?? 'Letters, numbers or underscores'}
            disabled={formik.isSubmitting}
            slotProps={{ htmlInput: { spellCheck: false, autoComplete: 'off' } }}
          />
          <TextField
            autoFocus={editing}
            fullWidth
            margin="normal"
            id={`${titleId}-value`}
            name="value"
            type="password"
            label={editing ? 'New value' : 'Value'}
            value={formik.values.value}
            onChange={formik.handleChange}
            onBlur={formik.handleBlur}
            error={Boolean(valueError)}
            helperText={valueError ?? (editing ? messages.keepValue : ' ')}
            disabled={formik.isSubmitting}
            slotProps={{ htmlInput: { autoComplete: 'new-password' } }}
          />
          <Autocomplete
            multiple
            disableCloseOnSelect
            options={tests as SuiteTest[]}
            value={chosen}
            loading={testsLoading}
            getOptionLabel={label}
            isOptionEqualToValue={(option, value) => option.id === value.id}
            onChange={(_event, value) =>
              void formik.setFieldValue(
                'linkedTestIds',
                value.map((test) => test.id),
              )
            }
            disabled={formik.isSubmitting}
            renderOption={(props, option, { selected }) => {
              const { key, ...rest } = props as typeof props & { key: string };
              return (
                <li key={key} {...rest}>
                  <Checkbox size="small" checked={selected} sx={{ mr: 1 }} />
                  {label(option)}
                </li>
              );
            }}
            renderInput={(params) => (
              <TextField
                {...params}
                margin="normal"
                label="Linked tests"
                helperText="The tests that use this secret."
              />
            )}
          />
          <Autocomplete
            multiple
            freeSolo
            options={[] as string[]}
            value={formik.values.allowedHosts}
            onChange={(_event, value) =>
              void formik.setFieldValue(
                'allowedHosts',
                value.map((host) => host.trim().toLowerCase()).filter(Boolean),
              )
            }
            disabled={formik.isSubmitting}
            renderInput={(params) => (
              <TextField
                {...params}
                margin="normal"
                label="Allowed hosts"
                placeholder="shop.example"
                error={Boolean(hostsError)}
                helperText={hostsError ?? messages.allowedHosts}
              />
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={formik.isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={formik.isSubmitting || keyLimit.over}>
            {formik.isSubmitting ? 'Saving…' : editing ? 'Save' : 'Create'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
