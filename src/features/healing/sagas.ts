import type { Action } from '@reduxjs/toolkit';
import { all, call, put } from 'redux-saga/effects';
import { browserMonitoringDeps, type MonitoringDeps } from '../../lib/socket';
import { watchEachWhileWanted } from '../../lib/trackedMonitor';
import { selectHealingMonitoring, selectTestHealingsMonitoring } from './selectors';
import {
  monitoringFailed,
  monitoringStarted,
  monitoringStopped,
  testMonitoringFailed,
  testWatchLeft,
  testWatchRequested,
} from './slice';

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

/** Loads the healing topic, then watches the test's healings (issue 28). */
function* startTestMonitoring(testId: string, deps: MonitoringDeps) {
  let monitoring: Awaited<ReturnType<typeof loadMonitoring>>;
  try {
    monitoring = yield call(loadMonitoring);
  } catch (error) {
    console.error('[test healings monitoring] Could not load the monitoring', error);
    yield put(testMonitoringFailed({ testId, message: 'Live updates could not be loaded' }));
    return;
  }
  yield call(monitoring.monitorTestHealings, testId, deps);
}

const signals = {
  startedId: (action: Action) => (monitoringStarted.match(action) ? action.payload.healingId : null),
  stoppedId: (action: Action) => (monitoringStopped.match(action) ? action.payload.healingId : null),
};

const testSignals = {
  startedId: (action: Action) => (testWatchRequested.match(action) ? action.payload.testId : null),
  stoppedId: (action: Action) => (testWatchLeft.match(action) ? action.payload.testId : null),
};

/**
 * One watch per healing, and one per test whose healings a screen shows, as long as a screen wants
 * it (the slice counts them).
 */
export function* healingSaga(deps: MonitoringDeps = browserMonitoringDeps) {
  yield all([
    call(watchEachWhileWanted, signals, selectHealingMonitoring, (healingId: string) =>
      startMonitoring(healingId, deps),
    ),
    call(watchEachWhileWanted, testSignals, selectTestHealingsMonitoring, (testId: string) =>
      startTestMonitoring(testId, deps),
    ),
  ]);
}
