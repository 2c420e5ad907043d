import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readLocal } from '../../lib/storage';
import { RUNS_VIEW_TYPES, type RunMonitoringStatus, type RunStatus, type RunsViewType } from './types';

/** Where the chosen view type is remembered (SPEC §3 "local storage"). */
export const VIEW_TYPE_KEY = 'runs_view_type';

export interface RunWatch {
  testId: string;
  status: RunMonitoringStatus;
  /** Why the last watch failed (SPEC §4: errors are logged and reset the flag). */
  error: string | null;
  /** How many screens want the run watched; the watch stops when the last one leaves. */
  watchers: number;
}

export interface RunsSliceState {
  /** The run a person chose, per test; shown while it is in the list (SPEC §4). */
  selected: Record<string, string>;
  /** List or grid; list unless a person chose otherwise (remembered). */
  viewType: RunsViewType;
  /** Runs watched live, by run id (SPEC §4 "monitoring"); absent = not watched. */
  monitoring: Record<string, RunWatch>;
}

function storedViewType(): RunsViewType {
  const stored = readLocal(VIEW_TYPE_KEY);
  return RUNS_VIEW_TYPES.find((type) => type === stored) ?? 'list';
}

const initialState = (): RunsSliceState => ({ selected: {}, viewType: storedViewType(), monitoring: {} });

type RunEvent = PayloadAction<{ runId: string }>;

function setStatus(state: RunsSliceState, runId: string, status: RunMonitoringStatus) {
  const watch = state.monitoring[runId];
  if (watch) watch.status = status;
}

export const runsSlice = createSlice({
  name: 'runs',
  initialState,
  reducers: {
    // ── What a person did ──
    runSelected(state, action: PayloadAction<{ testId: string; runId: string }>) {
      state.selected[action.payload.testId] = action.payload.runId;
    },
    /** A run a person just started is the one they want to see. */
    runCreated(state, action: PayloadAction<{ testId: string; runId: string }>) {
      state.selected[action.payload.testId] = action.payload.runId;
    },
    viewTypeChanged(state, action: PayloadAction<{ viewType: RunsViewType }>) {
      state.viewType = action.payload.viewType;
    },

    // ── Monitoring (the saga's events, in the order they happen) ──
    monitoringStarted(state, action: PayloadAction<{ runId: string; testId: string }>) {
      const { runId, testId } = action.payload;
      const watch = state.monitoring[runId];
      if (!watch) state.monitoring[runId] = { testId, status: 'waiting', error: null, watchers: 1 };
      else {
        watch.watchers += 1;
        if (watch.status === 'failed') Object.assign(watch, { status: 'waiting', error: null });
      }
    },
    monitoringStopped(state, action: RunEvent) {
      const watch = state.monitoring[action.payload.runId];
      if (!watch) return;
      watch.watchers -= 1;
      if (watch.watchers <= 0) delete state.monitoring[action.payload.runId];
    },
    socketConnecting(state, action: PayloadAction<{ runId: string; attempt: number }>) {
      setStatus(state, action.payload.runId, 'connecting');
    },
    socketOpened(_state, _action: RunEvent) {},
    watchStarted(state, action: PayloadAction<{ runId: string; status: RunStatus }>) {
      setStatus(state, action.payload.runId, 'open');
    },
    runUpdated(_state, _action: PayloadAction<{ runId: string; status: RunStatus }>) {},
    runNotRunning(state, action: PayloadAction<{ runId: string; status: RunStatus }>) {
      delete state.monitoring[action.payload.runId];
    },
    watchTimedOut(state, action: RunEvent) {
      setStatus(state, action.payload.runId, 'waiting');
    },
    socketClosed(state, action: PayloadAction<{ runId: string; code: number; clean: boolean }>) {
      if (!action.payload.clean) setStatus(state, action.payload.runId, 'reconnecting');
    },
    pollingStarted(state, action: RunEvent) {
      setStatus(state, action.payload.runId, 'polling');
    },
    monitoringEnded(state, action: RunEvent) {
      delete state.monitoring[action.payload.runId];
    },
    monitoringFailed(state, action: PayloadAction<{ runId: string; message: string }>) {
      const watch = state.monitoring[action.payload.runId];
      if (watch) Object.assign(watch, { status: 'failed', error: action.payload.message });
    },
  },
});

export const {
  runSelected,
  runCreated,
  viewTypeChanged,
  monitoringStarted,
  monitoringStopped,
  socketConnecting,
  socketOpened,
  watchStarted,
  runUpdated,
  runNotRunning,
  watchTimedOut,
  socketClosed,
  pollingStarted,
  monitoringEnded,
  monitoringFailed,
} = runsSlice.actions;
