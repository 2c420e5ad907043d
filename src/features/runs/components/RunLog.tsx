import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetRunLogQuery } from '../api';
import { detectLogMode } from '../logLevels';
import { messages } from '../messages';
import { findArtifact, isRunRunning, LOG_ARTIFACT, type TestRun } from '../types';
import { LazyLogViewer } from './LazyLogViewer';

const textHref = (text: string) => `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;

/** The run's log (run.log): console errors, failed requests and step results, coloured by level. */
export function RunLog({ run }: { run: TestRun }) {
  const available = Boolean(findArtifact(run, LOG_ARTIFACT));
  const { data, isError, isFetching, refetch } = useGetRunLogQuery(run._id, { skip: !available });

  if (!available)
    return (
      <Typography variant="body2" color="text.secondary">
        {isRunRunning(run.status) ? 'The log is written when the run ends.' : 'This run has no log.'}
      </Typography>
    );
  if (isError)
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" color="error">
          {messages.logFailed}
        </Typography>
        <Button size="small" onClick={() => void refetch()} disabled={isFetching}>
          Retry
        </Button>
      </Stack>
    );
  if (!data) return <Skeleton variant="rounded" height={160} aria-label="Loading the log" />;
  if (!data.text.trim())
    return (
      <Typography variant="body2" color="text.secondary">
        The log is empty.
      </Typography>
    );
  return (
    <LazyLogViewer
      text={data.text}
      mode={detectLogMode(data.text)}
      label="Log of the run"
      // The text itself, not the signed link: a download works as long as the page shows the log.
      downloads={[{ label: 'Download log', href: textHref(data.text), filename: `run-${run._id}.log` }]}
    />
  );
}
