import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface SuitesState {
  /** The organization whose suites the selection belongs to. */
  organizationId: string | null;
  selectedSuiteId: string | null;
}

const initialState: SuitesState = { organizationId: null, selectedSuiteId: null };

export const suitesSlice = createSlice({
  name: 'suites',
  initialState,
  reducers: {
    organizationFollowed(state, action: PayloadAction<{ organizationId: string | null }>) {
      state.organizationId = action.payload.organizationId;
      state.selectedSuiteId = null;
    },
    suiteSelected(state, action: PayloadAction<{ suiteId: string }>) {
      state.selectedSuiteId = action.payload.suiteId;
    },
    selectionRestored(state, action: PayloadAction<{ suiteId: string }>) {
      state.selectedSuiteId = action.payload.suiteId;
    },
    selectedSuiteDeleted(state, action: PayloadAction<{ nextSuiteId: string | null }>) {
      state.selectedSuiteId = action.payload.nextSuiteId;
    },
    loadFailed(_state, _action: PayloadAction<{ message: string }>) {},
  },
});

export const {
  organizationFollowed,
  suiteSelected,
  selectionRestored,
  selectedSuiteDeleted,
  loadFailed: suitesLoadFailed,
} = suitesSlice.actions;
