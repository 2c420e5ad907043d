import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import ReplayIcon from '@mui/icons-material/Replay';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import type { SimplifiedStatus } from '../../../../contract/states';
import { RUN_STATUS_LABELS, runOutcome, runStatusColor, type RunStatus } from '../types';

export const OUTCOME_COLORS: Record<SimplifiedStatus, ChipProps['color']> = {
  created: 'default',
  in_progress: 'info',
  passed: 'success',
  failed: 'error',
  error: 'warning',
  unknown: 'default',
};

function statusIcon(status: RunStatus) {
  if (status === 'running') return <CircularProgress size={14} color="inherit" aria-hidden />;
  if (status === 'flaky') return <ReplayIcon />;
  switch (runOutcome(status)) {
    case 'passed':
      return <CheckCircleOutlineIcon />;
    case 'failed':
      return <ErrorOutlineIcon />;
    case 'in_progress':
      return <HourglassEmptyIcon />;
    default:
      return <CancelOutlinedIcon />;
  }
}

/** A run's state in words and colour (SPEC §4's run states; the colour is its simplified status). */
export function RunStatusChip({ status, size = 'small' }: { status: RunStatus; size?: ChipProps['size'] }) {
  return (
    <Chip
      size={size}
      icon={statusIcon(status)}
      label={RUN_STATUS_LABELS[status]}
      color={runStatusColor(status)}
      variant="filled"
      data-status={status}
      sx={{ minWidth: 96, justifyContent: 'flex-start', '& .MuiChip-icon': { color: 'inherit' } }}
    />
  );
}
