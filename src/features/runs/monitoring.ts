// The live watch of one run (SPEC §4 "monitoring", docs/runs.md "Live updates"). Loaded with the first
// watch (see sagas.ts), so the API calls and the wire contract stay out of the app's first load.
import type { UnknownAction } from '@reduxjs/toolkit';
import type { EventChannel } from 'redux-saga';
import { call, delay, put, race, take, type SagaReturnType } from 'redux-saga/effects';
import { isApiError } from '../../api/apiError';
import { readToken } from '../../lib/socket';
import { runsApi } from './api';
import {
  monitoringEnded,
  monitoringFailed,
  pollingStarted,
  runNotRunning,
  runUpdated,
  socketClosed,
  socketConnecting,
  socketOpened,
  watchStarted,
  watchTimedOut,
} from './slice';
import {
  sendRequest,
  socketChannel,
  type RunMonitoringDeps,
  type SocketEvent,
  type WebSocketLike,
} from './socket';
import { isRunRunning, type TestRun } from './types';

// SPEC §9: monitoring restart delay 100 ms, socket reconnect 5000 ms.
export const RESTART_DELAY_MS = 100;
export const RECONNECT_DELAY_MS = 5000;
/** How often a run is read while no socket can be had. */
export const POLL_INTERVAL_MS = 2000;

type StreamResult =
  | { kind: 'not_running' }
  | { kind: 'timed_out' }
  | { kind: 'error'; message: string }
  | { kind: 'closed'; clean: boolean };

/** A read of the run: the run, 'gone' when it no longer exists (404), null when the read failed. */
type RunRead = TestRun | 'gone' | null;

function logError(message: string, detail?: unknown) {
  console.error(`[run monitoring] ${message}`, ...(detail === undefined ? [] : [detail]));
}

type GetRunRequest = ReturnType<ReturnType<typeof runsApi.endpoints.getRun.initiate>>;

/**
 * Reads the run into RTK Query's cache. getRun itself puts the fresh copy into the loaded pages of its
 * list and, once the run has ended, reads its test, the tree and the list again (api.ts).
 */
export function* refetchRun(runId: string) {
  // NOTE: put returns what dispatch returned: for RTK Query's thunk, the request.
  const request = (yield put(
    runsApi.endpoints.getRun.initiate(runId, {
      subscribe: false,
      forceRefetch: true,
    }) as unknown as UnknownAction,
  )) as GetRunRequest;
  try {
    const run: TestRun = yield call([request, request.unwrap]);
    return run as RunRead;
  } catch (error) {
    return (isApiError(error) && error.status === 404 ? 'gone' : null) as RunRead;
  }
}

/** The polling fallback: reads the run until it no longer runs; false when it is gone. */
export function* pollUntilEnded(runId: string) {
  while (true) {
    const run: RunRead = yield call(refetchRun, runId);
    if (run === 'gone') return false;
    if (run && !isRunRunning(run.status)) return true;
    yield delay(POLL_INTERVAL_MS);
  }
}

/** One socket: authenticate, watch the run, follow its events until the watch or the socket ends. */
function* streamRun(runId: string, token: string, deps: RunMonitoringDeps, resumed: boolean) {
  let socket: WebSocketLike;
  try {
    socket = deps.openSocket(deps.socketUrl());
  } catch (error) {
    logError('Could not open the socket', error);
    return { kind: 'closed', clean: false } as StreamResult;
  }
  const channel: EventChannel<SocketEvent> = yield call(socketChannel, socket);
  try {
    while (true) {
      const event: SocketEvent = yield take(channel);
      if (event.kind === 'open') {
        sendRequest(socket, { type: 'auth', token });
        yield put(socketOpened({ runId }));
        continue;
      }
      if (event.kind === 'error') continue; // a close follows
      if (event.kind === 'close') {
        yield put(socketClosed({ runId, code: event.code, clean: event.clean }));
        return { kind: 'closed', clean: event.clean } as StreamResult;
      }
      const { message } = event;
      if (message.type === 'AUTHENTICATED') {
        sendRequest(socket, { type: 'watch_run', run_id: runId });
        continue;
      }
      if (message.type === 'ERROR') {
        // An error about another run (or none) on our socket is not ours to stop for.
        if (message.run_id && message.run_id !== runId) continue;
        return { kind: 'error', message: message.message } as StreamResult;
      }
      if (message.run_id !== runId) continue;
      switch (message.type) {
        case 'RUN_WATCHING':
          yield put(watchStarted({ runId, status: message.status }));
          // Changes published while no socket listened were missed: read the run once.
          if (resumed) yield call(refetchRun, runId);
          break;
        case 'RUN_UPDATED':
          yield put(runUpdated({ runId, status: message.status }));
          yield call(refetchRun, runId);
          break;
        case 'RUN_NOT_RUNNING':
          yield call(refetchRun, runId);
          yield put(runNotRunning({ runId, status: message.status }));
          return { kind: 'not_running' } as StreamResult;
        case 'WATCH_TIMED_OUT':
          yield put(watchTimedOut({ runId }));
          return { kind: 'timed_out' } as StreamResult;
      }
    }
  } finally {
    // Stopping clears the handlers and disconnects, also when the watch is cancelled.
    channel.close();
  }
}

function* pollInstead(runId: string) {
  yield put(pollingStarted({ runId }));
  const found: boolean = yield call(pollUntilEnded, runId);
  if (found) yield put(monitoringEnded({ runId }));
  else yield put(monitoringFailed({ runId, message: 'Test run not found' }));
}

/** Watches one run until it ends: over the socket, reconnecting after an unclean close, else by polling. */
export function* monitorRun(runId: string, deps: RunMonitoringDeps) {
  try {
    // SPEC §4: a connection that was there is closed by now; wait before connecting again.
    yield delay(RESTART_DELAY_MS);
    if (!deps.canUseSocket()) {
      yield call(pollInstead, runId);
      return;
    }
    for (let attempt = 0; ; attempt++) {
      const token: string | null = yield call(readToken, deps);
      if (!token) {
        // SPEC §8: a missing token blocks connecting.
        const message = 'Not connecting: there is no access token';
        logError(message);
        yield put(monitoringFailed({ runId, message }));
        return;
      }
      yield put(socketConnecting({ runId, attempt }));
      const result: SagaReturnType<typeof streamRun> = yield call(
        streamRun,
        runId,
        token,
        deps,
        /* resumed */ attempt > 0,
      );
      if (result.kind === 'not_running') return;
      if (result.kind === 'error') {
        logError(result.message);
        yield put(monitoringFailed({ runId, message: result.message }));
        return;
      }
      if (result.kind === 'timed_out') {
        yield delay(RESTART_DELAY_MS);
        continue;
      }
      // The server closed the socket on purpose (refused, shutting down): no socket to be had, so poll.
      if (result.clean) {
        yield call(pollInstead, runId);
        return;
      }
      // SPEC §8: an unclean close reconnects after 5 s; the run is polled meanwhile.
      const { ended } = (yield race({
        reconnect: delay(RECONNECT_DELAY_MS),
        ended: call(pollUntilEnded, runId),
      })) as { ended?: boolean };
      if (ended === true) {
        yield put(monitoringEnded({ runId }));
        return;
      }
      if (ended === false) {
        yield put(monitoringFailed({ runId, message: 'Test run not found' }));
        return;
      }
    }
  } catch (error) {
    // SPEC §4: errors are only logged and reset the monitoring flag.
    logError('Monitoring failed', error);
    yield put(monitoringFailed({ runId, message: error instanceof Error ? error.message : String(error) }));
  }
}
