import {
  truncateActionName,
  type GenerationStep,
  type SignedImage,
  type SignedTrace,
  type StoredUserFeedback,
  type TraceEntry,
  type UnsuccessfulAttempt,
} from '../../../contract/generation';

export type { GenerationStep, SignedImage, SignedTrace, StoredUserFeedback, TraceEntry, UnsuccessfulAttempt };
export { truncateActionName };

export { isGenerating, isGenerationFailed, isYetToStart, type MonitoringStatus } from './states';

const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);
const textOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const number = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

function toAttempt(raw: unknown): UnsuccessfulAttempt {
  const attempt = record(raw);
  const error = record(attempt.user_visible_error);
  return {
    attempted_code: text(attempt.attempted_code),
    language: text(attempt.language, 'typescript'),
    execution_succeeded: attempt.execution_succeeded === true,
    user_visible_error: { message: text(error.message), error_type: text(error.error_type) },
    action: attempt.action ?? null,
  };
}

/**
 * A step as the server sends it, with every field present. NOTE: test_generation_steps is `unknown[]`
 * on the test case, and older rows (or other servers) may lack newer fields: nothing here may throw.
 */
export function toGenerationStep(raw: unknown, index: number): GenerationStep {
  const step = record(raw);
  const verification = record(step.verification);
  const usage = record(step.usage);
  const generatedCode = text(step.generated_code);
  return {
    step_index: typeof step.step_index === 'number' ? step.step_index : index,
    planner_message: text(step.planner_message),
    action_name: text(step.action_name),
    step_description: text(step.step_description),
    cost: number(step.cost),
    generated_code: generatedCode,
    generated_code_ts: text(step.generated_code_ts, generatedCode),
    generated_code_py: text(step.generated_code_py),
    execution_succeded: step.execution_succeded === true,
    screenshot_id: textOrNull(step.screenshot_id),
    // Optional: only a step whose screenshot failed carries it.
    ...(typeof step.screenshot_error === 'string' ? { screenshot_error: step.screenshot_error } : {}),
    before_screenshot_id: textOrNull(step.before_screenshot_id),
    unsuccessful_code_attempts: list(step.unsuccessful_code_attempts).map(toAttempt),
    cached_action_id: textOrNull(step.cached_action_id),
    trace: list(step.trace) as TraceEntry[],
    trace_zip_path: textOrNull(step.trace_zip_path),
    user_feedback: (step.user_feedback ?? null) as StoredUserFeedback | null,
    verification: {
      passed:
        verification.passed === true ||
        (verification.passed === undefined && step.execution_succeded === true),
      message: text(verification.message),
    },
    model: text(step.model),
    model_fallback: textOrNull(step.model_fallback),
    usage: {
      input_tokens: number(usage.input_tokens),
      output_tokens: number(usage.output_tokens),
      model_calls: number(usage.model_calls),
    },
    action: step.action ?? null,
    target_box: toBox(step.target_box),
    url: textOrNull(step.url),
    duration_ms: number(step.duration_ms),
  };
}

/** A recorded element box, when it is four finite numbers with some size. */
function toBox(raw: unknown): GenerationStep['target_box'] {
  const box = record(raw);
  const { x, y, width, height } = box;
  const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
  if (!finite(x) || !finite(y) || !finite(width) || !finite(height) || width <= 0 || height <= 0) return null;
  return { x, y, width, height };
}

/** The label of a step: its action name cut as SPEC §3 says, else its plain words. */
export const stepTitle = (step: GenerationStep): string =>
  truncateActionName(step.action_name || step.step_description || 'Step');

/** An image as the SPA keeps it (SPEC §3 "Image"): a signed link that expires. */
export interface CachedImage {
  id: string;
  url: string;
  fetchedAt: number;
  expiresAt: number;
}

export type FeedbackKind = 'text' | 'visual' | 'attempt';
