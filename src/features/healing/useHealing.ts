import { useEffect, useState } from 'react';
import { HEALING_ACCEPTED_INDICATOR_MS } from '../../../contract/healing';
import { useGetRunHealingQuery, useGetTestHealingsQuery } from './api';
import { HEALING_POLL_MS, healingPhase, isHealingInProgress, type TestHealing } from './types';

// NOTE: whether to keep polling is in the answer, read after the query; the interval it asks for is
// set during render (React's "state from the previous render" pattern) and applies from the next one.

/** The run's healing (null when it has none), read again every 2 s while it is in progress. */
export function useRunHealing(runId: string) {
  const [pollingInterval, setPollingInterval] = useState(0);
  const query = useGetRunHealingQuery(runId, { pollingInterval });
  const wanted = isHealingInProgress(query.data?.status) ? HEALING_POLL_MS : 0;
  if (wanted !== pollingInterval) setPollingInterval(wanted);
  return query;
}

/** The test's healings, newest first, read again every 2 s while the newest is in progress. */
export function useTestHealings(testCaseId: string) {
  const [pollingInterval, setPollingInterval] = useState(0);
  const query = useGetTestHealingsQuery(testCaseId, { pollingInterval });
  const wanted = isHealingInProgress(query.data?.[0]?.status) ? HEALING_POLL_MS : 0;
  if (wanted !== pollingInterval) setPollingInterval(wanted);
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
