import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { describeError } from '../../../api/apiError';
import { ErrorState } from '../../../components/ErrorState';
import { OWN_WEBSITES } from '../../../../contract/dashboard';
import { useGetEnvironmentsQuery } from '../../suites/api';
import { useDashboard } from '../useDashboard';
import {
  FlakySection,
  LatestFailuresSection,
  OutOfDateSection,
  PassRateSection,
  QuarantineCandidatesSection,
  QuarantineSection,
  RunningSection,
} from './DashboardSections';

const FAILED_TO_LOAD = 'Failed to load the dashboard. Please try again.';

const grid = {
  display: 'grid',
  gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
  gap: 2,
} as const;

/**
 * Pass rates, failures, flaky, out-of-date and running tests of a suite, kept live; on the project's
 * default environment, or another one chosen here (issue 33).
 */
export function DashboardPanel({ suiteId }: { suiteId: string }) {
  // '' is the server's default: the project's default environment.
  const [environmentId, setEnvironmentId] = useState('');
  return (
    <Box>
      <EnvironmentChoice suiteId={suiteId} value={environmentId} onChange={setEnvironmentId} />
      <DashboardContent suiteId={suiteId} environmentId={environmentId || null} />
    </Box>
  );
}

/** Which environment's runs the dashboard counts; nothing while the project has no environments. */
function EnvironmentChoice({
  suiteId,
  value,
  onChange,
}: {
  suiteId: string;
  value: string;
  onChange: (environmentId: string) => void;
}) {
  const { data: environments, isError } = useGetEnvironmentsQuery(suiteId);
  if (isError)
    return (
      <Typography variant="body2" color="error" role="alert" sx={{ mb: 2 }}>
        The project&apos;s environments could not be loaded: the dashboard shows its default one.
      </Typography>
    );
  if (!environments?.length) return null;
  const fallback = environments.find((environment) => environment.is_default);
  return (
    <TextField
      select
      size="small"
      label="Environment"
      value={value || fallback?._id || OWN_WEBSITES}
      onChange={(event) => onChange(event.target.value === fallback?._id ? '' : event.target.value)}
      helperText="Pass rates, failures and flaky tests count the runs on this environment."
      sx={{ mb: 2, minWidth: 260 }}
    >
      {environments.map((environment) => (
        <MenuItem key={environment._id} value={environment._id}>
          {environment.is_default ? `${environment.name} (default)` : environment.name}
        </MenuItem>
      ))}
      <MenuItem value={OWN_WEBSITES}>The tests&apos; own websites</MenuItem>
    </TextField>
  );
}

function DashboardContent({ suiteId, environmentId }: { suiteId: string; environmentId: string | null }) {
  const { data, error, isLoading, isFetching, refetch } = useDashboard(suiteId, environmentId);
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
      <QuarantineSection suiteId={suiteId} />
      <QuarantineCandidatesSection suiteId={suiteId} />
    </Box>
  );
}
