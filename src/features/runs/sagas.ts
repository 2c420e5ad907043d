import type { Action } from '@reduxjs/toolkit';
import { call, put, takeEvery } from 'redux-saga/effects';
import { watchEachWhileWanted } from '../../lib/trackedMonitor';
import { writeLocal } from '../../lib/storage';
import { selectRunMonitoring } from './selectors';
import {
  monitoringFailed,
  monitoringStarted,
  monitoringStopped,
  VIEW_TYPE_KEY,
  viewTypeChanged,
} from './slice';
import { browserRunMonitoringDeps, type RunMonitoringDeps } from './socket';

// NOTE: the run topic (monitoring.ts, with the API and the wire contract) is its own chunk, loaded
// by the first screen that watches a run, so none of it weighs on the app's first load.
const loadMonitoring = () => import('./monitoring');

/** Loads the run topic, then watches; a chunk that fails to load ends the watch as failed. */
function* startMonitoring(runId: string, deps: RunMonitoringDeps) {
  let monitoring: Awaited<ReturnType<typeof loadMonitoring>>;
  try {
    monitoring = yield call(loadMonitoring);
  } catch (error) {
    console.error('[run monitoring] Could not load the monitoring', error);
    yield put(monitoringFailed({ runId, message: 'Live updates could not be loaded' }));
    return;
  }
  yield call(monitoring.monitorRun, runId, deps);
}

const signals = {
  startedId: (action: Action) => (monitoringStarted.match(action) ? action.payload.runId : null),
  stoppedId: (action: Action) => (monitoringStopped.match(action) ? action.payload.runId : null),
};

/**
 * One watch per run, as long as a screen wants it (the slice counts them). A watch that ended on its
 * own is started afresh by the next start.
 */
export function* watchRunMonitoring(deps: RunMonitoringDeps) {
  yield call(watchEachWhileWanted, signals, selectRunMonitoring, (runId: string) =>
    startMonitoring(runId, deps),
  );
}

function* persistViewType(action: ReturnType<typeof viewTypeChanged>) {
  yield call(writeLocal, VIEW_TYPE_KEY, action.payload.viewType);
}

export function* runsSaga(deps: RunMonitoringDeps = browserRunMonitoringDeps) {
  yield takeEvery(viewTypeChanged.type, persistViewType);
  yield call(watchRunMonitoring, deps);
}
