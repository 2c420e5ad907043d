import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HealingStatus } from './types';

// Healings watched live (SPEC §4 "monitoring"; docs/healing.md "Live progress"): one entry per
// healing a screen shows while it is under way. The saga's events, in the order they happen, are named
// as QA reads them in Redux DevTools (healing/watchStarted, healing/healingUpdated, …).

export type HealingMonitoringStatus =
  'waiting' | 'connecting' | 'open' | 'reconnecting' | 'polling' | 'failed';

export interface HealingWatch {
  testId: string;
  status: HealingMonitoringStatus;
  /** Why the last watch failed (SPEC §4: errors are logged and reset the flag). */
  error: string | null;
  /** How many screens want the healing watched; the watch stops when the last one leaves. */
  watchers: number;
}

export interface HealingSliceState {
  /** Healings watched live, by healing id; absent = not watched. */
  monitoring: Record<string, HealingWatch>;
}

const initialState: HealingSliceState = { monitoring: {} };

type HealingEvent = PayloadAction<{ healingId: string }>;

function setStatus(state: HealingSliceState, healingId: string, status: HealingMonitoringStatus) {
  const watch = state.monitoring[healingId];
  if (watch) watch.status = status;
}

export const healingSlice = createSlice({
  name: 'healing',
  initialState,
  reducers: {
    monitoringStarted(state, action: PayloadAction<{ healingId: string; testId: string }>) {
      const { healingId, testId } = action.payload;
      const watch = state.monitoring[healingId];
      if (!watch) state.monitoring[healingId] = { testId, status: 'waiting', error: null, watchers: 1 };
      else {
        watch.watchers += 1;
        if (watch.status === 'failed') Object.assign(watch, { status: 'waiting', error: null });
      }
    },
    monitoringStopped(state, action: HealingEvent) {
      const watch = state.monitoring[action.payload.healingId];
      if (!watch) return;
      watch.watchers -= 1;
      if (watch.watchers <= 0) delete state.monitoring[action.payload.healingId];
    },
    socketConnecting(state, action: PayloadAction<{ healingId: string; attempt: number }>) {
      setStatus(state, action.payload.healingId, 'connecting');
    },
    socketOpened(_state, _action: HealingEvent) {},
    watchStarted(state, action: PayloadAction<{ healingId: string; status: HealingStatus }>) {
      setStatus(state, action.payload.healingId, 'open');
    },
    healingUpdated(_state, _action: PayloadAction<{ healingId: string; status: HealingStatus }>) {},
    healingNotRunning(state, action: PayloadAction<{ healingId: string; status: HealingStatus }>) {
      delete state.monitoring[action.payload.healingId];
    },
    watchTimedOut(state, action: HealingEvent) {
      setStatus(state, action.payload.healingId, 'waiting');
    },
    socketClosed(state, action: PayloadAction<{ healingId: string; code: number; clean: boolean }>) {
      if (!action.payload.clean) setStatus(state, action.payload.healingId, 'reconnecting');
    },
    pollingStarted(state, action: HealingEvent) {
      setStatus(state, action.payload.healingId, 'polling');
    },
    monitoringEnded(state, action: HealingEvent) {
      delete state.monitoring[action.payload.healingId];
    },
    monitoringFailed(state, action: PayloadAction<{ healingId: string; message: string }>) {
      const watch = state.monitoring[action.payload.healingId];
      if (watch) Object.assign(watch, { status: 'failed', error: action.payload.message });
    },
  },
});

export const {
  monitoringStarted,
  monitoringStopped,
  socketConnecting,
  socketOpened,
  watchStarted,
  healingUpdated,
  healingNotRunning,
  watchTimedOut,
  socketClosed,
  pollingStarted,
  monitoringEnded,
  monitoringFailed,
} = healingSlice.actions;
