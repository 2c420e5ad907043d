import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import { describeError } from '../../../api/apiError';
import { ErrorState } from '../../../components/ErrorState';
import { useDashboard } from '../useDashboard';
import {
  FlakySection,
  LatestFailuresSection,
  OutOfDateSection,
  PassRateSection,
  RunningSection,
} from './DashboardSections';

const FAILED_TO_LOAD = 'Failed to load the dashboard. Please try again.';

const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  gap: 2,
} as const;

/** Pass rates, failures, flaky, out-of-date and running tests of a suite, kept live. */
export function DashboardPanel({ suiteId }: { suiteId: string }) {
  const { data, error, isLoading, isFetching, refetch } = useDashboard(suiteId);
  if (isLoading)
    return (
      <Box sx={grid} aria-busy="true" aria-label="Loading the dashboard" role="progressbar">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} variant="rounded" height={180} />
        ))}
      </Box>
    );
  if (!data)
    return (
      <ErrorState
        message={error ? describeError(error, FAILED_TO_LOAD) : FAILED_TO_LOAD}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  return (
    <Box sx={grid}>
      <PassRateSection
        last7Days={data.pass_rate.last_7_days}
        last30Days={data.pass_rate.last_30_days}
        daily={data.pass_rate.daily}
      />
      <RunningSection items={data.running} />
      <LatestFailuresSection failures={data.latest_failures} />
      <FlakySection tests={data.flaky} />
      <OutOfDateSection tests={data.out_of_date} />
    </Box>
  );
}
