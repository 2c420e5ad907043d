import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable } from './common';

// Generation wire shapes (SPEC §3 "Generation step", "Unsuccessful attempt", "Trace entry",
// "User feedback", "Image"; SPEC §7's generation calls; the live socket of DESIGN §4).

export const GENERATION_MESSAGES = {
  testCaseIdRequired: 'Testcase id is required',
  sameInstruction: 'New instruction is exactly same as the original instruction',
  imageIdRequired: 'Image ID is required',
  alreadyGenerating: 'The test case is already generating. Cancel it first or wait until it ends.',
  notGenerating: 'The test case is not generating',
  monitoringTestIdRequired: 'Test ID is required for monitoring',
} as const;

/** SPEC §9: action names are cut to 100 characters. */
export const ACTION_NAME_LIMIT = 100;

/** SPEC §3: cut to 100 characters with an ellipsis when longer, unless the name ends with a dot. */
export function truncateActionName(name: string): string {
  if (name.length <= ACTION_NAME_LIMIT || name.endsWith('.')) return name;
  return `${name.slice(0, ACTION_NAME_LIMIT)}...`;
}

export const UserVisibleError = Type.Object({
  message: Type.String(),
  /** element_not_found, not_unique, not_actionable, timeout, assertion_failed, navigation_failed, verification_failed, cached_action_failed, model_error, not_understood. */
  error_type: Type.String(),
});
export type UserVisibleError = Static<typeof UserVisibleError>;

export const UnsuccessfulAttempt = Type.Object({
  attempted_code: Type.String(),
  /** typescript or python, as the test's programming_language. */
  language: Type.String(),
  execution_succeeded: Type.Boolean(),
  user_visible_error: UserVisibleError,
  /** The structured action tried (absent when no element was found); feedback may pick it by index. */
  action: Type.Optional(Nullable(Type.Unknown())),
});
export type UnsuccessfulAttempt = Static<typeof UnsuccessfulAttempt>;

/** One Playwright call of a step, summarised from the generation's trace. */
export const TraceEntry = Type.Object({
  type: Type.String(),
  /** The screencast frame nearest after the call, as named inside the trace zip (null without one). */
  sha1: Nullable(Type.String()),
  /** The step's screenshot (GET /api/images/{id}). */
  screenshot_id: Nullable(Type.String()),
  callId: Type.String(),
  /** e.g. locator.click, page.goto, locator.fill. */
  apiName: Type.String(),
  /** The call's parameters; secret values are masked. */
  params: Type.Record(Type.String(), Type.Unknown()),
});
export type TraceEntry = Static<typeof TraceEntry>;

export const Point = Type.Object({ x: Type.Number(), y: Type.Number() });

/** What a person said about a step (stored on the step it corrected). */
export const StoredUserFeedback = Type.Object({
  feedback_type: Type.Union([Type.Literal('text'), Type.Literal('visual'), Type.Literal('verified')]),
  action_description: Nullable(Type.String()),
  action_name: Nullable(Type.String()),
  code_attempt_index: Nullable(Type.Integer()),
  verified: Nullable(Type.Boolean()),
  coder_hint: Nullable(Type.String()),
  python_code: Nullable(Type.String()),
  locator_based_feedback: Nullable(Point),
  given_at: IsoDate,
});
export type StoredUserFeedback = Static<typeof StoredUserFeedback>;

/** A step of test_generation_steps (SPEC §3, its spelling kept: execution_succeded). */
export const GenerationStep = Type.Object({
  step_index: Type.Integer(),
  /** What the planner meant to do and why. */
  planner_message: Type.String(),
  action_name: Type.String(),
  /** The step's plain words (one sentence of the instructions). */
  step_description: Type.String(),
  /** US dollars spent on model tokens for this step (0 with the offline rules). */
  cost: Type.Number(),
  /** The step's code in the test's programming language. */
  generated_code: Type.String(),
  generated_code_ts: Type.String(),
  generated_code_py: Type.String(),
  execution_succeded: Type.Boolean(),
  /** The page after the step. */
  screenshot_id: Nullable(Type.String()),
  /** Why the step has no screenshot when one was taken and failed (absent or null: none failed). */
  screenshot_error: Type.Optional(Nullable(Type.String())),
  /** The page the coder acted on (the previous step's screenshot): visual feedback points are on it. */
  before_screenshot_id: Nullable(Type.String()),
  unsuccessful_code_attempts: Type.Array(UnsuccessfulAttempt),
  /** Set when the action came from the action cache without a model call. */
  cached_action_id: Nullable(Type.String()),
  trace: Type.Array(TraceEntry),
  /** The id of the generation's trace (GET /api/traces/{testCaseId}/{stepIndex} signs it). */
  trace_zip_path: Nullable(Type.String()),
  user_feedback: Nullable(StoredUserFeedback),
  /** What the verifier checked. */
  verification: Type.Object({ passed: Type.Boolean(), message: Type.String() }),
  /** rules, or provider:model; fallback says why the rules stood in for a model. */
  model: Type.String(),
  model_fallback: Nullable(Type.String()),
  usage: Type.Object({
    input_tokens: Type.Integer(),
    output_tokens: Type.Integer(),
    model_calls: Type.Integer(),
  }),
  /** The structured action the runner executed (never code text). */
  action: Nullable(Type.Unknown()),
  /**
   * Where the step's element was just before it acted, in CSS pixels of before_screenshot_id: the
   * outline drawn on that screenshot. Absent on steps generated before it was recorded.
   */
  target_box: Type.Optional(
    Nullable(
      Type.Object({ x: Type.Number(), y: Type.Number(), width: Type.Number(), height: Type.Number() }),
    ),
  ),
  /**
   * What else the step's element was when generated (issue 30: role, id, name, type, form, place…),
   * for the healer when every word of it changed. Absent on steps generated before it was recorded.
   */
  target_fingerprint: Type.Optional(Nullable(Type.Unknown())),
  url: Nullable(Type.String()),
  duration_ms: Type.Integer(),
});
export type GenerationStep = Static<typeof GenerationStep>;

// ── Requests ──────────────────────────────────────────────────────────────────────────────────────

/** PUT /test-case/{id}/user-feedback (SPEC §3 "User feedback", as sent). */
export const UserFeedbackBody = Type.Object(
  {
    test_case_id: Type.Optional(Type.String()),
    /** The step's index; feedback without one is ignored. */
    step: Type.Optional(Nullable(Type.Integer())),
    feedback_type: Type.Optional(Nullable(Type.String())),
    action_name: Type.Optional(Nullable(Type.String())),
    /** Text feedback: the step's new instruction. */
    action_description: Type.Optional(Nullable(Type.String())),
    /** Use this unsuccessful attempt's action. */
    code_attempt_index: Type.Optional(Nullable(Type.Integer())),
    verified: Type.Optional(Nullable(Type.Boolean())),
    /** Words that name the element meant, e.g. 'the blue Save button'. */
    coder_hint: Type.Optional(Nullable(Type.String())),
    /** One Playwright Python statement for the step, e.g. page.get_by_role("button", name="Save").click(). */
    python_code: Type.Optional(Nullable(Type.String())),
    /** Visual feedback: CSS pixels on the step's before_screenshot_id. */
    locator_based_feedback: Type.Optional(Nullable(Point)),
  },
  { additionalProperties: false },
);
export type UserFeedbackBody = Static<typeof UserFeedbackBody>;

export const ForceStopParams = Type.Object({
  id: Type.String({ maxLength: 100 }),
  stepOrId: Type.String({ maxLength: 100 }),
});

export const TraceParams = Type.Object({
  testCaseId: Type.String({ maxLength: 100 }),
  stepIndex: Type.String({ maxLength: 10 }),
});

// ── Responses ─────────────────────────────────────────────────────────────────────────────────────

/** GET /images/{id} (SPEC §3 Image): a short-lived signed URL the browser loads without a token. */
export const SignedImage = Type.Object({
  id: Type.String(),
  url: Type.String(),
  expires_at: IsoDate,
});
export type SignedImage = Static<typeof SignedImage>;

/** GET /traces/{testCaseId}/{stepIndex}: the step's trace zip, and the viewer opened on it. */
export const SignedTrace = Type.Object({
  test_case_id: Type.String(),
  step_index: Type.Integer(),
  trace_id: Type.String(),
  url: Type.String(),
  /** /trace/index.html?trace=<url>: Playwright's trace viewer served by us. */
  viewer_url: Type.String(),
  expires_at: IsoDate,
});
export type SignedTrace = Static<typeof SignedTrace>;

// ── Live socket (/api/ws) ─────────────────────────────────────────────────────────────────────────

/** Messages the client sends: auth first, then watches. */
export type SocketRequest =
  { type: 'auth'; token: string } | { type: 'watch'; test_id: string } | { type: 'unwatch'; test_id: string };

export const SOCKET_EVENTS = ['TEST_UPDATED', 'TEST_NOT_RUNNING', 'WATCH_TIMED_OUT'] as const;
export type SocketEvent = (typeof SOCKET_EVENTS)[number];

/** Messages the server sends. */
export type SocketMessage =
  | { type: 'AUTHENTICATED' }
  | { type: 'WATCHING'; test_id: string; state: string }
  | { type: SocketEvent; test_id: string }
  | { type: 'ERROR'; message: string; test_id?: string };
