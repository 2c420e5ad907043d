// A run as a topic of the one monitor (lifecycle.ts; SPEC §4 "monitoring", docs/runs.md "Live
// updates"). Loaded with the first watch of a run (sagas.ts), so the API calls stay out of the app's
// first load.
import { call } from 'redux-saga/effects';
import type { RunSocketMessage } from '../../../../contract/runs';
import { isRunRunning, runsApi, type TestRun } from '../../runs/api';
import { readFresh, type TopicAdapter, type TrackedRead } from '../lifecycle';
import { runEnded, runUpdated, watchStarted, watchTimedOut } from '../slice';

type RunSocketIncoming = { type: 'AUTHENTICATED' } | RunSocketMessage;

/** How often a run is read while no socket can be had. */
export const RUN_POLL_MS = 2000;

/**
 * Reads the run into RTK Query's cache. getRun itself puts the fresh copy into the loaded pages of its
 * list and, once the run has ended, reads its test, the tree and the list again (runs/api.ts).
 */
export function* refetchRun(runId: string) {
  const read: TrackedRead<TestRun> = yield call(
    readFresh<TestRun>,
    runsApi.endpoints.getRun.initiate(runId, { subscribe: false, forceRefetch: true }),
  );
  return read;
}

export const runAdapter: TopicAdapter<RunSocketIncoming, TestRun> = {
  topic: 'run',
  logName: 'run monitoring',
  pollIntervalMs: RUN_POLL_MS,
  watchRequest: (runId) => ({ type: 'watch_run', run_id: runId }),
  // NOTE: an empty run_id names no run (the server's 'Run ID is required for monitoring').
  idOf: (message) => ('run_id' in message && message.run_id ? message.run_id : undefined),
  interpret: (message, id) => {
    const ref = { topic: 'run' as const, id };
    switch (message.type) {
      case 'RUN_WATCHING':
        return { kind: 'watching', event: watchStarted({ ...ref, status: message.status }) };
      case 'RUN_UPDATED':
        return { kind: 'updated', event: runUpdated({ ...ref, status: message.status }) };
      case 'RUN_NOT_RUNNING':
        return { kind: 'ended', event: runEnded({ ...ref, status: message.status }) };
      case 'WATCH_TIMED_OUT':
        return { kind: 'timed_out', event: watchTimedOut(ref) };
      default:
        return null;
    }
  },
  refetch: refetchRun,
  isTerminal: (run) => !isRunRunning(run.status),
  goneMessage: 'Test run not found',
};
