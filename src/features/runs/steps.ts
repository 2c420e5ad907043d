import { failingStepIndex, isRunRunning, type RunStep, type TestRun } from './types';

export type StepState = 'passed' | 'failed' | 'running' | 'waiting' | 'skipped';

export interface StepRow {
  index: number;
  /** The step's plain words (known from the start of the run). */
  description: string;
  /** What was done, once replayed. */
  result: RunStep | null;
  state: StepState;
}

/** Every step of the run with what became of it: replayed, in progress, waiting, or never reached. */
export function stepRows(run: TestRun): StepRow[] {
  const running = isRunRunning(run.status);
  const failing = failingStepIndex(run);
  const count = Math.max(run.step_descriptions.length, run.steps.length);
  return Array.from({ length: count }, (_, index) => {
    const result = run.steps[index] ?? null;
    const description = result?.step_description || run.step_descriptions[index] || `Step ${index + 1}`;
    let state: StepState;
    if (result) state = result.success && index !== failing ? 'passed' : 'failed';
    else if (index === failing) state = 'failed';
    else if (running) state = index === run.steps.length && run.status === 'running' ? 'running' : 'waiting';
    else state = 'skipped';
    return { index, description, result, state };
  });
}

/** The step to show first: the failing one, else the one in progress, else the last replayed. */
export function initialStep(run: TestRun): number | null {
  const failing = failingStepIndex(run);
  if (failing !== null) return failing;
  if (run.steps.length === 0) return null;
  return run.steps.length - 1;
}
