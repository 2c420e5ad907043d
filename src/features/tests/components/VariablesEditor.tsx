import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { useId, useState } from 'react';
import { TEST_CASE_LIMITS } from '../../../../contract/testCases';
import { describeError, isApiError } from '../../../api/apiError';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { t } from '../../../config/locale';
import { notify } from '../../../lib/notify';
import { useAddVariableMutation, useDeleteVariableMutation, useUpdateVariableMutation } from '../api';
import { serverFieldErrors } from '../fieldErrors';
import { variableSchema, variableValueSchema } from '../schemas';
import { visuallyHidden } from '../../../lib/visuallyHidden';

interface VariablesEditorProps {
  testId: string;
  /** The test's parameters (already falling back to credentials). */
  variables: Record<string, string>;
  /** Why the variables cannot be changed (issue 27: a viewer), or null: shown without Add, Edit or Delete. */
  locked?: string | null;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** A test's variables: values the instructions use as {{name}}; add, change a value, delete. */
export function VariablesEditor({ testId, variables, locked = null }: VariablesEditorProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<string | null>(null);
  const [deleteVariable, { isLoading: deleting }] = useDeleteVariableMutation();
  const names = Object.keys(variables).sort(collator.compare);

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    const result = await deleteVariable({ id: testId, name: pendingDelete });
    if ('error' in result) notify.error(describeError(result.error, t.tests.variableDeleteFailed));
    else notify.success(t.tests.variableDeleted);
    setPendingDelete(null);
  };

  return (
    <Box>
      {names.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          No variables yet. Add one and write <code>{'{{name}}'}</code> in the instructions to use its value.
        </Typography>
      ) : (
        <Table size="small" aria-label="Variables" sx={{ mb: 2, tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: '35%' }}>Name</TableCell>
              <TableCell>Value</TableCell>
              <TableCell sx={{ width: 96 }} align="right">
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {names.map((name) => (
              <TableRow key={name}>
                <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{name}</TableCell>
                {editing === name ? (
                  <TableCell colSpan={2}>
                    <ValueForm
                      testId={testId}
                      name={name}
                      value={variables[name]}
                      onDone={() => setEditing(null)}
                    />
                  </TableCell>
                ) : (
                  <>
                    <TableCell sx={{ wordBreak: 'break-all' }}>
                      {variables[name] || (
                        <Typography component="span" variant="body2" color="text.disabled">
                          (empty)
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">
                      <Tooltip title={locked ?? 'Edit value'}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Edit ${name}`}
                            disabled={locked !== null}
                            onClick={() => setEditing(name)}
                          >
                            <EditOutlinedIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                      <Tooltip title={locked ?? 'Delete'}>
                        <span>
                          <IconButton
                            size="small"
                            aria-label={`Delete ${name}`}
                            disabled={locked !== null}
                            onClick={() => setPendingDelete(name)}
                          >
                            <DeleteOutlinedIcon fontSize="small" />
                          </IconButton>
                        </span>
                      </Tooltip>
                    </TableCell>
                  </>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {locked === null && <AddVariableForm testId={testId} />}
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete variable?"
        description={
          <>
            The test will no longer have <strong>{pendingDelete}</strong>.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        destructive
        pending={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setPendingDelete(null)}
      />
    </Box>
  );
}

function AddVariableForm({ testId }: { testId: string }) {
  const id = useId();
  const [addVariable] = useAddVariableMutation();
  const formik = useFormik({
    initialValues: { name: '', value: '' },
    validationSchema: variableSchema,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      const result = await addVariable({ id: testId, name: values.name.trim(), value: values.value });
      if ('error' in result) {
        // 'Variable already exists' and 'A secret already exists with same name' belong to the name.
        const fields = serverFieldErrors(result.error, ['name', 'value']);
        const message = describeError(result.error, t.tests.variableAddFailed);
        if (Object.keys(fields).length > 0) helpers.setErrors(fields);
        else if (isApiError(result.error) && result.error.status === 409)
          helpers.setErrors({ name: message });
        else notify.error(message);
        return;
      }
      notify.success(t.tests.variableAdded);
      helpers.resetForm();
    },
  });
  const showName = formik.submitCount > 0 && Boolean(formik.errors.name);
  const showValue = formik.submitCount > 0 && Boolean(formik.errors.value);
  return (
    <Box component="form" onSubmit={formik.handleSubmit} noValidate aria-label="Add variable">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: 'flex-start' }}>
        <TextField
          size="small"
          id={`${id}-name`}
          name="name"
          label="Variable name"
          value={formik.values.name}
          onChange={formik.handleChange}
          error={showName}
          helperText={showName ? formik.errors.name : ' '}
          disabled={formik.isSubmitting}
          slotProps={{ htmlInput: { maxLength: TEST_CASE_LIMITS.variableName, spellCheck: false } }}
          sx={{ flex: 1 }}
        />
        <TextField
          size="small"
          id={`${id}-value`}
          name="value"
          label="Value"
          value={formik.values.value}
          onChange={formik.handleChange}
          error={showValue}
          helperText={showValue ? formik.errors.value : ' '}
          disabled={formik.isSubmitting}
          slotProps={{ htmlInput: { maxLength: TEST_CASE_LIMITS.variableValue } }}
          sx={{ flex: 2 }}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<AddIcon />}
          disabled={formik.isSubmitting || formik.values.name.trim().length === 0}
          sx={{ whiteSpace: 'nowrap', mt: { sm: '1px' } }}
        >
          {formik.isSubmitting ? 'Adding…' : 'Add variable'}
        </Button>
      </Stack>
    </Box>
  );
}

function ValueForm({
  testId,
  name,
  value,
  onDone,
}: {
  testId: string;
  name: string;
  value: string;
  onDone: () => void;
}) {
  const [updateVariable] = useUpdateVariableMutation();
  const formik = useFormik({
    initialValues: { value },
    validationSchema: variableValueSchema,
    onSubmit: async (values, helpers) => {
      const result = await updateVariable({ id: testId, name, value: values.value });
      if ('error' in result) {
        const message = describeError(result.error, t.tests.variableUpdateFailed);
        const { error } = result;
        if (isApiError(error) && typeof error.status === 'number' && error.status < 500)
          helpers.setErrors({ value: message });
        else notify.error(message);
        return;
      }
      onDone();
    },
  });
  return (
    <Box component="form" onSubmit={formik.handleSubmit} noValidate sx={{ display: 'flex', gap: 1 }}>
      <TextField
        autoFocus
        size="small"
        fullWidth
        name="value"
        label={`Value of ${name}`}
        value={formik.values.value}
        onChange={formik.handleChange}
        onKeyDown={(event) => {
          if (event.key === 'Escape') onDone();
        }}
        error={Boolean(formik.errors.value)}
        helperText={formik.errors.value}
        disabled={formik.isSubmitting}
        slotProps={{ htmlInput: { maxLength: TEST_CASE_LIMITS.variableValue } }}
      />
      <Button type="submit" disabled={formik.isSubmitting}>
        Save
      </Button>
      <Button onClick={onDone} disabled={formik.isSubmitting}>
        Cancel
      </Button>
    </Box>
  );
}
