import { combineReducers } from '@reduxjs/toolkit';
import { waitFor } from '@testing-library/react';
import { expectSaga } from 'redux-saga-test-plan';
import {
  expandedFoldersKey,
  persistExpandedFolders,
  readExpandedFolders,
  restoreExpandedFolders,
  testsSaga,
} from './sagas';
import { expandedFoldersRestored, folderExpanded, testTreeSlice, treeOpened } from './slice';
import { seedSuite, seedTestCase } from '../../testing/msw/db';
import { server } from '../../testing/msw/server';
import { makeSagaTestStore } from '../../testing/sagaStore';
import { signInAsMemberOf } from '../../testing/session';
import { testsApi } from './api';

const reducer = combineReducers({ testTree: testTreeSlice.reducer });

describe('open folders', () => {
  it('restores what was remembered for the suite when its tree opens', () => {
    localStorage.setItem(expandedFoldersKey('suite-1'), JSON.stringify(['checkout', 'checkout/cards']));
    localStorage.setItem(expandedFoldersKey('suite-2'), JSON.stringify(['other']));
    return expectSaga(restoreExpandedFolders, treeOpened({ suiteId: 'suite-1' }))
      .withReducer(reducer)
      .put(expandedFoldersRestored({ suiteId: 'suite-1', paths: ['checkout', 'checkout/cards'] }))
      .hasFinalState({ testTree: { expanded: { 'suite-1': ['checkout', 'checkout/cards'] }, search: '' } })
      .run();
  });

  it('keeps what is already in the store', () => {
    localStorage.setItem(expandedFoldersKey('suite-1'), JSON.stringify(['stale']));
    return expectSaga(restoreExpandedFolders, treeOpened({ suiteId: 'suite-1' }))
      .withReducer(reducer, { testTree: { expanded: { 'suite-1': ['fresh'] }, search: '' } })
      .not.put.actionType(expandedFoldersRestored.type)
      .run();
  });

  it('reads nothing from storage that is not a list of paths', () => {
    localStorage.setItem(expandedFoldersKey('suite-1'), '{not json');
    expect(readExpandedFolders('suite-1')).toEqual([]);
    localStorage.setItem(expandedFoldersKey('suite-1'), JSON.stringify(['a', 3, null, 'b']));
    expect(readExpandedFolders('suite-1')).toEqual(['a', 'b']);
  });

  it('writes the open folders of the suite that changed', async () => {
    const action = folderExpanded({ suiteId: 'suite-2', path: 'search' });
    await expectSaga(persistExpandedFolders, action)
      .withReducer(reducer, reducer({ testTree: { expanded: { 'suite-2': ['a'] }, search: '' } }, action))
      .run();
    expect(JSON.parse(localStorage.getItem(expandedFoldersKey('suite-2'))!)).toEqual(['a', 'search']);
    expect(localStorage.getItem(expandedFoldersKey('suite-1'))).toBeNull();
  });
});

describe('the tree on arrival', () => {
  // The app wires the auth feature's sessionRestored; here an event of the same shape stands for it.
  const sessionFound = (user: object | null) => ({ type: 'test/sessionFound', payload: { user } });
  const arrive = async (path: string, remembered: string | null, user: object | null) => {
    const { organization } = signInAsMemberOf();
    const suite = seedSuite(organization.org_id, 'Shop');
    seedTestCase(suite, { name: 'Pay by card' });
    const requested: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.url.includes('/tree')) requested.push(new URL(request.url).pathname);
    });
    const { store, task } = makeSagaTestStore(testsSaga, {
      isSessionRestored: (action) => action.type === 'test/sessionFound',
      currentPath: () => path,
      rememberedSuiteId: () => (remembered === 'the suite' ? suite.test_suite_id : remembered),
    });
    store.dispatch(sessionFound(user));
    const tree = () => testsApi.endpoints.getTestTree.select(suite.test_suite_id)(store.getState());
    return { store, task, suite, requested, tree };
  };
  const ada = { id: 'u', email: 'ada@example.com' };
  afterEach(() => server.events.removeAllListeners());

  it("asks for the remembered suite's tree as soon as the session is known, on the test list", async () => {
    const { task, suite, requested, tree } = await arrive('/test-cases', 'the suite', ada);
    await waitFor(() => expect(tree().status).toBe('fulfilled'));
    expect(tree().data?.map((item) => item.name)).toEqual(['Pay by card']);
    expect(requested).toEqual([`/api/test-suites/${suite.test_suite_id}/tree`]);
    task.cancel();
  });

  it.each([
    ['on another page', '/dashboard', 'the suite', ada],
    ['without a remembered suite', '/test-cases', null, ada],
    ['when nobody is signed in', '/test-cases', 'the suite', null],
  ] as const)('asks for nothing %s', async (_case, path, remembered, user) => {
    const { task, requested, tree } = await arrive(path, remembered, user);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requested).toEqual([]);
    expect(tree().status).toBe('uninitialized');
    task.cancel();
  });
});
