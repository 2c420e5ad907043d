import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import type { PassRateChartProps } from './PassRateChart';

// MUI X Charts is its own chunk: fetched when the chart first shows, never with the app shell.
const PassRateChart = lazy(async () => ({ default: (await import('./PassRateChart')).PassRateChart }));

/** The daily chart, with the same facts in words for screen readers and while it loads. */
export function LazyPassRateChart(props: PassRateChartProps) {
  const { daily, height = 160 } = props;
  const passed = daily.reduce((sum, day) => sum + day.passed, 0);
  const failed = daily.reduce((sum, day) => sum + day.failed, 0);
  return (
    <Box component="figure" sx={{ m: 0 }} aria-label="Passed and failed runs per day">
      <Suspense fallback={<Skeleton variant="rounded" height={height} aria-label="Loading the chart" />}>
        <PassRateChart {...props} />
      </Suspense>
      <Typography component="figcaption" variant="body2" color="text.secondary">
        Last {daily.length} days: {passed} passed, {failed} failed
      </Typography>
    </Box>
  );
}
