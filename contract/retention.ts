import { Type, type Static } from '@sinclair/typebox';

/**
 * How long a project keeps its runs (issue 34), in whole days. At least a day: a shorter setting would
 * delete a failed run before the person it alerted has read it. At most ten years: longer is "forever"
 * in practice, and the cutoff stays an ordinary date. Pinned runs and each test's latest run are kept
 * whatever the setting.
 */
export const RETENTION_LIMITS = { minDays: 1, maxDays: 3650, defaultDays: 30 } as const;

export const RETENTION_MESSAGES = {
  invalidDays: `retention_days must be a whole number of days from ${RETENTION_LIMITS.minDays} to ${RETENTION_LIMITS.maxDays}`,
} as const;

/** What a project's runs and files take: kept as running sums as they are written and deleted. */
export const ProjectUsage = Type.Object({
  /** Bytes of the project's files (screenshots, traces, logs) in artifact storage. */
  artifact_bytes: Type.Integer(),
  /** Bytes of its runs' rows in the database (as stored, approximately). */
  run_bytes: Type.Integer(),
  /** Its runs. */
  runs: Type.Integer(),
  /** artifact_bytes + run_bytes. */
  total_bytes: Type.Integer(),
});
export type ProjectUsage = Static<typeof ProjectUsage>;

export const RetentionSuiteParams = Type.Object({ suiteId: Type.String({ maxLength: 100 }) });

/** GET and PUT /test-suites/{suiteId}/retention. */
export const ProjectRetention = Type.Object({
  retention_days: Type.Integer(),
  usage: ProjectUsage,
});
export type ProjectRetention = Static<typeof ProjectRetention>;

// NOTE: loose on purpose, so a missing or wrong value answers the service's 400 naming the field.
export const UpdateRetentionBody = Type.Object(
  { retention_days: Type.Optional(Type.Unknown()) },
  { additionalProperties: true },
);
export type UpdateRetentionBody = Static<typeof UpdateRetentionBody>;
