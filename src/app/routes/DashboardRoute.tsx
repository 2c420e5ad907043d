import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useFormik } from 'formik';
import { useId, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { ValidationError } from 'yup';
import { normalizeWebsite, TEST_CASE_LIMITS } from '../../../contract/testCases';
import { EmptyState } from '../../components/EmptyState';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { paths } from '../../config/paths';
import { DashboardPanel } from '../../features/dashboard/components/DashboardPanel';
import { testNameFromWords, wordsToInstructions } from '../../features/dashboard/quickTest';
import { selectCurrentOrganizationId } from '../../features/organizations/selectors';
import { useGetTestSuitesQuery } from '../../features/suites/api';
import { CreateSuiteDialog } from '../../features/suites/components/CreateSuiteDialog';
import { selectSelectedSuiteId } from '../../features/suites/selectors';
import { suiteSelected } from '../../features/suites/slice';
import { websiteSchema } from '../../features/tests/schemas';
import { useCreateAndGenerate } from '../../features/tests/useCreateAndGenerate';
import { useDocumentTitle } from '../../hooks/useDocumentTitle';
import { useAppDispatch, useAppSelector } from '../hooks';

const WORDS_REQUIRED = 'Describe what to test in plain words.';
const NO_SUITE = 'Select or create a project first.';

interface QuickTestValues {
  website: string;
  words: string;
}

/**
 * The headline as a form: a website and plain words make a test in the selected suite, generated at
 * once, and open its page. A refused field keeps what was typed and says why.
 */
function QuickTestForm({ suiteId }: { suiteId: string | null }) {
  const id = useId();
  const navigate = useNavigate();
  const { createAndGenerate } = useCreateAndGenerate();
  const formik = useFormik<QuickTestValues>({
    initialValues: { website: '', words: '' },
    validate: async (values) => {
      const errors: Partial<Record<keyof QuickTestValues, string>> = {};
      try {
        // NOTE: `example.com` and `localhost:3112` are websites too: checked as they will be sent.
        await websiteSchema.validate({ website: normalizeWebsite(values.website) });
      } catch (error) {
        if (error instanceof ValidationError) errors.website = error.message;
        else throw error;
      }
      if (!values.words.trim()) errors.words = WORDS_REQUIRED;
      return errors;
    },
    onSubmit: async (values, helpers) => {
      if (!suiteId) {
        helpers.setErrors({ words: NO_SUITE });
        return;
      }
      const result = await createAndGenerate(
        {
          suiteId,
          name: testNameFromWords(values.words),
          website: normalizeWebsite(values.website),
          description: wordsToInstructions(values.words),
        },
        { generate: true },
      );
      if (result.status === 'invalid')
        helpers.setErrors({
          website: result.fields.website,
          words: result.fields.name ?? result.fields.path,
        });
      if (result.status !== 'created') return;
      helpers.resetForm();
      void navigate(paths.testCaseDetails.getHref(result.test.id));
    },
  });
  const errorOf = (field: keyof QuickTestValues) =>
    (formik.touched[field] || formik.submitCount > 0) && formik.errors[field]
      ? formik.errors[field]
      : undefined;
  const submitOnCtrlEnter = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void formik.submitForm();
    }
  };

  return (
    <Paper
      component="form"
      variant="outlined"
      onSubmit={formik.handleSubmit}
      onKeyDown={submitOnCtrlEnter}
      noValidate
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2, sm: 3 }, mt: { xs: 1, sm: 4 }, maxWidth: 880, mx: 'auto' }}
    >
      <Typography id={`${id}-title`} variant="h4" component="h1" sx={{ textAlign: 'center', mb: 2 }}>
        What do you want to test today?
      </Typography>
      <Stack spacing={2}>
        <TextField
          required
          fullWidth
          id={`${id}-website`}
          name="website"
          label="Website"
          placeholder="example.com or localhost:3112"
          value={formik.values.website}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={Boolean(errorOf('website'))}
          helperText={errorOf('website') ?? 'Where the test starts.'}
          disabled={formik.isSubmitting}
          slotProps={{
            htmlInput: { maxLength: TEST_CASE_LIMITS.website, spellCheck: false, inputMode: 'url' },
          }}
        />
        <TextField
          required
          fullWidth
          multiline
          minRows={3}
          id={`${id}-words`}
          name="words"
          label="What should the test do?"
          placeholder="Log in as {{user}}, add a product to the cart and check the total."
          value={formik.values.words}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          error={Boolean(errorOf('words'))}
          helperText={errorOf('words') ?? 'Plain words, step by step. Ctrl+Enter creates the test.'}
          disabled={formik.isSubmitting}
          slotProps={{ htmlInput: { maxLength: TEST_CASE_LIMITS.description } }}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={formik.isSubmitting}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {formik.isSubmitting ? 'Creating…' : 'Create and generate'}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

export function DashboardRoute() {
  useDocumentTitle('Dashboard');
  const organizationId = useAppSelector(selectCurrentOrganizationId);
  const selectedSuiteId = useAppSelector(selectSelectedSuiteId);
  const dispatch = useAppDispatch();
  const { data: suites, isSuccess } = useGetTestSuitesQuery(organizationId ?? skipToken);
  const [creating, setCreating] = useState(false);
  const suite = suites?.find(({ id }) => id === selectedSuiteId);

  return (
    <Box>
      {isSuccess && suites.length === 0 ? (
        <>
          <Typography variant="h4" component="h1" sx={{ mt: { xs: 1, sm: 4 }, textAlign: 'center' }}>
            What do you want to test today?
          </Typography>
          <EmptyState
            title="Create your first project"
            description="A project holds your tests, test suites, secrets and modules."
            action={
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
                Create project
              </Button>
            }
          />
        </>
      ) : (
        <>
          <QuickTestForm suiteId={suite?.id ?? null} />
          {suite && (
            <Typography color="text.secondary" sx={{ textAlign: 'center', mt: 1, mb: 3 }}>
              Working in <strong>{suite.name}</strong>
            </Typography>
          )}
          {suite && (
            <ErrorBoundary region="the dashboard" resetKey={suite.id}>
              <DashboardPanel key={suite.id} suiteId={suite.id} />
            </ErrorBoundary>
          )}
        </>
      )}
      <CreateSuiteDialog
        open={creating}
        organizationId={organizationId}
        onClose={() => setCreating(false)}
        onCreated={(suiteId) => dispatch(suiteSelected({ suiteId }))}
      />
    </Box>
  );
}
