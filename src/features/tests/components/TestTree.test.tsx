import { act, fireEvent, screen, within } from '@testing-library/react';
import { useMemo, useState } from 'react';
import { stubViewportSize } from '../../../testing/layout';
import { renderWithStore } from '../../../testing/renderWithStore';
import { buildTreeIndex, visibleRows } from '../tree';
import type { TreeItem, TreeTest } from '../types';
import { ROW_HEIGHT, TestTree } from './TestTree';

const VIEWPORT = 600;
let restoreViewport: () => void;
beforeEach(() => {
  restoreViewport = stubViewportSize(VIEWPORT);
});
afterEach(() => restoreViewport());

function testItem(index: number, parentPath: string, overrides: Partial<TreeTest> = {}): TreeTest {
  return {
    kind: 'test',
    id: `test-${index}`,
    name: `Test ${String(index).padStart(5, '0')}`,
    parentPath,
    collectionIds: [],
    collectionNames: [],
    latestRunTime: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    state: 'created',
    latestRunStatus: null,
    ...overrides,
  };
}

const folderItem = (path: string): TreeItem => ({
  kind: 'folder',
  path,
  name: path.split('/').pop()!,
  parentPath: path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '',
  createdAt: '2026-01-01T00:00:00.000Z',
});

function Harness({
  items,
  initiallyOpen = [],
  onOpenTest = () => undefined,
}: {
  items: TreeItem[];
  initiallyOpen?: string[];
  onOpenTest?: (test: TreeTest) => void;
}) {
  const [open, setOpen] = useState(new Set(initiallyOpen));
  const index = useMemo(() => buildTreeIndex(items), [items]);
  const rows = useMemo(() => visibleRows(index, open, ''), [index, open]);
  return (
    <TestTree
      rows={rows}
      label="Tests"
      height={VIEWPORT}
      onToggleFolder={(path, expand) =>
        setOpen((current) => {
          const next = new Set(current);
          if (expand) next.add(path);
          else next.delete(path);
          return next;
        })
      }
      onOpenTest={onOpenTest}
      onFolderMenu={() => undefined}
      onTestMenu={() => undefined}
    />
  );
}

describe('TestTree', () => {
  it('ellipsizes long folder and test names and keeps the full names on hover', async () => {
    const longFolder = `f${'o'.repeat(99)}`;
    const longTest = 'n'.repeat(200);
    renderWithStore(
      <Harness
        items={[folderItem(longFolder), testItem(1, longFolder, { name: longTest })]}
        initiallyOpen={[longFolder]}
      />,
    );
    const folderName = await screen.findByText(longFolder);
    expect(folderName).toHaveAttribute('title', longFolder);
    expect(folderName).toHaveStyle({ textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: '0' });
    const testName = screen.getByText(longTest);
    expect(testName).toHaveAttribute('title', longTest);
    expect(testName).toHaveStyle({ textOverflow: 'ellipsis', whiteSpace: 'nowrap' });
  });

  it('puts only a screenful of rows in the document for 10,000 tests, and follows the scroll', async () => {
    const items: TreeItem[] = [];
    for (let f = 0; f < 200; f++) items.push(folderItem(`area_${String(f).padStart(3, '0')}`));
    for (let i = 0; i < 10_000; i++) items.push(testItem(i, `area_${String(i % 200).padStart(3, '0')}`));
    const allOpen = items.flatMap((item) => (item.kind === 'folder' ? [item.path] : []));
    renderWithStore(<Harness items={items} initiallyOpen={allOpen} />);

    const tree = await screen.findByRole('tree', { name: 'Tests' });
    const screenful = Math.ceil(VIEWPORT / ROW_HEIGHT);
    const rendered = within(tree).getAllByRole('treeitem');
    expect(rendered.length).toBeGreaterThanOrEqual(screenful);
    expect(rendered.length).toBeLessThanOrEqual(screenful + 2 * 6 + 1);
    expect(rendered[0]).toHaveAccessibleName('area_000');
    // The scroll height is that of all 10,200 rows.
    expect(tree.firstElementChild).toHaveStyle({ height: `${10_200 * ROW_HEIGHT}px` });

    // Halfway down, the rows there are rendered and the first ones are gone.
    Object.defineProperty(tree, 'scrollTop', { configurable: true, value: 5100 * ROW_HEIGHT });
    act(() => {
      fireEvent.scroll(tree);
    });
    const after = within(tree).getAllByRole('treeitem');
    expect(after.length).toBeLessThanOrEqual(screenful + 2 * 6 + 1);
    expect(within(tree).queryByRole('treeitem', { name: 'area_000' })).not.toBeInTheDocument();
    const indexes = after.map((row) => Number(row.getAttribute('data-index')));
    expect(Math.min(...indexes)).toBeGreaterThan(5000);
    expect(Math.max(...indexes)).toBeLessThan(5200);
  });

  it('moves with the arrow keys, opens and closes folders, and opens a test with Enter', async () => {
    const opened: string[] = [];
    const { user } = renderWithStore(
      <Harness
        items={[folderItem('checkout'), testItem(1, 'checkout'), testItem(2, '')]}
        onOpenTest={(test) => opened.push(test.name)}
      />,
    );
    const tree = await screen.findByRole('tree', { name: 'Tests' });
    const row = (name: string) => within(tree).getByRole('treeitem', { name });

    await user.tab();
    expect(row('checkout')).toHaveFocus();
    expect(row('checkout')).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{ArrowRight}');
    expect(row('checkout')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowRight}');
    expect(row('Test 00001')).toHaveFocus();
    expect(row('Test 00001')).toHaveAttribute('aria-level', '2');
    await user.keyboard('{ArrowLeft}');
    expect(row('checkout')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(row('checkout')).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{End}');
    expect(row('Test 00002')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(opened).toEqual(['Test 00002']);
    await user.keyboard('{Home}{Enter}');
    expect(row('checkout')).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(row('Test 00001')).toHaveFocus();
  });

  it('shows each test with its status, latest run and collections', async () => {
    renderWithStore(
      <Harness
        items={[
          testItem(1, '', {
            name: 'Checkout works',
            state: 'passed',
            latestRunStatus: 'failed',
            latestRunTime: '2026-02-03T10:00:00.000Z',
            collectionNames: ['Nightly', 'Smoke', 'Release'],
          }),
        ]}
      />,
    );
    const row = await screen.findByRole('treeitem', { name: 'Checkout works' });
    expect(within(row).getByText('Failed')).toBeInTheDocument();
    expect(within(row).getByTitle('Latest run')).toHaveTextContent('2026');
    expect(within(row).getByLabelText('Collections: Nightly, Smoke, Release')).toHaveTextContent(
      'NightlySmoke+1',
    );
    expect(within(row).getByRole('link', { name: 'Checkout works' })).toHaveAttribute(
      'href',
      '/test-cases/details/test-1',
    );
  });
});
