import PushPinIcon from '@mui/icons-material/PushPin';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import { describeError } from '../../../api/apiError';
import { usePermissions } from '../../../app/hooks';
import { notify } from '../../../lib/notify';
import { usePinRunMutation } from '../api';
import { messages } from '../messages';
import type { TestRun } from '../types';

/** Pin or unpin an ended run (issue 34): a pinned run is kept past its project's retention. */
export function PinRunButton({ run }: { run: TestRun }) {
  const { reason } = usePermissions();
  const [pinRun, { isLoading }] = usePinRunMutation();
  const pinned = run.pinned_at !== null;
  const denied = reason('pinRuns');

  const toggle = async () => {
    const result = await pinRun({ runId: run._id, testCaseId: run.test_case_id, pinned: !pinned });
    if ('error' in result)
      notify.error(describeError(result.error, pinned ? messages.unpinFailed : messages.pinFailed));
    else notify.success(pinned ? messages.runUnpinned : messages.runPinned);
  };

  return (
    <Tooltip title={denied ?? (pinned ? messages.unpinHint : messages.pinHint)}>
      {/* A disabled button gets no pointer events: the wrapper carries the tooltip. */}
      <span>
        <Button
          size="small"
          variant={pinned ? 'contained' : 'outlined'}
          startIcon={pinned ? <PushPinIcon /> : <PushPinOutlinedIcon />}
          aria-pressed={pinned}
          disabled={isLoading || denied !== null}
          onClick={() => void toggle()}
        >
          {pinned ? 'Pinned' : 'Pin'}
        </Button>
      </span>
    </Tooltip>
  );
}
