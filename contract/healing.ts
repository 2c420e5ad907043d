import { Type, type Static } from '@sinclair/typebox';
import { IsoDate, Nullable } from './common';
import { GenerationStep } from './generation';
import { type HealingState } from './states';

// Healing wire shapes (issue 14; SPEC §2 "heal with accept/reject", §3 Healing, §4 healing states, §7
// `/healing/…`, §8 texts). A healing is a tracked job: the healer replays a failed test, re-targets the
// steps whose elements moved, and proposes the result; a person accepts (the test's steps are replaced,
// the previous ones kept in the healing) or rejects it. Checks are never weakened: a check whose
// content changed ends the healing `unchanged` with a sentence — a bug report, not a healing.

export const HEALING_MESSAGES = {
  fetchFailed: 'Failed to fetch test healing',
  approveFailed: 'Failed to approve healing',
  notFound: 'Test healing not found',
  runNotFailed: 'Only a failed run can be healed.',
  alreadyHealing: 'This run is being healed already.',
  notProposed: 'Only a proposed healing (passed) can be accepted or rejected.',
  testChanged: 'The test changed since this healing was proposed: heal its latest failed run again.',
  behaviourChanged: 'The application seems to have changed behaviour',
  restoreFailed: 'Failed to restore the previous steps',
  notRestorable: 'Only an accepted healing can be undone, and only once.',
  restoreTestChanged:
    'The test changed since this healing was accepted: its previous steps can no longer be restored.',
  watchIdRequired: 'Healing ID is required for monitoring',
} as const;

/** SPEC §4: the 'recently accepted' indicator stays this long after an accept, then clears. */
export const HEALING_ACCEPTED_INDICATOR_MS = 2500;

/** SPEC §4 healing states: created, pending, waiting_for_executor, running, passed, failed, flaky, unchanged, accepted, rejected. */
export const HealingStatus = Type.Union([
  Type.Literal('created'),
  Type.Literal('pending'),
  Type.Literal('waiting_for_executor'),
  Type.Literal('running'),
  Type.Literal('passed'),
  Type.Literal('failed'),
  Type.Literal('flaky'),
  Type.Literal('unchanged'),
  Type.Literal('accepted'),
  Type.Literal('rejected'),
]);
export type HealingStatus = Static<typeof HealingStatus>;
// NOTE: the literals above are HEALING_STATES (contract/states.ts) exactly: this fails to compile when they drift.
export const HEALING_STATUS_MATCHES_STATES: [HealingStatus, HealingState] extends [
  HealingState,
  HealingStatus,
]
  ? true
  : never = true;

/** One step of a proposal, as the diff view shows it: the stored step beside what the healer proposes. */
export const HealingStep = Type.Object({
  step_index: Type.Integer({ minimum: 0 }),
  step_description: Type.String(),
  /** kept: unchanged, its code exactly as before; retargeted: only its target moved; failed: where the healing stopped; not_run: after that. */
  outcome: Type.Union([
    Type.Literal('kept'),
    Type.Literal('retargeted'),
    Type.Literal('failed'),
    Type.Literal('not_run'),
  ]),
  original_code: Type.String(),
  healed_code: Nullable(Type.String()),
  /** What changed in the page, in plain words ('The "Email" field is now labelled "Work email".'), or why it failed. */
  note: Nullable(Type.String()),
  /** The failed run's screenshot of this step (before healing), when it has one. */
  original_screenshot_id: Nullable(Type.String()),
  /** The healing's screenshot of this step (re-targeted steps and the step it stopped at). */
  screenshot_id: Nullable(Type.String()),
});
export type HealingStep = Static<typeof HealingStep>;

/** The healed test case: the proposal, in the shape of a test's own generated steps and exports. */
export const HealedTestCase = Type.Object({
  _id: Type.String(),
  name: Type.String(),
  test_generation_steps: Type.Array(GenerationStep),
  final_script: Nullable(Type.String()),
  final_script_py: Nullable(Type.String()),
});
export type HealedTestCase = Static<typeof HealedTestCase>;

/** SPEC §3 Healing, with what the diff view and the history need. */
export const TestHealing = Type.Object({
  test_healing_id: Type.String(),
  created_at: IsoDate,
  triggered_by_test_run_id: Type.String(),
  test_case_id: Type.String(),
  status: HealingStatus,
  /** 'Plainwright healer' with the model it used ('rules' when none). */
  healer_name: Type.String(),
  /** The test the proposal applies to once accepted (the healed test case's id). */
  healed_test_case_id: Nullable(Type.String()),
  healed_test_case: Nullable(HealedTestCase),
  /** The healer's closing sentence: what it changed, or why it proposes nothing (the expected-vs-seen sentence of a behaviour change). */
  message: Nullable(Type.String()),
  /** "7 of 7 checks kept unchanged": checks of the original test, and those the proposal keeps exactly. */
  checks_total: Type.Integer({ minimum: 0 }),
  checks_kept: Type.Integer({ minimum: 0 }),
  steps: Type.Array(HealingStep),
  /** How it was started: a person's Heal action, automatically after a failed run, or for a collection group. */
  trigger: Type.Union([Type.Literal('manual'), Type.Literal('auto'), Type.Literal('collection')]),
  /**
   * The other website the healed run opened (its website override, issue 28), null when it ran on the
   * test's own. Such a healing re-targets the steps for that site; it is only ever asked for by a person.
   */
  website_override: Nullable(Type.String()),
  decided_at: Nullable(IsoDate),
  /** When a person undid the accept, putting the test's previous steps back (accepted healings only). */
  restored_at: Nullable(IsoDate),
  last_modified_at: IsoDate,
});
export type TestHealing = Static<typeof TestHealing>;

export const HealingIdParams = Type.Object({ id: Type.String({ maxLength: 100 }) });
export const ApproveHealingQuery = Type.Object({ approved: Type.String({ maxLength: 10 }) });

/** A project's healing settings: heal every failed run automatically (on by default). */
export const HealingSettings = Type.Object({ auto_heal: Type.Boolean() });
export type HealingSettings = Static<typeof HealingSettings>;

/** The live socket (docs/healing.md "Live progress"): watch a healing while it is under way. */
export type HealingSocketRequest =
  { type: 'watch_healing'; healing_id: string } | { type: 'unwatch_healing'; healing_id: string };

/** Messages the server sends about a watched healing; HEALING_UPDATED after each stored step. */
export type HealingSocketMessage =
  | { type: 'HEALING_WATCHING'; healing_id: string; test_id: string; status: HealingStatus }
  | { type: 'HEALING_UPDATED'; healing_id: string; test_id: string; status: HealingStatus }
  | { type: 'HEALING_NOT_RUNNING'; healing_id: string; test_id: string; status: HealingStatus }
  | { type: 'WATCH_TIMED_OUT'; healing_id: string }
  | { type: 'ERROR'; message: string; healing_id: string };

/**
 * The live socket's watch of a test's healings (issue 28: a proposal appears without a reload): told
 * when one of its healings is created or ends, for as long as a screen shows the test's healings.
 */
export type TestHealingsSocketRequest =
  { type: 'watch_test_healings'; test_id: string } | { type: 'unwatch_test_healings'; test_id: string };

/**
 * What the server sends about a watched test's healings. TEST_HEALINGS_CHANGED names the healing that
 * was created, ended or was accepted, rejected or restored (`decided`): read the test's healings again; the watch does not end with it, only with
 * its time limit (WATCH_TIMED_OUT with `topic: 'healings'`: watch again).
 */
export type TestHealingsSocketMessage =
  | { type: 'TEST_HEALINGS_WATCHING'; test_id: string }
  | {
      type: 'TEST_HEALINGS_CHANGED';
      test_id: string;
      healing_id: string;
      status: HealingStatus;
      change: 'created' | 'ended' | 'decided';
    }
  | { type: 'WATCH_TIMED_OUT'; test_id: string; topic: 'healings' }
  | { type: 'ERROR'; message: string; test_id: string };
