import type { Task } from 'redux-saga';
import { call, cancel, fork, put, select, take, takeEvery } from 'redux-saga/effects';
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

// NOTE: the watch itself (monitoring.ts, with the API and the wire contract) is its own chunk, loaded
// by the first screen that watches a run, so none of it weighs on the app's first load.
const loadMonitoring = () => import('./monitoring');

/** Loads the watch, then runs it; a chunk that fails to load ends the watch as failed. */
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

/**
 * One watch per run, as long as a screen wants it (the slice counts them). A watch that ended on its
 * own is started afresh by the next start.
 */
export function* watchRunMonitoring(deps: RunMonitoringDeps) {
  const tasks = new Map<string, Task>();
  while (true) {
    const action: ReturnType<typeof monitoringStarted> | ReturnType<typeof monitoringStopped> = yield take([
      monitoringStarted.type,
      monitoringStopped.type,
    ]);
    const { runId } = action.payload;
    const task = tasks.get(runId);
    if (monitoringStarted.match(action)) {
      if (!task?.isRunning()) tasks.set(runId, (yield fork(startMonitoring, runId, deps)) as Task);
      continue;
    }
    const stillWatched: unknown = yield select(selectRunMonitoring, runId);
    if (!stillWatched && task) {
      yield cancel(task); // lands in streamRun's finally: the socket closes
      tasks.delete(runId);
    }
  }
}

function* persistViewType(action: ReturnType<typeof viewTypeChanged>) {
  yield call(writeLocal, VIEW_TYPE_KEY, action.payload.viewType);
}

export function* runsSaga(deps: RunMonitoringDeps = browserRunMonitoringDeps) {
  yield takeEvery(viewTypeChanged.type, persistViewType);
  yield call(watchRunMonitoring, deps);
}
