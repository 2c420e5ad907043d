import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useGetTestHeadlinesQuery } from '../../dashboard/api';
import { RUN_STATUS_LABELS, type RunStatus } from '../types';
import { RunStatusChip } from './RunStatusChip';

/**
 * The test's headline on each of the project's environments (issue 33): its newest run there, the
 * default environment first. Nothing for a project without environments. `newest` is the newest run
 * the page knows of: when it changes (a run started or ended), the headlines are read again.
 */
export function EnvironmentHeadlines({ testId, newest }: { testId: string; newest: string | null }) {
  const { data, isLoading, isError, refetch } = useGetTestHeadlinesQuery(testId);
  useEffect(() => {
    if (newest) void refetch();
  }, [newest, refetch]);
  if (isLoading)
    return <Skeleton variant="rounded" height={32} aria-label="Loading the environments' results" />;
  if (isError)
    return (
      <Typography variant="body2" color="text.secondary" role="status">
        The results per environment could not be loaded.
      </Typography>
    );
  const headlines = data?.headlines ?? [];
  if (!headlines.some((headline) => headline.environment_id)) return null;
  const ordered = [...headlines].sort(
    (a, b) =>
      Number(b.is_default) - Number(a.is_default) ||
      Number(Boolean(b.environment_id)) - Number(Boolean(a.environment_id)),
  );
  return (
    <Stack
      component="ul"
      aria-label="Newest run per environment"
      direction="row"
      sx={{ flexWrap: 'wrap', gap: 1, m: 0, p: 0, listStyle: 'none' }}
    >
      {ordered.map((headline) => {
        const name = headline.environment_name ?? "The test's website";
        const label = `${name}${headline.is_default ? ' (default)' : ''}`;
        const status = headline.status as RunStatus | null;
        return (
          <Stack
            key={headline.environment_id ?? 'own'}
            component="li"
            direction="row"
            aria-label={`${label}: ${status ? RUN_STATUS_LABELS[status] : 'never run'}`}
            sx={{ alignItems: 'center', gap: 0.75 }}
          >
            <Typography variant="body2">{label}</Typography>
            {status ? (
              <RunStatusChip status={status} />
            ) : (
              <Chip size="small" variant="outlined" label="Never run" />
            )}
          </Stack>
        );
      })}
    </Stack>
  );
}
