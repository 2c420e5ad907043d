// A collection's runs as a topic of the one monitor (lifecycle.ts; issue 31, docs/monitoring.md
// "Collection runs"). Loaded with the first watch of a collection (sagas.ts), so the API calls stay
// out of the app's first load.
import { put } from 'redux-saga/effects';
import type { CollectionSocketMessage } from '../../../../contract/collections';
import { collectionRunsChanged as readCollectionAgain } from '../../collections/api';
import type { TopicAdapter, TrackedRead } from '../lifecycle';
import { collectionRunsChanged, watchStarted, watchTimedOut } from '../slice';

type CollectionSocketIncoming = { type: 'AUTHENTICATED' } | CollectionSocketMessage;

/**
 * How often the monitor reads the collection while no socket listens. The page polls its groups by
 * itself then (every 2 s while one runs), so this read is only the one after a socket is lost.
 */
export const COLLECTION_POLL_MS = 30_000;

/**
 * Has every read of the collection on screen fetched again. An invalidation, not a read of its own:
 * RTK Query reads each once, and a burst of run events while a read is under way makes one more read
 * after it, not one per event.
 */
export function* refetchCollection(collectionId: string) {
  yield put(readCollectionAgain(collectionId));
  return true as TrackedRead<true>;
}

export const collectionAdapter: TopicAdapter<CollectionSocketIncoming, true> = {
  topic: 'collection',
  logName: 'collection monitoring',
  pollIntervalMs: COLLECTION_POLL_MS,
  watchRequest: (collectionId) => ({ type: 'watch_collection', collection_id: collectionId }),
  // NOTE: an empty collection_id names no collection (the server's 'Test collection ID is required').
  idOf: (message) =>
    'collection_id' in message && message.collection_id ? message.collection_id : undefined,
  interpret: (message, id) => {
    const ref = { topic: 'collection' as const, id };
    switch (message.type) {
      case 'COLLECTION_WATCHING':
        return { kind: 'watching', event: watchStarted({ ...ref, status: null }) };
      case 'COLLECTION_RUNS_CHANGED': {
        const { created_at: createdAt, run_id: runId, test_id: testId, status } = message;
        return {
          kind: 'updated',
          event: collectionRunsChanged({ ...ref, createdAt, runId, testId, status }),
        };
      }
      case 'WATCH_TIMED_OUT':
        return { kind: 'timed_out', event: watchTimedOut(ref) };
      default:
        return null;
    }
  },
  refetch: refetchCollection,
  // A collection's runs never stop changing (a run-all, a schedule's tick): the watch lasts while a
  // screen wants it.
  isTerminal: () => false,
  goneMessage: 'Test collection not found',
};
