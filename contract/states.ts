// SPEC §4's state machines, shared by the SPA and the server (DESIGN §6).

export const GENERATION_STATES = [
  'created',
  'pending',
  'scheduled',
  'running',
  'retrying',
  'waiting_for_executor',
  'completed',
  'passed',
  'failed',
  'not_runnable',
  'error',
  'resources_exceeded',
  'aborted',
  'executor_not_available',
  'cancelled',
  'unknown',
] as const;
export type GenerationState = (typeof GENERATION_STATES)[number];

export const GENERATING_STATES: readonly GenerationState[] = [
  'pending',
  'scheduled',
  'running',
  'retrying',
  'waiting_for_executor',
];
export const GENERATION_FAILED_STATES: readonly GenerationState[] = [
  'error',
  'failed',
  'not_runnable',
  'resources_exceeded',
  'aborted',
  'executor_not_available',
  'cancelled',
];

export const RUN_STATES = [
  'pending',
  'scheduled',
  'running',
  'waiting_for_executor',
  'passed',
  'failed',
  'cancelled',
  'not_runnable',
  // Our addition (issue 12): failed, then passed when run again once ("Retry once on failure").
  'flaky',
] as const;
export type RunState = (typeof RUN_STATES)[number];
export const RUNNING_STATES: readonly RunState[] = [
  'pending',
  'scheduled',
  'running',
  'waiting_for_executor',
];

export type SimplifiedStatus = 'created' | 'in_progress' | 'passed' | 'failed' | 'error' | 'unknown';

export function simplifyGenerationState(state: GenerationState | null | undefined): SimplifiedStatus {
  switch (state) {
    case 'created':
      return 'created';
    case 'pending':
    case 'scheduled':
    case 'running':
    case 'retrying':
    case 'waiting_for_executor':
      return 'in_progress';
    case 'completed':
    case 'passed':
      return 'passed';
    case 'failed':
      return 'failed';
    case 'not_runnable':
    case 'error':
    case 'resources_exceeded':
    case 'aborted':
    case 'executor_not_available':
    case 'cancelled':
      return 'error';
    default:
      return 'unknown';
  }
}

export function simplifyRunState(state: RunState | null | undefined): SimplifiedStatus {
  switch (state) {
    case 'pending':
    case 'scheduled':
    case 'running':
    case 'waiting_for_executor':
      return 'in_progress';
    case 'passed':
      return 'passed';
    // A pass on retry is not a pass (issue 12): it shows as flaky where runs are listed, and as a failure here.
    case 'failed':
    case 'flaky':
      return 'failed';
    case 'cancelled':
    case 'not_runnable':
      return 'error';
    default:
      return 'unknown';
  }
}

/** SPEC §4: a test shows its run status when generation passed or completed and a run exists, or when it has no generation state. */
export function displayedStatus(
  generation: GenerationState | null | undefined,
  run: RunState | null | undefined,
): SimplifiedStatus {
  const generationDone = generation === 'passed' || generation === 'completed';
  if (run && (generationDone || !generation)) return simplifyRunState(run);
  return simplifyGenerationState(generation);
}

export const HEALING_STATES = [
  'created',
  'pending',
  'waiting_for_executor',
  'running',
  'passed',
  'failed',
  'flaky',
  'unchanged',
  'accepted',
  'rejected',
] as const;
export type HealingState = (typeof HEALING_STATES)[number];
