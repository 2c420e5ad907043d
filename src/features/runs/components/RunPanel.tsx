import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { ErrorState } from '../../../components/ErrorState';
import { paths } from '../../../config/paths';
import type { TestCase } from '../../tests/api';
import { useGetRunQuery } from '../api';
import { messages } from '../messages';
import { runSelected } from '../slice';
import {
  failingStepIndex,
  formatDuration,
  isRunRunning,
  runOtherSite,
  runProgress,
  type TestRun,
} from '../types';
import { useWatch } from '../../monitoring/api';
import { useRuns } from '../useRuns';
import { useRunsErrorToast } from '../useRunsErrorToast';
import { EnvironmentHeadlines } from './EnvironmentHeadlines';
import { QuarantineControl } from './QuarantineControl';
import { runSummary } from './RunList';
import { useEnvironmentNames } from '../environmentNames';
import { RunActions } from './RunActions';
import { RunStatusChip } from './RunStatusChip';

const RECENT = 5;
const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The test page's Runs section: run it, watch the latest run live, open any recent run. */
export function RunPanel({
  test,
  runLock = null,
  quarantineLock = null,
}: {
  test: TestCase;
  runLock?: string | null;
  /** Why the person may not quarantine the test or release it (issue 33), or null. */
  quarantineLock?: string | null;
}) {
  const dispatch = useAppDispatch();
  const runs = useRuns(test.id);
  const runsHref = paths.testCaseRuns.getHref(test.id);
  const open = (runId: string) => dispatch(runSelected({ testId: test.id, runId }));
  useRunsErrorToast(runs.isError && !runs.loaded);
  const environmentNames = useEnvironmentNames(test.suiteId, runs.runs);

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <RunActions test={test} locked={runLock} />
        <QuarantineControl test={test} locked={quarantineLock} />
        <Box sx={{ flex: 1 }} />
        <Button component={RouterLink} to={runsHref} endIcon={<ArrowForwardIcon />}>
          All runs
        </Button>
      </Box>
      <EnvironmentHeadlines
        testId={test.id}
        newest={runs.runs[0] ? `${runs.runs[0]._id}:${runs.runs[0].status}` : null}
      />
      {runs.isLoading ? (
        <Skeleton variant="rounded" height={72} aria-label="Loading runs" />
      ) : !runs.loaded ? (
        <ErrorState
          message={messages.listFailed}
          onRetry={() => void runs.refetch()}
          retrying={runs.isFetching}
        />
      ) : runs.runs.length === 0 ? (
        <Typography variant="body2" color="text.secondary" role="status">
          {messages.empty}
        </Typography>
      ) : (
        <>
          <LatestRun run={runs.runs[0]} href={runsHref} onOpen={open} />
          {runs.runs.length > 1 && (
            <Box component="nav" aria-label="Recent runs">
              <Typography variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
                Earlier runs
              </Typography>
              <Stack spacing={0.5}>
                {runs.runs.slice(1, RECENT + 1).map((run) => (
                  <Box
                    key={run._id}
                    sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
                  >
                    <RunStatusChip status={run.status} />
                    <Link component={RouterLink} to={runsHref} onClick={() => open(run._id)} variant="body2">
                      {timeFormat.format(new Date(run.created_at))}
                    </Link>
                    <Typography variant="body2" color="text.secondary">
                      {runSummary(run, environmentNames)} · {formatDuration(run.execution_time_in_secs)}
                    </Typography>
                  </Box>
                ))}
              </Stack>
            </Box>
          )}
        </>
      )}
    </Stack>
  );
}

/** The newest run, kept live while it runs. */
function LatestRun({
  run: listed,
  href,
  onOpen,
}: {
  run: TestRun;
  href: string;
  onOpen: (runId: string) => void;
}) {
  const { data } = useGetRunQuery(listed._id);
  const run = data && data.last_modified_at >= listed.last_modified_at ? data : listed;
  const running = isRunRunning(run.status);
  useWatch('run', run._id, running);
  const { done, total } = runProgress(run);
  const failing = failingStepIndex(run);
  const failingStep = failing === null ? null : run.steps[failing];

  return (
    <Box
      component="section"
      aria-label="Latest run"
      sx={{
        border: 1,
        borderColor: run.status === 'failed' ? 'error.main' : 'divider',
        borderRadius: 1,
        p: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <RunStatusChip status={run.status} />
        <Typography variant="body2">
          Latest run · {timeFormat.format(new Date(run.created_at))}
          {!running && ` · ${formatDuration(run.execution_time_in_secs)}`}
          {runOtherSite(run) && ` · on ${runOtherSite(run)}`}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <Link component={RouterLink} to={href} onClick={() => onOpen(run._id)} variant="body2">
          View run
        </Link>
      </Box>
      {running && (
        <Box sx={{ mt: 1.5 }}>
          <LinearProgress
            variant={total > 0 ? 'determinate' : 'indeterminate'}
            value={total > 0 ? (done / total) * 100 : undefined}
            aria-label="Progress of the latest run"
          />
          <Typography variant="caption" color="text.secondary">
            {total > 0 ? `Step ${Math.min(done + 1, total)} of ${total}` : 'Starting…'}
            {run.step_descriptions[done] && `: ${run.step_descriptions[done]}`}
          </Typography>
        </Box>
      )}
      {run.steps_out_of_date && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          Steps out of date: this run replays steps generated before the test last changed.
        </Alert>
      )}
      {!running && run.error_message && (
        <Alert severity={run.status === 'failed' ? 'error' : 'warning'} sx={{ mt: 1.5 }}>
          {failingStep?.error?.message && failing !== null ? (
            <>
              <strong>
                Step {failing + 1}, “{failingStep.step_description}”, failed:
              </strong>{' '}
              {failingStep.error.message}
            </>
          ) : (
            run.error_message
          )}
        </Alert>
      )}
    </Box>
  );
}
