import type { UnknownAction } from '@reduxjs/toolkit';
import type { EventChannel } from 'redux-saga';
import { call, delay, put, race, take, type SagaReturnType } from 'redux-saga/effects';
import { readToken } from '../../lib/socket';
import { testsApi, type TestCase } from '../tests/api';
import {
  monitoringEnded,
  monitoringFailed,
  monitoringStarted,
  monitoringStopped,
  pollingStarted,
  socketClosed,
  socketConnecting,
  socketOpened,
  testNotRunning,
  testUpdated,
  watchStarted,
  watchTimedOut,
} from './slice';
import {
  browserMonitoringDeps,
  sendRequest,
  socketChannel,
  type MonitoringDeps,
  type SocketEvent,
  type WebSocketLike,
} from './socket';
import { isGenerating } from './states';

// SPEC §9: monitoring restart delay 100 ms, socket reconnect 5000 ms.
export const RESTART_DELAY_MS = 100;
export const RECONNECT_DELAY_MS = 5000;
/** How often a test is polled while no socket can be had. */
export const POLL_INTERVAL_MS = 3000;

/** How one watch of a test ended. */
type Outcome = 'ended' | 'restart' | 'failed';
type StreamResult =
  { kind: 'not_running' } | { kind: 'timed_out' } | { kind: 'error' } | { kind: 'closed'; clean: boolean };

function logError(message: string, detail?: unknown) {
  console.error(`[monitoring] ${message}`, ...(detail === undefined ? [] : [detail]));
}

type GetTestCaseRequest = ReturnType<ReturnType<typeof testsApi.endpoints.getTestCase.initiate>>;

/** Refetches the test into RTK Query's cache (the details page reads it there); null when that fails. */
export function* refetchTest(testId: string) {
  // NOTE: put returns what dispatch returned: for RTK Query's thunk, the request.
  const request = (yield put(
    testsApi.endpoints.getTestCase.initiate(testId, {
      subscribe: false,
      forceRefetch: true,
    }) as unknown as UnknownAction,
  )) as GetTestCaseRequest;
  try {
    const test: TestCase = yield call([request, request.unwrap]);
    return test;
  } catch {
    return null;
  }
}

/** The polling fallback: refetches until the test is no longer generating. */
export function* pollUntilStopped(testId: string) {
  while (true) {
    const test: TestCase | null = yield call(refetchTest, testId);
    if (test && !isGenerating(test.state)) return true;
    yield delay(POLL_INTERVAL_MS);
  }
}

/** One socket: authenticate, watch the test, follow its events until the watch or the socket ends. */
function* streamTest(testId: string, token: string, deps: MonitoringDeps, resumed: boolean) {
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
        yield put(socketOpened({ testId }));
        continue;
      }
      if (event.kind === 'error') {
        logError('Socket error'); // a close follows
        continue;
      }
      if (event.kind === 'close') {
        yield put(socketClosed({ testId, code: event.code, clean: event.clean }));
        return { kind: 'closed', clean: event.clean } as StreamResult;
      }
      const { message } = event;
      if (message.type === 'AUTHENTICATED') {
        sendRequest(socket, { type: 'watch', test_id: testId });
        continue;
      }
      if (message.type === 'ERROR') {
        logError(message.message);
        yield put(monitoringFailed({ testId, message: message.message }));
        return { kind: 'error' } as StreamResult;
      }
      if (message.test_id !== testId) continue;
      switch (message.type) {
        case 'WATCHING':
          yield put(watchStarted({ testId, state: message.state }));
          // Updates published while the socket was down were missed: read the test once.
          if (resumed) yield call(refetchTest, testId);
          break;
        case 'TEST_UPDATED':
          yield put(testUpdated({ testId }));
          yield call(refetchTest, testId);
          break;
        case 'TEST_NOT_RUNNING':
          yield put(testNotRunning({ testId }));
          yield call(refetchTest, testId);
          return { kind: 'not_running' } as StreamResult;
        case 'WATCH_TIMED_OUT':
          yield put(watchTimedOut({ testId }));
          return { kind: 'timed_out' } as StreamResult;
      }
    }
  } finally {
    // SPEC §4: stopping clears the handlers and disconnects (also when the watch is cancelled).
    channel.close();
  }
}

/** Watches one test until it stops generating, the watch times out (restart) or something fails. */
export function* monitorTest(testId: string, deps: MonitoringDeps) {
  try {
    // SPEC §4: the previous connection is closed by now; wait before connecting again.
    yield delay(RESTART_DELAY_MS);
    if (!deps.canUseSocket()) {
      yield put(pollingStarted({ testId }));
      yield call(pollUntilStopped, testId);
      yield put(monitoringEnded({ testId }));
      return 'ended' as Outcome;
    }
    for (let attempt = 0; ; attempt++) {
      const token: string | null = yield call(readToken, deps);
      if (!token) {
        // SPEC §8: a missing token blocks connecting.
        const message = 'Not connecting: there is no access token';
        logError(message);
        yield put(monitoringFailed({ testId, message }));
        return 'failed' as Outcome;
      }
      yield put(socketConnecting({ testId, attempt }));
      const result: SagaReturnType<typeof streamTest> = yield call(
        streamTest,
        testId,
        token,
        deps,
        /* resumed */ attempt > 0,
      );
      if (result.kind === 'not_running') return 'ended' as Outcome;
      if (result.kind === 'timed_out') return 'restart' as Outcome;
      if (result.kind === 'error') return 'failed' as Outcome;
      if (result.clean) {
        // The server closed the socket on purpose (refused, shutting down): no socket to be had, so poll.
        yield put(pollingStarted({ testId }));
        yield call(pollUntilStopped, testId);
        yield put(monitoringEnded({ testId }));
        return 'ended' as Outcome;
      }
      // SPEC §8: an unclean close reconnects after 5 s; the test is polled meanwhile.
      const { stopped } = (yield race({
        reconnect: delay(RECONNECT_DELAY_MS),
        stopped: call(pollUntilStopped, testId),
      })) as { stopped?: boolean };
      if (stopped) {
        yield put(monitoringEnded({ testId }));
        return 'ended' as Outcome;
      }
    }
  } catch (error) {
    // SPEC §4: errors are only logged and reset the monitoring flag.
    logError('Monitoring failed', error);
    yield put(monitoringFailed({ testId, message: error instanceof Error ? error.message : String(error) }));
    return 'failed' as Outcome;
  }
}

const isStartOrStop = (testId: string) => (action: unknown) =>
  monitoringStarted.match(action) || (monitoringStopped.match(action) && action.payload.testId === testId);

/**
 * One watched test at a time. Starting cancels the current watch (its socket closes in streamTest's
 * finally) before the new one begins; WATCH_TIMED_OUT restarts the same watch.
 */
export function* watchMonitoring(deps: MonitoringDeps) {
  let testId: string | null = null;
  while (true) {
    if (testId === null) {
      const started: ReturnType<typeof monitoringStarted> = yield take(monitoringStarted.type);
      testId = started.payload.testId;
    }
    const { outcome, action } = (yield race({
      outcome: call(monitorTest, testId, deps),
      action: take(isStartOrStop(testId)),
    })) as { outcome?: Outcome; action?: UnknownAction };
    if (action) testId = monitoringStarted.match(action) ? action.payload.testId : null;
    else if (outcome !== 'restart') testId = null;
  }
}

export function* generationSaga(deps: MonitoringDeps = browserMonitoringDeps) {
  yield call(watchMonitoring, deps);
}
