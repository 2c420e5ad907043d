import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useFormik } from 'formik';
import { describeError, isApiError } from '../../../api/apiError';
import type { Permissions } from '../../../app/hooks';
import { ErrorState } from '../../../components/ErrorState';
import { notify } from '../../../lib/notify';
import {
  formatBytes,
  retentionMessages as messages,
  retentionSchema,
  useGetRetentionQuery,
  useUpdateRetentionMutation,
  type ProjectRetention,
} from '../retention';

const count = new Intl.NumberFormat();

/** The disk the project uses, in words. */
export function usageSentence({ usage }: ProjectRetention): string {
  return (
    `This project uses ${formatBytes(usage.total_bytes)}: ${formatBytes(usage.artifact_bytes)} of ` +
    `screenshots, traces and logs, and ${formatBytes(usage.run_bytes)} for its ` +
    `${count.format(usage.runs)} ${usage.runs === 1 ? 'run' : 'runs'}.`
  );
}

function RetentionForm({
  suiteId,
  retention,
  denied,
}: {
  suiteId: string;
  retention: ProjectRetention;
  denied: string | null;
}) {
  const [update] = useUpdateRetentionMutation();
  const formik = useFormik<{ days: string }>({
    initialValues: { days: String(retention.retention_days) },
    enableReinitialize: true,
    validationSchema: retentionSchema,
    onSubmit: async ({ days }, helpers) => {
      const value = Number(days);
      const result = await update({ suiteId, retention_days: value });
      if ('error' in result) {
        // A 400 names the field: its sentence goes under it; anything else is a toast.
        if (isApiError(result.error) && result.error.status === 400)
          helpers.setFieldError('days', messages.daysInvalid);
        else notify.error(describeError(result.error, messages.saveFailed));
        return;
      }
      notify.success(messages.saved(value));
    },
  });
  const error = formik.touched.days || formik.submitCount > 0 ? formik.errors.days : undefined;
  return (
    <Tooltip title={denied ?? ''} describeChild>
      <Stack
        component="form"
        noValidate
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'flex-start' }}
        onSubmit={formik.handleSubmit}
      >
        <TextField
          label="Keep runs for"
          name="days"
          size="small"
          inputMode="numeric"
          value={formik.values.days}
          onChange={formik.handleChange}
          onBlur={formik.handleBlur}
          disabled={denied !== null}
          error={Boolean(error)}
          helperText={error ?? ' '}
          sx={{ width: 220 }}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">days</InputAdornment> } }}
        />
        <Button
          type="submit"
          variant="contained"
          disabled={denied !== null || !formik.dirty || formik.isSubmitting}
          sx={{ mt: 0.25 }}
        >
          {formik.isSubmitting ? 'Saving…' : 'Save'}
        </Button>
      </Stack>
    </Tooltip>
  );
}

/** How long the project keeps its runs (issue 34), and the disk its runs and files use. */
export function RetentionSection({ suiteId, permissions }: { suiteId: string; permissions: Permissions }) {
  const { data, isLoading, isError, isFetching, refetch } = useGetRetentionQuery(suiteId);
  if (isLoading) return <Skeleton variant="rounded" height={72} aria-label="Loading the retention setting" />;
  if (isError || !data)
    return <ErrorState message={messages.fetchFailed} onRetry={() => void refetch()} retrying={isFetching} />;
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">{usageSentence(data)}</Typography>
      <RetentionForm suiteId={suiteId} retention={data} denied={permissions.reason('manageRetention')} />
      <Typography variant="body2" color="text.secondary">
        {messages.help}
      </Typography>
    </Stack>
  );
}
