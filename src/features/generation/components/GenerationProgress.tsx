import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { GenerationState } from '../../../../contract/states';
import { planProgress, type PlanProgress } from '../planProgress';
import { isYetToStart, type MonitoringStatus } from '../types';

interface GenerationProgressProps {
  state: GenerationState;
  /** The instructions, to estimate the plan's length until the server knows it. */
  instructions: string;
  planLength: number | null;
  stepsDone: number;
  monitoring: MonitoringStatus;
}

function headline(state: GenerationState, progress: PlanProgress, yetToStart: boolean): string {
  const { current, total } = progress;
  if (state === 'waiting_for_executor' && yetToStart) return 'Starting a browser…';
  if (yetToStart) return 'Queued: waiting for a worker…';
  if (state === 'retrying') return `Resuming after an interruption at step ${current}…`;
  return `Generating step ${current} of ${progress.exact ? '' : 'about '}${total}…`;
}

const LIVE: Record<MonitoringStatus, string> = {
  idle: '',
  waiting: 'Connecting to live updates…',
  connecting: 'Connecting to live updates…',
  open: 'Live',
  reconnecting: 'Connection lost: reconnecting, checking meanwhile',
  polling: 'Checking for updates every few seconds',
};

/** SPEC §4 generating: step n of the plan, as a bar. */
export function GenerationProgress({
  state,
  instructions,
  planLength,
  stepsDone,
  monitoring,
}: GenerationProgressProps) {
  const yetToStart = isYetToStart(state, stepsDone);
  const progress = planProgress(instructions, stepsDone, planLength);
  const text = headline(state, progress, yetToStart);
  return (
    <Box role="status" aria-live="polite" sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2">{text}</Typography>
        {LIVE[monitoring] && (
          <Typography variant="caption" color="text.secondary">
            {LIVE[monitoring]}
          </Typography>
        )}
      </Box>
      <LinearProgress
        aria-label="Generation progress"
        variant={yetToStart ? 'indeterminate' : 'determinate'}
        value={progress.percent}
      />
    </Box>
  );
}
