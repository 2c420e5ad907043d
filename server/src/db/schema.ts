import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

// ── Embedded identity provider (GoTrue-compatible) ──────────────────────────────────────────────

export const idpUsers = pgTable(
  'idp_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    encryptedPassword: text('encrypted_password'),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    confirmationSentAt: timestamp('confirmation_sent_at', { withTimezone: true }),
    recoverySentAt: timestamp('recovery_sent_at', { withTimezone: true }),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    appMetadata: jsonb('app_metadata').$type<Record<string, unknown>>().notNull().default({}),
    userMetadata: jsonb('user_metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('idp_users_email_key').on(t.email)],
);

export const idpIdentities = pgTable(
  'idp_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => idpUsers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerId: text('provider_id').notNull(),
    identityData: jsonb('identity_data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('idp_identities_provider_key').on(t.provider, t.providerId)],
);

export const idpSessions = pgTable(
  'idp_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => idpUsers.id, { onDelete: 'cascade' }),
    aal: text('aal').notNull().default('aal1'),
    amr: jsonb('amr').$type<{ method: string; timestamp: number }[]>().notNull().default([]),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('idp_sessions_user_idx').on(t.userId)],
);

export const idpRefreshTokens = pgTable(
  'idp_refresh_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** sha256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => idpSessions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => idpUsers.id, { onDelete: 'cascade' }),
    revoked: boolean('revoked').notNull().default(false),
    /** When the token was rotated: a reuse within the reuse interval is two tabs, not a thief. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('idp_refresh_tokens_hash_key').on(t.tokenHash),
    index('idp_refresh_tokens_session_idx').on(t.sessionId),
  ],
);

/** Confirmation, recovery and PKCE/OAuth flow tokens; single use. */
export const idpOneTimeTokens = pgTable(
  'idp_one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => idpUsers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    tokenHash: text('token_hash').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('idp_one_time_tokens_hash_key').on(t.tokenHash)],
);

export const idpSigningKeys = pgTable('idp_signing_keys', {
  kid: text('kid').primaryKey(),
  alg: text('alg').notNull(),
  privateJwk: jsonb('private_jwk').$type<Record<string, unknown>>().notNull(),
  publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
});

/** Failed sign-in attempts per key (e-mail or address) and window, shared by every API process. */
export const idpRateLimits = pgTable(
  'idp_rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

// ── Server ────────────────────────────────────────────────────────────────────────────────────

/** Secrets the server makes at first start when none is configured (kept across restarts). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('mail_outbox_to_idx').on(t.to, t.createdAt)],
);

/** Everyone the API has seen, whichever provider signed their token. */
export const appUsers = pgTable(
  'app_users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('app_users_email_idx').on(t.email)],
);

export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  cjToken: text('cj_token').notNull(),
  /** sha256 of the service account key, to find the organization a CI call belongs to. */
  serviceAccountKeyHash: text('service_account_key_hash').notNull(),
  /** AES-256-GCM of the key, so admins can copy it again. */
  serviceAccountKeyEncrypted: text('service_account_key_encrypted').notNull(),
  settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const organizationMembers = pgTable(
  'organization_members',
  {
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUsers.id, { onDelete: 'cascade' }),
    role: text('role').$type<'admin' | 'member' | 'viewer'>().notNull().default('member'),
    /** The expert right (issue 27): approves Python script modules, on top of a member's or admin's role. */
    expert: boolean('expert').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.userId] }), index('organization_members_user_idx').on(t.userId)],
);

export const organizationInvitations = pgTable(
  'organization_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    invitedBy: uuid('invited_by').references(() => appUsers.id, { onDelete: 'set null' }),
    /** sha256 of the one-time token in the invitation e-mail; null for invitations made before links. */
    tokenHash: text('token_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('organization_invitations_org_email_key').on(t.orgId, t.email),
    uniqueIndex('organization_invitations_token_hash_key').on(t.tokenHash),
    index('organization_invitations_email_idx').on(t.email),
  ],
);

export const testSuites = pgTable(
  'test_suites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orgId: uuid('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Heal every failed run of the suite's tests automatically (issue 14; on by default). */
    autoHeal: boolean('auto_heal').notNull().default(true),
    /**
     * Moved by the database itself (statement triggers of migration 0011) whenever what the suite's
     * tree shows changes: a test's name, path, state or latest run, a folder, a link to a collection, a
     * collection's name. The tree kept in memory is valid while this (and the row's xmin) stays put.
     */
    treeVersion: bigint('tree_version', { mode: 'number' }).notNull().default(0),
    /**
     * Runs older than this many days are deleted with their files in the background (issue 34), but
     * for pinned runs and each test's latest run. 1 to 3650 (contract/retention.ts).
     */
    retentionDays: integer('retention_days').notNull().default(30),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('test_suites_org_name_key').on(t.orgId, sql`lower(${t.name})`)],
);

// ── Tests (issue 4) ───────────────────────────────────────────────────────────────────────────

/**
 * Every folder of a suite by its full path ('a/b'); a test's path and all its ancestors always have
 * a row here, and an empty folder is just a row with no test under it.
 */
export const testFolders = pgTable(
  'test_folders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testSuiteId: uuid('test_suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('test_folders_suite_path_key').on(t.testSuiteId, t.path)],
);

export const testCases = pgTable(
  'test_cases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testSuiteId: uuid('test_suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    website: text('website').notNull(),
    description: text('description').notNull().default(''),
    /** Folder path, '' at the root. */
    path: text('path').notNull().default(''),
    credentials: jsonb('credentials').$type<Record<string, string>>().notNull().default({}),
    parameters: jsonb('parameters').$type<Record<string, string>>().notNull().default({}),
    /**
     * NOTE: unused since collections (issue 12): test_collection_tests holds the links, and the wire's
     * collection_ids is read from it. Kept so older rows and tools reading it don't break.
     */
    collectionIds: jsonb('collection_ids').$type<string[]>().notNull().default([]),
    programmingLanguage: text('programming_language')
      .$type<'typescript' | 'python'>()
      .notNull()
      .default('typescript'),
    viewportWidth: integer('viewport_width').notNull().default(1280),
    viewportHeight: integer('viewport_height').notNull().default(720),
    userAgent: text('user_agent'),
    browserStateId: text('browser_state_id'),
    testModuleIdForSetup: text('test_module_id_for_setup'),
    enableProxies: boolean('enable_proxies').notNull().default(false),
    state: text('state').notNull().default('created'),
    finalMessage: text('final_message'),
    finalScript: text('final_script'),
    finalScriptPy: text('final_script_py'),
    testGenerationSteps: jsonb('test_generation_steps').$type<unknown[]>().notNull().default([]),
    latestRunStatus: text('latest_run_status'),
    latestRunTime: timestamp('latest_run_time', { withTimezone: true }),
    generationRequestedAt: timestamp('generation_requested_at', { withTimezone: true }),
    // ── Generation (issue 5): the current job, its liveness and what it resumes from ──
    /** The pg-boss job that owns the current generation; a job with another id is stale. */
    generationJobId: uuid('generation_job_id'),
    generationAttempts: integer('generation_attempts').notNull().default(0),
    generationStartedAt: timestamp('generation_started_at', { withTimezone: true }),
    generationFinishedAt: timestamp('generation_finished_at', { withTimezone: true }),
    /** Written by the worker every few seconds; an old one means the worker died. */
    generationHeartbeatAt: timestamp('generation_heartbeat_at', { withTimezone: true }),
    /** Written by each claim (the tracked-job lease): a worker's writes need its own claim. */
    generationClaimId: uuid('generation_claim_id'),
    /** host:pid of the worker that holds the generation. */
    generationWorker: text('generation_worker'),
    /** The steps' plain words, in order (step i is plan[i]). */
    generationPlan: jsonb('generation_plan').$type<string[] | null>(),
    /** Resume from this step index, keeping the steps before it (user feedback). */
    generationFromStep: integer('generation_from_step'),
    generationFeedback: jsonb('generation_feedback').$type<Record<string, unknown> | null>(),
    /** The previous generation's output, restored when this one fails. */
    generationBackup: jsonb('generation_backup').$type<Record<string, unknown> | null>(),
    /**
     * What the current steps were generated from (issue 11): a later change of either makes them
     * out of date, and the website is the origin a run moves their URLs from. Null: no steps yet.
     */
    stepsSource: jsonb('steps_source').$type<{ website: string; description: string } | null>(),
    // ── Sharing (issue 15): the link name, who may open it, since when; null when not shared ──
    shareSlug: text('share_slug'),
    shareVisibility: text('share_visibility').$type<'public' | 'private'>(),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    /**
     * Where the link name must be unique (issue 27): 'public' among every public share, else the
     * organization's id among its private shares, so another organization's private link names are
     * never told by a conflict.
     */
    shareScope: text('share_scope'),
    // ── Quarantine (issue 33): a flaky test that still runs but fails no collection, CI or alert ──
    quarantinedAt: timestamp('quarantined_at', { withTimezone: true }),
    quarantinedBy: uuid('quarantined_by').references(() => appUsers.id, { onDelete: 'set null' }),
    quarantineReason: text('quarantine_reason'),
    /** A candidate for quarantine (issue 33): its collection's retry passed it only the second time. */
    quarantineCandidateAt: timestamp('quarantine_candidate_at', { withTimezone: true }),
    /** The flaky run that made it one (no reference: the run may be deleted with its artifacts). */
    quarantineCandidateRunId: uuid('quarantine_candidate_run_id'),
    // ── Data-driven runs (issue 33): rows of values for the test's variables; null: no data table ──
    dataRows: jsonb('data_rows').$type<Record<string, string>[] | null>(),
    createdBy: uuid('created_by').references(() => appUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The tree reads one suite's tests in this order (byte order of path, then creation); folder
  // renames and deletes read them by path.
  (t) => [
    index('test_cases_suite_tree_idx').on(t.testSuiteId, sql`${t.path} collate "C"`, t.createdAt),
    uniqueIndex('test_cases_share_scope_slug_key').on(t.shareScope, t.shareSlug),
  ],
);

/** A suite's secrets; the value is AES-256-GCM sealed with the app secret. */
export const sharedParameters = pgTable(
  'shared_parameters',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testSuiteId: uuid('test_suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    valueEncrypted: text('value_encrypted').notNull(),
    /**
     * The hosts (`shop.example`, `127.0.0.1:4100`, `*.shop.example`) whose pages a run may type the secret
     * into or open with it in the URL (issue 27); empty: the hosts of the suite's tests' websites.
     */
    allowedHosts: jsonb('allowed_hosts').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('shared_parameters_suite_key_key').on(t.testSuiteId, t.key)],
);

/**
 * A suite's named environments (issue 33): the origin a run opens each test's path on, variables that
 * come before the test's, and secret overrides sealed like the suite's secrets; one is the default.
 */
export const environments = pgTable(
  'environments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testSuiteId: uuid('test_suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** An http(s) origin, e.g. `https://staging.shop.example`. */
    baseUrl: text('base_url').notNull(),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    /** Secret name → value sealed with the app secret (lib/crypto.ts); never sent back. */
    secretsEncrypted: jsonb('secrets_encrypted').$type<Record<string, string>>().notNull().default({}),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('environments_suite_name_key').on(t.testSuiteId, t.name)],
);

/** Which tests use which secret: a test's shared_parameter_ids and a secret's linked_test_ids. */
export const testCaseSharedParameters = pgTable(
  'test_case_shared_parameters',
  {
    testCaseId: uuid('test_case_id').notNull(),
    sharedParameterId: uuid('shared_parameter_id').notNull(),
    createdAt: createdAt(),
  },
  // Named by hand: the generated names pass Postgres's 63-character limit.
  (t) => [
    primaryKey({ name: 'test_case_shared_parameters_pk', columns: [t.testCaseId, t.sharedParameterId] }),
    foreignKey({
      name: 'test_case_shared_parameters_test_fk',
      columns: [t.testCaseId],
      foreignColumns: [testCases.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'test_case_shared_parameters_param_fk',
      columns: [t.sharedParameterId],
      foreignColumns: [sharedParameters.id],
    }).onDelete('cascade'),
    index('test_case_shared_parameters_param_idx').on(t.sharedParameterId),
  ],
);

// ── Generation (issue 5) ──────────────────────────────────────────────────────────────────────

/** Screenshots and traces; the file lives in artifact storage under storage_key. */
export const artifacts = pgTable(
  'artifacts',
  {
    id: uuid('id').primaryKey(),
    testCaseId: uuid('test_case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'screenshot' | 'trace' | 'log'>().notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull().default(0),
    /** Set for a run's files (issue 6): generation garbage collection leaves them alone. */
    runId: uuid('run_id').references(() => testRuns.id, { onDelete: 'cascade' }),
    /** A run's file by name: trace.zip, run.log, failure.jpg, step-<n>.jpg. */
    name: text('name'),
    createdAt: createdAt(),
  },
  (t) => [
    index('artifacts_test_case_idx').on(t.testCaseId, t.createdAt),
    index('artifacts_run_idx').on(t.runId, t.name),
  ],
);

/**
 * Actions (and plans) the agents chose, by (normalized step text, page fingerprint): a regeneration
 * on an unchanged page reuses them without a model call.
 */
export const actionCache = pgTable(
  'action_cache',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testSuiteId: uuid('test_suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'action' | 'plan'>().notNull(),
    stepKey: text('step_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    value: jsonb('value').$type<unknown>().notNull(),
    model: text('model').notNull(),
    hits: integer('hits').notNull().default(0),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('action_cache_key').on(t.testSuiteId, t.kind, t.stepKey, t.fingerprint)],
);

// ── Runs (issue 6) ────────────────────────────────────────────────────────────────────────────

/** A run of a test case: what it replays, its result, and the job that runs it. */
export const testRuns = pgTable(
  'test_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testCaseId: uuid('test_case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    /** A run state (contract/states.ts RUN_STATES). */
    status: text('status').notNull().default('pending'),
    settings: jsonb('settings')
      .$type<{ parameter_overrides: Record<string, string>; website_url_override: string | null }>()
      .notNull(),
    /** The steps to replay, copied from the test when the run was asked for (actions, words, names). */
    replaySteps: jsonb('replay_steps').$type<unknown[]>().notNull().default([]),
    stepDescriptions: jsonb('step_descriptions').$type<string[]>().notNull().default([]),
    /** The website the run opens (the override or the test's); its steps were rebased onto it when asked for. */
    website: text('website'),
    /** The website the test's steps were generated on, when it is not the one the run opens. */
    generatedOn: text('generated_on'),
    /** The test's instructions or website had changed since its steps were generated (issue 11). */
    stepsOutOfDate: boolean('steps_out_of_date').notNull().default(false),
    /**
     * sha256 of replay_steps (issue 11): two runs with the same hash replayed unchanged steps, which
     * is what tells a flaky test from a changed one. Null for runs made before it: unknown.
     */
    stepsHash: text('steps_hash'),
    /** The replayed steps' results (contract/runs.ts RunStep). */
    steps: jsonb('steps').$type<unknown[]>().notNull().default([]),
    failingStepIndex: integer('failing_step_index'),
    errorMessage: text('error_message'),
    /** contract/runs.ts RunArtifact; the artifacts table holds the files. */
    artifacts: jsonb('artifacts').$type<unknown[]>().notNull().default([]),
    executionTimeMs: integer('execution_time_ms'),
    /** The pg-boss job that runs it. */
    jobId: uuid('job_id'),
    /** Written by each claim; a worker's writes need its own claim, so a stale worker changes nothing. */
    claimId: uuid('claim_id'),
    attempts: integer('attempts').notNull().default(0),
    /** host:pid of the worker that holds it. */
    worker: text('worker'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The collection whose run-all made it (issue 12); its group is (collection_id, created_at). */
    collectionId: uuid('collection_id').references(() => testCollections.id, { onDelete: 'set null' }),
    /** The environment it ran on (issue 33); null: the test's own website. */
    environmentId: uuid('environment_id').references(() => environments.id, { onDelete: 'set null' }),
    /** Who asked for it: 'manual' (a person or the API), 'schedule' (a schedule's tick) or 'ci' (a pipeline's key). */
    trigger: text('trigger').notNull().default('manual'),
    /** The browser it runs in (issue 15): 'chromium', 'firefox' or 'webkit' (contract/runs.ts RunBrowser). */
    browser: text('browser').$type<'chromium' | 'firefox' | 'webkit'>().notNull().default('chromium'),
    /** Run again once when it fails (its collection's "Retry once on failure" when it was asked for). */
    retryOnFailure: boolean('retry_on_failure').notNull().default(false),
    /**
     * The first attempt's failure when the run was retried after failing: {failing_step_index,
     * error_message, steps}. A retry that passes makes the run flaky, not passed.
     */
    firstFailure: jsonb('first_failure').$type<Record<string, unknown>>(),
    /** A data-driven run's line per row of the test's data table (issue 33); null for a run of no table. */
    dataRows: jsonb('data_rows').$type<Record<string, unknown>[]>(),
    /** When a person pinned it (issue 34): a pinned run is kept past its project's retention. */
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    pinnedBy: uuid('pinned_by').references(() => appUsers.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => appUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A collection's run groups, newest first.
    index('test_runs_collection_idx').on(t.collectionId, t.createdAt.desc()),
    // A project's CI groups, newest first, one probe a group (issue 34: flat however many runs there are).
    index('test_runs_ci_idx')
      .on(t.collectionId, t.createdAt.desc())
      .where(sql`${t.trigger} = 'ci'`),
    index('test_runs_test_case_idx').on(t.testCaseId, t.createdAt.desc(), t.id.desc()),
    index('test_runs_status_idx').on(t.status),
    // The dashboard's pass rates read the runs finished in the last 30 days.
    index('test_runs_finished_idx').on(t.finishedAt),
  ],
);

/**
 * The disk a test's runs and files take (issue 34), kept by triggers of migration 0021 as artifacts and
 * runs are written and deleted: a project's use is the sum over its tests' rows (one per test), read
 * without scanning its runs or files. The row goes with its test.
 */
export const testCaseUsage = pgTable(
  'test_case_usage',
  {
    testCaseId: uuid('test_case_id')
      .primaryKey()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    testSuiteId: uuid('test_suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    /** Bytes of the test's files in artifact storage (artifacts.size). */
    artifactBytes: bigint('artifact_bytes', { mode: 'number' }).notNull().default(0),
    /** Bytes of its runs' rows (pg_column_size of each row as last written). */
    runBytes: bigint('run_bytes', { mode: 'number' }).notNull().default(0),
    runs: integer('runs').notNull().default(0),
  },
  (t) => [index('test_case_usage_suite_idx').on(t.testSuiteId)],
);

/**
 * A test's finished runs counted per UTC day of their end (issue 34), kept by triggers of migration
 * 0024 as runs are written, end and are deleted: the dashboard's pass rates read a project's 30 days
 * here (at most a row per test, day and scope) instead of every run that ended in them. The scope is
 * the run's environment (null: none) and whether it ran on its test's own website. Rows go with
 * their test; the retention job deletes the days older than any dashboard shows.
 */
export const testRunDays = pgTable(
  'test_run_days',
  {
    testCaseId: uuid('test_case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    testSuiteId: uuid('test_suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    // No foreign key: deleting an environment sets its runs' environment_id to null, and the runs'
    // trigger moves their counts to the null scope.
    environmentId: uuid('environment_id'),
    /** The runs ran on the test's own website (no website_url_override). */
    ownSite: boolean('own_site').notNull(),
    passed: integer('passed').notNull().default(0),
    /** Failed, not runnable or flaky (the dashboard's RATE_FAILED_STATES). */
    failed: integer('failed').notNull().default(0),
    /** Every run that ended, with a verdict or not. */
    finished: integer('finished').notNull().default(0),
  },
  (t) => [
    unique('test_run_days_key').on(t.testCaseId, t.day, t.environmentId, t.ownSite).nullsNotDistinct(),
    index('test_run_days_suite_idx').on(t.testSuiteId, t.day),
  ],
);

// ── Collections (issue 12) ────────────────────────────────────────────────────────────────────

/** A named set of a suite's tests, run together (each run-all is one group of runs). */
export const testCollections = pgTable(
  'test_collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testSuiteId: uuid('test_suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A failed run of a run-all is run again once; a pass on retry makes it flaky. */
    retryOnFailure: boolean('retry_on_failure').notNull().default(false),
    /** When to alert: 'never', 'failure', 'recovery' or 'both' (contract/alerts.ts). */
    alertOn: text('alert_on').notNull().default('never'),
    alertEmails: jsonb('alert_emails').$type<string[]>().notNull().default([]),
    alertWebhooks: jsonb('alert_webhooks').$type<string[]>().notNull().default([]),
    /** The webhooks' HMAC key, sealed with the server's secret (lib/crypto.ts); made on first use. */
    alertSigningSecret: text('alert_signing_secret'),
    createdBy: uuid('created_by').references(() => appUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_collections_suite_name_key').on(t.testSuiteId, sql`lower(${t.name})`)],
);

// ── Schedules and alerts (issue 12) ──────────────────────────────────────────────────────────

/** When a collection (run-all) or a single test runs by itself: a 5-field cron in a time zone. */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testSuiteId: uuid('test_suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    /** Exactly one of collection_id and test_case_id is set; deleting either deletes the schedule. */
    collectionId: uuid('collection_id').references(() => testCollections.id, { onDelete: 'cascade' }),
    testCaseId: uuid('test_case_id').references(() => testCases.id, { onDelete: 'cascade' }),
    cron: text('cron').notNull(),
    /** An IANA time zone ('Europe/Berlin'). */
    timezone: text('timezone').notNull().default('UTC'),
    /** The environment each tick runs on (issue 33); null: the tests' own websites. */
    environmentId: uuid('environment_id').references(() => environments.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => appUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('schedules_collection_key').on(t.collectionId),
    uniqueIndex('schedules_test_case_key').on(t.testCaseId),
  ],
);

/** Each tick of a schedule, once: what it did (started a group or a run, skipped, failed) and when. */
export const scheduleTicks = pgTable(
  'schedule_ticks',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    /** The time the cron named. */
    tickAt: timestamp('tick_at', { withTimezone: true }).notNull(),
    /** When a worker took it. */
    handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
    /** 'started', 'skipped' or 'failed'. */
    outcome: text('outcome').notNull(),
    message: text('message'),
    /** The group it started (a collection's) or the run (a single test's). */
    groupCreatedAt: timestamp('group_created_at', { withTimezone: true }),
    runId: uuid('run_id'),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.tickAt] })],
);

/** One alert to one recipient (an e-mail address or a webhook) about one run group. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => testCollections.id, { onDelete: 'cascade' }),
    groupCreatedAt: timestamp('group_created_at', { withTimezone: true }).notNull(),
    /** 'failure' or 'recovery'. */
    event: text('event').notNull(),
    /** 'email' or 'webhook'. */
    channel: text('channel').notNull(),
    /** The address or the webhook URL. */
    target: text('target').notNull(),
    /** 'pending', 'delivered' or 'failed' (after its retries). */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** A webhook's HTTP answer. */
    responseStatus: integer('response_status'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('alert_deliveries_once_key').on(t.collectionId, t.groupCreatedAt, t.channel, t.target),
    index('alert_deliveries_collection_idx').on(t.collectionId, t.createdAt.desc()),
  ],
);

/** Which tests a collection holds: a collection's linked_test_ids and a test's collection_ids. */
export const testCollectionTests = pgTable(
  'test_collection_tests',
  {
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => testCollections.id, { onDelete: 'cascade' }),
    testCaseId: uuid('test_case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.testCaseId] }),
    index('test_collection_tests_test_idx').on(t.testCaseId),
  ],
);

// ── Modules and browser states (issue 13) ────────────────────────────────────────────────────

/**
 * A reusable block of steps of a suite: a generated test (`test_case`) or a Playwright for Python
 * script (`python_script`) that runs only once an expert or an admin approved it.
 */
export const testModules = pgTable(
  'test_modules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testSuiteId: uuid('test_suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'test_case' or 'python_script' (contract/modules.ts). */
    moduleType: text('module_type').$type<'test_case' | 'python_script'>().notNull().default('test_case'),
    /** The test a `test_case` module is made from; a deleted test leaves the module unrunnable. */
    testCaseId: uuid('test_case_id').references(() => testCases.id, { onDelete: 'set null' }),
    definingPyScript: text('defining_py_script'),
    /** Any edit of the script sets it back to false. */
    isDefiningPyScriptApproved: boolean('is_defining_py_script_approved').notNull().default(false),
    approvedBy: uuid('approved_by').references(() => appUsers.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => appUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('test_modules_suite_name_key').on(t.testSuiteId, sql`lower(${t.name})`)],
);

/**
 * A saved browser state (cookies and local storage) a test can start from; a module makes it and
 * refreshes it on each green run. The state is sealed with the server's secret and never leaves it.
 */
export const browserStates = pgTable(
  'browser_states',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testSuiteId: uuid('test_suite_id')
      .notNull()
      .references(() => testSuites.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The module whose green runs save this state (one state per module). */
    moduleId: uuid('module_id').references(() => testModules.id, { onDelete: 'cascade' }),
    /** Playwright's storageState JSON, AES-256-GCM sealed (lib/crypto.ts); null until first saved. */
    stateEncrypted: text('state_encrypted'),
    savedAt: timestamp('saved_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('browser_states_suite_name_key').on(t.testSuiteId, sql`lower(${t.name})`),
    uniqueIndex('browser_states_module_key').on(t.moduleId),
  ],
);

// ── Healing (issue 14) ──────────────────────────────────────────────────────────────────────────

/**
 * A healing of a failed run (its test's suite, and so its organization, is reached through the test): a tracked job (leased like runs) that replays the test, re-targets the
 * steps whose elements moved and proposes the result; a person accepts it (the test's steps are
 * replaced, the previous ones kept here so they can be restored) or rejects it.
 */
export const testHealings = pgTable(
  'test_healings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    testCaseId: uuid('test_case_id')
      .notNull()
      .references(() => testCases.id, { onDelete: 'cascade' }),
    triggeredByTestRunId: uuid('triggered_by_test_run_id')
      .notNull()
      .references(() => testRuns.id, { onDelete: 'cascade' }),
    /** A healing state (contract/states.ts HEALING_STATES). */
    status: text('status').notNull().default('pending'),
    healerName: text('healer_name').notNull(),
    /** 'manual' (a person's Heal), 'auto' (after a failed run) or 'collection' (a group's failures). */
    trigger: text('trigger').$type<'manual' | 'auto' | 'collection'>().notNull(),
    /**
     * The other website the healed run opened (its website override), null when it ran on the test's
     * own: such a healing re-targets the steps for that site, so it is only ever a person's, and says so.
     */
    websiteOverride: text('website_override'),
    message: text('message'),
    checksTotal: integer('checks_total').notNull().default(0),
    checksKept: integer('checks_kept').notNull().default(0),
    /** contract/healing.ts HealingStep[], secrets hidden. */
    steps: jsonb('steps').$type<unknown[]>().notNull().default([]),
    /** The GenerationStep[] the test gets on accept (null until a proposal passes the comparator). */
    proposedSteps: jsonb('proposed_steps').$type<unknown[] | null>(),
    proposedScript: text('proposed_script'),
    proposedScriptPy: text('proposed_script_py'),
    /** The test's steps and scripts an accept replaced: kept so they can be restored. */
    previousSteps: jsonb('previous_steps').$type<unknown[] | null>(),
    previousScript: text('previous_script'),
    previousScriptPy: text('previous_script_py'),
    /** When a person put the previous steps back (an accepted healing undone); null while they stand. */
    restoredAt: timestamp('restored_at', { withTimezone: true }),
    /** The test's last_modified_at when the healing began: an accept after the test changed is refused. */
    testModifiedAt: timestamp('test_modified_at', { withTimezone: true }).notNull(),
    // ── The job's lease, as runs have it ──
    jobId: uuid('job_id'),
    claimId: uuid('claim_id'),
    attempts: integer('attempts').notNull().default(0),
    worker: text('worker'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => appUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    lastModifiedAt: timestamp('last_modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('test_healings_test_case_idx').on(t.testCaseId, t.createdAt.desc()),
    index('test_healings_run_idx').on(t.triggeredByTestRunId, t.createdAt.desc()),
    index('test_healings_status_idx').on(t.status),
    // At most one healing under way per test: a second one waits for nothing and would race the first.
    uniqueIndex('test_healings_one_pending_key')
      .on(t.testCaseId)
      .where(sql`${t.status} IN ('created', 'pending', 'waiting_for_executor', 'running')`),
  ],
);

/**
 * E-mail received by the test inbox (issue 32): what applications under test sent to an address at
 * INBOX_DOMAIN, read by e-mail steps. Never shown by the dev mailbox (that is the product's own outbox).
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The recipient at INBOX_DOMAIN, lower case: a run's `{{inbox}}` address. */
    address: text('address').notNull(),
    fromAddress: text('from_address').notNull().default(''),
    subject: text('subject').notNull().default(''),
    text: text('text').notNull().default(''),
    html: text('html'),
    /** The message's size as received, in bytes. */
    size: integer('size').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_messages_address_idx').on(t.address, t.receivedAt.desc()),
    index('inbox_messages_received_idx').on(t.receivedAt),
  ],
);
