import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import type { PassRateDay } from '../types';

export interface PassRateChartProps {
  daily: PassRateDay[];
  height?: number;
}

/** Passed and failed runs per UTC day, stacked (MUI X Charts). */
export function PassRateChart({ daily, height = 160 }: PassRateChartProps) {
  const theme = useTheme();
  return (
    <Box aria-hidden data-testid="pass-rate-chart">
      <BarChart
        height={height}
        skipAnimation
        xAxis={[
          {
            scaleType: 'band',
            data: daily.map(({ date }) => date.slice(5)),
            tickLabelStyle: { fontSize: 10 },
          },
        ]}
        yAxis={[{ width: 32, tickMinStep: 1 }]}
        series={[
          {
            id: 'passed',
            label: 'Passed',
            data: daily.map(({ passed }) => passed),
            stack: 'outcome',
            color: theme.palette.success.main,
          },
          {
            id: 'failed',
            label: 'Failed',
            data: daily.map(({ failed }) => failed),
            stack: 'outcome',
            color: theme.palette.error.main,
          },
        ]}
        hideLegend
        margin={{ left: 4, right: 4, top: 8, bottom: 4 }}
      />
    </Box>
  );
}
