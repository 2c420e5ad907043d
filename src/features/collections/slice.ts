import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { COLLECTION_LIMITS } from '../../../contract/collectionTexts';
import type { Collection, CollectionRunGroup } from './types';

/**
 * The older run groups a collection page has loaded with "Load more" (SPEC §4, §9): the newest page
 * is the live query; each further fetch asks 15 groups from `offset`, and an empty page ends it.
 */
export interface RecentRunsStore {
  groups: CollectionRunGroup[];
  offset: number;
  reachedEnd: boolean;
  status: 'idle' | 'loading' | 'failed';
}

export interface CollectionsState {
  recentRuns: Record<string, RecentRunsStore>;
}

const initialState: CollectionsState = { recentRuns: {} };

export const emptyRecentRuns: RecentRunsStore = {
  groups: [],
  offset: COLLECTION_LIMITS.storePageSize,
  reachedEnd: false,
  status: 'idle',
};

// NOTE: a fresh groups array each time: a shared one would be frozen by the first reducer to use it.
const newRecentRuns = (): RecentRunsStore => ({ ...emptyRecentRuns, groups: [] });

export const collectionsSlice = createSlice({
  name: 'collections',
  initialState,
  reducers: {
    // ── Optimistic delete (sagas.ts), in the order they happen ──
    deleteRequested(_state, _action: PayloadAction<{ collection: Collection; suiteId: string }>) {},
    deleteSucceeded(_state, _action: PayloadAction<{ id: string }>) {},
    deleteFailed(_state, _action: PayloadAction<{ id: string; index: number; message: string }>) {},

    // ── The recent-runs store ──
    runsPageRequested(state, action: PayloadAction<{ collectionId: string }>) {
      const store = (state.recentRuns[action.payload.collectionId] ??= newRecentRuns());
      store.status = 'loading';
    },
    runsPageLoaded(
      state,
      action: PayloadAction<{ collectionId: string; offset: number; groups: CollectionRunGroup[] }>,
    ) {
      const { collectionId, offset, groups } = action.payload;
      const store = (state.recentRuns[collectionId] ??= newRecentRuns());
      store.status = 'idle';
      // A late answer for a page already counted changes nothing.
      if (offset !== store.offset) return;
      if (groups.length === 0) {
        store.reachedEnd = true;
        return;
      }
      const known = new Set(store.groups.map((group) => group.created_at));
      store.groups.push(...groups.filter((group) => !known.has(group.created_at)));
      store.offset += COLLECTION_LIMITS.storePageSize;
    },
    runsPageFailed(state, action: PayloadAction<{ collectionId: string }>) {
      const store = state.recentRuns[action.payload.collectionId];
      if (store) store.status = 'failed';
    },
    recentRunsCleared(state, action: PayloadAction<{ collectionId: string }>) {
      delete state.recentRuns[action.payload.collectionId];
    },
  },
});

export const {
  deleteRequested,
  deleteSucceeded,
  deleteFailed,
  runsPageRequested,
  runsPageLoaded,
  runsPageFailed,
  recentRunsCleared,
} = collectionsSlice.actions;
