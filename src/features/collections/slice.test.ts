import type { CollectionRunGroup } from './types';
import { collectionsSlice, runsPageLoaded, runsPageRequested } from './slice';

const group = (createdAt: string): CollectionRunGroup => ({
  created_at: createdAt,
  trigger: 'manual',
  counts: { pending: 0, running: 0, passed: 1, failed: 0, cancelled: 0, error: 0, flaky: 0 },
  total: 1,
  longest_duration_in_secs: 3,
  runs: [],
});

const reduce = collectionsSlice.reducer;
const store = (state: ReturnType<typeof reduce>) => state.recentRuns['c-1'];

describe('the recent-runs store', () => {
  it('grows its offset by 15 per page and stops at the first empty page', () => {
    let state = reduce(undefined, runsPageRequested({ collectionId: 'c-1' }));
    expect(store(state)).toMatchObject({ offset: 15, reachedEnd: false, status: 'loading' });
    state = reduce(
      state,
      runsPageLoaded({ collectionId: 'c-1', offset: 15, groups: [group('a'), group('b')] }),
    );
    expect(store(state)).toMatchObject({ offset: 30, reachedEnd: false, status: 'idle' });
    state = reduce(state, runsPageLoaded({ collectionId: 'c-1', offset: 30, groups: [] }));
    expect(store(state)).toMatchObject({ offset: 30, reachedEnd: true });
    expect(store(state).groups.map((g) => g.created_at)).toEqual(['a', 'b']);
  });

  it('ignores a late answer for a page already counted and keeps one copy of a shifted group', () => {
    let state = reduce(undefined, runsPageLoaded({ collectionId: 'c-1', offset: 15, groups: [group('a')] }));
    state = reduce(state, runsPageLoaded({ collectionId: 'c-1', offset: 15, groups: [group('z')] }));
    expect(store(state).groups.map((g) => g.created_at)).toEqual(['a']);
    // A run-all meanwhile shifts the pages by one: the next page repeats the last group.
    state = reduce(
      state,
      runsPageLoaded({ collectionId: 'c-1', offset: 30, groups: [group('a'), group('b')] }),
    );
    expect(store(state).groups.map((g) => g.created_at)).toEqual(['a', 'b']);
    expect(store(state).offset).toBe(45);
  });
});
