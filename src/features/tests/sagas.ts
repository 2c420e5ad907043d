import { isAnyOf, type Action, type UnknownAction } from '@reduxjs/toolkit';
import { call, put, select, take, takeEvery } from 'redux-saga/effects';
import { paths } from '../../config/paths';
import { readLocal, writeLocal } from '../../lib/storage';
import { testsApi } from './api';
import { selectExpandedFolders, selectExpandedLoaded } from './selectors';
import {
  allFoldersCollapsed,
  expandedFoldersRestored,
  folderCollapsed,
  folderExpanded,
  foldersRevealed,
  treeOpened,
} from './slice';

/** Open folders are remembered per suite (local storage), so the tree looks as it was left. */
export const expandedFoldersKey = (suiteId: string) => `test_tree_expanded:${suiteId}`;

export function readExpandedFolders(suiteId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(readLocal(expandedFoldersKey(suiteId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((path): path is string => typeof path === 'string') : [];
  } catch {
    return [];
  }
}

export function* restoreExpandedFolders(action: ReturnType<typeof treeOpened>) {
  const { suiteId } = action.payload;
  const loaded: boolean = yield select(selectExpandedLoaded, suiteId);
  if (loaded) return;
  const paths: string[] = yield call(readExpandedFolders, suiteId);
  yield put(expandedFoldersRestored({ suiteId, paths }));
}

const changesExpanded = isAnyOf(
  folderExpanded,
  folderCollapsed,
  foldersRevealed,
  allFoldersCollapsed,
  testsApi.endpoints.createFolder.matchFulfilled,
  testsApi.endpoints.createTestCase.matchFulfilled,
  testsApi.endpoints.moveTestCase.matchFulfilled,
  testsApi.endpoints.renameFolder.matchFulfilled,
  testsApi.endpoints.deleteFolder.matchFulfilled,
);

interface SuiteAction {
  payload?: unknown;
  meta?: { arg?: { originalArgs?: unknown } };
}

/** Every event that changes open folders names its suite: in the payload, or in the request's arguments. */
function suiteOf(action: SuiteAction): string | null {
  const fromArgs = (action.meta?.arg?.originalArgs as { suiteId?: unknown } | undefined)?.suiteId;
  if (typeof fromArgs === 'string') return fromArgs;
  const fromPayload = (action.payload as { suiteId?: unknown } | undefined)?.suiteId;
  return typeof fromPayload === 'string' ? fromPayload : null;
}

export function* persistExpandedFolders(action: SuiteAction) {
  const suiteId = suiteOf(action);
  if (!suiteId) return;
  const paths: readonly string[] = yield select(selectExpandedFolders, suiteId);
  yield call(writeLocal, expandedFoldersKey(suiteId), JSON.stringify(paths));
}

export interface TestsSagaDeps {
  /** The event of a signed-in session found when the app starts (the app wires the auth feature's). */
  isSessionRestored: (action: Action) => boolean;
  /** The path the app is showing. */
  currentPath: () => string;
  /** The suite the person worked in last, if any. */
  rememberedSuiteId: () => string | null;
}

/**
 * A reload of the test list mounts the page only once config, session, organizations and suites are
 * known, and the page then asks for its tree, the largest answer. As soon as the session is known,
 * the remembered suite's tree is asked for, so it arrives while the rest loads. (A remembered suite
 * that is no longer the person's is simply never shown.)
 */
export function* prefetchTreeOnArrival(deps: TestsSagaDeps) {
  const action: { payload?: { user?: unknown } } = yield take(deps.isSessionRestored);
  if (!action.payload?.user) return;
  if (deps.currentPath() !== paths.testCases.getHref()) return;
  const suiteId: string | null = yield call(deps.rememberedSuiteId);
  if (suiteId) yield put(testsApi.util.prefetch('getTestTree', suiteId, {}) as unknown as UnknownAction);
}

export function* testsSaga(deps: TestsSagaDeps) {
  yield takeEvery(treeOpened.type, restoreExpandedFolders);
  yield takeEvery(changesExpanded, persistExpandedFolders);
  yield call(prefetchTreeOnArrival, deps);
}
