import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { GenerationState } from '../../../../contract/states';

const TITLES: Partial<Record<GenerationState, { title: string; severity: AlertColor }>> = {
  passed: { title: 'Generated', severity: 'success' },
  completed: { title: 'Marked as completed', severity: 'success' },
  failed: { title: 'Generation failed', severity: 'error' },
  not_runnable: { title: 'The instructions could not be run', severity: 'error' },
  error: { title: 'Generation error', severity: 'error' },
  resources_exceeded: { title: 'Generation used too many resources', severity: 'error' },
  aborted: { title: 'Generation aborted', severity: 'error' },
  executor_not_available: { title: 'No browser was available', severity: 'error' },
  cancelled: { title: 'Generation cancelled', severity: 'warning' },
};

/**
 * What the last generation said at its end (final_message), titled by how it ended, and the
 * instructions left without a step (issue 28): a test never looks complete while some are.
 */
export function FinalMessage({
  state,
  message,
  instructionsWithoutSteps = [],
}: {
  state: GenerationState;
  message: string | null;
  instructionsWithoutSteps?: string[];
}) {
  const known = TITLES[state];
  if (!known || (!message && known.severity === 'success')) return null;
  return (
    <Alert severity={known.severity} sx={{ mb: 2, whiteSpace: 'pre-line' }}>
      <AlertTitle>{known.title}</AlertTitle>
      {message}
      {instructionsWithoutSteps.length > 0 && <WithoutSteps instructions={instructionsWithoutSteps} />}
    </Alert>
  );
}

function WithoutSteps({ instructions }: { instructions: string[] }) {
  const label = instructions.length === 1 ? 'Instruction without a step' : 'Instructions without steps';
  return (
    <Box component="section" aria-label={label} sx={{ mt: 1, whiteSpace: 'normal' }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {instructions.map((instruction, index) => (
          <li key={index}>{instruction}</li>
        ))}
      </Box>
    </Box>
  );
}
