import RestoreIcon from '@mui/icons-material/Restore';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { describeError } from '../../../api/apiError';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notify } from '../../../lib/notify';
import { useRestoreHealingMutation } from '../api';
import { messages } from '../messages';
import type { TestHealing } from '../types';

/** Undoes an accepted healing (after a confirmation): the test gets the steps it had before it back. */
export function HealingRestore({
  healing,
  locked = null,
}: {
  healing: TestHealing;
  /** Why the person may not restore (issue 27: a viewer), or null. */
  locked?: string | null;
}) {
  const [restore, { isLoading }] = useRestoreHealingMutation();
  const [confirming, setConfirming] = useState(false);

  const confirm = async () => {
    const result = await restore({
      healingId: healing.test_healing_id,
      testCaseId: healing.test_case_id,
      runId: healing.triggered_by_test_run_id,
    });
    setConfirming(false);
    // A 409 says why in the server's words (restored already, or the test changed since the accept).
    if ('error' in result) notify.error(describeError(result.error, messages.restoreFailedToast));
    else notify.success(messages.restored);
  };

  return (
    <>
      <Tooltip title={locked ?? ''}>
        <span>
          <Button
            variant="outlined"
            size="small"
            startIcon={<RestoreIcon />}
            onClick={() => setConfirming(true)}
            disabled={isLoading || locked !== null}
          >
            Restore previous steps
          </Button>
        </span>
      </Tooltip>
      <ConfirmDialog
        open={confirming}
        title="Restore the previous steps"
        description={messages.confirmRestore}
        confirmLabel="Restore"
        pendingLabel="Restoring…"
        pending={isLoading}
        onConfirm={() => void confirm()}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
