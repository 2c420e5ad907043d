import { useEffect, useState } from 'react';
import { HEALING_ACCEPTED_INDICATOR_MS } from '../../../contract/healing';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useGetRunHealingQuery, useGetTestHealingsQuery } from './api';
import { selectHealingMonitoring } from './selectors';
import { monitoringStarted, monitoringStopped } from './slice';
import { healingPhase, isHealingInProgress, type TestHealing } from './types';

/**
 * Watches the healing live while it is under way and the screen shows it (the socket's
 * HEALING_UPDATED after each healed step; polling when no socket can be had); leaving stops the watch.
 */
export function useHealingMonitoring(
  healing: Pick<TestHealing, 'test_healing_id' | 'test_case_id' | 'status'> | null | undefined,
) {
  const dispatch = useAppDispatch();
  const healingId = healing?.test_healing_id ?? null;
  const testId = healing?.test_case_id ?? null;
  const underWay = isHealingInProgress(healing?.status);
  useEffect(() => {
    if (!healingId || !testId || !underWay) return;
    dispatch(monitoringStarted({ healingId, testId }));
    return () => {
      dispatch(monitoringStopped({ healingId }));
    };
  }, [dispatch, healingId, testId, underWay]);
  return useAppSelector((state) => selectHealingMonitoring(state, healingId));
}

/** The run's healing (null when it has none), followed live while it is in progress. */
export function useRunHealing(runId: string) {
  const query = useGetRunHealingQuery(runId);
  useHealingMonitoring(query.data);
  return query;
}

/** The test's healings, newest first, the newest followed live while it is in progress. */
export function useTestHealings(testCaseId: string) {
  const query = useGetTestHealingsQuery(testCaseId);
  useHealingMonitoring(query.data?.[0]);
  return query;
}

/** The healing a person has to look at: the newest, unless it was decided already. */
export function currentHealing(healings: readonly TestHealing[] | undefined): TestHealing | null {
  const newest = healings?.[0];
  return newest && healingPhase(newest.status) !== 'decided' ? newest : null;
}

/** SPEC §4: after an accept, a 'recently accepted' indicator for 2500 ms; then the current healing clears. */
export function useRecentlyAccepted() {
  const [accepted, setAccepted] = useState<TestHealing | null>(null);
  useEffect(() => {
    if (!accepted) return;
    const timer = setTimeout(() => setAccepted(null), HEALING_ACCEPTED_INDICATOR_MS);
    return () => clearTimeout(timer);
  }, [accepted]);
  return [accepted, setAccepted] as const;
}
