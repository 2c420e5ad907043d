// A healing, and a test's healings, as topics of the one monitor (lifecycle.ts; SPEC §4 "monitoring",
// docs/healing.md "Live progress"). Loaded with the first watch of either (sagas.ts), so the API calls
// stay out of the app's first load.
import { call, put } from 'redux-saga/effects';
import type { HealingSocketMessage, TestHealingsSocketMessage } from '../../../../contract/healing';
import {
  HEALING_POLL_MS,
  healingApi,
  healingOfRunTag,
  isHealingInProgress,
  TEST_HEALINGS_POLL_MS,
  type TestHealing,
} from '../../healing/api';
import { readFresh, type TopicAdapter, type TrackedRead } from '../lifecycle';
import { healingEnded, healingUpdated, testHealingsChanged, watchStarted, watchTimedOut } from '../slice';

type HealingSocketIncoming = { type: 'AUTHENTICATED' } | HealingSocketMessage;

/** Reads the healing into RTK Query's cache; getHealing puts it into its run's and test's reads (healing/api.ts). */
export function* refetchHealing(healingId: string) {
  const read: TrackedRead<TestHealing> = yield call(
    readFresh<TestHealing>,
    healingApi.endpoints.getHealing.initiate(healingId, { subscribe: false, forceRefetch: true }),
  );
  return read;
}

export const healingAdapter: TopicAdapter<HealingSocketIncoming, TestHealing> = {
  topic: 'healing',
  logName: 'healing monitoring',
  pollIntervalMs: HEALING_POLL_MS,
  watchRequest: (healingId) => ({ type: 'watch_healing', healing_id: healingId }),
  // NOTE: an empty healing_id names no healing (the server's 'Healing ID is required for monitoring').
  idOf: (message) => ('healing_id' in message && message.healing_id ? message.healing_id : undefined),
  interpret: (message, id) => {
    const ref = { topic: 'healing' as const, id };
    switch (message.type) {
      case 'HEALING_WATCHING':
        return { kind: 'watching', event: watchStarted({ ...ref, status: message.status }) };
      case 'HEALING_UPDATED':
        return { kind: 'updated', event: healingUpdated({ ...ref, status: message.status }) };
      case 'HEALING_NOT_RUNNING':
        return { kind: 'ended', event: healingEnded({ ...ref, status: message.status }) };
      case 'WATCH_TIMED_OUT':
        return { kind: 'timed_out', event: watchTimedOut(ref) };
      default:
        return null;
    }
  },
  refetch: refetchHealing,
  isTerminal: (healing) => !isHealingInProgress(healing.status),
  goneMessage: 'Test healing not found',
};

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

export const testHealingsAdapter: TopicAdapter<TestHealingsIncoming, TestHealing[]> = {
  topic: 'testHealings',
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
  interpret: (message, id) => {
    const ref = { topic: 'testHealings' as const, id };
    switch (message.type) {
      case 'TEST_HEALINGS_WATCHING':
        return { kind: 'watching', event: watchStarted({ ...ref, status: null }) };
      case 'TEST_HEALINGS_CHANGED': {
        const { healing_id: healingId, status, change } = message;
        return { kind: 'updated', event: testHealingsChanged({ ...ref, healingId, status, change }) };
      }
      case 'WATCH_TIMED_OUT':
        return { kind: 'timed_out', event: watchTimedOut(ref) };
      default:
        return null;
    }
  },
  refetch: refetchTestHealings,
  // A test's healings never stop changing: the watch lasts while a screen wants it.
  isTerminal: () => false,
  goneMessage: 'Test case not found',
};
