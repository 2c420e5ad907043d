import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { watchKey, type Watch, type WatchRef, type WatchStatus } from './types';

// Every live watch of the SPA (SPEC §4 "monitoring"; docs/monitoring.md), keyed by topic and id. The
// events are named as QA reads them in Redux DevTools, in the order they happen: a screen asks
// (watchRequested), the saga connects (socketConnecting, socketOpened), the server accepts
// (watchStarted), the job moves (runUpdated, generationUpdated, …) and ends (runEnded, …), or the
// watch is left, times out, reconnects, polls or fails.

export const watchesAdapter = createEntityAdapter({
  selectId: (watch: Watch) => watchKey(watch.topic, watch.id),
});

export type MonitoringSliceState = ReturnType<typeof watchesAdapter.getInitialState>;

type WatchEvent<Extra = object> = PayloadAction<WatchRef & Extra>;
type JobEvent = WatchEvent<{ status: string }>;

const find = (state: MonitoringSliceState, { topic, id }: WatchRef) => state.entities[watchKey(topic, id)];

function setStatus(state: MonitoringSliceState, ref: WatchRef, status: WatchStatus) {
  const watch = find(state, ref);
  if (watch) watch.status = status;
}

function setJobStatus(state: MonitoringSliceState, ref: WatchRef, status: string) {
  const watch = find(state, ref);
  if (watch) watch.jobStatus = status;
}

/** The job ended or the watch did: nothing is watched any more. */
function remove(state: MonitoringSliceState, { topic, id }: WatchRef) {
  watchesAdapter.removeOne(state, watchKey(topic, id));
}

export const monitoringSlice = createSlice({
  name: 'monitoring',
  initialState: watchesAdapter.getInitialState(),
  reducers: {
    // ── What a screen did ──
    watchRequested(state, action: WatchEvent) {
      const { topic, id } = action.payload;
      const watch = find(state, action.payload);
      if (!watch)
        watchesAdapter.addOne(state, {
          topic,
          id,
          status: 'waiting',
          error: null,
          watchers: 1,
          jobStatus: null,
        });
      else {
        watch.watchers += 1;
        if (watch.status === 'failed') Object.assign(watch, { status: 'waiting', error: null });
      }
    },
    watchLeft(state, action: WatchEvent) {
      const watch = find(state, action.payload);
      if (!watch) return;
      watch.watchers -= 1;
      if (watch.watchers <= 0) remove(state, action.payload);
    },

    // ── The socket (the saga's events) ──
    socketConnecting(state, action: WatchEvent<{ attempt: number }>) {
      setStatus(state, action.payload, 'connecting');
    },
    socketOpened(_state, _action: WatchEvent) {},
    watchStarted(state, action: WatchEvent<{ status: string | null }>) {
      setStatus(state, action.payload, 'open');
      if (action.payload.status !== null) setJobStatus(state, action.payload, action.payload.status);
    },
    watchTimedOut(state, action: WatchEvent) {
      setStatus(state, action.payload, 'waiting');
    },
    socketClosed(state, action: WatchEvent<{ code: number; clean: boolean }>) {
      if (!action.payload.clean) setStatus(state, action.payload, 'reconnecting');
    },
    pollingStarted(state, action: WatchEvent) {
      setStatus(state, action.payload, 'polling');
    },
    watchEnded(state, action: WatchEvent) {
      remove(state, action.payload);
    },
    watchFailed(state, action: WatchEvent<{ message: string }>) {
      const watch = find(state, action.payload);
      if (watch) Object.assign(watch, { status: 'failed', error: action.payload.message });
    },

    // ── What the job did (one pair per kind; the adapters dispatch them) ──
    /** TEST_UPDATED names no state: the adapter reads the test again. */
    generationUpdated(_state, _action: WatchEvent) {},
    generationEnded(state, action: WatchEvent) {
      remove(state, action.payload);
    },
    runUpdated(state, action: JobEvent) {
      setJobStatus(state, action.payload, action.payload.status);
    },
    runEnded(state, action: JobEvent) {
      remove(state, action.payload);
    },
    healingUpdated(state, action: JobEvent) {
      setJobStatus(state, action.payload, action.payload.status);
    },
    healingEnded(state, action: JobEvent) {
      remove(state, action.payload);
    },
    testHealingsChanged(
      _state,
      _action: WatchEvent<{ healingId: string; status: string; change: 'created' | 'ended' | 'decided' }>,
    ) {},
    /** COLLECTION_RUNS_CHANGED (issue 31): one of its runs moved; the collection is read again. */
    collectionRunsChanged(
      _state,
      _action: WatchEvent<{ createdAt: string; runId: string; testId: string; status: string }>,
    ) {},
  },
});

export const {
  watchRequested,
  watchLeft,
  socketConnecting,
  socketOpened,
  watchStarted,
  watchTimedOut,
  socketClosed,
  pollingStarted,
  watchEnded,
  watchFailed,
  generationUpdated,
  generationEnded,
  runUpdated,
  runEnded,
  healingUpdated,
  healingEnded,
  testHealingsChanged,
  collectionRunsChanged,
} = monitoringSlice.actions;
