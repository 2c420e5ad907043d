import { call, takeEvery } from 'redux-saga/effects';
import { writeLocal } from '../../lib/storage';
import { VIEW_TYPE_KEY, viewTypeChanged } from './slice';

// A run is watched live by the monitoring feature (useWatch('run', id)); this saga keeps the rest.

function* persistViewType(action: ReturnType<typeof viewTypeChanged>) {
  yield call(writeLocal, VIEW_TYPE_KEY, action.payload.viewType);
}

export function* runsSaga() {
  yield takeEvery(viewTypeChanged.type, persistViewType);
}
