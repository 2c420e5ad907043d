import { GENERATING_STATES, GENERATION_FAILED_STATES, type GenerationState } from '../../../contract/states';

// NOTE: the store and the monitoring saga load with the app shell, so they import this module rather
// than types.ts: contract/generation.ts (and TypeBox with it) then stays in the lazy chunks.

/** SPEC §4: pending, scheduled, running, retrying, waiting_for_executor. */
export const isGenerating = (state: GenerationState | null | undefined): boolean =>
  state != null && GENERATING_STATES.includes(state);

/** SPEC §4: error, failed, not_runnable, resources_exceeded, aborted, executor_not_available, cancelled. */
export const isGenerationFailed = (state: GenerationState | null | undefined): boolean =>
  state != null && GENERATION_FAILED_STATES.includes(state);

/** SPEC §4: no steps yet and queued (pending, scheduled or waiting_for_executor). */
export const isYetToStart = (state: GenerationState, stepCount: number): boolean =>
  stepCount === 0 && (state === 'pending' || state === 'scheduled' || state === 'waiting_for_executor');

/** What the monitoring saga is doing (SPEC §4 "monitoring"); 'idle' is the monitoring flag reset. */
export type MonitoringStatus = 'idle' | 'waiting' | 'connecting' | 'open' | 'reconnecting' | 'polling';
