import { runHistory, runHistoryAxis } from './chartData';
import type { TestRun } from './types';

const run = (id: string, minute: number, status: TestRun['status'], seconds: number | null, second = 0) =>
  ({
    _id: id,
    created_at: new Date(Date.UTC(2026, 0, 2, 10, minute, second)).toISOString(),
    status,
    execution_time_in_secs: seconds,
  }) as TestRun;

describe('runHistory', () => {
  it('charts the ended runs oldest first, each duration under its outcome, with counts and the median', () => {
    const history = runHistory([
      run('running', 9, 'running', null),
      run('d', 8, 'cancelled', 0.5),
      run('c', 7, 'failed', 3),
      run('b', 6, 'passed', 2),
      run('a', 5, 'passed', 4),
    ]);
    expect(history.runIds).toEqual(['a', 'b', 'c', 'd']);
    expect(history.series).toEqual({
      passed: [4, 2, null, null],
      failed: [null, null, 3, null],
      error: [null, null, null, 0.5],
    });
    expect(history.counts).toEqual({ passed: 2, failed: 1, error: 1 });
    expect(history.medianSeconds).toBe(2.5);
  });

  it('keeps only the last runs', () => {
    const runs = Array.from({ length: 30 }, (_, i) => run(`r${i}`, 30 - i, 'passed', i));
    expect(runHistory(runs).runIds).toHaveLength(20);
    expect(runHistory(runs).runIds.at(-1)).toBe('r0');
  });

  it('gives each run its own bar even when several start in the same minute', () => {
    const history = runHistory([
      run('c', 5, 'failed', 3, 40),
      run('b', 5, 'passed', 2, 20),
      run('a', 5, 'passed', 4, 0),
    ]);
    const axis = runHistoryAxis(history);
    // The band axis merges equal keys into one band: every run needs a key of its own.
    expect(axis.data).toEqual(['a', 'b', 'c']);
    expect(new Set(axis.data).size).toBe(3);
    expect(history.series.passed).toEqual([4, 2, null]);
    expect(history.series.failed).toEqual([null, null, 3]);
    // Ticks may read alike; the tooltip tells the runs apart by the second.
    const ticks = axis.data.map((id) => axis.valueFormatter(id, { location: 'tick' }));
    expect(ticks[0]).toBe(ticks[2]);
    const tooltips = axis.data.map((id) => axis.valueFormatter(id, { location: 'tooltip' }));
    expect(new Set(tooltips).size).toBe(3);
    expect(tooltips[1]).toMatch(/20/);
  });
});
