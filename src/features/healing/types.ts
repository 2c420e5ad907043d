import type {
  HealedTestCase,
  HealingSettings,
  HealingStatus,
  HealingStep,
  TestHealing,
} from '../../../contract/healing';

export type { HealedTestCase, HealingSettings, HealingStatus, HealingStep, TestHealing };

/** What a healing means to a person (SPEC §4 healing states), which decides what the panel shows. */
export type HealingPhase = 'in_progress' | 'proposed' | 'not_proposed' | 'decided';

const PHASES: Record<HealingStatus, HealingPhase> = {
  created: 'in_progress',
  pending: 'in_progress',
  waiting_for_executor: 'in_progress',
  running: 'in_progress',
  passed: 'proposed',
  failed: 'not_proposed',
  flaky: 'not_proposed',
  unchanged: 'not_proposed',
  accepted: 'decided',
  rejected: 'decided',
};

export const healingPhase = (status: HealingStatus): HealingPhase => PHASES[status];

export const isHealingInProgress = (status: HealingStatus | null | undefined): boolean =>
  status !== null && status !== undefined && PHASES[status] === 'in_progress';

/** While a healing is in progress and no live socket can be had, it is read again this often. */
export const HEALING_POLL_MS = 2000;
/** How often a test's healings are read when no socket tells of a new or ended one (issue 28). */
export const TEST_HEALINGS_POLL_MS = 10_000;

export const HEALING_STATUS_LABELS: Record<HealingStatus, string> = {
  created: 'Queued',
  pending: 'Queued',
  waiting_for_executor: 'Starting',
  running: 'Healing',
  passed: 'Proposed',
  failed: 'Not healed',
  flaky: 'Flaky',
  unchanged: 'Behaviour changed',
  accepted: 'Accepted',
  rejected: 'Rejected',
};

/**
 * Who started a healing. Never "Healed …": a healing that proposed nothing, or was rejected, healed
 * nothing (issue 28), so the words say how it began, and its status chip what came of it.
 */
export const HEALING_TRIGGER_LABELS: Record<TestHealing['trigger'], string> = {
  manual: 'Started by a person',
  auto: 'Started automatically after a failed run',
  collection: 'Started for its collection',
};

/** The other website a healing was made on (its run's override), as a person reads it; null: the test's own. */
export function healingSite(healing: Pick<TestHealing, 'website_override'>): string | null {
  return healing.website_override ?? null;
}

/** A run of steps the proposal keeps exactly, shown collapsed, or one step worth a side-by-side look. */
export type StepGroup = { kind: 'unchanged'; steps: HealingStep[] } | { kind: 'changed'; step: HealingStep };

/** Groups consecutive kept steps so the diff shows only what moved ("4 steps unchanged"). */
export function groupSteps(steps: readonly HealingStep[]): StepGroup[] {
  const groups: StepGroup[] = [];
  for (const step of [...steps].sort((a, b) => a.step_index - b.step_index)) {
    const last = groups.at(-1);
    if (step.outcome !== 'kept') groups.push({ kind: 'changed', step });
    else if (last?.kind === 'unchanged') last.steps.push(step);
    else groups.push({ kind: 'unchanged', steps: [step] });
  }
  return groups;
}

/** "The application seems to have changed behaviour: expected 'X', the page shows 'Y'" → X and Y. */
export function expectedAndSeen(message: string | null): { expected: string; seen: string } | null {
  const match = message?.match(/expected '([\s\S]*)', the page shows '([\s\S]*)'/);
  return match ? { expected: match[1], seen: match[2] } : null;
}
