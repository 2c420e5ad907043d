import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ScheduleTick, TickOutcome } from '../../../../contract/schedules';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const OUTCOMES: Record<TickOutcome, { label: string; color: ChipProps['color'] }> = {
  started: { label: 'Started', color: 'success' },
  skipped: { label: 'Skipped', color: 'default' },
  failed: { label: 'Failed', color: 'error' },
};

interface ScheduleTicksProps {
  ticks: ScheduleTick[];
  /** Where a started tick's runs are: the collection's group, or the test's run. */
  hrefOf: (tick: ScheduleTick) => string | null;
}

/** What the schedule did at its last times: started (with a link), skipped or failed, and why. */
export function ScheduleTicks({ ticks, hrefOf }: ScheduleTicksProps) {
  if (ticks.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        The schedule has not run yet.
      </Typography>
    );
  return (
    <List dense disablePadding aria-label="Recent scheduled runs">
      {ticks.map((tick) => {
        const { label, color } = OUTCOMES[tick.outcome];
        const when = dateFormat.format(new Date(tick.tick_at));
        const href = tick.outcome === 'started' ? hrefOf(tick) : null;
        return (
          <ListItem key={`${tick.tick_at}-${tick.handled_at}`} divider disableGutters>
            <Stack
              direction="row"
              sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, minWidth: 0 }}
            >
              <Chip
                size="small"
                label={label}
                color={color}
                variant={color === 'default' ? 'outlined' : 'filled'}
              />
              {href ? (
                <Link component={RouterLink} to={href} variant="body2">
                  {when}
                </Link>
              ) : (
                <Typography variant="body2">{when}</Typography>
              )}
              {tick.message && (
                <Typography
                  variant="body2"
                  color={tick.outcome === 'failed' ? 'error' : 'text.secondary'}
                  sx={{ minWidth: 0, overflowWrap: 'anywhere' }}
                >
                  {tick.message}
                </Typography>
              )}
            </Stack>
          </ListItem>
        );
      })}
    </List>
  );
}
