import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
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
}

/** Accept (after a confirmation: it replaces the test's steps) or Reject a proposal. */
export function HealingDecision({ healing, onAccepted }: HealingDecisionProps) {
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
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={() => setConfirming(true)} disabled={isLoading}>
          Accept
        </Button>
        <Button variant="outlined" onClick={() => void decide(false)} disabled={isLoading}>
          Reject
        </Button>
      </Stack>
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
