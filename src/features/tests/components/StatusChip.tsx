import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Theme } from '@mui/material/styles';
import {
  displayedStatus,
  type GenerationState,
  type RunState,
  type SimplifiedStatus,
} from '../../../../contract/states';

export const STATUS_LABELS: Record<SimplifiedStatus, string> = {
  created: 'Created',
  in_progress: 'In progress',
  passed: 'Passed',
  failed: 'Failed',
  error: 'Error',
  unknown: 'Unknown',
};

const STATUS_COLORS: Record<SimplifiedStatus, ChipProps['color']> = {
  created: 'default',
  in_progress: 'info',
  passed: 'success',
  failed: 'error',
  error: 'warning',
  unknown: 'default',
};

/**
 * The words for a test's status: SPEC §4's simplified status, except that a cancelled generation or
 * run says "Cancelled" (issue 28: a lead read "Error" for a generation someone stopped). Its colour
 * and data-status stay the simplified status's ('error'), so filters and counts do not change.
 */
export function statusLabel(generation: GenerationState | null, run: RunState | null): string {
  const generationDone = generation === 'passed' || generation === 'completed';
  const shown = run && (generationDone || !generation) ? run : generation;
  return shown === 'cancelled' ? 'Cancelled' : STATUS_LABELS[displayedStatus(generation, run)];
}

const outline = (theme: Theme) => `inset 0 0 0 1px ${theme.vars?.palette.divider ?? theme.palette.divider}`;

/** The same colours for plain elements marked `.pw-status[data-status=…]` (the virtualized tree's rows). */
export const statusColors = Object.fromEntries(
  (Object.keys(STATUS_COLORS) as SimplifiedStatus[]).map((status) => {
    const color = STATUS_COLORS[status];
    return [
      `& .pw-status[data-status="${status}"]`,
      color === 'default' || !color
        ? { color: 'text.primary', boxShadow: outline }
        : { bgcolor: `${color}.main`, color: `${color}.contrastText` },
    ];
  }),
);

interface StatusChipProps {
  /** The generation state; null when the test has none. */
  state: GenerationState | null;
  latestRunStatus: RunState | null;
  size?: ChipProps['size'];
  id?: string;
}

/** SPEC §4's simplified status: the run's when generation passed (or none exists), else the generation's. */
export function StatusChip({ state, latestRunStatus, size = 'small', id }: StatusChipProps) {
  const status = displayedStatus(state, latestRunStatus);
  return (
    <Chip
      id={id}
      size={size}
      label={statusLabel(state, latestRunStatus)}
      color={STATUS_COLORS[status]}
      variant={status === 'created' || status === 'unknown' ? 'outlined' : 'filled'}
      data-status={status}
      sx={{ minWidth: 84 }}
    />
  );
}
