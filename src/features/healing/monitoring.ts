// A healing as a topic of the one tracked-job monitor (lib/trackedMonitor.ts; SPEC §4 "monitoring",
// docs/healing.md "Live progress"). Loaded with the first watch (see sagas.ts), so the API calls stay
// out of the app's first load.
import { call, put } from 'redux-saga/effects';
import type { HealingSocketMessage, TestHealingsSocketMessage } from '../../../contract/healing';
import { monitorTracked, readFresh, type TrackedRead, type TrackedTopic } from '../../lib/trackedMonitor';
import type { MonitoringDeps } from '../../lib/socket';
import { healingApi, healingOfRunTag } from './api';
import {
  healingNotRunning,
  healingUpdated,
  monitoringEnded,
  monitoringFailed,
  pollingStarted,
  socketClosed,
  socketConnecting,
  socketOpened,
  testHealingsChanged,
  testMonitoringEnded,
  testMonitoringFailed,
  testPollingStarted,
  testSocketClosed,
  testSocketConnecting,
  testSocketOpened,
  testWatchStarted,
  testWatchTimedOut,
  watchStarted,
  watchTimedOut,
} from './slice';
import { HEALING_POLL_MS, isHealingInProgress, TEST_HEALINGS_POLL_MS, type TestHealing } from './types';

type HealingSocketIncoming = { type: 'AUTHENTICATED' } | HealingSocketMessage;

/** Reads the healing into RTK Query's cache; getHealing puts it into its run's and test's reads (api.ts). */
export function* refetchHealing(healingId: string) {
  const read: TrackedRead<TestHealing> = yield call(
    readFresh<TestHealing>,
    healingApi.endpoints.getHealing.initiate(healingId, { subscribe: false, forceRefetch: true }),
  );
  return read;
}

export const healingTopic: TrackedTopic<HealingSocketIncoming, TestHealing> = {
  logName: 'healing monitoring',
  pollIntervalMs: HEALING_POLL_MS,
  watchRequest: (healingId) => ({ type: 'watch_healing', healing_id: healingId }),
  // NOTE: an empty healing_id names no healing (the server's 'Healing ID is required for monitoring').
  idOf: (message) => ('healing_id' in message && message.healing_id ? message.healing_id : undefined),
  interpret: (message, healingId) => {
    switch (message.type) {
      case 'HEALING_WATCHING':
        return { kind: 'watching', event: watchStarted({ healingId, status: message.status }) };
      case 'HEALING_UPDATED':
        return { kind: 'updated', event: healingUpdated({ healingId, status: message.status }) };
      case 'HEALING_NOT_RUNNING':
        return { kind: 'ended', event: healingNotRunning({ healingId, status: message.status }) };
      case 'WATCH_TIMED_OUT':
        return { kind: 'timed_out', event: watchTimedOut({ healingId }) };
      default:
        return null;
    }
  },
  refetch: refetchHealing,
  isTerminal: (healing) => !isHealingInProgress(healing.status),
  goneMessage: 'Test healing not found',
  events: {
    socketConnecting: (healingId, attempt) => socketConnecting({ healingId, attempt }),
    socketOpened: (healingId) => socketOpened({ healingId }),
    socketClosed: (healingId, code, clean) => socketClosed({ healingId, code, clean }),
    pollingStarted: (healingId) => pollingStarted({ healingId }),
    monitoringEnded: (healingId) => monitoringEnded({ healingId }),
    monitoringFailed: (healingId, message) => monitoringFailed({ healingId, message }),
  },
};

/** Watches one healing until it ends: over the socket, reconnecting after an unclean close, else by polling. */
export function* monitorHealing(healingId: string, deps: MonitoringDeps) {
  yield call(monitorTracked, healingTopic, healingId, deps);
}

// ── A test's healings (issue 28) ────────────────────────────────────────────────────────────────

type TestHealingsIncoming = { type: 'AUTHENTICATED' } | TestHealingsSocketMessage;

/**
 * Reads the test's healings into RTK Query's cache, and has every run panel of them read its healing
 * again: a run whose panel said "no healing" (read before its automatic healing was made) shows it now.
 */
export function* refetchTestHealings(testId: string) {
  const read: TrackedRead<TestHealing[]> = yield call(
    readFresh<TestHealing[]>,
    healingApi.endpoints.getTestHealings.initiate(testId, { subscribe: false, forceRefetch: true }),
  );
  if (Array.isArray(read) && read.length > 0)
    yield put(
      healingApi.util.invalidateTags(
        read.map((healing) => healingOfRunTag(healing.triggered_by_test_run_id)),
      ),
    );
  return read;
}

export const testHealingsTopic: TrackedTopic<TestHealingsIncoming, TestHealing[]> = {
  logName: 'test healings monitoring',
  pollIntervalMs: TEST_HEALINGS_POLL_MS,
  watchRequest: (testId) => ({ type: 'watch_test_healings', test_id: testId }),
  // NOTE: only this topic's messages name a test here (a WATCH_TIMED_OUT says `topic: 'healings'`).
  idOf: (message) =>
    message.type === 'AUTHENTICATED' || !message.test_id
      ? undefined
      : message.type !== 'WATCH_TIMED_OUT' || message.topic === 'healings'
        ? message.test_id
        : undefined,
  interpret: (message, testId) => {
    switch (message.type) {
      case 'TEST_HEALINGS_WATCHING':
        return { kind: 'watching', event: testWatchStarted({ testId }) };
      case 'TEST_HEALINGS_CHANGED': {
        const { healing_id: healingId, status, change } = message;
        return { kind: 'updated', event: testHealingsChanged({ testId, healingId, status, change }) };
      }
      case 'WATCH_TIMED_OUT':
        return { kind: 'timed_out', event: testWatchTimedOut({ testId }) };
      default:
        return null;
    }
  },
  refetch: refetchTestHealings,
  // A test's healings never stop changing: the watch lasts while a screen wants it.
  isTerminal: () => false,
  goneMessage: 'Test case not found',
  events: {
    socketConnecting: (testId, attempt) => testSocketConnecting({ testId, attempt }),
    socketOpened: (testId) => testSocketOpened({ testId }),
    socketClosed: (testId, code, clean) => testSocketClosed({ testId, code, clean }),
    pollingStarted: (testId) => testPollingStarted({ testId }),
    monitoringEnded: (testId) => testMonitoringEnded({ testId }),
    monitoringFailed: (testId, message) => testMonitoringFailed({ testId, message }),
  },
};

/** Watches a test's healings while a screen shows them: over the socket, else by polling. */
export function* monitorTestHealings(testId: string, deps: MonitoringDeps) {
  yield call(monitorTracked, testHealingsTopic, testId, deps);
}
