import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { baseApi, suiteScopedTags } from '../../api/baseApi';
import { buildSuite } from '../../testing/factories';
import {
  chooseSuite,
  followOrganization,
  requestTestSuites,
  reselectAfterDelete,
  SELECTED_SUITE_KEY,
  suitesSaga,
  type SuitesSagaDeps,
} from './sagas';
import { selectCachedSuites } from './selectors';
import {
  organizationFollowed,
  selectedSuiteDeleted,
  selectionRestored,
  suiteSelected,
  suitesLoadFailed,
  suitesSlice,
  type SuitesState,
} from './slice';

const checkout = buildSuite({ id: 'suite-checkout', name: 'Checkout' });
const search = buildSuite({ id: 'suite-search', name: 'Search' });

const depsFor = (organizationId: string | null): SuitesSagaDeps => ({
  isOrganizationChange: () => true,
  selectOrganizationId: () => organizationId,
});

const reducer = combineReducers({ suites: suitesSlice.reducer });
const stateWith = (suites: Partial<SuitesState>) => ({
  suites: { organizationId: null, selectedSuiteId: null, ...suites },
});

describe('chooseSuite', () => {
  it('restores the stored suite when it still exists', () => {
    expect(chooseSuite([checkout, search], 'suite-search')).toBe('suite-search');
  });

  it('picks the first suite when the stored one is gone or nothing is stored', () => {
    expect(chooseSuite([checkout, search], 'suite-deleted')).toBe('suite-checkout');
    expect(chooseSuite([checkout, search], null)).toBe('suite-checkout');
  });

  it('picks nothing when there are no suites', () => {
    expect(chooseSuite([], 'suite-search')).toBeNull();
  });
});

describe('followOrganization', () => {
  it("restores the stored suite of the organization's list", () => {
    window.localStorage.setItem(SELECTED_SUITE_KEY, 'suite-search');
    return expectSaga(followOrganization, depsFor('org-1'))
      .withReducer(reducer, stateWith({}))
      .provide([[matchers.call.fn(requestTestSuites), [checkout, search]]])
      .put(organizationFollowed({ organizationId: 'org-1' }))
      .put(selectionRestored({ suiteId: 'suite-search' }))
      .hasFinalState(stateWith({ organizationId: 'org-1', selectedSuiteId: 'suite-search' }))
      .run();
  });

  it('selects the first suite when nothing is stored', () =>
    expectSaga(followOrganization, depsFor('org-1'))
      .withReducer(reducer, stateWith({}))
      .provide([[matchers.call.fn(requestTestSuites), [checkout, search]]])
      .put(selectionRestored({ suiteId: 'suite-checkout' }))
      .run());

  it('clears the selection when the organization changes and leaves it empty without suites', () =>
    expectSaga(followOrganization, depsFor('org-2'))
      .withReducer(reducer, stateWith({ organizationId: 'org-1', selectedSuiteId: 'suite-checkout' }))
      .provide([[matchers.call.fn(requestTestSuites), []]])
      .not.put.actionType(selectionRestored.type)
      .hasFinalState(stateWith({ organizationId: 'org-2', selectedSuiteId: null }))
      .run());

  it('does nothing when the organization did not change', () =>
    expectSaga(followOrganization, depsFor('org-1'))
      .withReducer(reducer, stateWith({ organizationId: 'org-1', selectedSuiteId: 'suite-search' }))
      .not.put.actionType(organizationFollowed.type)
      .not.call.fn(requestTestSuites)
      .run());

  it('clears the selection without loading anything when no organization remains', () =>
    expectSaga(followOrganization, depsFor(null))
      .withReducer(reducer, stateWith({ organizationId: 'org-1', selectedSuiteId: 'suite-search' }))
      .put(organizationFollowed({ organizationId: null }))
      .not.call.fn(requestTestSuites)
      .run());

  it('reports a failed load of the suites', () =>
    expectSaga(followOrganization, depsFor('org-1'))
      .withReducer(reducer, stateWith({}))
      .provide([[matchers.call.fn(requestTestSuites), throwError(new Error('HTTP 500'))]])
      .put(suitesLoadFailed({ message: 'Failed to fetch test suites' }))
      .run());
});

describe('reselectAfterDelete', () => {
  const deleted = (id: string) => ({ meta: { arg: { originalArgs: id } } });
  const selected = stateWith({ organizationId: 'org-1', selectedSuiteId: 'suite-checkout' });

  it('selects the first remaining suite when the selected one is deleted', () =>
    expectSaga(reselectAfterDelete, deleted('suite-checkout'))
      .withState(selected)
      .provide([[matchers.select.selector(selectCachedSuites), [checkout, search]]])
      .put(selectedSuiteDeleted({ nextSuiteId: 'suite-search' }))
      .run());

  it('clears the selection when the last suite is deleted', () =>
    expectSaga(reselectAfterDelete, deleted('suite-checkout'))
      .withState(selected)
      .provide([[matchers.select.selector(selectCachedSuites), [checkout]]])
      .put(selectedSuiteDeleted({ nextSuiteId: null }))
      .run());

  it('keeps the selection when another suite is deleted', () =>
    expectSaga(reselectAfterDelete, deleted('suite-search'))
      .withState(selected)
      .provide([[matchers.select.selector(selectCachedSuites), [checkout, search]]])
      .not.put.actionType(selectedSuiteDeleted.type)
      .run());
});

describe('suite change', () => {
  const quietOrganization: SuitesSagaDeps = {
    isOrganizationChange: () => false,
    selectOrganizationId: () => 'org-1',
  };

  it('invalidates the data that belongs to a suite', () =>
    expectSaga(suitesSaga, quietOrganization)
      .withReducer(reducer, stateWith({ organizationId: 'org-1', selectedSuiteId: 'suite-checkout' }))
      .delay(10)
      .dispatch(suiteSelected({ suiteId: 'suite-search' }))
      .put(baseApi.util.invalidateTags([...suiteScopedTags]))
      .silentRun(50));

  it('does not invalidate anything on the first selection after start-up', () =>
    expectSaga(suitesSaga, quietOrganization)
      .withReducer(reducer, stateWith({ organizationId: 'org-1', selectedSuiteId: null }))
      .delay(10)
      .dispatch(selectionRestored({ suiteId: 'suite-checkout' }))
      .not.put(baseApi.util.invalidateTags([...suiteScopedTags]))
      .silentRun(50));

  it('invalidates when a suite is chosen after the first one', () =>
    expectSaga(suitesSaga, quietOrganization)
      .withReducer(reducer, stateWith({ organizationId: 'org-1', selectedSuiteId: null }))
      .delay(10)
      .dispatch(selectionRestored({ suiteId: 'suite-checkout' }))
      .delay(10)
      .dispatch(suiteSelected({ suiteId: 'suite-search' }))
      .put(baseApi.util.invalidateTags([...suiteScopedTags]))
      .silentRun(50));

  it('does not invalidate anything when the same suite is chosen again', () =>
    expectSaga(suitesSaga, quietOrganization)
      .withReducer(reducer, stateWith({ organizationId: 'org-1', selectedSuiteId: 'suite-checkout' }))
      .delay(10)
      .dispatch(suiteSelected({ suiteId: 'suite-checkout' }))
      .not.put(baseApi.util.invalidateTags([...suiteScopedTags]))
      .silentRun(50));
});
