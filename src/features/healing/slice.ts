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

/**
 * A test's healings watched live (issue 28): a healing created (an automatic one after a failed run,
 * a teammate's Heal), ended or decided appears without a reload. It lasts while a screen shows them.
 */
export interface TestHealingsWatch {
  status: HealingMonitoringStatus;
  error: string | null;
  watchers: number;
}

export interface HealingSliceState {
  /** Healings watched live, by healing id; absent = not watched. */
  monitoring: Record<string, HealingWatch>;
  /** Tests whose healings are watched live, by test id; absent = not watched. */
  tests: Record<string, TestHealingsWatch>;
}

const initialState: HealingSliceState = { monitoring: {}, tests: {} };

type TestEvent = PayloadAction<{ testId: string }>;

function setTestStatus(state: HealingSliceState, testId: string, status: HealingMonitoringStatus) {
  const watch = state.tests[testId];
  if (watch) watch.status = status;
}

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
    // A test's healings, the same lifecycle (healing/testWatchRequested … healing/testHealingsChanged).
    testWatchRequested(state, action: TestEvent) {
      const watch = state.tests[action.payload.testId];
      if (!watch) state.tests[action.payload.testId] = { status: 'waiting', error: null, watchers: 1 };
      else {
        watch.watchers += 1;
        if (watch.status === 'failed') Object.assign(watch, { status: 'waiting', error: null });
      }
    },
    testWatchLeft(state, action: TestEvent) {
      const watch = state.tests[action.payload.testId];
      if (!watch) return;
      watch.watchers -= 1;
      if (watch.watchers <= 0) delete state.tests[action.payload.testId];
    },
    testSocketConnecting(state, action: PayloadAction<{ testId: string; attempt: number }>) {
      setTestStatus(state, action.payload.testId, 'connecting');
    },
    testSocketOpened(_state, _action: TestEvent) {},
    testWatchStarted(state, action: TestEvent) {
      setTestStatus(state, action.payload.testId, 'open');
    },
    testHealingsChanged(
      _state,
      _action: PayloadAction<{
        testId: string;
        healingId: string;
        status: HealingStatus;
        change: 'created' | 'ended' | 'decided';
      }>,
    ) {},
    testWatchTimedOut(state, action: TestEvent) {
      setTestStatus(state, action.payload.testId, 'waiting');
    },
    testSocketClosed(state, action: PayloadAction<{ testId: string; code: number; clean: boolean }>) {
      if (!action.payload.clean) setTestStatus(state, action.payload.testId, 'reconnecting');
    },
    testPollingStarted(state, action: TestEvent) {
      setTestStatus(state, action.payload.testId, 'polling');
    },
    testMonitoringEnded(state, action: TestEvent) {
      delete state.tests[action.payload.testId];
    },
    testMonitoringFailed(state, action: PayloadAction<{ testId: string; message: string }>) {
      const watch = state.tests[action.payload.testId];
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
  testWatchRequested,
  testWatchLeft,
  testSocketConnecting,
  testSocketOpened,
  testWatchStarted,
  testHealingsChanged,
  testWatchTimedOut,
  testSocketClosed,
  testPollingStarted,
  testMonitoringEnded,
  testMonitoringFailed,
} = healingSlice.actions;
