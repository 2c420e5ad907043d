import Box from '@mui/material/Box';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { useState } from 'react';
import { seedTodoTest } from '../../../testing/generation';
import { buildFailedRun, buildRun, seedRun, type DbRun } from '../../../testing/msw/runs';
import type { RunsViewType } from '../types';
import { RunList } from './RunList';

let runs: DbRun[] = [];
const minute = (n: number) => new Date(Date.UTC(2026, 0, 2, 10, n)).toISOString();

function seed() {
  const { test } = seedTodoTest('passed');
  runs = Array.from({ length: 12 }, (_, i) =>
    seedRun(
      test,
      i % 4 === 1
        ? buildFailedRun(test, 2, 'the "Add" button was not found', { created_at: minute(i) })
        : buildRun(test, { created_at: minute(i) }),
    ),
  ).reverse();
  runs.unshift(seedRun(test, buildRun(test, { status: 'running', steps: [], created_at: minute(30) })));
}

function Stateful({ initialView }: { initialView: RunsViewType }) {
  const [selected, setSelected] = useState<string | null>(null);
  const [view, setView] = useState(initialView);
  return (
    <RunList
      runs={runs}
      selectedId={selected ?? runs[0]?._id ?? null}
      onSelect={setSelected}
      viewType={view}
      onViewTypeChange={setView}
      total={45}
      hasMore
      loadingMore={false}
      loadMoreFailed={false}
      onLoadMore={() => undefined}
      viewport={{ width: 1280, height: 720 }}
    />
  );
}

const meta: Meta<typeof RunList> = {
  title: 'Runs/RunList',
  component: RunList,
  parameters: { app: { seed } },
};
export default meta;

type Story = StoryObj<typeof RunList>;

export const List: Story = {
  render: () => (
    <Box sx={{ p: 3, maxWidth: 520 }}>
      <Stateful initialView="list" />
    </Box>
  ),
};

export const Grid: Story = {
  render: () => (
    <Box sx={{ p: 3, maxWidth: 960 }}>
      <Stateful initialView="grid" />
    </Box>
  ),
};
