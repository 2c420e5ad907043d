import type { Task } from 'redux-saga';
import { call, cancel, fork, put, select, take } from 'redux-saga/effects';
import { browserMonitoringDeps, type MonitoringDeps } from '../../lib/socket';
import { monitorTracked, type AnyTopic } from './lifecycle';
import { selectWatch } from './selectors';
import { watchFailed, watchLeft, watchRequested } from './slice';
import { watchKey, type WatchRef, type WatchTopic } from './types';

// The one monitoring saga (SPEC §4; docs/monitoring.md): one subscription per topic and id, shared by
// every screen that watches it, from the first watchRequested to the last watchLeft.

/** Gives the topic's adapter; the browser's loads it as its own chunk on the first watch of the topic. */
export type AdapterLoader = (topic: WatchTopic) => Promise<AnyTopic>;

// NOTE: each kind's adapter (with its API and wire contract) is its own chunk, loaded by the first
// screen that watches one, so none of it weighs on the app's first load.
export const loadAdapter: AdapterLoader = async (topic) => {
  switch (topic) {
    case 'generation':
      return (await import('./adapters/generation')).generationAdapter;
    case 'run':
      return (await import('./adapters/run')).runAdapter;
    case 'healing':
      return (await import('./adapters/healing')).healingAdapter;
    case 'testHealings':
      return (await import('./adapters/healing')).testHealingsAdapter;
    case 'collection':
      return (await import('./adapters/collection')).collectionAdapter;
  }
};

/** Loads the topic's adapter, then watches; an adapter that fails to load ends the watch as failed. */
function* watchJob({ topic, id }: WatchRef, deps: MonitoringDeps, load: AdapterLoader) {
  let adapter: AnyTopic;
  try {
    adapter = yield call(load, topic);
  } catch (error) {
    console.error(`[monitoring] Could not load the ${topic} monitoring`, error);
    yield put(watchFailed({ topic, id, message: 'Live updates could not be loaded' }));
    return;
  }
  yield call(monitorTracked, adapter, id, deps);
}

/**
 * One watch per topic and id while a screen wants it (the slice counts them): the first request
 * starts it, later ones share it, the last leave cancels it (its socket closes). A watch that ended
 * on its own is started afresh by the next request.
 */
export function* monitoringSaga(
  deps: MonitoringDeps = browserMonitoringDeps,
  load: AdapterLoader = loadAdapter,
) {
  const tasks = new Map<string, Task>();
  while (true) {
    const action: ReturnType<typeof watchRequested | typeof watchLeft> = yield take([
      watchRequested.type,
      watchLeft.type,
    ]);
    for (const [key, task] of tasks) if (!task.isRunning()) tasks.delete(key);
    const ref = { topic: action.payload.topic, id: action.payload.id };
    const key = watchKey(ref.topic, ref.id);
    if (watchRequested.match(action)) {
      if (!tasks.has(key)) tasks.set(key, (yield fork(watchJob, ref, deps, load)) as Task);
      continue;
    }
    const task = tasks.get(key);
    const stillWanted: unknown = yield select(selectWatch, ref.topic, ref.id);
    if (!stillWanted && task) {
      yield cancel(task); // lands in the lifecycle's finally: the socket closes
      tasks.delete(key);
    }
  }
}
