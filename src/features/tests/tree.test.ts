import { foldersToReveal, isUnder, renamePrefix } from './folderPaths';
import { buildTreeIndex, folderPaths, visibleRows, type TreeRow } from './tree';
import type { TreeItem, TreeTest } from './types';

const folder = (path: string): TreeItem => {
  const slash = path.lastIndexOf('/');
  return {
    kind: 'folder',
    path,
    name: path.slice(slash + 1),
    parentPath: slash < 0 ? '' : path.slice(0, slash),
    createdAt: '2026-01-01T00:00:00.000Z',
  };
};

const testItem = (name: string, parentPath = '', createdAt = '2026-01-01T00:00:00.000Z'): TreeTest => ({
  kind: 'test',
  id: `${parentPath}/${name}`,
  name,
  parentPath,
  collectionIds: [],
  collectionNames: [],
  latestRunTime: null,
  createdAt,
  state: 'created',
  latestRunStatus: null,
});

const describeRows = (rows: TreeRow[]) =>
  rows.map((row) =>
    row.kind === 'folder'
      ? `${'  '.repeat(row.depth)}${row.expanded ? '▾' : '▸'} ${row.name} (${row.testCount})`
      : `${'  '.repeat(row.depth)}- ${row.test.name}`,
  );

const items: TreeItem[] = [
  folder('checkout'),
  folder('checkout/cards'),
  folder('empty'),
  folder('Account'),
  testItem('Pay by card', 'checkout/cards'),
  testItem('Apply a coupon', 'checkout'),
  testItem('Smoke test 10'),
  testItem('Smoke test 9'),
  testItem('Log in', 'Account'),
];

describe('the test tree', () => {
  it('nests folders and tests, folders first, each sorted by name as people read numbers', () => {
    const index = buildTreeIndex(items);
    const all = new Set(['checkout', 'checkout/cards', 'empty', 'Account']);
    expect(describeRows(visibleRows(index, all, ''))).toEqual([
      '▾ Account (1)',
      '  - Log in',
      '▾ checkout (2)',
      '  ▾ cards (1)',
      '    - Pay by card',
      '  - Apply a coupon',
      '▾ empty (0)',
      '- Smoke test 9',
      '- Smoke test 10',
    ]);
    expect(index.testCount).toBe(5);
  });

  it('shows only what open folders hold', () => {
    const index = buildTreeIndex(items);
    expect(describeRows(visibleRows(index, new Set(), ''))).toEqual([
      '▸ Account (1)',
      '▸ checkout (2)',
      '▸ empty (0)',
      '- Smoke test 9',
      '- Smoke test 10',
    ]);
    // An open folder inside a closed one stays hidden.
    expect(describeRows(visibleRows(index, new Set(['checkout/cards']), ''))).toHaveLength(5);
  });

  it('makes up folders the list did not name, from the paths of their tests', () => {
    const index = buildTreeIndex([testItem('Orphan', 'a/b')]);
    expect(folderPaths(index)).toEqual(['a', 'a/b']);
    expect(describeRows(visibleRows(index, new Set(['a', 'a/b']), ''))).toEqual([
      '▾ a (1)',
      '  ▾ b (1)',
      '    - Orphan',
    ]);
  });

  it('searches test names, whatever the case, and keeps the folders of the matches open', () => {
    const index = buildTreeIndex(items);
    const rows = visibleRows(index, new Set(), '  CARD ');
    expect(describeRows(rows)).toEqual(['▾ checkout (2)', '  ▾ cards (1)', '    - Pay by card']);
    expect(rows[0]).toMatchObject({ kind: 'folder', matchCount: 1 });
    expect(visibleRows(index, new Set(), 'smoke').map((row) => row.key)).toEqual([
      'test:/Smoke test 9',
      'test:/Smoke test 10',
    ]);
    expect(visibleRows(index, new Set(), 'nothing like it')).toEqual([]);
  });

  it('lists every folder in tree order for pickers', () => {
    expect(folderPaths(buildTreeIndex(items))).toEqual(['Account', 'checkout', 'checkout/cards', 'empty']);
  });
});

describe('folder paths', () => {
  it('reveals a folder by opening it and its ancestors', () => {
    expect(foldersToReveal('a/b/c')).toEqual(['a', 'a/b', 'a/b/c']);
    expect(foldersToReveal('')).toEqual([]);
  });

  it('renames a prefix only on whole folder names', () => {
    expect(renamePrefix(['a', 'a/b', 'ab', 'c/a'], 'a', 'z')).toEqual(['z', 'z/b', 'ab', 'c/a']);
    expect(isUnder('a/b', 'a')).toBe(true);
    expect(isUnder('ab', 'a')).toBe(false);
  });
});
