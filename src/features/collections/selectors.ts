import { collectionsApi } from './api';
import { emptyRecentRuns, type CollectionsState } from './slice';
import type { Collection } from './types';

interface WithCollections {
  collections: CollectionsState;
}

export const selectRecentRuns = (state: WithCollections, collectionId: string) =>
  state.collections.recentRuns[collectionId] ?? emptyRecentRuns;

type WithApi = Parameters<ReturnType<typeof collectionsApi.endpoints.getCollections.select>>[0];

/** The suite's collections as last fetched, or none. */
export const selectCachedCollections = (state: WithApi, suiteId: string): Collection[] =>
  collectionsApi.endpoints.getCollections.select(suiteId)(state).data ?? [];
