import { createSlice, isAnyOf, type PayloadAction } from '@reduxjs/toolkit';
import { testsApi } from './api';
import { foldersToReveal, isUnder, renamePrefix } from './folderPaths';

export interface TestTreeState {
  /** Open folders per suite; a suite is absent until its remembered set is read. */
  expanded: Record<string, string[]>;
  /** The test list's search text. */
  search: string;
}

const initialState: TestTreeState = { expanded: {}, search: '' };

function open(state: TestTreeState, suiteId: string, paths: readonly string[]) {
  const current = state.expanded[suiteId] ?? [];
  const missing = paths.filter((path) => !current.includes(path));
  if (missing.length > 0) state.expanded[suiteId] = [...current, ...missing];
}

export const testTreeSlice = createSlice({
  name: 'testTree',
  initialState,
  reducers: {
    treeOpened(_state, _action: PayloadAction<{ suiteId: string }>) {},
    expandedFoldersRestored(state, action: PayloadAction<{ suiteId: string; paths: string[] }>) {
      state.expanded[action.payload.suiteId] ??= action.payload.paths;
    },
    folderExpanded(state, action: PayloadAction<{ suiteId: string; path: string }>) {
      open(state, action.payload.suiteId, [action.payload.path]);
    },
    folderCollapsed(state, action: PayloadAction<{ suiteId: string; path: string }>) {
      const { suiteId, path } = action.payload;
      state.expanded[suiteId] = (state.expanded[suiteId] ?? []).filter((openPath) => openPath !== path);
    },
    foldersRevealed(state, action: PayloadAction<{ suiteId: string; path: string }>) {
      open(state, action.payload.suiteId, foldersToReveal(action.payload.path));
    },
    allFoldersCollapsed(state, action: PayloadAction<{ suiteId: string }>) {
      state.expanded[action.payload.suiteId] = [];
    },
    searchChanged(state, action: PayloadAction<{ text: string }>) {
      state.search = action.payload.text;
    },
  },
  extraReducers: (builder) => {
    builder
      // What a person just made or moved shows at once: its folders open.
      .addMatcher(testsApi.endpoints.createFolder.matchFulfilled, (state, action) => {
        const { suiteId, path } = action.meta.arg.originalArgs;
        open(state, suiteId, foldersToReveal(path).slice(0, -1));
      })
      .addMatcher(
        isAnyOf(
          testsApi.endpoints.createTestCase.matchFulfilled,
          testsApi.endpoints.moveTestCase.matchFulfilled,
        ),
        (state, action) => {
          open(state, action.payload.suiteId, foldersToReveal(action.payload.path));
        },
      )
      .addMatcher(testsApi.endpoints.renameFolder.matchFulfilled, (state, action) => {
        const { suiteId, oldPath, newPath } = action.meta.arg.originalArgs;
        const renamed = renamePrefix(state.expanded[suiteId] ?? [], oldPath, newPath);
        state.expanded[suiteId] = [...new Set([...renamed, ...foldersToReveal(newPath).slice(0, -1)])];
      })
      .addMatcher(testsApi.endpoints.deleteFolder.matchFulfilled, (state, action) => {
        const { suiteId, path } = action.meta.arg.originalArgs;
        state.expanded[suiteId] = (state.expanded[suiteId] ?? []).filter(
          (openPath) => !isUnder(openPath, path),
        );
      });
  },
});

export const {
  treeOpened,
  expandedFoldersRestored,
  folderExpanded,
  folderCollapsed,
  foldersRevealed,
  allFoldersCollapsed,
  searchChanged,
} = testTreeSlice.actions;
