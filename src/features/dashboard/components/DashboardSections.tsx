import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import Skeleton from '@mui/material/Skeleton';
import ListItem from '@mui/material/ListItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { ErrorState } from '../../../components/ErrorState';
import { paths } from '../../../config/paths';
import { QUARANTINE_MESSAGES } from '../../../../contract/quarantine';
import { notify } from '../../../lib/notify';
import { useDismissCandidateMutation, useGetSuiteQuarantineQuery, type Quarantine } from '../api';
import {
  formatRate,
  type FlakyTest,
  type LatestFailure,
  type OutOfDateTest,
  type PassRateWindow,
  type PassRateDay,
  type RunningItem,
} from '../types';
import { LazyPassRateChart } from './LazyPassRateChart';

interface SectionProps {
  title: string;
  /** The sentence shown when the list is empty. */
  empty: string;
  count: number;
  children: ReactNode;
  action?: ReactNode;
}

/** A titled card holding one list of the dashboard, or its empty sentence. */
export function DashboardSection({ title, empty, count, children, action }: SectionProps) {
  const titleId = useId();
  return (
    <Card component="section" aria-labelledby={titleId} sx={{ minWidth: 0 }}>
      <CardContent>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {action}
        </Box>
        {count === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {empty}
          </Typography>
        ) : (
          <List dense disablePadding>
            {children}
          </List>
        )}
      </CardContent>
    </Card>
  );
}

/** A test's name as a link, cut with an ellipsis when long (the whole name in a tooltip). */
function TestLink({ name, to }: { name: string; to: string }) {
  return (
    <Tooltip title={name} enterDelay={500}>
      <Link
        component={RouterLink}
        to={to}
        underline="hover"
        noWrap
        sx={{ display: 'block', minWidth: 0, fontWeight: 500 }}
      >
        {name}
      </Link>
    </Tooltip>
  );
}

function Row({ children }: { children: ReactNode }) {
  return (
    <ListItem disableGutters sx={{ display: 'block', py: 0.75, minWidth: 0 }}>
      {children}
    </ListItem>
  );
}

function Secondary({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary" noWrap component="div">
      {children}
    </Typography>
  );
}

export function PassRateSection({
  last7Days,
  last30Days,
  daily,
}: {
  last7Days: PassRateWindow;
  last30Days: PassRateWindow;
  daily: PassRateDay[];
}) {
  const cards: [string, PassRateWindow][] = [
    ['Last 7 days', last7Days],
    ['Last 30 days', last30Days],
  ];
  return (
    <Card component="section" aria-label="Pass rate" sx={{ minWidth: 0 }}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          Pass rate
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2, mb: 2 }}>
          {cards.map(([label, window]) => (
            <Box key={label} role="group" aria-label={label}>
              <Typography variant="overline" color="text.secondary" component="p">
                {label}
              </Typography>
              <Typography variant="h4" component="p">
                {formatRate(window.rate)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {window.total === 0
                  ? 'No finished runs'
                  : `${window.passed} passed · ${window.failed} failed`}
              </Typography>
            </Box>
          ))}
        </Box>
        {last30Days.total > 0 && <LazyPassRateChart daily={daily} />}
      </CardContent>
    </Card>
  );
}

export function LatestFailuresSection({ failures }: { failures: LatestFailure[] }) {
  return (
    <DashboardSection title="Latest failures" empty="No test is failing right now." count={failures.length}>
      {failures.map((failure) => (
        <Row key={failure.run_id}>
          <TestLink name={failure.test_name} to={paths.testCaseRuns.getHref(failure.test_case_id)} />
          {failure.failing_step && (
            <Secondary>
              Step {(failure.failing_step_index ?? 0) + 1}: {failure.failing_step}
            </Secondary>
          )}
          {failure.error_message && (
            <Tooltip title={failure.error_message} enterDelay={500}>
              <Typography variant="body2" color="error" noWrap>
                {failure.error_message}
              </Typography>
            </Tooltip>
          )}
        </Row>
      ))}
    </DashboardSection>
  );
}

/**
 * "3 passed · 1 flaky · 2 failed of the last 6 runs": each run counted once, so they add up (issue 28:
 * a run that passed only on a retry was counted as passed and as failed).
 */
function flakyCounts(test: Pick<FlakyTest, 'passed' | 'flaky' | 'failed' | 'runs'>): string {
  const flaky = test.flaky > 0 ? ` · ${test.flaky} flaky` : '';
  return `${test.passed} passed${flaky} · ${test.failed} failed of the last ${test.runs} runs`;
}

export function FlakySection({ tests }: { tests: FlakyTest[] }) {
  return (
    <DashboardSection
      title="Flaky tests"
      empty="No test both passed and failed on the same steps lately."
      count={tests.length}
    >
      {tests.map((test) => (
        <Row key={test.test_case_id}>
          <TestLink name={test.test_name} to={paths.testCaseRuns.getHref(test.test_case_id)} />
          <Secondary>{flakyCounts(test)}</Secondary>
        </Row>
      ))}
    </DashboardSection>
  );
}

export function OutOfDateSection({ tests }: { tests: OutOfDateTest[] }) {
  return (
    <DashboardSection
      title="Steps out of date"
      empty="Every test's steps match its instructions and website."
      count={tests.length}
    >
      {tests.map((test) => (
        <Row key={test.test_case_id}>
          <TestLink name={test.test_name} to={paths.testCaseDetails.getHref(test.test_case_id)} />
          <Secondary>Instructions or website changed since the steps were generated</Secondary>
        </Row>
      ))}
    </DashboardSection>
  );
}

const STATUS_LABELS: Record<string, string> = {
  pending: 'Queued',
  scheduled: 'Scheduled',
  running: 'Running',
  retrying: 'Retrying',
  waiting_for_executor: 'Waiting',
};

export function RunningSection({ items }: { items: RunningItem[] }) {
  return (
    <DashboardSection
      title="Running now"
      empty="Nothing is running right now."
      count={items.length}
      action={items.length > 0 ? <Chip size="small" color="info" label="Live" /> : undefined}
    >
      {items.map((item) => (
        <Row key={item.run_id ?? `generation:${item.test_case_id}`}>
          <TestLink
            name={item.test_name}
            to={
              item.kind === 'run'
                ? paths.testCaseRuns.getHref(item.test_case_id)
                : paths.testCaseDetails.getHref(item.test_case_id)
            }
          />
          <Secondary>
            {item.kind === 'run' ? 'Run' : 'Generation'} · {STATUS_LABELS[item.status] ?? item.status}
          </Secondary>
        </Row>
      ))}
    </DashboardSection>
  );
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/** Issue 33: the project's quarantined tests, their reason, who put them aside, and their newest runs. */
export function QuarantineSection({ suiteId }: { suiteId: string }) {
  const { data, isLoading, isError, isFetching, refetch } = useGetSuiteQuarantineQuery(suiteId);
  if (isLoading)
    return <Skeleton variant="rounded" height={120} aria-label="Loading the quarantined tests" />;
  if (isError || !data)
    return (
      <ErrorState
        message="Failed to load the quarantined tests. Please try again."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  return (
    <DashboardSection
      title="Quarantined tests"
      empty="No test is quarantined: every failure counts."
      count={data.tests.length}
    >
      {data.tests.map((test) => (
        <Row key={test.test_case_id}>
          <TestLink name={test.test_name} to={paths.testCaseRuns.getHref(test.test_case_id)} />
          <Secondary>
            {`${test.reason} · by ${test.quarantined_by ?? 'a former member'} on ${dateFormat.format(new Date(test.quarantined_at))}`}
          </Secondary>
          <RecentRuns testName={test.test_name} runs={test.recent_runs} />
        </Row>
      ))}
    </DashboardSection>
  );
}

/** A test's newest runs as chips, newest first. */
function RecentRuns({ testName, runs }: { testName: string; runs: Quarantine['recent_runs'] }) {
  return (
    <Box
      component="ul"
      aria-label={`Newest runs of ${testName}`}
      sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', listStyle: 'none', m: 0, mt: 0.5, p: 0 }}
    >
      {runs.length === 0 ? (
        <Typography component="li" variant="caption" color="text.secondary">
          No runs yet
        </Typography>
      ) : (
        runs.map((run) => (
          <Box component="li" key={run._id}>
            <Chip
              size="small"
              variant="outlined"
              color={run.status === 'passed' ? 'success' : run.status === 'failed' ? 'error' : 'default'}
              label={run.status.replace(/_/g, ' ')}
            />
          </Box>
        ))
      )}
    </Box>
  );
}

/**
 * Issue 33: the tests a collection's "Retry once on failure" passed only the second time, not
 * quarantined: a person opens the test to quarantine it, or dismisses the mark.
 */
export function QuarantineCandidatesSection({ suiteId }: { suiteId: string }) {
  const { data } = useGetSuiteQuarantineQuery(suiteId);
  const [dismiss, { isLoading: dismissing }] = useDismissCandidateMutation();
  const candidates = data?.candidates ?? [];
  // Loading and failing are the quarantine section's to show (the same query).
  if (candidates.length === 0) return null;
  const dismissOne = async (testCaseId: string) => {
    try {
      await dismiss({ testCaseId, suiteId }).unwrap();
    } catch {
      notify.error(QUARANTINE_MESSAGES.dismissFailed);
    }
  };
  return (
    <DashboardSection
      title="Candidates for quarantine"
      empty="No test passed only on its retry."
      count={candidates.length}
    >
      {candidates.map((candidate) => (
        <Row key={candidate.test_case_id}>
          <TestLink name={candidate.test_name} to={paths.testCaseRuns.getHref(candidate.test_case_id)} />
          <Secondary>
            {`Passed only on its retry · ${dateFormat.format(new Date(candidate.marked_at))}`}
          </Secondary>
          <RecentRuns testName={candidate.test_name} runs={candidate.recent_runs} />
          <Button
            size="small"
            disabled={dismissing}
            aria-label={`Dismiss ${candidate.test_name}`}
            onClick={() => void dismissOne(candidate.test_case_id)}
          >
            Dismiss
          </Button>
        </Row>
      ))}
    </DashboardSection>
  );
}
