import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useMemo, useState } from 'react';
import { buildTreeIndex, visibleRows } from '../tree';
import type { TreeItem } from '../types';
import { TestTree } from './TestTree';

function makeItems(tests: number, folders: number): TreeItem[] {
  const items: TreeItem[] = [];
  for (let f = 0; f < folders; f++)
    items.push({
      kind: 'folder',
      path: `area_${f}`,
      name: `area_${f}`,
      parentPath: '',
      createdAt: '2026-01-01T00:00:00Z',
    });
  const states = ['created', 'running', 'passed', 'failed', 'error'] as const;
  for (let i = 0; i < tests; i++)
    items.push({
      kind: 'test',
      id: `test-${i}`,
      name: `Checks behaviour number ${i} of the shop`,
      parentPath: folders ? `area_${i % folders}` : '',
      collectionIds: [],
      collectionNames: i % 3 === 0 ? ['Nightly', 'Smoke', 'Release'] : [],
      latestRunTime: i % 2 ? '2026-02-01T09:30:00.000Z' : null,
      createdAt: '2026-01-01T00:00:00Z',
      state: states[i % states.length],
      latestRunStatus: null,
    });
  return items;
}

function Tree({ tests, folders }: { tests: number; folders: number }) {
  const items = useMemo(() => makeItems(tests, folders), [tests, folders]);
  const [open, setOpen] = useState(() => new Set(['area_0', 'area_1']));
  const index = useMemo(() => buildTreeIndex(items), [items]);
  const rows = useMemo(() => visibleRows(index, open, ''), [index, open]);
  return (
    <Box sx={{ p: 3 }}>
      <TestTree
        rows={rows}
        label="Tests"
        height={560}
        onToggleFolder={(path, expand) =>
          setOpen((current) => {
            const next = new Set(current);
            if (expand) next.add(path);
            else next.delete(path);
            return next;
          })
        }
        onOpenTest={() => undefined}
        onFolderMenu={() => undefined}
        onTestMenu={() => undefined}
      />
    </Box>
  );
}

const meta: Meta<typeof Tree> = {
  title: 'Tests/TestTree',
  component: Tree,
  args: { tests: 40, folders: 4 },
};
export default meta;

type Story = StoryObj<typeof Tree>;

export const Small: Story = {};
export const TenThousandTests: Story = { args: { tests: 10_000, folders: 200 } };
