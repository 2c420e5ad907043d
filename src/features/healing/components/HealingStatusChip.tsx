import Chip, { type ChipProps } from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import { HEALING_STATUS_LABELS, healingPhase, type HealingPhase, type HealingStatus } from '../types';

const PHASE_COLORS: Record<HealingPhase, ChipProps['color']> = {
  in_progress: 'info',
  proposed: 'primary',
  not_proposed: 'warning',
  decided: 'default',
};

const statusColor = (status: HealingStatus): ChipProps['color'] =>
  status === 'accepted' ? 'success' : PHASE_COLORS[healingPhase(status)];

/** A healing's state in words and colour (SPEC §4 healing states). */
export function HealingStatusChip({ status }: { status: HealingStatus }) {
  return (
    <Chip
      size="small"
      color={statusColor(status)}
      variant={status === 'rejected' ? 'outlined' : 'filled'}
      label={HEALING_STATUS_LABELS[status]}
      icon={
        healingPhase(status) === 'in_progress' ? (
          <CircularProgress size={12} color="inherit" aria-hidden />
        ) : undefined
      }
    />
  );
}
