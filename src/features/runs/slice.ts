import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { readLocal } from '../../lib/storage';
import { RUNS_VIEW_TYPES, type RunsViewType } from './types';

/** Where the chosen view type is remembered (SPEC §3 "local storage"). */
export const VIEW_TYPE_KEY = 'runs_view_type';

export interface RunsSliceState {
  /** The run a person chose, per test; shown while it is in the list (SPEC §4). */
  selected: Record<string, string>;
  /** List or grid; list unless a person chose otherwise (remembered). */
  viewType: RunsViewType;
}

function storedViewType(): RunsViewType {
  const stored = readLocal(VIEW_TYPE_KEY);
  return RUNS_VIEW_TYPES.find((type) => type === stored) ?? 'list';
}

const initialState = (): RunsSliceState => ({ selected: {}, viewType: storedViewType() });

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
  },
});

export const { runSelected, runCreated, viewTypeChanged } = runsSlice.actions;
