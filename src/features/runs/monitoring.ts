// A run as a topic of the one tracked-job monitor (lib/trackedMonitor.ts; SPEC §4 "monitoring",
// docs/runs.md "Live updates"). Loaded with the first watch (see sagas.ts), so the API calls stay out
// of the app's first load.
import { call } from 'redux-saga/effects';
import { monitorTracked, readFresh, type TrackedRead, type TrackedTopic } from '../../lib/trackedMonitor';
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
import type { RunMonitoringDeps, RunSocketIncoming } from './socket';
import { isRunRunning, type TestRun } from './types';

export { RECONNECT_DELAY_MS, RESTART_DELAY_MS } from '../../lib/trackedMonitor';
/** How often a run is read while no socket can be had. */
export const POLL_INTERVAL_MS = 2000;

/**
 * Reads the run into RTK Query's cache. getRun itself puts the fresh copy into the loaded pages of its
 * list and, once the run has ended, reads its test, the tree and the list again (api.ts).
 */
export function* refetchRun(runId: string) {
  const read: TrackedRead<TestRun> = yield call(
    readFresh<TestRun>,
    runsApi.endpoints.getRun.initiate(runId, { subscribe: false, forceRefetch: true }),
  );
  return read;
}

export const runTopic: TrackedTopic<RunSocketIncoming, TestRun> = {
  logName: 'run monitoring',
  pollIntervalMs: POLL_INTERVAL_MS,
  watchRequest: (runId) => ({ type: 'watch_run', run_id: runId }),
  // NOTE: an empty run_id names no run (the server's 'Run ID is required for monitoring').
  idOf: (message) => ('run_id' in message && message.run_id ? message.run_id : undefined),
  interpret: (message, runId) => {
    switch (message.type) {
      case 'RUN_WATCHING':
        return { kind: 'watching', event: watchStarted({ runId, status: message.status }) };
      case 'RUN_UPDATED':
        return { kind: 'updated', event: runUpdated({ runId, status: message.status }) };
      case 'RUN_NOT_RUNNING':
        return { kind: 'ended', event: runNotRunning({ runId, status: message.status }) };
      case 'WATCH_TIMED_OUT':
        return { kind: 'timed_out', event: watchTimedOut({ runId }) };
      default:
        return null;
    }
  },
  refetch: refetchRun,
  isTerminal: (run) => !isRunRunning(run.status),
  goneMessage: 'Test run not found',
  events: {
    socketConnecting: (runId, attempt) => socketConnecting({ runId, attempt }),
    socketOpened: (runId) => socketOpened({ runId }),
    socketClosed: (runId, code, clean) => socketClosed({ runId, code, clean }),
    pollingStarted: (runId) => pollingStarted({ runId }),
    monitoringEnded: (runId) => monitoringEnded({ runId }),
    monitoringFailed: (runId, message) => monitoringFailed({ runId, message }),
  },
};

/** Watches one run until it ends: over the socket, reconnecting after an unclean close, else by polling. */
export function* monitorRun(runId: string, deps: RunMonitoringDeps) {
  yield call(monitorTracked, runTopic, runId, deps);
}
