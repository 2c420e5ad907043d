import type { Action } from '@reduxjs/toolkit';
import { call, put } from 'redux-saga/effects';
import { browserMonitoringDeps, type MonitoringDeps } from '../../lib/socket';
import { watchEachWhileWanted } from '../../lib/trackedMonitor';
import { selectHealingMonitoring } from './selectors';
import { monitoringFailed, monitoringStarted, monitoringStopped } from './slice';

// NOTE: the healing topic (monitoring.ts, with the API) is its own chunk, loaded by the first screen
// that watches a healing, so none of it weighs on the app's first load.
const loadMonitoring = () => import('./monitoring');

/** Loads the healing topic, then watches; a chunk that fails to load ends the watch as failed. */
function* startMonitoring(healingId: string, deps: MonitoringDeps) {
  let monitoring: Awaited<ReturnType<typeof loadMonitoring>>;
  try {
    monitoring = yield call(loadMonitoring);
  } catch (error) {
    console.error('[healing monitoring] Could not load the monitoring', error);
    yield put(monitoringFailed({ healingId, message: 'Live updates could not be loaded' }));
    return;
  }
  yield call(monitoring.monitorHealing, healingId, deps);
}

const signals = {
  startedId: (action: Action) => (monitoringStarted.match(action) ? action.payload.healingId : null),
  stoppedId: (action: Action) => (monitoringStopped.match(action) ? action.payload.healingId : null),
};

/** One watch per healing, as long as a screen wants it (the slice counts them). */
export function* healingSaga(deps: MonitoringDeps = browserMonitoringDeps) {
  yield call(watchEachWhileWanted, signals, selectHealingMonitoring, (healingId: string) =>
    startMonitoring(healingId, deps),
  );
}
