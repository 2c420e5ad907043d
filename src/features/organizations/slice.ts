import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type OrganizationsStatus = 'idle' | 'loading' | 'ready' | 'none' | 'failed';

export interface OrganizationsState {
  status: OrganizationsStatus;
  currentOrganizationId: string | null;
  error: string | null;
}

const initialState: OrganizationsState = { status: 'idle', currentOrganizationId: null, error: null };

export const organizationsSlice = createSlice({
  name: 'organizations',
  initialState,
  reducers: {
    loadStarted(state) {
      state.status = 'loading';
      state.error = null;
    },
    loaded(state, action: PayloadAction<{ organizationId: string }>) {
      state.status = 'ready';
      state.currentOrganizationId = action.payload.organizationId;
    },
    noneFound(state) {
      state.status = 'none';
      state.currentOrganizationId = null;
    },
    loadFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'failed';
      state.error = action.payload.message;
    },
    retryRequested() {},
    switched(state, action: PayloadAction<{ organizationId: string }>) {
      state.currentOrganizationId = action.payload.organizationId;
    },
    created(state, action: PayloadAction<{ organizationId: string }>) {
      state.status = 'ready';
      state.currentOrganizationId = action.payload.organizationId;
    },
    joined(state, action: PayloadAction<{ organizationId: string }>) {
      state.status = 'ready';
      state.currentOrganizationId = action.payload.organizationId;
    },
    cleared() {
      return initialState;
    },
  },
});

export const {
  loadStarted: organizationsLoadStarted,
  loaded: organizationsLoaded,
  noneFound: noOrganizationFound,
  loadFailed: organizationsLoadFailed,
  retryRequested: organizationsRetryRequested,
  switched: organizationSwitched,
  created: organizationCreated,
  joined: organizationJoined,
  cleared: organizationsCleared,
} = organizationsSlice.actions;
