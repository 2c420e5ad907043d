import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { CHART_OUTCOMES } from '../chartData';
import { formatDuration } from '../types';
import type { RunHistoryChartProps } from './RunHistoryChart';

// MUI X Charts is its own chunk: fetched when the chart first shows, never with the app shell.
const RunHistoryChart = lazy(async () => ({ default: (await import('./RunHistoryChart')).RunHistoryChart }));

/** The chart, with the same facts in words for screen readers and while it loads. */
export function LazyRunHistoryChart(props: RunHistoryChartProps) {
  const { history, height = 220 } = props;
  const total = history.runIds.length;
  if (total === 0) return null;
  const parts = CHART_OUTCOMES.filter((outcome) => history.counts[outcome] > 0).map(
    (outcome) => `${history.counts[outcome]} ${outcome}`,
  );
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label="Durations and outcomes of the last runs">
      <Suspense fallback={<Skeleton variant="rounded" height={height} aria-label="Loading the chart" />}>
        <RunHistoryChart {...props} />
      </Suspense>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        Last {total} {total === 1 ? 'run' : 'runs'}: {parts.join(', ')}
        {history.medianSeconds !== null && ` · median ${formatDuration(history.medianSeconds)}`}
      </Typography>
    </Box>
  );
}
