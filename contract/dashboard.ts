import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable } from './common';

/** Runs with a verdict in a window: passed, failed (failed or not runnable) and their share. */
export const PassRateWindow = Type.Object({
  passed: Type.Integer(),
  failed: Type.Integer(),
  total: Type.Integer(),
  /** passed / total, null when no run finished in the window. */
  rate: Nullable(Type.Number()),
});
export type PassRateWindow = Static<typeof PassRateWindow>;

export const PassRateDay = Type.Object({
  /** A UTC day, YYYY-MM-DD. */
  date: Type.String(),
  passed: Type.Integer(),
  failed: Type.Integer(),
});
export type PassRateDay = Static<typeof PassRateDay>;

export const LatestFailure = Type.Object({
  test_case_id: Type.String(),
  test_name: Type.String(),
  run_id: Type.String(),
  status: Type.String(),
  failed_at: Nullable(IsoDate),
  failing_step_index: Nullable(Type.Integer()),
  /** The failing step's plain words (or its action name). */
  failing_step: Nullable(Type.String()),
  error_message: Nullable(Type.String()),
});
export type LatestFailure = Static<typeof LatestFailure>;

export const FlakyTest = Type.Object({
  test_case_id: Type.String(),
  test_name: Type.String(),
  /** Of its last runs on unchanged steps: passed first time, passed only on a retry (flaky), failed; they add up to runs. */
  passed: Type.Integer(),
  failed: Type.Integer(),
  flaky: Type.Integer(),
  runs: Type.Integer(),
});
export type FlakyTest = Static<typeof FlakyTest>;

export const OutOfDateTest = Type.Object({ test_case_id: Type.String(), test_name: Type.String() });
export type OutOfDateTest = Static<typeof OutOfDateTest>;

export const RunningItem = Type.Object({
  kind: Type.Union([Type.Literal('run'), Type.Literal('generation')]),
  test_case_id: Type.String(),
  test_name: Type.String(),
  run_id: Nullable(Type.String()),
  status: Type.String(),
  started_at: Nullable(IsoDate),
});
export type RunningItem = Static<typeof RunningItem>;

export const Dashboard = Type.Object({
  pass_rate: Type.Object({
    last_7_days: PassRateWindow,
    last_30_days: PassRateWindow,
    daily: Type.Array(PassRateDay),
  }),
  latest_failures: Type.Array(LatestFailure),
  flaky: Type.Array(FlakyTest),
  out_of_date: Type.Array(OutOfDateTest),
  running: Type.Array(RunningItem),
  counts: Type.Object({ tests: Type.Integer(), runs_30_days: Type.Integer() }),
  /**
   * Issue 33: the environment whose runs the pass rates, latest failures and flaky tests count; null
   * for the runs on the tests' own websites. Runs in progress and out-of-date tests are the project's.
   */
  environment: Nullable(Type.Object({ _id: Type.String(), name: Type.String() })),
});
export type Dashboard = Static<typeof Dashboard>;

export const DashboardParams = Type.Object({ suiteId: Type.String({ maxLength: 100 }) });
export type DashboardParams = Static<typeof DashboardParams>;

/**
 * Issue 33: `environment_id` is one of the project's environments, or `none` for the runs on the
 * tests' own websites; absent: the project's default environment (the tests' own websites when it has none).
 */
export const DashboardQuery = Type.Object({ environment_id: Type.Optional(Type.String({ maxLength: 100 })) });
export type DashboardQuery = Static<typeof DashboardQuery>;

/** `environment_id` of the dashboard and of a test's headlines for the tests' own websites. */
export const OWN_WEBSITES = 'none';

/**
 * A test's headline on one environment (issue 33): its newest run there. GET
 * /test-case/{id}/headlines answers the test's own website first (environment_id null), then each of
 * the project's environments by name.
 */
export const TestHeadline = Type.Object({
  environment_id: Nullable(Type.String()),
  environment_name: Nullable(Type.String()),
  is_default: Type.Boolean(),
  /** A run state, null when the test never ran there. */
  status: Nullable(Type.String()),
  run_id: Nullable(Type.String()),
  run_at: Nullable(IsoDate),
});
export type TestHeadline = Static<typeof TestHeadline>;

export const TestHeadlines = Type.Object({ headlines: Type.Array(TestHeadline) });
export type TestHeadlines = Static<typeof TestHeadlines>;

/** How many of each list the dashboard shows. */
export const DASHBOARD_LIMITS = { latestFailures: 10, flaky: 20, outOfDate: 50, running: 50 } as const;
/** A test is flaky when its last this many finished runs on unchanged steps both passed and failed. */
export const FLAKY_WINDOW_RUNS = 20;
