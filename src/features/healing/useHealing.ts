import { useEffect, useState } from 'react';
import { HEALING_ACCEPTED_INDICATOR_MS } from '../../../contract/healing';
import { useWatch } from '../monitoring/api';
import { useGetRunHealingQuery, useGetTestHealingsQuery } from './api';
import { healingPhase, isHealingInProgress, type TestHealing } from './types';

/**
 * Watches the healing live while it is under way and the screen shows it (the socket's
 * HEALING_UPDATED after each healed step; polling when no socket can be had); leaving stops the watch.
 */
export function useHealingMonitoring(
  healing: Pick<TestHealing, 'test_healing_id' | 'status'> | null | undefined,
) {
  return useWatch('healing', healing?.test_healing_id, isHealingInProgress(healing?.status));
}

/**
 * Watches the test's healings while the screen shows them (issue 28): one created (an automatic
 * healing after a failed run, a teammate's Heal), ended or decided is read at once, not after a reload.
 */
export function useTestHealingsMonitoring(testCaseId: string) {
  useWatch('testHealings', testCaseId);
}

/**
 * The run's healing (null when it has none), followed live while it is in progress; its test's
 * healings are watched, so one made for the run after it was read appears.
 */
export function useRunHealing(runId: string, testCaseId: string) {
  const query = useGetRunHealingQuery(runId);
  useHealingMonitoring(query.data);
  useTestHealingsMonitoring(testCaseId);
  return query;
}

/** The test's healings, newest first, watched live; the newest followed step by step while in progress. */
export function useTestHealings(testCaseId: string) {
  const query = useGetTestHealingsQuery(testCaseId);
  useHealingMonitoring(query.data?.[0]);
  useTestHealingsMonitoring(testCaseId);
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
