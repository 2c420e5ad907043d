import { isAnyOf } from '@reduxjs/toolkit';
import { all, spawn } from 'redux-saga/effects';
import { authSaga } from '../features/auth/sagas';
import { collectionsSaga } from '../features/collections/sagas';
import { selectCurrentUserId } from '../features/auth/selectors';
import { sessionRestored, signedIn, signedOut, userUpdated } from '../features/auth/slice';
import { monitoringSaga } from '../features/monitoring/sagas';
import { organizationsSaga } from '../features/organizations/sagas';
import { selectCurrentOrganizationId } from '../features/organizations/selectors';
import {
  noOrganizationFound,
  organizationCreated,
  organizationJoined,
  organizationsCleared,
  organizationsLoaded,
  organizationSwitched,
} from '../features/organizations/slice';
import { runsSaga } from '../features/runs/sagas';
import { SELECTED_SUITE_KEY, suitesSaga } from '../features/suites/sagas';
import { readLocal } from '../lib/storage';
import { testsSaga } from '../features/tests/sagas';

// Features never import one another's internals, so the app wires the events each saga follows.
export function* rootSaga() {
  yield all([
    spawn(authSaga),
    spawn(organizationsSaga, {
      isUserChange: isAnyOf(sessionRestored, signedIn, userUpdated, signedOut),
      selectUserId: selectCurrentUserId,
    }),
    spawn(suitesSaga, {
      isOrganizationChange: isAnyOf(
        organizationsLoaded,
        organizationSwitched,
        organizationCreated,
        // Joined through an invitation: its projects fill the selector at once, without a reload.
        organizationJoined,
        noOrganizationFound,
        organizationsCleared,
      ),
      selectOrganizationId: selectCurrentOrganizationId,
    }),
    spawn(testsSaga, {
      isSessionRestored: sessionRestored.match,
      currentPath: () => window.location.pathname,
      rememberedSuiteId: () => readLocal(SELECTED_SUITE_KEY),
    }),
    spawn(monitoringSaga),
    spawn(runsSaga),
    spawn(collectionsSaga),
  ]);
}
