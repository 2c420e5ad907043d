import Chip, { type ChipProps } from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { RunCounts } from '../types';

const order: { key: keyof RunCounts; label: string; color: ChipProps['color'] }[] = [
  { key: 'passed', label: 'passed', color: 'success' },
  // A pass on retry is counted apart: it passed, but not the first time.
  { key: 'flaky', label: 'flaky', color: 'warning' },
  { key: 'failed', label: 'failed', color: 'error' },
  { key: 'error', label: 'error', color: 'warning' },
  { key: 'running', label: 'running', color: 'info' },
  { key: 'pending', label: 'pending', color: 'default' },
  { key: 'cancelled', label: 'cancelled', color: 'default' },
];

/** A group's counts as coloured chips, the statuses it has only. */
export function RunCountChips({ counts }: { counts: RunCounts }) {
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {order
        .filter(({ key }) => (counts[key] ?? 0) > 0)
        .map(({ key, label, color }) => (
          <Chip
            key={key}
            size="small"
            color={color}
            variant={key === 'pending' || key === 'cancelled' ? 'outlined' : 'filled'}
            label={`${counts[key]} ${label}`}
          />
        ))}
    </Stack>
  );
}
