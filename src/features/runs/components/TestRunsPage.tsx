import HistoryOutlinedIcon from '@mui/icons-material/HistoryOutlined';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router';
import { isApiError } from '../../../api/apiError';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { EmptyState } from '../../../components/EmptyState';
import { ErrorState } from '../../../components/ErrorState';
import { ListSkeleton } from '../../../components/ListSkeleton';
import { PageLoader } from '../../../components/PageLoader';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useGetTestCaseQuery, type TestCase } from '../../tests/api';
import { runHistory } from '../chartData';
import { messages } from '../messages';
import { selectRunsViewType } from '../selectors';
import { runSelected, viewTypeChanged } from '../slice';
import { useRuns } from '../useRuns';
import { useRunsErrorToast } from '../useRunsErrorToast';
import { LazyRunHistoryChart } from './LazyRunHistoryChart';
import { RunActions } from './RunActions';
import { RunDetail, type RunExtra } from './RunDetail';
import { RunList } from './RunList';
import { useEnvironmentNames } from '../environmentNames';

interface TestRunsPageProps {
  testId: string;
  runExtra?: RunExtra;
  /** Why the person may not run tests (issue 27: a viewer), or null. */
  runLock?: string | null;
}

/** /test-cases/details/{id}/runs: the runs of one test, newest first, and the selected run in full. */
/** `runExtra`: what the app shows under an ended run (healing, issue 14). */
export function TestRunsPage({ testId, runExtra, runLock = null }: TestRunsPageProps) {
  const { data: test, error, isLoading, isFetching, refetch } = useGetTestCaseQuery(testId);
  if (isApiError(error) && error.status === 404)
    return (
      <EmptyState
        icon={<SearchOffIcon fontSize="inherit" />}
        title="This test case doesn't exist"
        description="It may have been deleted, or the link is wrong."
        action={
          <Button component={RouterLink} to={paths.testCases.getHref()} variant="contained">
            Back to tests
          </Button>
        }
      />
    );
  if (isLoading) return <PageLoader label="Loading test" />;
  if (!test)
    return (
      <ErrorState
        message="Failed to fetch test case. Please try again."
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  return <LoadedRunsPage test={test} runExtra={runExtra} runLock={runLock} />;
}

function LoadedRunsPage({
  test,
  runExtra,
  runLock,
}: {
  test: TestCase;
  runExtra?: RunExtra;
  runLock: string | null;
}) {
  useDocumentTitle(`Runs · ${test.name}`);
  const dispatch = useAppDispatch();
  const viewType = useAppSelector(selectRunsViewType);
  const runs = useRuns(test.id);
  const history = useMemo(() => runHistory(runs.runs), [runs.runs]);
  const viewport = { width: test.viewportWidth, height: test.viewportHeight };
  const select = (runId: string) => dispatch(runSelected({ testId: test.id, runId }));
  useRunsErrorToast(runs.isError && !runs.loaded);
  useRunsErrorToast(runs.loadMoreFailed);
  const environmentNames = useEnvironmentNames(test.suiteId, runs.runs);

  return (
    <Stack spacing={3}>
      <Box>
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-start',
            justifyContent: 'space-between',
            gap: 2,
            mt: 1,
          }}
        >
          <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
            <Typography
              variant="h4"
              component="h1"
              title={test.name}
              // A long unbroken name wraps anywhere and stops at three lines (issue 11).
              sx={{
                overflowWrap: 'anywhere',
                overflow: 'hidden',
                display: '-webkit-box',
                WebkitBoxOrient: 'vertical',
                WebkitLineClamp: '3',
              }}
            >
              Runs of {test.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Each run replays the generated steps in a fresh browser, with no model involved.
            </Typography>
          </Box>
          <RunActions test={test} locked={runLock} />
        </Box>
      </Box>

      {runs.isLoading ? (
        <ListSkeleton rows={5} label="Loading runs" />
      ) : !runs.loaded ? (
        <ErrorState
          message={messages.listFailed}
          onRetry={() => void runs.refetch()}
          retrying={runs.isFetching}
        />
      ) : runs.runs.length === 0 ? (
        <Card variant="outlined">
          <EmptyState icon={<HistoryOutlinedIcon fontSize="inherit" />} title={messages.empty} />
        </Card>
      ) : (
        <>
          {history.runIds.length > 1 && (
            <Card variant="outlined" component="section" aria-label="Run history">
              <CardContent>
                <LazyRunHistoryChart history={history} onSelectRun={select} />
              </CardContent>
            </Card>
          )}
          <Box
            sx={{
              display: 'grid',
              gap: 3,
              alignItems: 'start',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
            }}
          >
            <Box component="section" aria-label="Runs" sx={{ position: { md: 'sticky' }, top: { md: 16 } }}>
              <RunList
                runs={runs.runs}
                selectedId={runs.selected?._id ?? null}
                onSelect={select}
                viewType={viewType}
                onViewTypeChange={(next) => dispatch(viewTypeChanged({ viewType: next }))}
                total={runs.total}
                hasMore={runs.hasMore}
                loadingMore={runs.isLoadingMore}
                loadMoreFailed={runs.loadMoreFailed}
                onLoadMore={() => void runs.loadMore()}
                viewport={viewport}
                environmentNames={environmentNames}
              />
            </Box>
            {runs.selected && (
              <RunDetail
                key={runs.selected._id}
                run={runs.selected}
                viewport={viewport}
                suiteId={test.suiteId}
                runExtra={runExtra}
              />
            )}
          </Box>
        </>
      )}
    </Stack>
  );
}
