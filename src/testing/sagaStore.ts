import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import createSagaMiddleware, { type Saga } from 'redux-saga';
import { baseApi } from '../api/baseApi';
import { rootReducer } from '../app/store';
import { startAuthClient } from './session';

/**
 * The app's reducers and RTK Query with one saga of the test's choosing (instead of rootSaga), so
 * the saga can be given fakes; `events` lists the named events dispatched, in order.
 */
export function makeSagaTestStore<Args extends unknown[]>(saga: Saga<Args>, ...args: Args) {
  startAuthClient();
  const events: string[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    const type = (action as UnknownAction).type;
    if (typeof type === 'string' && !type.startsWith('api/')) events.push(type);
    return next(action);
  };
  const sagaMiddleware = createSagaMiddleware({
    onError: (error) => console.error('A saga stopped:', error),
  });
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().concat(recorder, baseApi.middleware, sagaMiddleware),
  });
  const task = sagaMiddleware.run(saga, ...args);
  return { store, task, events };
}
