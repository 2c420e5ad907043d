import { combineReducers } from '@reduxjs/toolkit';
import { expectSaga } from 'redux-saga-test-plan';
import {
  expandedFoldersKey,
  persistExpandedFolders,
  readExpandedFolders,
  restoreExpandedFolders,
} from './sagas';
import { expandedFoldersRestored, folderExpanded, testTreeSlice, treeOpened } from './slice';

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
