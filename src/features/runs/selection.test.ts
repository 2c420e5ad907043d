import { nextOffset, orderRuns, resolveSelectedRun } from './selection';
import type { TestRun } from './types';

const run = (id: string, minute: number, status: TestRun['status'] = 'passed') =>
  ({ _id: id, created_at: new Date(Date.UTC(2026, 0, 2, 10, minute)).toISOString(), status }) as TestRun;

describe('runs of a test case (SPEC §4)', () => {
  it('orders the loaded pages newest first, keeping the later copy of a run that came twice, cut to the limit', () => {
    const a = run('a', 1);
    const b = run('b', 3);
    const c = run('c', 2);
    const bAgain = { ...run('b', 3), status: 'failed' as const };
    const ordered = orderRuns([
      { runs: [b, c], total: 3 },
      { runs: [bAgain, a], total: 4 },
    ]);
    expect(ordered.map(({ _id }) => _id)).toEqual(['b', 'c', 'a']);
    expect(ordered[0].status).toBe('failed');
    expect(orderRuns([{ runs: [a, b, c], total: 3 }], 2).map(({ _id }) => _id)).toEqual(['b', 'c']);
  });

  it('keeps the selected run while it is listed, else selects the newest', () => {
    const runs = [run('new', 5), run('mid', 3), run('old', 1)];
    expect(resolveSelectedRun(runs, 'mid')?._id).toBe('mid');
    expect(resolveSelectedRun(runs, 'gone')?._id).toBe('new');
    expect(resolveSelectedRun(runs, null)?._id).toBe('new');
    expect(resolveSelectedRun([], 'mid')).toBeNull();
  });

  it('asks for the next page by offset until the total (or a short page) says every run is loaded', () => {
    const page = (count: number, total: number | null) => ({
      runs: Array.from({ length: count }, (_, i) => run(`r${i}`, i)),
      total,
    });
    expect(nextOffset(page(20, 45), 0)).toBe(20);
    expect(nextOffset(page(20, 45), 20)).toBe(40);
    expect(nextOffset(page(5, 45), 40)).toBeUndefined();
    expect(nextOffset(page(20, 40), 20)).toBeUndefined();
    expect(nextOffset(page(20, null), 0)).toBe(20);
    expect(nextOffset(page(7, null), 20)).toBeUndefined();
  });
});
