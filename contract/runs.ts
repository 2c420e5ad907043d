import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable } from './common';
import { TraceEntry, UserVisibleError } from './generation';
import { MailRead } from './inbox';
import { type RunState } from './states';
import { RunDataRow } from './testData';

// Run wire shapes (SPEC §3 "Run", §4 run states and "runs of a test case", §5, §7 run calls, §8).
// docs/runs.md describes the calls, the live socket messages and the log format.

export const RUN_MESSAGES = {
  testCaseIdRequired: 'Test case ID is required',
  runIdRequired: 'Run ID is required',
  artifactIdsRequired: 'Run ID and artifact ID are required',
  runNotFound: 'Test run not found',
  artifactNotFound: 'Artifact not found',
  noSteps: 'This test has no generated steps to run yet: generate it first.',
  generating: 'The test is generating: wait until its generation ends (or cancel it), then run it.',
  notRunnableGeneration:
    'This test did not generate successfully, so there is nothing reliable to run: fix or regenerate it first.',
  alreadyEnded: 'The run has already ended',
  invalidUrl: 'Please enter a valid URL',
  runWatchIdRequired: 'Run ID is required for monitoring',
} as const;

/** SPEC §4/§9: the runs page shows the newest 20 first, then loads more. */
export const RUNS_PAGE_SIZE = 20;
export const RUNS_PAGE_MAX = 100;

export const RUN_LIMITS = {
  overrides: 200,
  overrideName: 100,
  overrideValue: 10_000,
  website: 2048,
} as const;

/** A run state (SPEC §4): pending, scheduled, running, waiting_for_executor, passed, failed, cancelled, not_runnable; and flaky (issue 12). */
export const RunStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('scheduled'),
  Type.Literal('running'),
  Type.Literal('waiting_for_executor'),
  Type.Literal('passed'),
  Type.Literal('failed'),
  Type.Literal('cancelled'),
  Type.Literal('not_runnable'),
  Type.Literal('flaky'),
]);
export type RunStatus = Static<typeof RunStatus>;
// NOTE: the literals above are RUN_STATES (contract/states.ts) exactly: this fails to compile when they drift.
export const RUN_STATUS_MATCHES_STATES: [RunStatus, RunState] extends [RunState, RunStatus] ? true : never =
  true;

/** Optional settings of one run (SPEC §3 "settings"); absent fields change nothing. */
export const RunSettings = Type.Object(
  {
    /** Values for the test's variables for this run only (names must be variables of the test). */
    parameter_overrides: Type.Optional(Type.Record(Type.String(), Type.String())),
    /** Replaces the test's website: pages on its origin are opened on this one instead. */
    website_url_override: Type.Optional(Nullable(Type.String())),
    /**
     * Issue 33: one of the project's environments: the run opens the test's path and query on its
     * origin, and its variables and secrets come before the test's and the project's.
     */
    environment_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  },
  { additionalProperties: false },
);
export type RunSettings = Static<typeof RunSettings>;

/** The settings as stored and sent back: both fields always present. */
export const StoredRunSettings = Type.Object({
  parameter_overrides: Type.Record(Type.String(), Type.String()),
  website_url_override: Nullable(Type.String()),
});
export type StoredRunSettings = Static<typeof StoredRunSettings>;

/** One replayed step (SPEC §3 run steps, plus our fields). */
export const RunStep = Type.Object({
  step_index: Type.Integer(),
  action_name: Type.String(),
  /** The step's plain words. */
  step_description: Type.String(),
  /** The code that ran, in the test's programming language ({{references}} kept, never values). */
  run_code: Type.String(),
  /** The page after the step (after the failure for a failing step): GET /api/images/{id}. */
  screenshot_id: Nullable(Type.String()),
  /** Why the step has no screenshot when one was taken and failed (absent or null: none failed). */
  screenshot_error: Type.Optional(Nullable(Type.String())),
  /** The run's trace (the same for every step): GET /api/artifacts/{runId}?artifact_name=trace.zip. */
  trace_zip_path: Nullable(Type.String()),
  success: Type.Boolean(),
  /** The step's Playwright calls, summarised from the run's trace (filled when the run ends). */
  trace: Type.Array(TraceEntry),
  /** Why the step failed, in words a person reads (null when it passed). */
  error: Nullable(UserVisibleError),
  duration_ms: Type.Integer(),
  /** The page's URL after the step. */
  url: Nullable(Type.String()),
  /** The e-mail an e-mail step read (issue 32): subject, sender and time, never its body. */
  email: Type.Optional(MailRead),
  /** Which way an optional step went (issue 32): shown and clicked, or not shown and skipped. */
  note: Type.Optional(Type.String()),
});
export type RunStep = Static<typeof RunStep>;

/** A file of a run; fetch a link with GET /api/artifacts/{runId}?artifact_name={name}. */
export const RunArtifact = Type.Object({
  /** trace.zip, run.log, failure.jpg, step-<n>.jpg (n from 0), inbox.txt (the mail its e-mail steps read, issue 32). */
  name: Type.String(),
  kind: Type.Union([Type.Literal('trace'), Type.Literal('log'), Type.Literal('screenshot')]),
  content_type: Type.String(),
  size: Type.Integer(),
});
export type RunArtifact = Static<typeof RunArtifact>;

/** The first attempt's failure of a run that was run again once (issue 12, "Retry once on failure"). */
export const RunFirstFailure = Type.Object({
  failing_step_index: Nullable(Type.Integer()),
  error_message: Nullable(Type.String()),
});
export type RunFirstFailure = Static<typeof RunFirstFailure>;

/** A run of a test case (SPEC §3 "Run"). */
export const RunTrigger = Type.Union([Type.Literal('manual'), Type.Literal('schedule'), Type.Literal('ci')]);
export type RunTrigger = Static<typeof RunTrigger>;

/** The browsers a run may use (SPEC §9: Chromium, Firefox, WebKit); the others need installing where workers run. */
export const RUN_BROWSERS = ['chromium', 'firefox', 'webkit'] as const;
export const RunBrowser = Type.Union([
  Type.Literal('chromium'),
  Type.Literal('firefox'),
  Type.Literal('webkit'),
]);
export type RunBrowser = Static<typeof RunBrowser>;

export const TestRun = Type.Object({
  _id: Type.String(),
  test_case_id: Type.String(),
  status: RunStatus,
  /** Seconds from the browser context opening to the run's end; null until it ends (0 if it never started). */
  execution_time_in_secs: Nullable(Type.Number()),
  /** The steps replayed so far, in order; a failed run ends with its failing step. */
  steps: Type.Array(RunStep),
  /** The plain words of every step the run will replay, in order (known from the start). */
  step_descriptions: Type.Array(Type.String()),
  /** Index into steps/step_descriptions of the step that failed; null unless failed (or not_runnable at a step). */
  failing_step_index: Nullable(Type.Integer()),
  /** Why the run failed, was cancelled or could not run; null when it passed or is running. */
  error_message: Nullable(Type.String()),
  artifacts: Type.Array(RunArtifact),
  settings: StoredRunSettings,
  created_at: IsoDate,
  last_modified_at: IsoDate,
  /** When a worker started it (null while queued). */
  started_at: Nullable(IsoDate),
  finished_at: Nullable(IsoDate),
  /** How many times a worker took it (a killed worker's run is retried once). */
  attempts: Type.Integer(),
  /**
   * Our addition (issue 11): the test's instructions or website had changed since its steps were
   * generated when the run was asked for, so it replayed steps that may no longer match them.
   */
  steps_out_of_date: Type.Boolean(),
  /** Our addition (issues 12, 15): who asked for it, a person, a schedule or a CI pipeline's key. */
  trigger: RunTrigger,
  /** Our addition (issue 15): the browser it ran in. */
  browser: RunBrowser,
  /**
   * Our addition (issue 12): when the run failed and was run again once, the first attempt's
   * failure (a pass on retry makes the run flaky); null otherwise.
   */
  first_failure: Nullable(RunFirstFailure),
  /** Issue 33: a data-driven run's line per row of the test's data table; absent or null for a run of no table. */
  data_rows: Type.Optional(Nullable(Type.Array(RunDataRow))),
  /** Our addition (issue 33): the environment it ran on; null for the test's own website. */
  environment_id: Nullable(Type.String()),
  /** Our addition (issue 34): when a person pinned it (kept past the project's retention); null if not. */
  pinned_at: Nullable(IsoDate),
});
export type TestRun = Static<typeof TestRun>;

// ── Requests and responses ────────────────────────────────────────────────────────────────────────

export const TestCaseIdParams = Type.Object({ testCaseId: Type.String({ maxLength: 100 }) });
export const RunIdParams = Type.Object({ runId: Type.String({ maxLength: 100 }) });

/** POST /test-run/{testCaseId}: answers 201. */
export const CreatedRun = Type.Object({ runId: Type.String(), run: TestRun });
export type CreatedRun = Static<typeof CreatedRun>;

/** GET /test-runs/{testCaseId}: newest first; the x-total-count header says how many there are. */
export const RunsQuery = Type.Object({
  /** 1 to 100, default 20. */
  limit: Type.Optional(Type.String({ maxLength: 10 })),
  /** 0 or more, default 0. */
  offset: Type.Optional(Type.String({ maxLength: 10 })),
});
export type RunsQuery = Static<typeof RunsQuery>;

export const ArtifactQuery = Type.Object({ artifact_name: Type.Optional(Type.String({ maxLength: 100 })) });

/** GET /artifacts/{runId}?artifact_name=: a short-lived link the browser loads without a token. */
export const SignedRunArtifact = Type.Object({
  run_id: Type.String(),
  artifact_name: Type.String(),
  url: Type.String(),
  content_type: Type.String(),
  /** For trace.zip: Playwright's trace viewer (/trace/) opened on it; null otherwise. */
  viewer_url: Nullable(Type.String()),
  expires_at: IsoDate,
});
export type SignedRunArtifact = Static<typeof SignedRunArtifact>;

// ── The run log (run.log, text/plain) ─────────────────────────────────────────────────────────────

export const LOG_LEVELS = ['ERROR', 'WARNING', 'INFO', 'SUCCESS'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** One line: `<ISO time> <LEVEL> <source>: <message>`, e.g. `2026-01-02T10:00:00.123Z ERROR console: boom`. */
export const LOG_LINE = /^(\S+) (ERROR|WARNING|INFO|SUCCESS) ([a-z]+): (.*)$/;

export function parseLogLine(
  line: string,
): { time: string; level: LogLevel; source: string; message: string } | null {
  const match = LOG_LINE.exec(line);
  if (!match) return null;
  return { time: match[1], level: match[2] as LogLevel, source: match[3], message: match[4] };
}

// ── Live socket (/api/ws), run messages ───────────────────────────────────────────────────────────

/** Messages the client sends about runs (after {type:"auth"}). */
export type RunSocketRequest =
  { type: 'watch_run'; run_id: string } | { type: 'unwatch_run'; run_id: string };

/** Messages the server sends about runs. */
export type RunSocketMessage =
  | { type: 'RUN_WATCHING'; run_id: string; test_id: string; status: RunStatus }
  | { type: 'RUN_UPDATED'; run_id: string; test_id: string; status: RunStatus }
  | { type: 'RUN_NOT_RUNNING'; run_id: string; test_id: string; status: RunStatus }
  | { type: 'WATCH_TIMED_OUT'; run_id: string }
  | { type: 'ERROR'; message: string; run_id: string };
