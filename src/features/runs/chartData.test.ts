import { runHistory } from './chartData';
import type { TestRun } from './types';

const run = (id: string, minute: number, status: TestRun['status'], seconds: number | null) =>
  ({
    _id: id,
    created_at: new Date(Date.UTC(2026, 0, 2, 10, minute)).toISOString(),
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
});
