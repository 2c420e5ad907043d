import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AuthStatus, User } from './types';

export interface AuthState {
  status: AuthStatus;
  user: User | null;
  recoveringPassword: boolean;
  error: string | null;
}

const initialState: AuthState = {
  status: 'initializing',
  user: null,
  recoveringPassword: false,
  error: null,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    sessionRestored(state, action: PayloadAction<{ user: User | null }>) {
      state.user = action.payload.user;
      state.status = action.payload.user ? 'signedIn' : 'signedOut';
    },
    signedIn(state, action: PayloadAction<{ user: User }>) {
      state.user = action.payload.user;
      state.status = 'signedIn';
    },
    userUpdated(state, action: PayloadAction<{ user: User }>) {
      state.user = action.payload.user;
    },
    tokenRefreshed() {},
    passwordRecoveryStarted(state, action: PayloadAction<{ user: User | null }>) {
      state.recoveringPassword = true;
      if (action.payload.user) {
        state.user = action.payload.user;
        state.status = 'signedIn';
      }
    },
    passwordChanged(state) {
      state.recoveringPassword = false;
    },
    sessionExpired() {},
    signedOut(state) {
      state.user = null;
      state.status = 'signedOut';
      state.recoveringPassword = false;
    },
    initializationFailed(state, action: PayloadAction<{ message: string }>) {
      state.status = 'signedOut';
      state.error = action.payload.message;
    },
  },
});

export const {
  sessionRestored,
  signedIn,
  userUpdated,
  tokenRefreshed,
  passwordRecoveryStarted,
  passwordChanged,
  sessionExpired,
  signedOut,
  initializationFailed,
} = authSlice.actions;
