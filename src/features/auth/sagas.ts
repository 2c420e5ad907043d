import { isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import type { AuthChangeEvent, GoTrueClient, Session } from '@supabase/supabase-js';
import { eventChannel, type EventChannel } from 'redux-saga';
import { call, fork, put, select, take, takeLeading } from 'redux-saga/effects';
import { isApiError } from '../../api/apiError';
import { t } from '../../config/locale';
import { notify } from '../../lib/notify';
import { getAuthClient } from '../../lib/supabase';
import { selectAuthStatus } from './selectors';
import {
  initializationFailed,
  passwordRecoveryStarted,
  sessionExpired,
  sessionRestored,
  signedIn,
  signedOut,
  tokenRefreshed,
  userUpdated,
} from './slice';
import { toUser } from './types';

export interface AuthEvent {
  event: AuthChangeEvent;
  session: Session | null;
}

export function createAuthEventChannel(client: GoTrueClient): EventChannel<AuthEvent> {
  return eventChannel((emit) => {
    const { data } = client.onAuthStateChange((event, session) => {
      // Defer: supabase-js holds its lock during this callback, so calling back into it here would deadlock.
      setTimeout(() => emit({ event, session }), 0);
    });
    return () => data.subscription.unsubscribe();
  });
}

export function authActionFor({ event, session }: AuthEvent): UnknownAction | null {
  const user = session?.user ? toUser(session.user) : null;
  switch (event) {
    case 'INITIAL_SESSION':
      return sessionRestored({ user });
    case 'SIGNED_IN':
      return user ? signedIn({ user }) : null;
    case 'USER_UPDATED':
      return user ? userUpdated({ user }) : null;
    case 'TOKEN_REFRESHED':
      return tokenRefreshed();
    case 'PASSWORD_RECOVERY':
      return passwordRecoveryStarted({ user });
    case 'SIGNED_OUT':
      return signedOut();
    default:
      return null;
  }
}

function* streamAuthEvents() {
  let client: GoTrueClient;
  try {
    client = yield call(getAuthClient);
  } catch (error) {
    yield put(initializationFailed({ message: error instanceof Error ? error.message : String(error) }));
    return;
  }
  const channel: EventChannel<AuthEvent> = yield call(createAuthEventChannel, client);
  try {
    while (true) {
      const authEvent: AuthEvent = yield take(channel);
      const action = authActionFor(authEvent);
      if (action) yield put(action);
    }
  } finally {
    channel.close();
  }
}

export const isUnauthorizedResponse = (action: unknown): boolean =>
  isRejectedWithValue(action) && isApiError(action.payload) && action.payload.status === 401;

function* signOutExpiredSession() {
  const status: ReturnType<typeof selectAuthStatus> = yield select(selectAuthStatus);
  if (status !== 'signedIn') return;
  yield put(sessionExpired());
  yield call(notify.error, t.http.unauthorized);
  try {
    const client: GoTrueClient = yield call(getAuthClient);
    // Local scope: the server already rejected the token, so only this browser's session needs clearing.
    yield call([client, client.signOut], { scope: 'local' });
  } catch (error) {
    console.error(error);
  }
}

export function* authSaga() {
  yield fork(streamAuthEvents);
  yield takeLeading(isUnauthorizedResponse, signOutExpiredSession);
}
