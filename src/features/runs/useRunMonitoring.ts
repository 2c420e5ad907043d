import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { selectRunMonitoring } from './selectors';
import { monitoringStarted, monitoringStopped } from './slice';
import { isRunRunning, type TestRun } from './types';

/** Watches the run live while it runs and the screen shows it; leaving stops the watch (SPEC §4). */
export function useRunMonitoring(run: Pick<TestRun, '_id' | 'test_case_id' | 'status'> | null) {
  const dispatch = useAppDispatch();
  const runId = run?._id ?? null;
  const testId = run?.test_case_id ?? null;
  const running = isRunRunning(run?.status);
  useEffect(() => {
    if (!runId || !testId || !running) return;
    dispatch(monitoringStarted({ runId, testId }));
    return () => {
      dispatch(monitoringStopped({ runId }));
    };
  }, [dispatch, runId, testId, running]);
  return useAppSelector((state) => selectRunMonitoring(state, runId));
}
