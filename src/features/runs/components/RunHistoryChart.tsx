import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { CHART_OUTCOMES, runHistoryAxis, type ChartOutcome, type RunHistory } from '../chartData';
import { formatDuration } from '../types';

export interface RunHistoryChartProps {
  history: RunHistory;
  height?: number;
  /** A bar was clicked: the run it stands for. */
  onSelectRun?: (runId: string) => void;
}

const LABELS: Record<ChartOutcome, string> = { passed: 'Passed', failed: 'Failed', error: 'Error' };

/** The last runs' durations, one bar per run, coloured by outcome (MUI X Charts). */
export function RunHistoryChart({ history, height = 220, onSelectRun }: RunHistoryChartProps) {
  const theme = useTheme();
  const colors: Record<ChartOutcome, string> = {
    passed: theme.palette.success.main,
    failed: theme.palette.error.main,
    error: theme.palette.warning.main,
  };
  return (
    <Box aria-hidden data-testid="run-history-chart">
      <BarChart
        height={height}
        skipAnimation
        // One band per run (keyed by id); the tooltip reads its start time, then its outcome and duration.
        xAxis={[{ ...runHistoryAxis(history), tickLabelStyle: { fontSize: 11 } }]}
        yAxis={[{ label: 'Seconds', width: 56 }]}
        series={CHART_OUTCOMES.map((outcome) => ({
          id: outcome,
          label: LABELS[outcome],
          data: history.series[outcome],
          stack: 'outcome',
          color: colors[outcome],
          valueFormatter: (value: number | null) => (value === null ? null : formatDuration(value)),
        }))}
        onItemClick={(_event, item) => {
          const runId = item.dataIndex === undefined ? undefined : history.runIds[item.dataIndex];
          if (runId) onSelectRun?.(runId);
        }}
        margin={{ left: 8, right: 8, top: 8, bottom: 8 }}
      />
    </Box>
  );
}
