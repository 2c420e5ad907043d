import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, select, takeEvery } from 'redux-saga/effects';
import { t } from '../../config/locale';
import { notify } from '../../lib/notify';
import { collectionsApi } from './api';
import { selectCachedCollections } from './selectors';
import { deleteFailed, deleteRequested, deleteSucceeded } from './slice';
import type { Collection } from './types';

type DeleteRequest = ReturnType<ReturnType<typeof collectionsApi.endpoints.deleteCollection.initiate>>;

/** SPEC §4: gone from the list at once; back at its old place, with a toast, when the call fails. */
export function* deleteCollection(action: PayloadAction<{ collection: Collection; suiteId: string }>) {
  const { collection, suiteId } = action.payload;
  const cached: Collection[] = yield select(selectCachedCollections, suiteId);
  const index = cached.findIndex(({ _id }) => _id === collection._id);
  yield put(
    collectionsApi.util.updateQueryData('getCollections', suiteId, (draft) =>
      draft.filter(({ _id }) => _id !== collection._id),
    ),
  );
  const request: DeleteRequest = yield put(
    collectionsApi.endpoints.deleteCollection.initiate({ id: collection._id, suiteId }),
  );
  try {
    yield call([request, request.unwrap]);
    yield put(deleteSucceeded({ id: collection._id }));
  } catch (_error) {
    // NOTE: reinserted rather than patch.undo(): undo would also revert changes made meanwhile.
    yield put(
      collectionsApi.util.updateQueryData('getCollections', suiteId, (draft) => {
        if (draft.some(({ _id }) => _id === collection._id)) return;
        draft.splice(index < 0 ? draft.length : Math.min(index, draft.length), 0, collection);
      }),
    );
    yield put(deleteFailed({ id: collection._id, index, message: t.collections.deleteFailed }));
    yield call(notify.error, t.collections.deleteFailed);
  }
}

export function* collectionsSaga() {
  yield takeEvery(deleteRequested.type, deleteCollection);
}
