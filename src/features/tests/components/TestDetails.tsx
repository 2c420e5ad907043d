import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import DriveFileMoveOutlinedIcon from '@mui/icons-material/DriveFileMoveOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { type ObjectSchema } from 'yup';
import { useId, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { TEST_CASE_LIMITS } from '../../../../contract/testCases';
import { describeError, isApiError } from '../../../api/apiError';
import { characterLimit } from '../../../components/characterLimit';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EllipsisText } from '../../../components/EllipsisText';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { LazyInstructionsEditor } from '../../../components/LazyInstructionsEditor';
import { PageLoader } from '../../../components/PageLoader';
import { UnsavedChangesDialog } from '../../../components/UnsavedChangesDialog';
import { paths } from '../../../config/paths';
import { t } from '../../../config/locale';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { LEAVE_WITHOUT_ASKING, useLeaveGuard } from '../../../hooks/useLeaveGuard';
import { notify } from '../../../lib/notify';
import {
  useDeleteTestCaseMutation,
  useDuplicateTestCaseMutation,
  useGetTestCaseQuery,
  useUpdateTestCaseMutation,
  type EditTestCaseArgs,
} from '../api';
import { serverFieldErrors } from '../fieldErrors';
import { folderHref } from '../folderPaths';
import { testNameSchema, websiteHint, websiteSchema } from '../schemas';
import { clearInstructionsDraft, useUnsavedDraft } from '../useUnsavedDraft';
import type { TestCase, TestCaseChanges } from '../types';
import { useGetSharedParametersQuery } from '../../secrets/api';
import { BrowserSettings } from './BrowserSettings';
import { MoveTestDialog } from './MoveTestDialog';
import { StatusChip } from './StatusChip';
import { TestSecrets } from './TestSecrets';
import { PageRegion, SectionNav, TestPageGrid } from './TestPageLayout';
import { VariablesEditor } from './VariablesEditor';
import { DataTableEditor } from './DataTableEditor';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * What other features add to a test's page; app/ composes them (features never import each other's
 * components). `actions` joins the header's buttons; `steps` fills the Steps section; `runs` the Runs section.
 */
export interface TestDetailsSlots {
  actions?: ComponentType<{ test: TestCase }>;
  steps?: ComponentType<{ test: TestCase }>;
  runs?: ComponentType<{ test: TestCase }>;
  /** The test's own schedule (issue 12). */
  schedule?: ComponentType<{ test: TestCase }>;
  /**
   * What runs before the test: its setup module and browser state (issue 13); `locked` says why they
   * cannot be changed (issue 27: a viewer), or is null.
   */
  setup?: ComponentType<{ test: TestCase; onSave: TestEditor; locked: string | null }>;
}

/** A control turned off for a role, with the reason as its tooltip (issue 27). */
function Locked({ reason, children }: { reason: string | null; children: ReactNode }) {
  if (reason === null) return children;
  return (
    <Tooltip title={reason}>
      <span>{children}</span>
    </Tooltip>
  );
}

interface TestDetailsProps {
  id: string;
  slots?: TestDetailsSlots;
  /**
   * Why the person may not change the test (issue 27: a viewer, writeTests), or null: the page is then
   * shown read-only, every editing control off with this sentence.
   */
  locked?: string | null;
}

/** A test's page: name, start URL, instructions, variables and steps, with duplicate, move and delete. */
export function TestDetails({ id, slots = {}, locked = null }: TestDetailsProps) {
  const { data: test, error, isLoading, isFetching, refetch } = useGetTestCaseQuery(id);
  // SPEC §4: a test that is not found is marked nonexistent, even if an older copy is cached.
  if (isApiError(error) && error.status === 404) return <TestNotFound />;
  if (isLoading) return <PageLoader label="Loading test" />;
  if (!test)
    return (
      <ErrorState message={t.tests.fetchOneFailed} onRetry={() => void refetch()} retrying={isFetching} />
    );
  return <LoadedTest test={test} slots={slots} locked={locked} />;
}

function TestNotFound() {
  useDocumentTitle('Test not found');
  return (
    <EmptyState
      icon={<SearchOffIcon fontSize="inherit" />}
      title={t.tests.notFound}
      description="It may have been deleted, or the link is wrong."
      action={
        <Button component={RouterLink} to={paths.testCases.getHref()} variant="contained">
          Back to tests
        </Button>
      }
    />
  );
}

/** Edits with the version the person saw, so a change made meanwhile is refused rather than lost. */
/** Saves changes to the test: null when saved (a toast says so), else the error to show. */
export type TestEditor = ReturnType<typeof useEditTest>;

function useEditTest(test: TestCase) {
  const [updateTestCase] = useUpdateTestCaseMutation();
  return async (changes: TestCaseChanges, success: string = t.tests.updated) => {
    const args: EditTestCaseArgs = { id: test.id, changes, lastModifiedAt: test.lastModifiedAt };
    const result = await updateTestCase(args);
    if ('error' in result) return result.error;
    notify.success(success);
    return null;
  };
}

function LoadedTest({
  test,
  slots,
  locked,
}: {
  test: TestCase;
  slots: TestDetailsSlots;
  locked: string | null;
}) {
  const { actions: Actions, steps: Steps, runs: Runs, schedule: Schedule, setup: Setup } = slots;
  useDocumentTitle(test.name);
  const editTest = useEditTest(test);
  const navigate = useNavigate();
  const [duplicateTestCase, { isLoading: duplicating }] = useDuplicateTestCaseMutation();
  const [deleteTestCase, { isLoading: deleting }] = useDeleteTestCaseMutation();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [moving, setMoving] = useState(false);

  const duplicate = async () => {
    const result = await duplicateTestCase({ id: test.id, suiteId: test.suiteId });
    if ('error' in result) notify.error(describeError(result.error, t.tests.duplicateFailed));
    else {
      notify.success(t.tests.duplicated);
      void navigate(paths.testCaseDetails.getHref(result.data.id));
    }
  };

  const confirmDelete = async () => {
    const result = await deleteTestCase({ id: test.id, suiteId: test.suiteId });
    if ('error' in result) {
      notify.error(describeError(result.error, t.tests.deleteFailed));
      setConfirmingDelete(false);
      return;
    }
    notify.success(t.tests.deleted);
    // The test is gone, and with it any unsaved instructions: nothing to ask about or restore.
    clearInstructionsDraft(test);
    void navigate(test.path ? folderHref(test.path) : paths.testCases.getHref(), {
      replace: true,
      state: LEAVE_WITHOUT_ASKING,
    });
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-start',
            justifyContent: 'space-between',
            gap: 2,
            mt: 1,
          }}
        >
          <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
            <EditableName test={test} locked={locked} />
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
              <StatusChip state={test.state} latestRunStatus={test.latestRunStatus} />
              <Typography variant="body2" color="text.secondary">
                {test.latestRunTime
                  ? `Last run ${dateFormat.format(new Date(test.latestRunTime))}`
                  : 'Never run'}
                {' · '}
                Changed {dateFormat.format(new Date(test.lastModifiedAt))}
              </Typography>
            </Stack>
          </Box>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            {Actions && <Actions test={test} />}
            <Button
              component={RouterLink}
              to={paths.testCaseRuns.getHref(test.id)}
              startIcon={<HistoryOutlinedIcon />}
            >
              Runs
            </Button>
            <Locked reason={locked}>
              <Button
                startIcon={<DriveFileMoveOutlinedIcon />}
                disabled={locked !== null}
                onClick={() => setMoving(true)}
              >
                Move
              </Button>
            </Locked>
            <Locked reason={locked}>
              <Button
                startIcon={<ContentCopyOutlinedIcon />}
                onClick={() => void duplicate()}
                disabled={duplicating || locked !== null}
              >
                {duplicating ? 'Duplicating…' : 'Duplicate'}
              </Button>
            </Locked>
            <Locked reason={locked}>
              <Button
                color="error"
                startIcon={<DeleteOutlinedIcon />}
                disabled={locked !== null}
                onClick={() => setConfirmingDelete(true)}
              >
                Delete
              </Button>
            </Locked>
          </Stack>
        </Box>
      </Box>

      {locked && (
        <Alert severity="info" variant="outlined">
          {locked}
        </Alert>
      )}
      <SectionNav
        sections={[
          { id: 'test-instructions', label: 'Instructions' },
          { id: 'test-website', label: 'Website' },
          { id: 'test-variables', label: 'Variables' },
          { id: 'test-browser', label: 'Browser' },
          ...(Setup ? [{ id: 'test-setup', label: 'Setup' }] : []),
          ...(Steps ? [{ id: 'test-steps', label: 'Steps' }] : []),
          ...(Runs ? [{ id: 'test-runs', label: 'Runs' }] : []),
          ...(Schedule ? [{ id: 'test-schedule', label: 'Schedule' }] : []),
        ]}
      />
      <TestPageGrid>
        <PageRegion id="test-website" area="website">
          <Section title="Website" description="Where the test starts.">
            <WebsiteField test={test} locked={locked} />
          </Section>
        </PageRegion>
        <PageRegion id="test-instructions" area="instructions">
          <Section title="Instructions" description="What the test does, in plain words.">
            <InstructionsField test={test} locked={locked} />
          </Section>
        </PageRegion>
        <PageRegion id="test-variables" area="variables">
          <Stack spacing={3}>
            <Section title="Variables" description="Values the instructions refer to as {{name}}.">
              <VariablesEditor testId={test.id} variables={test.parameters} locked={locked} />
            </Section>
            <Section title="Data table" description="Rows of values: a run runs the test once per row.">
              <DataTableEditor testId={test.id} variables={test.parameters} locked={locked} />
            </Section>
            <Section title="Secrets" description="Values of the project the test uses; never shown.">
              <TestSecrets test={test} onSave={editTest} locked={locked} />
            </Section>
          </Stack>
        </PageRegion>
      </TestPageGrid>
      <PageRegion id="test-browser">
        <BrowserSettings test={test} onSave={editTest} locked={locked} />
      </PageRegion>
      {Setup && (
        <PageRegion id="test-setup">
          <Section title="Setup" description="What runs before the test starts.">
            <Setup test={test} onSave={editTest} locked={locked} />
          </Section>
        </PageRegion>
      )}
      {Steps && (
        <PageRegion id="test-steps">
          <Section title="Steps" description="What the agents generated from the instructions.">
            <Steps test={test} />
          </Section>
        </PageRegion>
      )}
      {Runs && (
        <PageRegion id="test-runs">
          <Section title="Runs" description="Replays of the generated steps, newest first.">
            <Runs test={test} />
          </Section>
        </PageRegion>
      )}
      {Schedule && (
        <PageRegion id="test-schedule">
          <Section title="Schedule" description="When the test runs by itself.">
            <Schedule test={test} />
          </Section>
        </PageRegion>
      )}

      <MoveTestDialog
        test={moving ? { id: test.id, name: test.name, path: test.path } : null}
        suiteId={test.suiteId}
        onClose={() => setMoving(false)}
      />
      <ConfirmDialog
        open={confirmingDelete}
        title="Delete test?"
        description={
          <>
            <strong>{test.name}</strong> and its runs will be deleted. This cannot be undone.
          </>
        }
        confirmLabel="Delete"
        pendingLabel="Deleting…"
        destructive
        pending={deleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setConfirmingDelete(false)}
      />
    </Stack>
  );
}

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardHeader
        title={title}
        subheader={description}
        slotProps={{ title: { component: 'h2', variant: 'h6' }, subheader: { variant: 'body2' } }}
        sx={{ pb: 0 }}
      />
      <CardContent>{children}</CardContent>
    </Card>
  );
}

function EditableName({ test, locked }: { test: TestCase; locked: string | null }) {
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <InlineEditForm
        test={test}
        field="name"
        label="Test name"
        schema={testNameSchema}
        maxLength={TEST_CASE_LIMITS.name}
        counted
        onDone={() => setEditing(false)}
      />
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
      {/* NOTE: a long unbroken name wraps anywhere and stops at three lines; it never widens the page. */}
      <EllipsisText variant="h4" component="h1" lines={3}>
        {test.name}
      </EllipsisText>
      <Tooltip title={locked ?? 'Rename'}>
        <span>
          <IconButton aria-label="Rename test" disabled={locked !== null} onClick={() => setEditing(true)}>
            <EditOutlinedIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}

function WebsiteField({ test, locked }: { test: TestCase; locked: string | null }) {
  const [editing, setEditing] = useState(false);
  if (editing)
    return (
      <InlineEditForm
        test={test}
        field="website"
        label="Website URL"
        type="url"
        size="small"
        schema={websiteSchema}
        maxLength={TEST_CASE_LIMITS.website}
        hint={websiteHint}
        onDone={() => setEditing(false)}
      />
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
      <Link
        href={test.website}
        target="_blank"
        rel="noopener noreferrer"
        sx={{ overflowWrap: 'anywhere', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
      >
        {test.website}
        <OpenInNewIcon sx={{ fontSize: 16 }} />
      </Link>
      <Locked reason={locked}>
        <Button
          size="small"
          startIcon={<EditOutlinedIcon />}
          disabled={locked !== null}
          onClick={() => setEditing(true)}
        >
          Change URL
        </Button>
      </Locked>
    </Box>
  );
}

interface InlineEditFormProps<Field extends 'name' | 'website'> {
  test: TestCase;
  field: Field;
  label: string;
  schema: ObjectSchema<Record<Field, string>>;
  maxLength: number;
  /** Shows "12 / 200" under the field; a longer value is kept whole and refused, never cut. */
  counted?: boolean;
  /** What to say under the field while it has no error (e.g. the URL that will be saved). */
  hint?: (value: string) => string | undefined;
  type?: string;
  size?: 'small' | 'medium';
  onDone: () => void;
}

/**
 * One field of the test edited in place: Enter saves (an unchanged value just closes), Escape or
 * Cancel closes; the server's objection shows under the field, anything else as a snackbar.
 */
function InlineEditForm<Field extends 'name' | 'website'>({
  test,
  field,
  label,
  schema,
  maxLength,
  counted = false,
  hint,
  type,
  size = 'medium',
  onDone,
}: InlineEditFormProps<Field>) {
  const editTest = useEditTest(test);
  const inputId = useId();
  const formik = useFormik<Record<Field, string>>({
    initialValues: { [field]: test[field] } as Record<Field, string>,
    enableReinitialize: true,
    validationSchema: schema,
    onSubmit: async (values, helpers) => {
      // The schema's transforms give the value as saved (trimmed; a website gets its scheme).
      const value = (schema.cast(values) as Record<Field, string>)[field];
      if (value === test[field]) return onDone();
      const error = await editTest({ [field]: value });
      if (!error) return onDone();
      const fields = serverFieldErrors(error, [field]);
      if (fields[field]) helpers.setFieldError(field, fields[field]);
      else notify.error(describeError(error, t.tests.updateFailed));
    },
  });
  const cancel = () => {
    formik.resetForm();
    onDone();
  };
  const problem = formik.errors[field] as string | undefined;
  const limit = counted ? characterLimit(formik.values[field], maxLength) : null;
  const buttonSx = size === 'small' ? undefined : { mt: 1 };
  return (
    <Box
      component="form"
      onSubmit={formik.handleSubmit}
      noValidate
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}
    >
      <TextField
        autoFocus
        fullWidth
        size={size}
        id={inputId}
        name={field}
        label={label}
        type={type}
        value={formik.values[field]}
        onChange={formik.handleChange}
        onKeyDown={(event) => {
          if (event.key === 'Escape') cancel();
        }}
        error={Boolean(problem) || Boolean(limit?.over)}
        helperText={problem ?? limit?.helperText ?? hint?.(formik.values[field])}
        disabled={formik.isSubmitting}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={formik.isSubmitting || Boolean(limit?.over)}
        sx={buttonSx}
      >
        Save
      </Button>
      <Button onClick={cancel} disabled={formik.isSubmitting} sx={buttonSx}>
        Cancel
      </Button>
    </Box>
  );
}

function InstructionsField({ test, locked }: { test: TestCase; locked: string | null }) {
  const editTest = useEditTest(test);
  const { data: secrets } = useGetSharedParametersQuery(test.suiteId);
  const parameterNames = useMemo(
    () => [
      ...Object.keys(test.parameters).map((name) => ({ name, kind: 'variable' as const })),
      ...(secrets ?? []).map(({ key }) => ({ name: key, kind: 'secret' as const })),
    ],
    [test.parameters, secrets],
  );
  const { draft, setDraft, dirty, restored, discard, committed } = useUnsavedDraft(test);
  const [saving, setSaving] = useState(false);
  const leaveGuard = useLeaveGuard(dirty);

  const save = async () => {
    setSaving(true);
    const error = await editTest({ description: draft }, 'Instructions saved');
    setSaving(false);
    if (error) notify.error(describeError(error, t.tests.updateFailed));
    else committed();
  };

  return (
    <Box>
      {restored && dirty && (
        <Alert
          severity="info"
          sx={{ mb: 1.5 }}
          action={
            <Button color="inherit" size="small" onClick={discard} disabled={saving}>
              Discard
            </Button>
          }
        >
          Unsaved draft restored
        </Alert>
      )}
      <LazyInstructionsEditor
        label="Instructions"
        value={draft}
        onChange={setDraft}
        disabled={saving || locked !== null}
        placeholder="Describe what the test does, step by step, in plain words. Type {{ for a variable or a secret."
        parameterNames={parameterNames}
      />
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', mt: 1.5 }}>
        <Button onClick={discard} disabled={!dirty || saving}>
          Discard changes
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={!dirty || saving || locked !== null}
        >
          {saving ? 'Saving…' : 'Save instructions'}
        </Button>
      </Stack>
      <UnsavedChangesDialog
        open={leaveGuard.asking}
        description="Your changes to the instructions are not saved. They stay as a draft in this browser."
        onStay={leaveGuard.stay}
        onLeave={leaveGuard.leave}
      />
    </Box>
  );
}
