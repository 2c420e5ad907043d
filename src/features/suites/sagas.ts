import type { Action } from '@reduxjs/toolkit';
import { call, fork, put, select, take, takeEvery, takeLatest } from 'redux-saga/effects';
import { baseApi, suiteScopedTags } from '../../api/baseApi';
import { t } from '../../config/locale';
import { readLocal, writeLocal } from '../../lib/storage';
import { suitesApi } from './api';
import { selectCachedSuites, selectSelectedSuiteId, selectSuitesOrganizationId } from './selectors';
import {
  organizationFollowed,
  selectedSuiteDeleted,
  selectionRestored,
  suiteSelected,
  suitesLoadFailed,
} from './slice';
import type { TestSuite } from './types';

export const SELECTED_SUITE_KEY = 'selected_test_suite_id';

/** What the suites saga needs to know about organizations; wired by app/rootSaga. */
export interface SuitesSagaDeps {
  isOrganizationChange: (action: Action) => boolean;
  // Method syntax: any app state selector fits, whatever its state type.
  selectOrganizationId(state: object): string | null;
}

/** The stored suite when it still exists, otherwise the first, otherwise none (SPEC §4). */
export function chooseSuite(suites: TestSuite[], storedId: string | null): string | null {
  return suites.find(({ id }) => id === storedId)?.id ?? suites[0]?.id ?? null;
}

type SuitesRequest = ReturnType<ReturnType<typeof suitesApi.endpoints.getTestSuites.initiate>>;

export function* requestTestSuites(organizationId: string) {
  const request: SuitesRequest = yield put(
    suitesApi.endpoints.getTestSuites.initiate(organizationId, { forceRefetch: true }),
  );
  try {
    const suites: TestSuite[] = yield call([request, request.unwrap]);
    return suites;
  } finally {
    request.unsubscribe();
  }
}

export function* followOrganization(deps: SuitesSagaDeps) {
  const organizationId: string | null = yield select(deps.selectOrganizationId);
  const followed: string | null = yield select(selectSuitesOrganizationId);
  if (organizationId === followed) return;
  yield put(organizationFollowed({ organizationId }));
  if (!organizationId) return;
  try {
    const suites: TestSuite[] = yield call(requestTestSuites, organizationId);
    const current: string | null = yield select(selectSelectedSuiteId);
    const next = chooseSuite(suites, readLocal(SELECTED_SUITE_KEY));
    // The person may already have picked one while the list was loading.
    if (!current && next) yield put(selectionRestored({ suiteId: next }));
  } catch (_error) {
    yield put(suitesLoadFailed({ message: t.suites.fetchFailed }));
  }
}

// A later successful load (a retry, or the first suite just created) fills an empty selection.
export function* selectWhenNoneSelected(action: {
  payload: TestSuite[];
  meta: { arg: { originalArgs: string } };
}) {
  const followed: string | null = yield select(selectSuitesOrganizationId);
  const current: string | null = yield select(selectSelectedSuiteId);
  if (current || action.meta.arg.originalArgs !== followed) return;
  const next = chooseSuite(action.payload, readLocal(SELECTED_SUITE_KEY));
  if (next) yield put(selectionRestored({ suiteId: next }));
}

export function* reselectAfterDelete(action: { meta: { arg: { originalArgs: string } } }) {
  const deletedId = action.meta.arg.originalArgs;
  const current: string | null = yield select(selectSelectedSuiteId);
  if (deletedId !== current) return;
  const organizationId: string | null = yield select(selectSuitesOrganizationId);
  const cached: TestSuite[] = organizationId ? yield select(selectCachedSuites, organizationId) : [];
  const remaining = cached.filter(({ id }) => id !== deletedId);
  yield put(selectedSuiteDeleted({ nextSuiteId: remaining[0]?.id ?? null }));
}

function* persistSelection(
  action: ReturnType<typeof suiteSelected | typeof selectionRestored | typeof selectedSuiteDeleted>,
) {
  const suiteId = 'suiteId' in action.payload ? action.payload.suiteId : action.payload.nextSuiteId;
  yield call(writeLocal, SELECTED_SUITE_KEY, suiteId);
}

// Data scoped to a suite (collections, modules, the test tree, secrets, browser states) reloads on change.
function* refreshOnSelectionChange() {
  let previous: string | null = yield select(selectSelectedSuiteId);
  // NOTE: the first selection after start-up has nothing stale to reload; invalidating then would
  // fetch every suite query twice (the test tree of 10,000 tests included).
  let selectedBefore = previous !== null;
  while (true) {
    yield take([
      suiteSelected.type,
      selectionRestored.type,
      selectedSuiteDeleted.type,
      organizationFollowed.type,
    ]);
    const current: string | null = yield select(selectSelectedSuiteId);
    if (current === previous) continue;
    previous = current;
    if (current && selectedBefore) yield put(baseApi.util.invalidateTags([...suiteScopedTags]));
    if (current) selectedBefore = true;
  }
}

export function* suitesSaga(deps: SuitesSagaDeps) {
  yield takeLatest(deps.isOrganizationChange, followOrganization, deps);
  yield takeEvery(suitesApi.endpoints.getTestSuites.matchFulfilled, selectWhenNoneSelected);
  yield takeEvery(suitesApi.endpoints.deleteTestSuite.matchFulfilled, reselectAfterDelete);
  yield takeEvery([suiteSelected.type, selectionRestored.type, selectedSuiteDeleted.type], persistSelection);
  yield fork(refreshOnSelectionChange);
}
