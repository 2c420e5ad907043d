import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Name, Nullable } from './common';
import { RunStatus, RunTrigger } from './runs';
import { Schedule } from './schedules';
import { COLLECTION_LIMITS, COLLECTION_MESSAGES } from './collectionTexts';

// NOTE: contract/alerts.ts imports RunCounts from here; AlertOn is declared here to keep the import one-way.
export const AlertOn = Type.Union([
  Type.Literal('never'),
  Type.Literal('failure'),
  Type.Literal('recovery'),
  Type.Literal('both'),
]);
export type AlertOn = Static<typeof AlertOn>;

// Collection wire shapes (SPEC §3 "Collection", §5, §7 collection calls, §8, §9). A collection is a
// named set of a suite's tests, run together: each run-all makes one group of runs, one per linked
// test, all created at the same instant — the group's key is that `created_at`.

// The texts and limits live in a TypeBox-free module so the SPA's first chunk can read them without TypeBox.
export { COLLECTION_LIMITS, COLLECTION_MESSAGES };

export const RunCounts = Type.Object({
  pending: Type.Integer(),
  running: Type.Integer(),
  passed: Type.Integer(),
  failed: Type.Integer(),
  cancelled: Type.Integer(),
  error: Type.Integer(),
  /** Failed, then passed on its one retry (issue 12): counted apart from passed. */
  flaky: Type.Integer(),
  /** Issue 33: failed or could not run, of a quarantined test: counted apart, failing nothing. */
  quarantined: Type.Optional(Type.Integer()),
});
export type RunCounts = Static<typeof RunCounts>;

/** One run of a group, as the collection page lists it (the run page has the rest). */
export const CollectionRun = Type.Object({
  _id: Type.String(),
  test_case_id: Type.String(),
  test_name: Type.String(),
  /** Issue 15: the browser it ran in. */
  browser: Type.String(),
  status: RunStatus,
  execution_time_in_secs: Nullable(Type.Number()),
  failing_step_index: Nullable(Type.Integer()),
  error_message: Nullable(Type.String()),
  created_at: IsoDate,
  finished_at: Nullable(IsoDate),
  /** Issue 33: its test is quarantined: its failure fails no group, CI exit code or alert. */
  quarantined: Type.Optional(Type.Boolean()),
});
export type CollectionRun = Static<typeof CollectionRun>;

/** The runs one run-all made: counted per status, with the longest duration. */
export const CollectionRunGroup = Type.Object({
  created_at: IsoDate,
  /**
   * Our addition (issue 28): where the run-all came from: 'manual' (a person, or the API with a
   * person's token), 'schedule' (the collection's schedule) or 'ci' (a pipeline's service key).
   */
  trigger: RunTrigger,
  counts: RunCounts,
  total: Type.Integer(),
  longest_duration_in_secs: Nullable(Type.Number()),
  runs: Type.Array(CollectionRun),
});
export type CollectionRunGroup = Static<typeof CollectionRunGroup>;

export const Collection = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  test_suite_id: Type.String(),
  linked_test_ids: Type.Array(Type.String()),
  /** Newest first: `linked_runs_limit` groups from `linked_runs_offset`, or the one at `linked_runs_created_at`. */
  linked_runs: Type.Array(CollectionRunGroup),
  /** A 5-field cron, or null (SPEC §3). */
  schedule: Nullable(Type.String()),
  /** Our additions (issue 12): the schedule's time zone and its words, next times and recent ticks. */
  schedule_timezone: Nullable(Type.String()),
  schedule_details: Nullable(Schedule),
  /** A failed run is run again once; a pass on retry is flaky (contract/alerts.ts has the rest). */
  retry_on_failure: Type.Boolean(),
  alert_on: AlertOn,
  /** The newest group's summary, without its runs; null before the first run-all. */
  last_run: Nullable(Type.Omit(CollectionRunGroup, ['runs'])),
  created_at: IsoDate,
  last_modified_at: IsoDate,
});
export type Collection = Static<typeof Collection>;

export const CreateCollectionBody = Type.Object({
  name: Name,
  test_suite_id: Type.String({ maxLength: 100 }),
  linked_test_ids: Type.Optional(Type.Array(Type.String({ maxLength: 100 }))),
});
export type CreateCollectionBody = Static<typeof CreateCollectionBody>;

export const UpdateCollectionBody = Type.Object({
  collection_id: Type.Optional(Type.String({ maxLength: 100 })),
  new_name: Type.Optional(Name),
  schedule: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
  /** Our addition: the schedule's IANA time zone (UTC when never given). */
  schedule_timezone: Type.Optional(Type.String({ maxLength: 64 })),
  /** Issue 33: the environment the schedule's run-alls run on; null: the tests' own websites. */
  schedule_environment_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  test_case_ids_to_add: Type.Optional(Type.Array(Type.String({ maxLength: 100 }))),
  test_case_ids_to_remove: Type.Optional(Type.Array(Type.String({ maxLength: 100 }))),
});
export type UpdateCollectionBody = Static<typeof UpdateCollectionBody>;

export const LinkedRunsQuery = Type.Object({
  linked_runs_offset: Type.Optional(Type.Integer({ minimum: 0 })),
  linked_runs_limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: COLLECTION_LIMITS.linkedRunsLimitMax }),
  ),
  linked_runs_created_at: Type.Optional(IsoDate),
});
export type LinkedRunsQuery = Static<typeof LinkedRunsQuery>;

/** POST /test-suites/collection/{id}/run-all: the group it started. */
export const RunAllResult = Type.Object({
  collection_id: Type.String(),
  created_at: IsoDate,
  run_ids: Type.Array(Type.String()),
});
export type RunAllResult = Static<typeof RunAllResult>;

// ── Server additions (issue 12, server part): path parameters, run-all's body, cancel ──────────

export const CollectionIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const RunAllParams = Type.Object({ collectionId: Type.String({ maxLength: 100 }) });
export const CollectionSuiteParams = Type.Object({ suiteId: Type.String({ maxLength: 100 }) });

/** SPEC §7 sends run-all an empty body; a website override is our addition. */
export const RunAllBody = Type.Object({
  website_url_override: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  /** Issue 15: each linked test runs once in each of these browsers, all in the one group (default Chromium). */
  browsers: Type.Optional(Type.Array(Type.String({ maxLength: 20 }), { maxItems: 3 })),
  /** Issue 33: one of the project's environments; each test keeps its path and opens on its origin. */
  environment_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
  /** Or the environment's name (`plainwright ci --env`; a pipeline's key cannot list environments). */
  environment_name: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
});
export type RunAllBody = Static<typeof RunAllBody>;

export const CancelGroupQuery = Type.Object({ created_at: Type.Optional(Type.String({ maxLength: 40 })) });

/** POST /test-suites/collection/{id}/cancel?created_at=: the group's unfinished runs, cancelled. */
export const CancelGroupResult = Type.Object({
  collection_id: Type.String(),
  created_at: IsoDate,
  cancelled: Type.Integer(),
});
export type CancelGroupResult = Static<typeof CancelGroupResult>;

// ── Live socket (/api/ws), a collection's runs (issue 31) ─────────────────────────────────────────

/** Messages the client sends about a collection's runs (after {type:"auth"}). */
export type CollectionSocketRequest =
  { type: 'watch_collection'; collection_id: string } | { type: 'unwatch_collection'; collection_id: string };

/**
 * Messages the server sends about a watched collection. COLLECTION_RUNS_CHANGED follows every change
 * of one of its runs (a run-all's or a schedule's new group included), naming the group by its
 * `created_at`: read the collection again. The watch never says "not running"; it ends only with its
 * time limit (WATCH_TIMED_OUT with `collection_id`: watch again).
 */
export type CollectionSocketMessage =
  | { type: 'COLLECTION_WATCHING'; collection_id: string }
  | {
      type: 'COLLECTION_RUNS_CHANGED';
      collection_id: string;
      created_at: string;
      run_id: string;
      test_id: string;
      status: RunStatus;
    }
  | { type: 'WATCH_TIMED_OUT'; collection_id: string }
  | { type: 'ERROR'; message: string; collection_id: string };
