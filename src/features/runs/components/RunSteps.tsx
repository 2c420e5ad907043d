import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Collapse from '@mui/material/Collapse';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import type { StepRow, StepState } from '../steps';
import { formatDuration } from '../types';
import { RunScreenshot } from './RunScreenshot';

const STATE_LABELS: Record<StepState, string> = {
  passed: 'Passed',
  failed: 'Failed',
  running: 'Running',
  waiting: 'Waiting',
  skipped: 'Not run',
};

function StateIcon({ state }: { state: StepState }) {
  switch (state) {
    case 'passed':
      return <CheckCircleIcon color="success" />;
    case 'failed':
      return <ErrorIcon color="error" />;
    case 'running':
      return <CircularProgress size={20} aria-hidden />;
    case 'waiting':
      return <RadioButtonUncheckedIcon color="disabled" />;
    default:
      return <RemoveCircleOutlineIcon color="disabled" />;
  }
}

interface RunStepsProps {
  rows: readonly StepRow[];
  /** The step whose details (screenshot, code, error) are open. */
  selected: number | null;
  onSelect: (index: number | null) => void;
  /** The run's own words about the failure, for a failing step without an error of its own. */
  runError: string | null;
  viewport: { width: number; height: number };
}

/** Each step's result: the failing one marked in red with its error, the open one with its screenshot. */
export function RunSteps({ rows, selected, onSelect, runError, viewport }: RunStepsProps) {
  const failingRef = useRef<HTMLLIElement>(null);
  const failing = rows.find((row) => row.state === 'failed')?.index ?? null;

  // The failing step is what a person came for: bring it into view once it is known.
  useEffect(() => {
    if (failing !== null) failingRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [failing]);

  if (rows.length === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        This run has no steps.
      </Typography>
    );

  return (
    <List disablePadding aria-label="Steps of the run">
      {rows.map((row) => {
        const open = selected === row.index;
        const isFailing = row.state === 'failed';
        const error = isFailing ? (row.result?.error?.message ?? runError) : null;
        return (
          <ListItem
            key={row.index}
            ref={isFailing ? failingRef : undefined}
            disablePadding
            data-state={row.state}
            aria-current={isFailing ? 'step' : undefined}
            sx={{
              display: 'block',
              mb: 0.5,
              borderRadius: 1,
              border: 1,
              borderColor: isFailing ? 'error.main' : 'transparent',
              bgcolor: isFailing ? 'rgba(211, 47, 47, 0.06)' : undefined,
            }}
          >
            <ListItemButton
              onClick={() => onSelect(open ? null : row.index)}
              aria-expanded={open}
              disabled={!row.result && !isFailing}
              sx={{ borderRadius: 1, alignItems: 'flex-start' }}
            >
              <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }} aria-label={STATE_LABELS[row.state]}>
                <StateIcon state={row.state} />
              </ListItemIcon>
              <ListItemText
                primary={`${row.index + 1}. ${row.result?.action_name || row.description}`}
                secondary={
                  row.result
                    ? `${row.description} · ${STATE_LABELS[row.state]} in ${formatDuration(row.result.duration_ms / 1000)}`
                    : STATE_LABELS[row.state]
                }
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItemButton>
            {row.result?.note && (
              // An optional step (issue 32): whether its element was shown and clicked, or the step skipped.
              <Typography variant="body2" color="text.secondary" sx={{ pl: 6.5, pr: 2, pb: 1 }}>
                {row.result.note}
              </Typography>
            )}
            {error && (
              <Alert severity="error" sx={{ mx: 1, mb: 1 }} role="alert">
                <strong>Step {row.index + 1} failed:</strong> {error}
              </Alert>
            )}
            <Collapse in={open} unmountOnExit>
              <StepDetails row={row} viewport={viewport} />
            </Collapse>
          </ListItem>
        );
      })}
    </List>
  );
}

function StepDetails({ row, viewport }: { row: StepRow; viewport: { width: number; height: number } }) {
  const result = row.result;
  if (!result) return null;
  return (
    <Stack spacing={1.5} sx={{ px: 2, pb: 2 }}>
      {result.url && /^https?:\/\//i.test(result.url) && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Page after the step:{' '}
          <Link href={result.url} target="_blank" rel="noopener noreferrer">
            {result.url}
          </Link>
        </Typography>
      )}
      {result.email && (
        // An e-mail step (issue 32): the mail it read, never its body.
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Read the e-mail "{result.email.subject}" from {result.email.from || 'an unknown sender'}, received{' '}
          {new Date(result.email.received_at).toLocaleTimeString()}
        </Typography>
      )}
      {result.run_code && (
        <Box
          component="pre"
          aria-label={`Code of step ${row.index + 1}`}
          sx={{
            m: 0,
            p: 1.5,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontSize: 13,
            overflowX: 'auto',
            whiteSpace: 'pre-wrap',
          }}
        >
          {result.run_code}
        </Box>
      )}
      {result.screenshot_id ? (
        <Box sx={{ maxWidth: 720 }}>
          <RunScreenshot
            imageId={result.screenshot_id}
            alt={`Page after step ${row.index + 1}`}
            aspectRatio={viewport.width / viewport.height}
          />
        </Box>
      ) : result.screenshot_error ? (
        // A screenshot that failed says so, never silently nothing.
        <Typography variant="body2" color="error">
          Screenshot failed: {result.screenshot_error}
        </Typography>
      ) : (
        <Typography variant="body2" color="text.secondary">
          No screenshot for this step.
        </Typography>
      )}
    </Stack>
  );
}
