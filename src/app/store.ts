import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import createSagaMiddleware from 'redux-saga';
import { baseApi } from '../api/baseApi';
import { authSlice } from '../features/auth/slice';
import { collectionsSlice } from '../features/collections/slice';
import { generationSlice } from '../features/generation/slice';
import { monitoringSlice } from '../features/monitoring/slice';
import { organizationsSlice } from '../features/organizations/slice';
import { runsSlice } from '../features/runs/slice';
import { suitesSlice } from '../features/suites/slice';
import { testTreeSlice } from '../features/tests/slice';
import { sidebarSlice } from './layouts/sidebarSlice';
import { rootSaga } from './rootSaga';

export const rootReducer = combineSlices(
  baseApi,
  authSlice,
  organizationsSlice,
  suitesSlice,
  testTreeSlice,
  generationSlice,
  runsSlice,
  monitoringSlice,
  collectionsSlice,
  sidebarSlice,
);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const sagaMiddleware = createSagaMiddleware({
    onError: (error) => console.error('A saga stopped:', error),
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware, sagaMiddleware),
    devTools: { name: 'Plainwright' },
  });
  sagaMiddleware.run(rootSaga);
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
