import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable } from './common';

// Schedules (issue 12; SPEC §2 "schedule", §3 Collection.schedule, §5 "Cron expression has 5 fields").
// A collection (each tick is a run-all: one group) or a single test (each tick is one run) runs by
// itself on a 5-field cron in an IANA time zone. The presets of the editor (hourly, daily, weekly) are
// crons too; the cron is what is stored and what SPEC's `schedule` field carries.

export const SCHEDULE_MESSAGES = {
  /** SPEC §5. */
  cronFields: 'A schedule must be a cron expression of 5 fields (minute hour day month weekday)',
  timezoneInvalid: 'Choose a time zone from the list, such as Europe/Berlin',
  tooOften: 'A schedule may run at most once a minute',
  testIdRequired: 'Test case ID is required',
  fetchFailed: 'Failed to fetch schedule',
  /** Issue 33. */
  environmentUnknown: "The schedule's environment must be one of this project's environments",
  saveFailed: 'Failed to save schedule',
  deleteFailed: 'Failed to delete schedule',
} as const;

export const SCHEDULE_LIMITS = {
  cron: 200,
  timezone: 64,
  /** How many upcoming times a schedule shows. */
  nextRuns: 3,
  /** How many past ticks a schedule shows. */
  recentTicks: 10,
} as const;

export const TickOutcome = Type.Union([
  Type.Literal('started'),
  Type.Literal('skipped'),
  Type.Literal('failed'),
]);
export type TickOutcome = Static<typeof TickOutcome>;

/** One tick of a schedule, handled once: what it did. */
export const ScheduleTick = Type.Object({
  tick_at: IsoDate,
  handled_at: IsoDate,
  outcome: TickOutcome,
  /** Why it was skipped or failed ("The previous group (09:00) was still running"). */
  message: Nullable(Type.String()),
  /** A collection's: the group it started (open it with ?created_at=). */
  group_created_at: Nullable(IsoDate),
  /** A single test's: the run it started. */
  run_id: Nullable(Type.String()),
});
export type ScheduleTick = Static<typeof ScheduleTick>;

export const Schedule = Type.Object({
  _id: Type.String(),
  /** 5 fields, as the person gave it (trimmed). */
  cron: Type.String(),
  timezone: Type.String(),
  /** In words: "Every weekday at 09:00 (Europe/Berlin)". */
  description: Type.String(),
  /** The next SCHEDULE_LIMITS.nextRuns times. */
  next_runs: Type.Array(IsoDate),
  /** Newest first, at most SCHEDULE_LIMITS.recentTicks. */
  recent_ticks: Type.Array(ScheduleTick),
  /** The project's environment each tick runs on (issue 33); null: the tests' own websites. */
  environment_id: Nullable(Type.String()),
  environment_name: Nullable(Type.String()),
  created_at: IsoDate,
  last_modified_at: IsoDate,
});
export type Schedule = Static<typeof Schedule>;

/** PUT /api/test-case/{id}/schedule (our addition: SPEC §2 lets a single test be scheduled). */
export const ScheduleBody = Type.Object({
  cron: Type.String({ maxLength: SCHEDULE_LIMITS.cron }),
  timezone: Type.Optional(Type.String({ maxLength: SCHEDULE_LIMITS.timezone })),
  /** One of the project's environments (issue 33); null or absent: the test's own website. */
  environment_id: Type.Optional(Nullable(Type.String({ maxLength: 100 }))),
});
export type ScheduleBody = Static<typeof ScheduleBody>;

/** GET /api/test-case/{id}/schedule: the schedule, or null when the test has none. */
export const TestScheduleResult = Type.Object({ schedule: Nullable(Schedule) });
export type TestScheduleResult = Static<typeof TestScheduleResult>;

/** GET /api/schedules/preview?cron=&timezone=: what the editor shows while a person types. */
export const SchedulePreviewQuery = Type.Object({
  cron: Type.String({ maxLength: SCHEDULE_LIMITS.cron }),
  timezone: Type.Optional(Type.String({ maxLength: SCHEDULE_LIMITS.timezone })),
});
export const SchedulePreview = Type.Object({
  description: Type.String(),
  next_runs: Type.Array(IsoDate),
});
export type SchedulePreview = Static<typeof SchedulePreview>;
