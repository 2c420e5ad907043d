import type { Action } from '@reduxjs/toolkit';
import { call } from 'redux-saga/effects';
import {
  monitorTracked,
  readFresh,
  watchOneAtATime,
  type TrackedRead,
  type TrackedTopic,
} from '../../lib/trackedMonitor';
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
import { browserMonitoringDeps, type GenerationSocketMessage, type MonitoringDeps } from './socket';
import { isGenerating } from './states';

// A test's generation as a topic of the one tracked-job monitor (lib/trackedMonitor.ts, SPEC §4).

export { RECONNECT_DELAY_MS, RESTART_DELAY_MS } from '../../lib/trackedMonitor';
/** How often a test is polled while no socket can be had. */
export const POLL_INTERVAL_MS = 3000;

/** Refetches the test into RTK Query's cache (the details page reads it there). */
export function* refetchTest(testId: string) {
  const read: TrackedRead<TestCase> = yield call(
    readFresh<TestCase>,
    testsApi.endpoints.getTestCase.initiate(testId, { subscribe: false, forceRefetch: true }),
  );
  return read;
}

export const generationTopic: TrackedTopic<GenerationSocketMessage, TestCase> = {
  logName: 'monitoring',
  pollIntervalMs: POLL_INTERVAL_MS,
  watchRequest: (testId) => ({ type: 'watch', test_id: testId }),
  idOf: (message) => ('test_id' in message ? message.test_id : undefined),
  interpret: (message, testId) => {
    switch (message.type) {
      case 'WATCHING':
        return { kind: 'watching', event: watchStarted({ testId, state: message.state }) };
      case 'TEST_UPDATED':
        return { kind: 'updated', event: testUpdated({ testId }) };
      case 'TEST_NOT_RUNNING':
        return { kind: 'ended', event: testNotRunning({ testId }) };
      case 'WATCH_TIMED_OUT':
        return { kind: 'timed_out', event: watchTimedOut({ testId }) };
      default:
        return null;
    }
  },
  refetch: refetchTest,
  isTerminal: (test) => !isGenerating(test.state),
  goneMessage: 'Test case not found',
  events: {
    socketConnecting: (testId, attempt) => socketConnecting({ testId, attempt }),
    socketOpened: (testId) => socketOpened({ testId }),
    socketClosed: (testId, code, clean) => socketClosed({ testId, code, clean }),
    pollingStarted: (testId) => pollingStarted({ testId }),
    monitoringEnded: (testId) => monitoringEnded({ testId }),
    monitoringFailed: (testId, message) => monitoringFailed({ testId, message }),
  },
};

/** Watches one test until it stops generating or the watch fails (WATCH_TIMED_OUT restarts it). */
export function* monitorTest(testId: string, deps: MonitoringDeps) {
  yield call(monitorTracked, generationTopic, testId, deps);
}

const signals = {
  startedId: (action: Action) => (monitoringStarted.match(action) ? action.payload.testId : null),
  stoppedId: (action: Action) => (monitoringStopped.match(action) ? action.payload.testId : null),
};

/** One watched test at a time: starting cancels the current watch (its socket closes) first. */
export function* watchMonitoring(deps: MonitoringDeps) {
  yield call(watchOneAtATime, signals, (testId: string) => monitorTest(testId, deps));
}

export function* generationSaga(deps: MonitoringDeps = browserMonitoringDeps) {
  yield call(watchMonitoring, deps);
}
