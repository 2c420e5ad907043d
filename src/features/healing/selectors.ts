import type { HealingSliceState } from './slice';

interface WithHealing {
  healing: HealingSliceState;
}

/** How a healing is watched live; null when it is not. */
export const selectHealingMonitoring = (state: WithHealing, healingId: string | null) =>
  (healingId && state.healing.monitoring[healingId]) || null;
