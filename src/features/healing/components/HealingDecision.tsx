import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { describeError } from '../../../api/apiError';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notify } from '../../../lib/notify';
import { useApproveHealingMutation } from '../api';
import { messages } from '../messages';
import type { TestHealing } from '../types';

interface HealingDecisionProps {
  healing: TestHealing;
  onAccepted: (healing: TestHealing) => void;
  /** Why the person may not decide (issue 27: a viewer), or null: Accept and Reject are off with it. */
  locked?: string | null;
}

/** Accept (after a confirmation: it replaces the test's steps) or Reject a proposal. */
export function HealingDecision({ healing, onAccepted, locked = null }: HealingDecisionProps) {
  const [approve, { isLoading }] = useApproveHealingMutation();
  const [confirming, setConfirming] = useState(false);

  const decide = async (approved: boolean) => {
    const result = await approve({
      healingId: healing.test_healing_id,
      approved,
      testCaseId: healing.test_case_id,
      runId: healing.triggered_by_test_run_id,
    });
    setConfirming(false);
    // A 409 says why in the server's words (decided meanwhile, or the test changed since).
    if ('error' in result) notify.error(describeError(result.error, messages.approveFailedToast));
    else if (approved) onAccepted(result.data);
    else notify.info(messages.rejected);
  };

  return (
    <>
      <Tooltip title={locked ?? ''}>
        <Stack direction="row" spacing={1}>
          <Button
            variant="contained"
            onClick={() => setConfirming(true)}
            disabled={isLoading || locked !== null}
          >
            Accept
          </Button>
          <Button
            variant="outlined"
            onClick={() => void decide(false)}
            disabled={isLoading || locked !== null}
          >
            Reject
          </Button>
        </Stack>
      </Tooltip>
      <ConfirmDialog
        open={confirming}
        title="Accept the healing"
        description={messages.confirmAccept}
        confirmLabel="Accept"
        pendingLabel="Accepting…"
        pending={isLoading}
        onConfirm={() => void decide(true)}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
