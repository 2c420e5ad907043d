import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ComponentType, type ReactNode } from 'react';
import { useGetRunQuery } from '../api';
import { initialStep, stepRows } from '../steps';
import {
  findArtifact,
  formatDuration,
  isRunRunning,
  runOutcome,
  runProgress,
  TRACE_ARTIFACT,
  type TestRun,
} from '../types';
import { useWatch, type WatchStatus } from '../../monitoring/api';
import { useGetEnvironmentsQuery } from '../../suites/api';
import { ArtifactList } from './ArtifactList';
import { RunDataRows } from './RunDataRows';
import { RunInbox } from './RunInbox';
import { CancelRunButton } from './CancelRunButton';
import { PinRunButton } from './PinRunButton';
import { Filmstrip } from './Filmstrip';
import { RunLog } from './RunLog';
import { RunStatusChip } from './RunStatusChip';
import { RunSteps } from './RunSteps';
import { TraceButton } from './TraceButton';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** " at step 3: The "Pay" button was not found" — where and why a flaky run's first attempt failed. */
function firstFailureWords(failure: TestRun['first_failure'] | undefined): string {
  if (!failure) return '';
  const step = failure.failing_step_index === null ? '' : ` at step ${failure.failing_step_index + 1}`;
  return `${step}${failure.error_message ? `: ${failure.error_message}` : ''}`;
}

const LIVE_LABELS: Record<WatchStatus, string> = {
  waiting: 'Connecting…',
  connecting: 'Connecting…',
  open: 'Live',
  reconnecting: 'Reconnecting…',
  polling: 'Checking every few seconds',
  failed: 'Live updates are unavailable',
};

interface RunDetailProps {
  /** The run as the list has it: shown at once, then kept fresh by its own read. */
  run: TestRun;
  viewport: { width: number; height: number };
  suiteId?: string;
  /** What other features show under an ended run's outcome (the app composes it: healing, issue 14). */
  runExtra?: RunExtra;
}

export type RunExtra = ComponentType<{ run: TestRun; viewport: { width: number; height: number } }>;

/** One run: its state, duration, every step's result and screenshot, the failure, trace, log and files. */
export function RunDetail({ run: listed, viewport, suiteId, runExtra: Extra }: RunDetailProps) {
  const { data } = useGetRunQuery(listed._id);
  // The fresher of the two copies (the list is read again when runs start and end).
  const run = data && data.last_modified_at >= listed.last_modified_at ? data : listed;
  // Watched live while it runs and the screen shows it; leaving stops the watch (SPEC §4).
  const monitoring = useWatch('run', run._id, isRunRunning(run.status));
  // The environment it ran on (issue 33), named from the project's list.
  const { data: environments } = useGetEnvironmentsQuery(suiteId ?? '', {
    skip: !suiteId || !run.environment_id,
  });
  const environment = run.environment_id
    ? environments?.find((candidate) => candidate._id === run.environment_id)
    : undefined;
  const [picked, setPicked] = useState<{ runId: string; index: number | null } | null>(null);
  const selected = picked?.runId === run._id ? picked.index : initialStep(run);
  const select = (index: number | null) => setPicked({ runId: run._id, index });

  const running = isRunRunning(run.status);
  const rows = stepRows(run);
  const progress = runProgress(run);
  const outcome = runOutcome(run.status);
  const overrides = Object.entries(run.settings.parameter_overrides);

  return (
    <Card variant="outlined" component="article" aria-label="Run details">
      <CardContent>
        <Stack spacing={2.5}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
            <RunStatusChip status={run.status} size="medium" />
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Typography variant="h6" component="h2">
                Run of {dateFormat.format(new Date(run.created_at))}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {running
                  ? `Step ${Math.min(progress.done + 1, progress.total)} of ${progress.total}`
                  : `${progress.done} of ${progress.total} steps · ${formatDuration(run.execution_time_in_secs)}`}
                {run.attempts > 1 && ` · started ${run.attempts} times`}
                {run.trigger === 'schedule' && ' · started by its schedule'}
                {run.trigger === 'ci' && ' · started from CI'}
              </Typography>
            </Box>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              {findArtifact(run, TRACE_ARTIFACT) && <TraceButton runId={run._id} />}
              {running && <CancelRunButton run={run} suiteId={suiteId} />}
              {!running && <PinRunButton run={run} />}
            </Stack>
          </Box>

          {running && (
            <Box>
              <LinearProgress
                variant={progress.total > 0 ? 'determinate' : 'indeterminate'}
                value={progress.total > 0 ? (progress.done / progress.total) * 100 : undefined}
                aria-label="Progress of the run"
              />
              {monitoring && (
                <Typography variant="caption" color="text.secondary" role="status">
                  {LIVE_LABELS[monitoring.status]}
                </Typography>
              )}
            </Box>
          )}

          {/* A flaky run's own note below says where its first attempt failed. */}
          {run.error_message && outcome !== 'passed' && run.status !== 'flaky' && !running && (
            <Alert severity={outcome === 'failed' ? 'error' : 'warning'}>{run.error_message}</Alert>
          )}
          {Extra && !running && <Extra run={run} viewport={viewport} />}

          {run.status === 'flaky' && (
            <Alert severity="warning">
              Flaky: the first attempt failed{firstFailureWords(run.first_failure)}, then the run passed when
              it was run again.
            </Alert>
          )}

          {run.data_rows && run.data_rows.length > 0 && !running && <RunDataRows rows={run.data_rows} />}

          {run.steps_out_of_date && (
            <Alert severity="warning">
              Steps out of date: the test&apos;s instructions or website had changed since these steps were
              generated. Regenerate the test to follow them.
            </Alert>
          )}

          {(overrides.length > 0 || run.settings.website_url_override || environment) && (
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography variant="body2" color="text.secondary">
                Run with:
              </Typography>
              {environment && (
                <Chip
                  size="small"
                  color="primary"
                  variant="outlined"
                  label={`Environment ${environment.name}`}
                />
              )}
              {run.settings.website_url_override && (
                <Chip
                  size="small"
                  variant="outlined"
                  label={`Website ${run.settings.website_url_override}`}
                />
              )}
              {overrides.map(([name, value]) => (
                <Chip key={name} size="small" variant="outlined" label={`${name} = ${value}`} />
              ))}
            </Stack>
          )}

          <Filmstrip rows={rows} selected={selected} onSelect={select} viewport={viewport} />

          <Section title="Steps">
            <RunSteps
              rows={rows}
              selected={selected}
              onSelect={select}
              runError={run.error_message}
              viewport={viewport}
            />
          </Section>
          <Section title="Log">
            <RunLog run={run} />
          </Section>
          <Section title="Files">
            <ArtifactList runId={run._id} artifacts={run.artifacts} />
          </Section>
          {readsInbox(run) && (
            <Section title="E-mail">
              <RunInbox runId={run._id} running={running} />
            </Section>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A run that types or reads its {{inbox}} (issue 32) shows the mail the application sent there. */
function readsInbox(run: { step_descriptions: string[]; steps: { email?: unknown }[] }): boolean {
  return (
    run.steps.some((step) => step.email) ||
    run.step_descriptions.some((words) => /\{\{\s*inbox\s*\}\}/i.test(words))
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
