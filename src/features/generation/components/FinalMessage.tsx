import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
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

/** What the last generation said at its end (final_message), titled by how it ended. */
export function FinalMessage({ state, message }: { state: GenerationState; message: string | null }) {
  const known = TITLES[state];
  if (!known || (!message && known.severity === 'success')) return null;
  return (
    <Alert severity={known.severity} sx={{ mb: 2, whiteSpace: 'pre-line' }}>
      <AlertTitle>{known.title}</AlertTitle>
      {message}
    </Alert>
  );
}
