import type { TestTreeState } from './slice';

interface WithTestTree {
  testTree: TestTreeState;
}

const NONE: readonly string[] = [];

export const selectExpandedFolders = (state: WithTestTree, suiteId: string | null): readonly string[] =>
  (suiteId ? state.testTree.expanded[suiteId] : undefined) ?? NONE;

export const selectExpandedLoaded = (state: WithTestTree, suiteId: string) =>
  state.testTree.expanded[suiteId] !== undefined;

export const selectTreeSearch = (state: WithTestTree) => state.testTree.search;
