import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { describeError } from '../../../api/apiError';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notify } from '../../../lib/notify';
import { useCancelRunMutation } from '../api';
import { messages } from '../messages';
import type { TestRun } from '../types';

/** Stops a run that has not ended, after asking. A failed cancel leaves the run as it was. */
export function CancelRunButton({ run, suiteId }: { run: TestRun; suiteId?: string }) {
  const [confirming, setConfirming] = useState(false);
  const [cancelRun, { isLoading }] = useCancelRunMutation();

  const confirm = async () => {
    const result = await cancelRun({ runId: run._id, testCaseId: run.test_case_id, suiteId });
    setConfirming(false);
    if ('error' in result) notify.error(describeError(result.error, messages.cancelFailed));
    else notify.success(messages.runCancelled);
  };

  return (
    <>
      <Button
        size="small"
        color="warning"
        variant="outlined"
        startIcon={<StopCircleOutlinedIcon />}
        onClick={() => setConfirming(true)}
      >
        Cancel run
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Cancel this run?"
        description="The run stops at its next action and is marked cancelled. Its steps so far are kept."
        confirmLabel="Cancel run"
        pendingLabel="Cancelling…"
        destructive
        pending={isLoading}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
