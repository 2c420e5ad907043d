// A healing as a topic of the one tracked-job monitor (lib/trackedMonitor.ts; SPEC §4 "monitoring",
// docs/healing.md "Live progress"). Loaded with the first watch (see sagas.ts), so the API calls stay
// out of the app's first load.
import { call } from 'redux-saga/effects';
import type { HealingSocketMessage } from '../../../contract/healing';
import { monitorTracked, readFresh, type TrackedRead, type TrackedTopic } from '../../lib/trackedMonitor';
import type { MonitoringDeps } from '../../lib/socket';
import { healingApi } from './api';
import {
  healingNotRunning,
  healingUpdated,
  monitoringEnded,
  monitoringFailed,
  pollingStarted,
  socketClosed,
  socketConnecting,
  socketOpened,
  watchStarted,
  watchTimedOut,
} from './slice';
import { HEALING_POLL_MS, isHealingInProgress, type TestHealing } from './types';

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
