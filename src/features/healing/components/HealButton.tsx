import HealingOutlinedIcon from '@mui/icons-material/HealingOutlined';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Tooltip from '@mui/material/Tooltip';
import type { RunStatus } from '../../../../contract/runs';
import { describeError } from '../../../api/apiError';
import { notify } from '../../../lib/notify';
import { useHealRunMutation } from '../api';
import { messages } from '../messages';
import { isHealingInProgress } from '../types';
import { useRunHealing } from '../useHealing';

interface HealButtonProps {
  runId: string;
  testCaseId: string;
  runStatus: RunStatus;
  /** Why the person may not heal (issue 27: a viewer), or null. */
  locked?: string | null;
}

/** "Heal" on a failed run; while its healing is in progress, that progress instead. */
export function HealButton({ runId, testCaseId, runStatus, locked = null }: HealButtonProps) {
  const { data: healing } = useRunHealing(runId, testCaseId);
  const [healRun, { isLoading }] = useHealRunMutation();
  const failed = runStatus === 'failed';

  if (isLoading || isHealingInProgress(healing?.status))
    return (
      <Button
        variant="outlined"
        disabled
        startIcon={<CircularProgress size={16} color="inherit" aria-hidden />}
      >
        Healing…
      </Button>
    );

  const heal = async () => {
    const result = await healRun({ runId, testCaseId });
    // 422 (the run did not fail) and 409 (being healed already) say why in the server's words.
    if ('error' in result) notify.error(describeError(result.error, messages.healFailedToast));
    else notify.info(messages.healStarted);
  };

  const button = (
    <Button
      variant="outlined"
      startIcon={<HealingOutlinedIcon />}
      disabled={!failed || locked !== null}
      onClick={() => void heal()}
    >
      Heal
    </Button>
  );
  if (failed && locked === null) return button;
  const why = locked ?? messages.runNotFailedTooltip;
  return (
    // NOTE: a disabled button gets no pointer events; the wrapper receives the hover and focus for the tooltip.
    <Tooltip title={why}>
      <span tabIndex={0} aria-label={`Heal: ${why}`}>
        {button}
      </span>
    </Tooltip>
  );
}
