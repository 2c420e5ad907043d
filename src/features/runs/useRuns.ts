import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { useGetRunsInfiniteQuery } from './api';
import { orderRuns, resolveSelectedRun, RUNS_SHOWN, totalRuns } from './selection';
import { selectSelectedRunId } from './selectors';

/** A test's runs as shown: newest first, 20 per loaded page, and the run that is selected (SPEC §4). */
export function useRuns(testId: string) {
  const query = useGetRunsInfiniteQuery(testId);
  const pages = query.data?.pages;
  const runs = useMemo(() => (pages ? orderRuns(pages, RUNS_SHOWN * pages.length) : []), [pages]);
  const selectedId = useAppSelector((state) => selectSelectedRunId(state, testId));
  const selected = resolveSelectedRun(runs, selectedId);
  return {
    runs,
    selected,
    total: pages ? totalRuns(pages) : null,
    loaded: Boolean(pages),
    isLoading: query.isLoading,
    isFetching: query.isFetching,
    isError: query.isError,
    hasMore: query.hasNextPage,
    isLoadingMore: query.isFetchingNextPage,
    loadMoreFailed: query.isFetchNextPageError,
    loadMore: query.fetchNextPage,
    refetch: query.refetch,
  };
}
