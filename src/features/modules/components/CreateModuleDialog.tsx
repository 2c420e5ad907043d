import Alert from '@mui/material/Alert';
import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Form, FormikProvider, useFormik } from 'formik';
import { useId, useMemo, useState } from 'react';
import { describeError, isApiError } from '../../../api/apiError';
import { FormTextField } from '../../../components/FormTextField';
import { notify } from '../../../lib/notify';
import { useGetTestTreeQuery, type TreeTest } from '../../tests/api';
import { useCreateModuleMutation } from '../api';
import { messages } from '../messages';
import { unsafeDetailsOf } from '../moduleErrors';
import { createModuleSchema, type CreateModuleValues } from '../schemas';
import { MODULE_LIMITS, type ModuleType, type UnsafeCodeDetail } from '../types';
import { ScriptField } from './ScriptField';

export interface CreateModuleDialogProps {
  open: boolean;
  suiteId: string;
  /** Names already used in the project: a new module needs its own. */
  takenNames: readonly string[];
  onClose: () => void;
}

const initialValues: CreateModuleValues = { name: '', moduleType: 'test_case', testCaseId: '', script: '' };

// A project may hold 10,000 tests: the list shows the first matches of what is typed.
const filterTests = createFilterOptions<TreeTest>({
  limit: 50,
  stringify: (test) => `${test.name} ${test.parentPath}`,
});

const byName = (a: TreeTest, b: TreeTest) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });

/** Makes a module from one of the project's tests or from a Python script (SPEC §3, §5). */
export function CreateModuleDialog({ open, suiteId, takenNames, onClose }: CreateModuleDialogProps) {
  const titleId = useId();
  const [createModule] = useCreateModuleMutation();
  const [unsafe, setUnsafe] = useState<UnsafeCodeDetail[]>([]);
  const [formError, setFormError] = useState<string | null>(null);
  const tree = useGetTestTreeQuery(suiteId, { skip: !open });
  const tests = useMemo(
    () => (tree.data ?? []).filter((item): item is TreeTest => item.kind === 'test').sort(byName),
    [tree.data],
  );
  const schema = useMemo(() => createModuleSchema(takenNames), [takenNames]);

  const formik = useFormik<CreateModuleValues>({
    initialValues,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      setUnsafe([]);
      setFormError(null);
      try {
        await createModule({
          suiteId,
          name: values.name,
          moduleType: values.moduleType,
          testCaseId: values.moduleType === 'test_case' ? values.testCaseId : null,
          script: values.moduleType === 'python_script' ? values.script : null,
        }).unwrap();
        notify.success(messages.created);
        helpers.resetForm();
        onClose();
      } catch (error) {
        const refused = unsafeDetailsOf(error);
        if (refused.length > 0) setUnsafe(refused);
        else if (isApiError(error) && error.status === 409 && error.serverMessage)
          helpers.setFieldError('name', error.serverMessage);
        else if (isApiError(error) && (error.status === 400 || error.status === 'VALIDATION_ERROR'))
          setFormError(describeError(error, messages.createFailed));
        else notify.error(messages.createFailed);
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
  const { values, errors, touched, isSubmitting } = formik;
  const chosenTest = tests.find((test) => test.id === values.testCaseId) ?? null;
  const testError = touched.testCaseId && errors.testCaseId ? errors.testCaseId : null;

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <FormikProvider value={formik}>
        <Form noValidate>
          <DialogTitle id={titleId}>Create module</DialogTitle>
          <DialogContent>
            <DialogContentText variant="body2">
              A module is a block of steps your tests share: a test can run it first as its setup, or call it
              from its instructions.
            </DialogContentText>
            <FormTextField
              name="name"
              label="Name"
              autoFocus
              disabled={isSubmitting}
              maxLength={MODULE_LIMITS.name}
              slotProps={{ htmlInput: { spellCheck: false } }}
            />
            <FormControl component="fieldset" margin="dense" disabled={isSubmitting}>
              <FormLabel component="legend">Made from</FormLabel>
              <RadioGroup
                row
                name="moduleType"
                value={values.moduleType}
                onChange={(event) => {
                  void formik.setFieldValue('moduleType', event.target.value as ModuleType);
                  setUnsafe([]);
                }}
              >
                <FormControlLabel value="test_case" control={<Radio />} label="A test" />
                <FormControlLabel value="python_script" control={<Radio />} label="A Python script" />
              </RadioGroup>
            </FormControl>
            {values.moduleType === 'test_case' ? (
              <Box sx={{ mt: 1 }}>
                <Autocomplete
                  options={tests}
                  value={chosenTest}
                  loading={tree.isFetching}
                  disabled={isSubmitting}
                  filterOptions={filterTests}
                  getOptionLabel={(test) => test.name}
                  isOptionEqualToValue={(option, value) => option.id === value.id}
                  noOptionsText={tree.isError ? 'The tests could not be loaded' : 'No test matches'}
                  onChange={(_event, test) => void formik.setFieldValue('testCaseId', test?.id ?? '')}
                  onBlur={() => void formik.setFieldTouched('testCaseId', true)}
                  renderOption={({ key: _key, ...props }, test) => (
                    <li key={test.id} {...props}>
                      <Box>
                        <Typography variant="body2">{test.name}</Typography>
                        {test.parentPath ? (
                          <Typography variant="caption" color="text.secondary">
                            {test.parentPath}
                          </Typography>
                        ) : null}
                      </Box>
                    </li>
                  )}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label="Test"
                      error={Boolean(testError)}
                      helperText={
                        testError ??
                        "The test's recorded steps run wherever the module is used; changing the test changes every test that uses it."
                      }
                    />
                  )}
                />
              </Box>
            ) : (
              <ScriptField name="script" disabled={isSubmitting} unsafe={unsafe} />
            )}
            {formError ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {formError}
              </Alert>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={close} disabled={isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={isSubmitting}>
              {isSubmitting ? 'Creating…' : 'Create'}
            </Button>
          </DialogActions>
        </Form>
      </FormikProvider>
    </Dialog>
  );
}
