import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MonitoringStatus } from './states';
import type { FeedbackKind } from './types';

export interface GenerationSliceState {
  /** The live watch of one test (SPEC §4 "monitoring"); 'idle' is the monitoring flag reset. */
  monitoring: { testId: string | null; status: MonitoringStatus; error: string | null };
  /**
   * SPEC §3's generating flag: tests a person just started generating, until the server says the
   * generation stopped. It bridges the moment before the test's own state says so.
   */
  generating: string[];
  /** SPEC §3's selected step index, for the test shown. */
  selectedStep: { testId: string; index: number } | null;
}

const initialState: GenerationSliceState = {
  monitoring: { testId: null, status: 'idle', error: null },
  generating: [],
  selectedStep: null,
};

type TestEvent = PayloadAction<{ testId: string }>;

function flagOn(state: GenerationSliceState, testId: string) {
  if (!state.generating.includes(testId)) state.generating.push(testId);
}

function flagOff(state: GenerationSliceState, testId: string) {
  state.generating = state.generating.filter((id) => id !== testId);
}

/** The monitoring flag goes down (SPEC §4: errors reset it; so does an ended watch). */
function monitoringIdle(state: GenerationSliceState, testId: string, error: string | null = null) {
  if (state.monitoring.testId !== testId) return;
  state.monitoring = { testId: null, status: 'idle', error };
}

function monitoringStatus(state: GenerationSliceState, testId: string, status: MonitoringStatus) {
  if (state.monitoring.testId === testId) state.monitoring.status = status;
}

export const generationSlice = createSlice({
  name: 'generation',
  initialState,
  reducers: {
    // ── Monitoring (the saga's events, in the order they happen) ──
    monitoringStarted(state, action: TestEvent) {
      state.monitoring = { testId: action.payload.testId, status: 'waiting', error: null };
    },
    monitoringStopped(state, action: TestEvent) {
      monitoringIdle(state, action.payload.testId);
    },
    socketConnecting(state, action: PayloadAction<{ testId: string; attempt: number }>) {
      monitoringStatus(state, action.payload.testId, 'connecting');
    },
    socketOpened(_state, _action: TestEvent) {},
    watchStarted(state, action: PayloadAction<{ testId: string; state: string }>) {
      monitoringStatus(state, action.payload.testId, 'open');
    },
    testUpdated(_state, _action: TestEvent) {},
    testNotRunning(state, action: TestEvent) {
      flagOff(state, action.payload.testId);
      monitoringIdle(state, action.payload.testId);
    },
    watchTimedOut(state, action: TestEvent) {
      monitoringStatus(state, action.payload.testId, 'waiting');
    },
    socketClosed(state, action: PayloadAction<{ testId: string; code: number; clean: boolean }>) {
      if (!action.payload.clean) monitoringStatus(state, action.payload.testId, 'reconnecting');
    },
    pollingStarted(state, action: TestEvent) {
      monitoringStatus(state, action.payload.testId, 'polling');
    },
    monitoringEnded(state, action: TestEvent) {
      flagOff(state, action.payload.testId);
      monitoringIdle(state, action.payload.testId);
    },
    monitoringFailed(state, action: PayloadAction<{ testId: string; message: string }>) {
      flagOff(state, action.payload.testId);
      monitoringIdle(state, action.payload.testId, action.payload.message);
    },

    // ── What a person did ──
    generationRequested(state, action: TestEvent) {
      flagOn(state, action.payload.testId);
    },
    regenerationRequested(state, action: TestEvent) {
      flagOn(state, action.payload.testId);
    },
    feedbackSubmitted(state, action: PayloadAction<{ testId: string; step: number; kind: FeedbackKind }>) {
      // SPEC §4: after feedback is submitted the generating flag is set.
      flagOn(state, action.payload.testId);
    },
    generationCancelled(state, action: TestEvent) {
      flagOff(state, action.payload.testId);
    },
    markedComplete(state, action: TestEvent) {
      flagOff(state, action.payload.testId);
    },
    stepSelected(state, action: PayloadAction<{ testId: string; index: number }>) {
      state.selectedStep = action.payload;
    },
    stepDeselected(state, action: TestEvent) {
      if (state.selectedStep?.testId === action.payload.testId) state.selectedStep = null;
    },
  },
});

export const {
  monitoringStarted,
  monitoringStopped,
  socketConnecting,
  socketOpened,
  watchStarted,
  testUpdated,
  testNotRunning,
  watchTimedOut,
  socketClosed,
  pollingStarted,
  monitoringEnded,
  monitoringFailed,
  generationRequested,
  regenerationRequested,
  feedbackSubmitted,
  generationCancelled,
  markedComplete,
  stepSelected,
  stepDeselected,
} = generationSlice.actions;
