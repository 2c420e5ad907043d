import type { HealingSliceState } from './slice';

interface WithHealing {
  healing: HealingSliceState;
}

/** How a healing is watched live; null when it is not. */
export const selectHealingMonitoring = (state: WithHealing, healingId: string | null) =>
  (healingId && state.healing.monitoring[healingId]) || null;

/** How a test's healings are watched live; null when they are not. */
export const selectTestHealingsMonitoring = (state: WithHealing, testId: string | null) =>
  (testId && state.healing.tests[testId]) || null;
