import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable } from './common';

// Quarantine (issue 33, item 5): a person puts a flaky test aside with a reason. It still runs and its
// results are shown, but it fails no collection run, no CI exit code and sends no alert.

export const QUARANTINE_LIMITS = {
  /** The reason's length. */
  reason: 500,
  /** How many of a quarantined test's newest runs the dashboard shows. */
  recentRuns: 5,
} as const;

export const QUARANTINE_MESSAGES = {
  reasonRequired: 'Say why the test is quarantined',
  reasonTooLong: `The reason must be at most ${QUARANTINE_LIMITS.reason} characters`,
  notFound: 'Test case not found',
  fetchFailed: 'Failed to load the quarantined tests',
  saveFailed: 'Failed to quarantine the test',
  releaseFailed: 'Failed to release the test from quarantine',
  dismissFailed: 'Failed to dismiss the candidate',
} as const;

export const QuarantinedRun = Type.Object({
  _id: Type.String(),
  status: Type.String(),
  created_at: IsoDate,
});
export type QuarantinedRun = Static<typeof QuarantinedRun>;

export const Quarantine = Type.Object({
  test_case_id: Type.String(),
  test_name: Type.String(),
  reason: Type.String(),
  quarantined_at: IsoDate,
  /** Who put it aside: their e-mail address, null when their account is gone. */
  quarantined_by: Nullable(Type.String()),
  /** The test's newest runs, newest first (at most QUARANTINE_LIMITS.recentRuns). */
  recent_runs: Type.Array(QuarantinedRun),
});
export type Quarantine = Static<typeof Quarantine>;

/** GET /api/test-case/{id}/quarantine: the test's quarantine, or null when it is not quarantined. */
export const TestQuarantineResult = Type.Object({ quarantine: Nullable(Quarantine) });
export type TestQuarantineResult = Static<typeof TestQuarantineResult>;

/**
 * A candidate for quarantine (issue 33): a test its collection's "Retry once on failure" passed only
 * the second time (a flaky run). Nothing changes until a person quarantines it or dismisses the mark.
 */
export const QuarantineCandidate = Type.Object({
  test_case_id: Type.String(),
  test_name: Type.String(),
  /** The flaky run that marked it (the newest one since the mark). */
  flaky_run_id: Type.String(),
  marked_at: IsoDate,
  /** The test's newest runs, newest first (at most QUARANTINE_LIMITS.recentRuns). */
  recent_runs: Type.Array(QuarantinedRun),
});
export type QuarantineCandidate = Static<typeof QuarantineCandidate>;

/**
 * GET /api/test-suites/{suiteId}/quarantine: the project's quarantined tests, the newest first, and
 * its candidates (not quarantined), the newest mark first.
 */
export const QuarantineList = Type.Object({
  tests: Type.Array(Quarantine),
  candidates: Type.Array(QuarantineCandidate),
});
export type QuarantineList = Static<typeof QuarantineList>;

/** PUT /api/test-case/{id}/quarantine. */
export const QuarantineBody = Type.Object({ reason: Type.String() });
export type QuarantineBody = Static<typeof QuarantineBody>;
