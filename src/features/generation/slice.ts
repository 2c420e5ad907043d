import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { generationEnded, watchEnded, watchFailed } from '../monitoring/api';
import type { FeedbackKind } from './types';

export interface GenerationSliceState {
  /**
   * SPEC §3's generating flag: tests a person just started generating, until the server says the
   * generation stopped. It bridges the moment before the test's own state says so.
   */
  generating: string[];
  /** SPEC §3's selected step index, for the test shown. */
  selectedStep: { testId: string; index: number } | null;
}

const initialState: GenerationSliceState = {
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

export const generationSlice = createSlice({
  name: 'generation',
  initialState,
  reducers: {
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
  extraReducers: (builder) => {
    // SPEC §4: the flag goes down when the server says the generation stopped, and when its watch
    // ends or fails (errors reset it).
    builder.addMatcher(isAnyOf(generationEnded, watchEnded, watchFailed), (state, action) => {
      if (action.payload.topic === 'generation') flagOff(state, action.payload.id);
    });
  },
});

export const {
  generationRequested,
  regenerationRequested,
  feedbackSubmitted,
  generationCancelled,
  markedComplete,
  stepSelected,
  stepDeselected,
} = generationSlice.actions;
