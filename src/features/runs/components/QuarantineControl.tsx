import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useFormik } from 'formik';
import { useId, useState } from 'react';
import { object, string } from 'yup';
import { QUARANTINE_LIMITS, QUARANTINE_MESSAGES } from '../../../../contract/quarantine';
import { describeError } from '../../../api/apiError';
import { notify } from '../../../lib/notify';
import {
  useGetTestQuarantineQuery,
  useQuarantineTestMutation,
  useReleaseTestMutation,
} from '../../dashboard/api';

const schema = object({
  reason: string()
    .trim()
    .required(QUARANTINE_MESSAGES.reasonRequired)
    .max(QUARANTINE_LIMITS.reason, QUARANTINE_MESSAGES.reasonTooLong),
});

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * Issue 33: a flaky test put aside with a reason. It still runs and shows its results, but fails no
 * collection, pipeline or alert; shown with who quarantined it, with a way to release it.
 */
export function QuarantineControl({
  test,
  locked = null,
}: {
  test: { id: string; suiteId: string };
  /** Why the person may not quarantine or release it, or null. */
  locked?: string | null;
}) {
  const { data, isLoading, isError } = useGetTestQuarantineQuery(test.id);
  const [quarantineTest] = useQuarantineTestMutation();
  const [releaseTest, { isLoading: releasing }] = useReleaseTestMutation();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const formik = useFormik({
    initialValues: { reason: '' },
    validationSchema: schema,
    onSubmit: async ({ reason }, helpers) => {
      const result = await quarantineTest({
        testCaseId: test.id,
        suiteId: test.suiteId,
        reason: reason.trim(),
      });
      if ('error' in result) {
        helpers.setFieldError('reason', describeError(result.error, QUARANTINE_MESSAGES.saveFailed));
        return;
      }
      notify.success('Test quarantined: its failures no longer fail collections, pipelines or alerts');
      helpers.resetForm();
      setOpen(false);
    },
  });

  if (isLoading)
    return <Skeleton variant="rounded" height={36} width={160} aria-label="Loading quarantine" />;
  // The rest of the page works without it: a note, not an error page.
  if (isError || !data) return null;

  const release = async () => {
    const result = await releaseTest({ testCaseId: test.id, suiteId: test.suiteId });
    if ('error' in result) notify.error(describeError(result.error, QUARANTINE_MESSAGES.releaseFailed));
    else notify.success('Test released from quarantine');
  };

  const quarantine = data.quarantine;
  if (quarantine)
    return (
      <Alert
        severity="warning"
        role="status"
        aria-label="Quarantined"
        action={
          <Tooltip title={locked ?? ''}>
            <span>
              <Button
                color="inherit"
                size="small"
                disabled={locked !== null || releasing}
                onClick={() => void release()}
              >
                Release
              </Button>
            </span>
          </Tooltip>
        }
      >
        {`Quarantined by ${quarantine.quarantined_by ?? 'a former member'} on ${dateFormat.format(new Date(quarantine.quarantined_at))}: ${quarantine.reason}. It still runs, but its failures fail no collection, pipeline or alert.`}
      </Alert>
    );

  return (
    <>
      <Tooltip title={locked ?? ''}>
        <span>
          <Button variant="text" disabled={locked !== null} onClick={() => setOpen(true)}>
            Quarantine
          </Button>
        </span>
      </Tooltip>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} fullWidth maxWidth="sm">
        <form onSubmit={formik.handleSubmit} noValidate>
          <DialogTitle id={titleId}>Quarantine this test</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              It keeps running and showing its results, but its failures fail no collection run, no pipeline
              and send no alert until it is released.
            </DialogContentText>
            <TextField
              label="Reason"
              multiline
              minRows={2}
              fullWidth
              {...formik.getFieldProps('reason')}
              error={Boolean((formik.touched.reason || formik.submitCount > 0) && formik.errors.reason)}
              helperText={(formik.touched.reason || formik.submitCount > 0) && formik.errors.reason}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={formik.isSubmitting}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" loading={formik.isSubmitting}>
              Quarantine
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
