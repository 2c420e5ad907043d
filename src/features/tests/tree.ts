import { foldersToReveal } from './folderPaths';
import type { TreeItem, TreeTest } from './types';

// The server sends the tree flat (folders, then tests); nesting, sorting and filtering are the SPA's.

export interface FolderNode {
  path: string;
  name: string;
  parentPath: string;
  folders: string[];
  tests: TreeTest[];
  /** Tests in this folder and every folder under it. */
  testCount: number;
}

export interface TreeIndex {
  /** '' is the root. */
  folders: Map<string, FolderNode>;
  testCount: number;
  /** Lower-cased names, computed once rather than on every keystroke of a search. */
  searchNames: Map<TreeTest, string>;
}

export type TreeRow =
  | {
      kind: 'folder';
      key: string;
      path: string;
      name: string;
      parentPath: string;
      depth: number;
      expanded: boolean;
      testCount: number;
      /** Tests shown under it while searching. */
      matchCount: number;
    }
  | { kind: 'test'; key: string; test: TreeTest; depth: number };

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

const parentOf = (path: string) => {
  const slash = path.lastIndexOf('/');
  return slash < 0 ? '' : path.slice(0, slash);
};

function ensureFolder(folders: Map<string, FolderNode>, path: string): FolderNode {
  const existing = folders.get(path);
  if (existing) return existing;
  const parentPath = parentOf(path);
  const node: FolderNode = {
    path,
    name: path.slice(path.lastIndexOf('/') + 1),
    parentPath,
    folders: [],
    tests: [],
    testCount: 0,
  };
  folders.set(path, node);
  if (path !== '') ensureFolder(folders, parentPath).folders.push(path);
  return node;
}

/** Nests the flat list: folders by name, then tests by name, in every folder; missing parents are made up. */
export function buildTreeIndex(items: readonly TreeItem[]): TreeIndex {
  const folders = new Map<string, FolderNode>();
  ensureFolder(folders, '');
  const searchNames = new Map<TreeTest, string>();
  for (const item of items) {
    if (item.kind === 'folder') ensureFolder(folders, item.path);
    else {
      ensureFolder(folders, item.parentPath).tests.push(item);
      searchNames.set(item, item.name.toLocaleLowerCase());
    }
  }
  for (const node of folders.values()) {
    node.folders.sort((a, b) => collator.compare(folders.get(a)!.name, folders.get(b)!.name));
    node.tests.sort((a, b) => collator.compare(a.name, b.name) || a.createdAt.localeCompare(b.createdAt));
  }
  const count = (node: FolderNode): number => {
    node.testCount =
      node.tests.length + node.folders.reduce((sum, path) => sum + count(folders.get(path)!), 0);
    return node.testCount;
  };
  count(folders.get('')!);
  return { folders, testCount: searchNames.size, searchNames };
}

/** Every folder path, sorted as the tree shows them (for pickers). */
export function folderPaths(index: TreeIndex): string[] {
  const paths: string[] = [];
  const walk = (path: string) => {
    for (const child of index.folders.get(path)?.folders ?? []) {
      paths.push(child);
      walk(child);
    }
  };
  walk('');
  return paths;
}

export function normalizeSearch(text: string): string {
  return text.trim().toLocaleLowerCase();
}

/**
 * The rows on screen, in order. Without a search: expanded folders show what is in them. With one:
 * only tests whose name contains it, and the folders that hold them, all open.
 */
export function visibleRows(index: TreeIndex, expanded: ReadonlySet<string>, search: string): TreeRow[] {
  const query = normalizeSearch(search);
  const rows: TreeRow[] = [];
  const matches = query ? countMatches(index, query) : null;

  const walk = (path: string, depth: number) => {
    const node = index.folders.get(path)!;
    for (const childPath of node.folders) {
      const child = index.folders.get(childPath)!;
      const matchCount = matches?.get(childPath) ?? 0;
      if (matches && matchCount === 0) continue;
      const open = matches ? true : expanded.has(childPath);
      rows.push({
        kind: 'folder',
        key: `folder:${childPath}`,
        path: childPath,
        name: child.name,
        parentPath: path,
        depth,
        expanded: open,
        testCount: child.testCount,
        matchCount,
      });
      if (open) walk(childPath, depth + 1);
    }
    for (const test of node.tests) {
      if (query && !index.searchNames.get(test)!.includes(query)) continue;
      rows.push({ kind: 'test', key: `test:${test.id}`, test, depth });
    }
  };
  walk('', 0);
  return rows;
}

/** Matching tests per folder, counted up through every ancestor. */
function countMatches(index: TreeIndex, query: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const node of index.folders.values()) {
    const direct = node.tests.reduce(
      (sum, test) => (index.searchNames.get(test)!.includes(query) ? sum + 1 : sum),
      0,
    );
    if (direct === 0) continue;
    for (const path of ['', ...foldersToReveal(node.path)])
      counts.set(path, (counts.get(path) ?? 0) + direct);
  }
  return counts;
}
