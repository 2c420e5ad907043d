import crypto from 'node:crypto';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { type PgSelect } from 'drizzle-orm/pg-core';
import { type GenerationConfig } from '../config';
import { type InboxService } from '../inbox/service';
import { type Db } from '../db/client';
import { inMillisecond } from '../db/runGroups';
import { organizationMembers, testCases, testCollections, testRuns, testSuites } from '../db/schema';
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from '../errors';
import { isUuid } from '../lib/validate';
import { type EventBus } from '../realtime/bus';
import {
  type Action,
  hideSecrets,
  isAction,
  type Language,
  rebaseAction,
  rebaseStep,
  rebaseText,
  refuseWebsite,
  type ReplayStep,
  type RunValues,
} from '../runner';
import { type GenerationStep } from '../../../contract/generation';
import { type DataRow, type RunDataRow } from '../../../contract/testData';
import {
  RUN_LIMITS,
  RUN_MESSAGES as MESSAGES,
  RUNS_PAGE_MAX,
  RUNS_PAGE_SIZE,
  type CreatedRun,
  type RunArtifact,
  type RunSettings,
  type RunFirstFailure,
  type RunStep,
  type SignedRunArtifact,
  type StoredRunSettings,
  type TestRun,
  type RunTrigger,
  type RunBrowser,
} from '../../../contract/runs';
import {
  GENERATING_STATES,
  RUNNING_STATES,
  type GenerationState,
  type RunState,
} from '../../../contract/states';
import { effectiveParameters, isWebsiteUrl, normalizeWebsite } from '../../../contract/testCases';
import { type Actor } from './actor';
import { type ArtifactService } from './artifacts';
import { stepsHash } from './dashboard';
import { type SharedParameterService } from './sharedParameters';
import { type EnvironmentService, type RunEnvironment } from './environments';
import { hostOf } from '../runner/secretHosts';
import { type StepsSource, stepsOutOfDate, type TestCaseService } from './testCases';
import { markQuarantineCandidate } from './quarantine';
import { type QueuePort } from '../tracking/queue';
import { Lease, type LeaseClaim, type LeaseValues } from '../tracking/lease';
import { type ModuleSteps } from './moduleSteps';
import { type StorageState } from './browserStates';

export const RUN_QUEUE = 'run-test';

/** A run whose worker dies is retried once; dying again ends it as not_runnable. */
export const MAX_RUN_ATTEMPTS = 2;

const RUNNING = RUNNING_STATES as RunState[];
const GENERATING = GENERATING_STATES as GenerationState[];

export interface RunJob {
  runId: string;
  jobId: string;
}

/**
 * A worker's hold on a run: every write of the worker needs it. NOTE: those writes hide the run's
 * secrets (hideSecrets) in what they store: steps and their URLs, errors, the run's message.
 */
export interface RunClaim {
  runId: string;
  testCaseId: string;
  claimId: string;
  /** The secret values the run's browser was given. */
  secrets: Record<string, string>;
}

export interface ClaimedRun extends RunClaim {
  testName: string;
  attempts: number;
  steps: ReplayStep[];
  language: Language;
  viewport: { width: number; height: number };
  userAgent: string | null;
  /** The browser it runs in (issue 15). */
  browser: RunBrowser;
  values: RunValues;
  /** The website the run opens: the override, else the test's website. */
  website: string;
  /** The test's own website (the run's override replaces it when there is one). */
  testWebsite: string;
  websiteOverride: string | null;
  /** The website the steps were generated on, when it is not the one the run opens. */
  generatedOn: string | null;
  /** The test's instructions or website changed since its steps were generated. */
  stepsOutOfDate: boolean;
  /** A failed replay is replayed once more in a fresh context (its collection's "Retry once on failure"). */
  retryOnFailure: boolean;
  /** The fresh browser state the context starts from (issue 13; never logged). */
  storageState: StorageState | null;
  /** The browser state a passed run saves (its setup module ran, or the test is a module's source). */
  saveStateId: string | null;
  /** Log lines on the modules and browser state the run uses. */
  moduleNotes: string[];
  /** Issue 33: the test's data table as the run started: it runs once per row (none: once). */
  dataRows: DataRow[];
}

/** A step to replay as stored with the run (copied from the test when the run was asked for). */
interface StoredReplayStep {
  description: string;
  action_name: string;
  action: Action;
}

export interface RunResult {
  status: 'passed' | 'failed' | 'not_runnable' | 'flaky';
  failingStepIndex: number | null;
  errorMessage: string | null;
  steps: RunStep[];
  artifacts: RunArtifact[];
  executionTimeMs: number | null;
  /** The first attempt's failure, when the run failed and was run again once. */
  firstFailure?: RunFirstFailure | null;
  /** A data-driven run's line per row (issue 33). */
  dataRows?: RunDataRow[] | null;
}

/** Called after a run ended (any final state), once per ending. */
export type RunEndedListener = (row: RunRow) => Promise<void>;

type RunRow = typeof testRuns.$inferSelect;

/**
 * Runs' rules: who may start, read or cancel one, and the transitions the job makes. Every
 * transition is one conditional UPDATE committed before its event is published; a worker's writes
 * are conditioned on its claim, so a run is never executed twice at once.
 */
export class RunService {
  private readonly _endedListeners: RunEndedListener[] = [];
  private readonly _lease: Lease<RunRow>;

  constructor(
    private readonly _db: Db,
    private readonly _queue: QueuePort | null,
    private readonly _events: EventBus,
    private readonly _testCases: TestCaseService,
    private readonly _sharedParameters: SharedParameterService,
    readonly artifacts: ArtifactService,
    readonly config: GenerationConfig,
    readonly modules: ModuleSteps,
    private readonly _inbox: InboxService,
    private readonly _environments: EnvironmentService,
  ) {
    this._lease = new Lease<RunRow>(_db, _queue, {
      table: testRuns,
      queue: RUN_QUEUE,
      underWay: RUNNING,
      maxAttempts: MAX_RUN_ATTEMPTS,
      job: (runId, jobId): RunJob => ({ runId, jobId }),
      expireInSeconds: () => Math.ceil(config.runTimeoutMs / 1000) + 120,
      staleMs: () => config.staleMs,
      stoppedResponding: 'The worker running this test run stopped responding',
      endedValues: (why) => ({
        status: 'not_runnable',
        errorMessage: `The run stopped because ${why}, and it had already been retried once. Run it again.`,
        finishedAt: sql`now()`,
        executionTimeMs: sql`coalesce(${testRuns.executionTimeMs}, 0)`,
      }),
      changed: async (row, statusChanged) => {
        if (statusChanged) await this._follow(row);
        await this._publishRun(row, 'run_updated');
      },
      ended: (row) => this._ended(row),
    });
  }

  /** Hears every run that ends (a collection's group may end with it and alert). */
  onEnded(listener: RunEndedListener): void {
    this._endedListeners.push(listener);
  }

  // ── Asked for by people ───────────────────────────────────────────────────────────────────────

  /** POST /test-run/{testCaseId}: queues a run of the test's generated steps. */
  async create(actor: Actor, testCaseId: string | undefined, body: RunSettings | null): Promise<CreatedRun> {
    const id = testCaseId?.trim() ?? '';
    if (!id) throw new ValidationError(MESSAGES.testCaseIdRequired, { fields: { testCaseId: 'required' } });
    const { row: test } = await this._testCases.requireTest(actor, id, 'Test case not found');
    const secretNames = Object.keys(await this._sharedParameters.valuesForSuite(test.testSuiteId));
    const settings = checkSettings(
      body ?? {},
      effectiveParameters(test.parameters, test.credentials),
      new Set(secretNames),
    );
    // Issue 33: the environment's origin replaces the test's; the test keeps its path and query.
    const environment = body?.environment_id
      ? await this._environments.forRun(test.testSuiteId, body.environment_id)
      : null;
    if (environment) settings.website_url_override = onOrigin(test.website, environment.origin);
    const refused = settings.website_url_override
      ? await refuseWebsite(this.config.testTargets, settings.website_url_override)
      : null;
    if (refused)
      throw new ValidationError(refused, {
        fields: { website_url_override: 'refused' },
        problems: [refused],
      });
    if (GENERATING.includes(test.state as GenerationState)) throw new ConflictError(MESSAGES.generating);
    const generated = test.testGenerationSteps as GenerationStep[];
    if (generated.length === 0) throw new UnprocessableError(MESSAGES.noSteps);
    if (generated.some((step) => !step.execution_succeded || !isAction(step.action)))
      throw new UnprocessableError(MESSAGES.notRunnableGeneration);
    // An "override" naming the test's own website is no other site: the run counts as the test's.
    if (settings.website_url_override === test.website) settings.website_url_override = null;
    // The steps move from the website they were generated on to the one this run opens: the test's
    // website now (a person may have changed it since) or the run's override.
    const opens = settings.website_url_override ?? test.website;
    const generatedOn = (test.stepsSource as StepsSource | null)?.website ?? test.website;
    const replaySteps: StoredReplayStep[] = generated.map((step) =>
      rebaseStep(
        {
          description: step.step_description,
          // The step's short name may name the address too.
          action_name: rebaseText(step.action_name, generatedOn, opens),
          action: step.action as Action,
        },
        generatedOn,
        opens,
      ),
    );

    const runId = crypto.randomUUID();
    const jobId = crypto.randomUUID();
    const row = await this._db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(testRuns)
        .values({
          id: runId,
          testCaseId: test.id,
          status: 'pending',
          settings,
          replaySteps,
          stepDescriptions: replaySteps.map((step) => step.description),
          website: opens,
          generatedOn: generatedOn === opens ? null : generatedOn,
          stepsOutOfDate: stepsOutOfDate(test),
          stepsHash: stepsHash(replaySteps),
          jobId,
          createdBy: actor.id,
          environmentId: environment?.id ?? null,
        })
        .returning();
      // A run on another website is not the test's headline: its status on its own site stands (issue 28).
      if (settings.website_url_override) return inserted;
      // NOTE: the run's own created_at (microseconds, which a JS Date would cut) is what latest_run_time equals.
      const createdAt = sql`(SELECT ${testRuns.createdAt} FROM ${testRuns} WHERE ${testRuns.id} = ${runId})`;
      await tx
        .update(testCases)
        .set({ latestRunStatus: 'pending', latestRunTime: createdAt })
        .where(
          and(
            eq(testCases.id, test.id),
            sql`(${testCases.latestRunTime} IS NULL OR ${testCases.latestRunTime} <= ${createdAt})`,
          ),
        );
      return inserted;
    });
    await this._publishRun(row, 'run_updated');
    await this._events.publish({ testId: test.id, type: 'updated' }).catch(() => undefined);
    // NOTE: sent after the commit; if this fails, the sweep sends it (the row already names the job).
    await this._lease.send(runId, jobId).catch(() => undefined);
    return { runId, run: toWire(row) };
  }

  /**
   * A collection's run-all (issue 12): one run per test, all with the same created_at and
   * collection_id, in one transaction; their jobs are sent after the commit and spread over the
   * workers like any run's. A test that cannot run (generating, no steps, a failed step) gets a
   * not_runnable run that says why. The caller has checked the tests belong to the collection's suite.
   */
  async createGroup(
    actor: Pick<Actor, 'id'> | null,
    tests: (typeof testCases.$inferSelect)[],
    options: {
      /** Null for a single test's scheduled run (issue 12): a group of one that belongs to no collection. */
      collectionId: string | null;
      websiteUrlOverride?: string | null;
      /** Issue 33: one of the tests' project's environments; each test keeps its path on its origin. */
      environmentId?: string | null;
      /** Or its name (`plainwright ci --env`, issue 33). */
      environmentName?: string | null;
      /**
       * 'schedule' when a schedule's tick asked for it (no person: `actor` is the schedule's author or
       * null); 'ci' when a pipeline's service account key did (issue 15; `actor` null).
       */
      trigger?: RunTrigger;
      /** Each test runs once in each (issue 15); default Chromium. */
      browsers?: RunBrowser[];
    },
  ): Promise<{ createdAt: Date; runIds: string[] }> {
    const override = options.websiteUrlOverride?.trim() ? normalizeWebsite(options.websiteUrlOverride) : null;
    if (override) {
      const refused = isWebsiteUrl(override)
        ? await refuseWebsite(this.config.testTargets, override)
        : MESSAGES.invalidUrl;
      if (refused)
        throw new ValidationError(refused, {
          fields: { website_url_override: 'refused' },
          problems: [refused],
        });
    }
    const suiteId = tests[0]?.testSuiteId;
    const environmentId =
      options.environmentName && suiteId
        ? await this._environments.idByName(suiteId, options.environmentName)
        : options.environmentId;
    const environment =
      environmentId && suiteId ? await this._environments.forRun(suiteId, environmentId) : null;
    // On an environment each test opens its own path on the environment's origin (issue 33).
    const overrideOf = (test: (typeof tests)[number]) =>
      environment ? onOrigin(test.website, environment.origin) : override;
    if (environment)
      for (const website of new Set(tests.map(overrideOf))) {
        const refused = website ? await refuseWebsite(this.config.testTargets, website) : null;
        if (refused)
          throw new ValidationError(refused, { fields: { environment_id: 'refused' }, problems: [refused] });
      }
    // The collection's "Retry once on failure" as it is now: changing it later changes no queued run.
    const [collection] = options.collectionId
      ? await this._db
          .select({ retryOnFailure: testCollections.retryOnFailure })
          .from(testCollections)
          .where(eq(testCollections.id, options.collectionId))
      : [];
    const retryOnFailure = collection?.retryOnFailure ?? false;
    // Milliseconds, so the group's key reads back exactly as the wire gives it.
    const createdAt = new Date();
    const browsers: RunBrowser[] = options.browsers?.length ? options.browsers : ['chromium'];
    const values = tests
      .flatMap((test) => browsers.map((browser) => ({ test, browser })))
      .map(({ test, browser }) => {
        const id = crypto.randomUUID();
        const prepared = prepareReplay(test, overrideOf(test));
        const common = {
          id,
          testCaseId: test.id,
          browser,
          settings: { parameter_overrides: {}, website_url_override: overrideOf(test) } as StoredRunSettings,
          environmentId: environment?.id ?? null,
          collectionId: options.collectionId,
          retryOnFailure,
          trigger: options.trigger ?? 'manual',
          createdBy: actor?.id ?? null,
          createdAt,
          lastModifiedAt: createdAt,
        };
        if ('reason' in prepared)
          return {
            ...common,
            status: 'not_runnable',
            errorMessage: prepared.reason,
            finishedAt: createdAt,
            executionTimeMs: 0,
          };
        return {
          ...common,
          status: 'pending',
          replaySteps: prepared.replaySteps,
          stepDescriptions: prepared.replaySteps.map((step) => step.description),
          website: prepared.opens,
          generatedOn: prepared.generatedOn === prepared.opens ? null : prepared.generatedOn,
          stepsOutOfDate: stepsOutOfDate(test),
          stepsHash: stepsHash(prepared.replaySteps),
          jobId: crypto.randomUUID(),
        };
      });
    const rows = await this._db.transaction(async (tx) => {
      const inserted = values.length > 0 ? await tx.insert(testRuns).values(values).returning() : [];
      // Runs on another website are not the tests' headlines (issue 28).
      if (override || environment) return inserted;
      for (const status of ['pending', 'not_runnable'] as const) {
        const ids = inserted.filter((row) => row.status === status).map((row) => row.testCaseId);
        if (ids.length === 0) continue;
        await tx
          .update(testCases)
          .set({ latestRunStatus: status, latestRunTime: createdAt })
          .where(
            and(
              inArray(testCases.id, ids),
              sql`(${testCases.latestRunTime} IS NULL OR ${testCases.latestRunTime} <= ${createdAt.toISOString()}::timestamptz)`,
            ),
          );
      }
      return inserted;
    });
    for (const row of rows) {
      await this._publishRun(row, row.status === 'pending' ? 'run_updated' : 'run_ended');
      await this._events.publish({ testId: row.testCaseId, type: 'updated' }).catch(() => undefined);
      // NOTE: sent after the commit; if this fails, the sweep sends it (the row already names the job).
      if (row.status === 'pending' && row.jobId)
        await this._lease.send(row.id, row.jobId).catch(() => undefined);
    }
    // A group none of whose runs could run has ended already, with no run left to end it later: its
    // listeners hear it now (its alert, issue 27).
    const last = rows.at(-1);
    if (last && rows.every((row) => row.status === 'not_runnable')) await this._tellEnded(last);
    return { createdAt, runIds: rows.map((row) => row.id) };
  }

  /** Cancels a collection group's unfinished runs (issue 12); answers how many it cancelled. */
  async cancelGroup(actor: Actor, collectionId: string, createdAt: Date): Promise<number> {
    const rows = await this._db
      .update(testRuns)
      .set({
        status: 'cancelled',
        errorMessage: `The run was cancelled by ${actor.email || 'a person'}.`,
        finishedAt: sql`now()`,
        executionTimeMs: sql`CASE WHEN ${testRuns.startedAt} IS NULL THEN 0 ELSE (extract(epoch FROM (now() - ${testRuns.startedAt})) * 1000)::integer END`,
        lastModifiedAt: new Date(),
      })
      .where(
        and(
          eq(testRuns.collectionId, collectionId),
          inMillisecond(testRuns.createdAt, createdAt),
          inArray(testRuns.status, RUNNING),
        ),
      )
      .returning();
    for (const row of rows) {
      await this._lease.cancel(row.jobId);
      await this._ended(row);
    }
    return rows.length;
  }

  /** GET /test-runs/{testCaseId}: newest first, a page at a time. */
  async list(
    actor: Actor,
    testCaseId: string | undefined,
    query: { limit?: string; offset?: string },
  ): Promise<{ runs: TestRun[]; total: number }> {
    const id = testCaseId?.trim() ?? '';
    if (!id) throw new ValidationError(MESSAGES.testCaseIdRequired, { fields: { testCaseId: 'required' } });
    const limit = wholeNumber(query.limit, 'limit', RUNS_PAGE_SIZE, 1, RUNS_PAGE_MAX);
    const offset = wholeNumber(query.offset, 'offset', 0, 0, 1_000_000_000);
    await this._testCases.requireTest(actor, id, 'Test case not found');
    const rows = await this._db
      .select()
      .from(testRuns)
      .where(eq(testRuns.testCaseId, id))
      // NULLS LAST as test_runs_test_case_idx has it (issue 34): the page is read along the index, not
      // sorted out of every run the test has had.
      .orderBy(sql`${testRuns.createdAt} DESC NULLS LAST`, sql`${testRuns.id} DESC NULLS LAST`)
      .limit(limit)
      .offset(offset);
    const [{ total }] = await this._db
      .select({ total: count() })
      .from(testRuns)
      .where(eq(testRuns.testCaseId, id));
    return { runs: rows.map(toWire), total: Number(total) };
  }

  /** GET /test-run/{runId}. */
  async get(actor: Actor, runId: string | undefined): Promise<TestRun> {
    return toWire(await this._requireRun(actor, runId));
  }

  /** DELETE /test-run/{runId}: a queued run is dropped, a running one stops at its next action. */
  async cancel(actor: Actor, runId: string | undefined): Promise<TestRun> {
    const current = await this._requireRun(actor, runId);
    const [row] = await this._db
      .update(testRuns)
      .set({
        status: 'cancelled',
        errorMessage: `The run was cancelled by ${actor.email || 'a person'}.`,
        finishedAt: sql`now()`,
        executionTimeMs: sql`CASE WHEN ${testRuns.startedAt} IS NULL THEN 0 ELSE (extract(epoch FROM (now() - ${testRuns.startedAt})) * 1000)::integer END`,
        lastModifiedAt: new Date(),
      })
      .where(and(eq(testRuns.id, current.id), inArray(testRuns.status, RUNNING)))
      .returning();
    if (!row) throw new ConflictError(MESSAGES.alreadyEnded);
    // A job still waiting in the queue is dropped; a running one hears the event (or its heartbeat fails).
    await this._lease.cancel(row.jobId);
    await this._ended(row);
    return toWire(row);
  }

  /**
   * PUT and DELETE /test-run/{runId}/pin (issue 34): a pinned run is kept past its project's retention
   * (pinning twice keeps the first time and person).
   */
  async pin(actor: Actor, runId: string | undefined, pinned: boolean): Promise<TestRun> {
    const current = await this._requireRun(actor, runId);
    const [row] = await this._db
      .update(testRuns)
      .set(
        pinned
          ? {
              pinnedAt: sql`coalesce(${testRuns.pinnedAt}, now())`,
              pinnedBy: sql`CASE WHEN ${testRuns.pinnedAt} IS NULL THEN ${actor.id}::uuid ELSE ${testRuns.pinnedBy} END`,
              lastModifiedAt: new Date(),
            }
          : { pinnedAt: null, pinnedBy: null, lastModifiedAt: new Date() },
      )
      .where(eq(testRuns.id, current.id))
      .returning();
    // Deleted meanwhile (its retention ran out a moment before).
    if (!row) throw new NotFoundError(MESSAGES.runNotFound);
    return toWire(row);
  }

  /** GET /artifacts/{runId}?artifact_name=. */
  async artifactUrl(
    actor: Actor,
    runId: string | undefined,
    name: string | undefined,
  ): Promise<SignedRunArtifact> {
    const id = runId?.trim() ?? '';
    const artifactName = name?.trim() ?? '';
    if (!id || !artifactName)
      throw new ValidationError(MESSAGES.artifactIdsRequired, {
        fields: {
          ...(id ? {} : { runId: 'required' }),
          ...(artifactName ? {} : { artifact_name: 'required' }),
        },
      });
    const run = await this._requireRun(actor, id);
    const link = await this.artifacts.signRunArtifact(run.id, artifactName);
    if (!link) throw new NotFoundError(MESSAGES.artifactNotFound);
    return {
      run_id: run.id,
      artifact_name: artifactName,
      url: link.url,
      content_type: link.contentType,
      viewer_url: artifactName.endsWith('.zip')
        ? `/trace/index.html?trace=${encodeURIComponent(link.url)}`
        : null,
      expires_at: link.expiresAt.toISOString(),
    };
  }

  /** The run's state for a watch (404 for a run the caller may not see). */
  async watchState(
    actor: Actor,
    runId: string,
  ): Promise<{ testId: string; status: RunState; running: boolean }> {
    if (!runId?.trim()) throw new ValidationError(MESSAGES.runWatchIdRequired);
    // A socket asks at every watch and every few seconds after: the two columns, not the run's steps.
    const query = this._db.select({ testId: testRuns.testCaseId, status: testRuns.status }).from(testRuns);
    const [row] = await this._visible(query.$dynamic(), actor, this._runId(runId));
    if (!row) throw new NotFoundError(MESSAGES.runNotFound);
    const status = row.status as RunState;
    return { testId: row.testId, status, running: RUNNING.includes(status) };
  }

  // ── The job's side ────────────────────────────────────────────────────────────────────────────

  /** Takes the run for this job; null when the job is stale (cancelled, already taken, or gone). */
  async claim(job: RunJob): Promise<ClaimedRun | null> {
    const claimed = await this._lease.claim(job.runId, job.jobId);
    if (!claimed) return null;
    const { row } = claimed;
    const claimId = claimed.claim.claimId;
    // No browser has been given a secret yet: nothing written before the values are read can hold one.
    const claim: RunClaim = { runId: row.id, testCaseId: row.testCaseId, claimId, secrets: {} };
    if (row.attempts > MAX_RUN_ATTEMPTS) {
      await this.finish(claim, {
        status: 'not_runnable',
        failingStepIndex: null,
        errorMessage: `The run was started ${row.attempts - 1} times and its worker stopped each time. Run it again.`,
        steps: [],
        artifacts: [],
        executionTimeMs: 0,
      });
      return null;
    }
    const [test] = await this._db.select().from(testCases).where(eq(testCases.id, row.testCaseId));
    if (!test) return null;
    // A retry starts clean: the files of an attempt whose worker died or shut down go.
    await this.artifacts.deleteRunArtifacts(row.id);
    await this._publishRun(row, 'run_updated');
    const settings = row.settings;
    const environment: RunEnvironment | null = row.environmentId
      ? await this._environments.forRun(test.testSuiteId, row.environmentId).catch(() => null)
      : null;
    // An environment's secret overrides the project's of the same name (issue 33).
    const secrets = {
      ...(await this._sharedParameters.valuesForSuite(test.testSuiteId)),
      ...environment?.secrets,
    };
    // NOTE: a run asked for before issue 11 (no website stored) was not rebased yet: the override moves it.
    const rebased = row.website !== null;
    const own: ReplayStep[] = (row.replaySteps as StoredReplayStep[]).map((step) => ({
      description: step.description,
      actionName: step.action_name,
      action: rebased ? step.action : rebaseAction(step.action, test.website, settings.website_url_override),
    }));
    // Modules expand now, as they are now (issue 13): the run shows every step it will replay.
    const prepared = await this.modules.prepare(test, own);
    if (!prepared.ok) {
      await this.finish(claim, {
        status: 'not_runnable',
        failingStepIndex: null,
        errorMessage: prepared.message,
        steps: [],
        artifacts: [],
        executionTimeMs: 0,
      });
      return null;
    }
    const descriptions = prepared.steps.map((step) => step.description);
    if (descriptions.join('\n') !== row.stepDescriptions.join('\n'))
      await this._transition(claim, { stepDescriptions: descriptions });
    return {
      ...claim,
      secrets,
      testName: test.name,
      attempts: row.attempts,
      steps: prepared.steps,
      language: test.programmingLanguage,
      viewport: { width: test.viewportWidth, height: test.viewportHeight },
      userAgent: test.userAgent,
      values: {
        parameters: {
          // The run's own test inbox (issue 32); a variable of the test with the same name comes first.
          inbox: await this._inbox.addressForRun(row.id),
          ...prepared.parameters,
          ...effectiveParameters(test.parameters, test.credentials),
          // Issue 33: the environment's variables come before the test's; the run's overrides before both.
          ...environment?.variables,
          ...settings.parameter_overrides,
        },
        secrets,
        secretHosts: {
          ...(await this._sharedParameters.hostsForSuite(test.testSuiteId, [
            row.website ?? settings.website_url_override,
          ])),
          // An environment's secret goes only to the environment's own host (issue 33).
          ...Object.fromEntries(
            Object.keys(environment?.secrets ?? {}).map((name) => [
              name,
              [hostOf(environment!.origin) ?? ''],
            ]),
          ),
        },
      },
      website: row.website ?? settings.website_url_override ?? test.website,
      testWebsite: test.website,
      websiteOverride: settings.website_url_override,
      generatedOn: row.generatedOn,
      stepsOutOfDate: row.stepsOutOfDate,
      retryOnFailure: row.retryOnFailure,
      browser: row.browser,
      storageState: prepared.storageState,
      saveStateId: prepared.saveStateId,
      moduleNotes: prepared.notes,
      dataRows: (test.dataRows ?? []) as DataRow[],
    };
  }

  async markRunning(claim: RunClaim): Promise<boolean> {
    return this._transition(claim, { status: 'running', startedAt: sql`now()` });
  }

  /** The worker is alive; false means the run was cancelled or taken from it meanwhile. */
  async heartbeat(claim: RunClaim): Promise<boolean> {
    return this._lease.heartbeat(leaseOf(claim));
  }

  async saveSteps(claim: RunClaim, steps: RunStep[]): Promise<boolean> {
    return this._transition(claim, { steps: hideSecrets(steps, claim.secrets), heartbeatAt: sql`now()` });
  }

  /** Saves a file of the run (its row names the run, so generation garbage collection keeps it). */
  async saveArtifact(
    claim: RunClaim,
    kind: RunArtifact['kind'],
    name: string,
    data: Buffer,
  ): Promise<{ id: string; artifact: RunArtifact }> {
    const id = await this.artifacts.save(claim.testCaseId, kind, data, crypto.randomUUID(), {
      runId: claim.runId,
      name,
    });
    const contentType =
      kind === 'screenshot'
        ? 'image/jpeg'
        : kind === 'trace'
          ? 'application/zip'
          : 'text/plain; charset=utf-8';
    return { id, artifact: { name, kind, content_type: contentType, size: data.length } };
  }

  /** Ends the run with its result; false when the worker no longer held it. */
  async finish(claim: RunClaim, result: RunResult): Promise<boolean> {
    const row = await this._lease.update(leaseOf(claim), {
      status: result.status,
      failingStepIndex: result.failingStepIndex,
      errorMessage: hideSecrets(result.errorMessage, claim.secrets),
      steps: hideSecrets(result.steps, claim.secrets),
      artifacts: result.artifacts,
      executionTimeMs: result.executionTimeMs,
      firstFailure: result.firstFailure ? hideSecrets(result.firstFailure, claim.secrets) : null,
      ...(result.dataRows ? { dataRows: hideSecrets(result.dataRows, claim.secrets) } : {}),
      finishedAt: sql`now()`,
    });
    if (!row) return false;
    // Issue 33: a run its collection's retry passed only the second time marks its test a candidate for quarantine.
    if (row.status === 'flaky') await markQuarantineCandidate(this._db, row.testCaseId, row.id);
    await this._ended(row);
    return true;
  }

  /** A run a person ended meanwhile (cancelled): its steps and files so far are still kept. */
  async attachEnded(claim: RunClaim, steps: RunStep[], artifacts: RunArtifact[]): Promise<void> {
    const [row] = await this._db
      .update(testRuns)
      .set({ steps: hideSecrets(steps, claim.secrets), artifacts, lastModifiedAt: new Date() })
      .where(
        and(
          eq(testRuns.id, claim.runId),
          eq(testRuns.claimId, claim.claimId),
          sql`${testRuns.status} NOT IN ('pending', 'scheduled', 'waiting_for_executor', 'running')`,
        ),
      )
      .returning();
    if (row) await this._publishRun(row, 'run_updated');
  }

  /** A worker shutting down hands its run back to the queue, without counting an attempt. */
  async release(claim: RunClaim): Promise<boolean> {
    return this._lease.release(leaseOf(claim));
  }

  /**
   * Finds runs whose job can no longer finish them: a dead worker's run (stale heartbeat) goes back
   * to pending for its one retry, or ends not_runnable when it was retried already; a pending run
   * whose job is gone is sent again.
   */
  async sweep(options: { assumeDead: boolean }): Promise<number> {
    return this._lease.sweep(options);
  }

  // ── Internals ─────────────────────────────────────────────────────────────────────────────────

  private async _transition(claim: RunClaim, values: LeaseValues): Promise<boolean> {
    return this._lease.transition(leaseOf(claim), values);
  }

  private async _ended(row: RunRow): Promise<void> {
    await this._follow(row);
    await this._publishRun(row, 'run_updated');
    await this._publishRun(row, 'run_ended');
    await this._tellEnded(row);
  }

  private async _tellEnded(row: RunRow): Promise<void> {
    for (const listener of this._endedListeners)
      await listener(row).catch((error: unknown) =>
        console.error(`[runs] after run ${row.id} ended: ${error instanceof Error ? error.message : error}`),
      );
  }

  /** Before a run is replayed again in the same job: the first attempt's files and steps go. */
  async startOver(claim: RunClaim): Promise<boolean> {
    // Only while the worker still holds the run: a stale worker deletes nobody's files.
    if (!(await this._transition(claim, { steps: [], heartbeatAt: sql`now()` }))) return false;
    await this.artifacts.deleteRunArtifacts(claim.runId);
    return true;
  }

  /**
   * The test's latest_run_status follows its newest run on its own website (an older run ending later
   * changes nothing).
   */
  private async _follow(row: RunRow): Promise<void> {
    // A run on another website never became the headline (its start left latest_run_time alone).
    if (row.settings.website_url_override) return;
    const [changed] = await this._db
      .update(testCases)
      .set({ latestRunStatus: row.status })
      .where(
        and(
          eq(testCases.id, row.testCaseId),
          sql`${testCases.latestRunTime} = (SELECT ${testRuns.createdAt} FROM ${testRuns} WHERE ${testRuns.id} = ${row.id})`,
        ),
      )
      .returning({ id: testCases.id });
    if (changed)
      await this._events.publish({ testId: row.testCaseId, type: 'updated' }).catch(() => undefined);
  }

  /** A run of a collection's group names the collection and the group (issue 31: the collection's watchers hear it). */
  private async _publishRun(row: RunRow, type: 'run_updated' | 'run_ended'): Promise<void> {
    await this._events
      .publish({
        runId: row.id,
        testId: row.testCaseId,
        type,
        status: row.status,
        collectionId: row.collectionId ?? null,
        groupCreatedAt: row.collectionId ? new Date(row.createdAt).toISOString() : null,
      })
      .catch(() => undefined);
  }

  /** The run if the caller belongs to its test's organization; otherwise 404. */
  private async _requireRun(actor: Actor, runId: string | undefined): Promise<RunRow> {
    const id = this._runId(runId);
    const [found] = await this._visible(
      this._db.select({ run: testRuns }).from(testRuns).$dynamic(),
      actor,
      id,
    );
    if (!found) throw new NotFoundError(MESSAGES.runNotFound);
    return found.run;
  }

  private _runId(runId: string | undefined): string {
    const id = runId?.trim() ?? '';
    if (!id) throw new ValidationError(MESSAGES.runIdRequired, { fields: { runId: 'required' } });
    if (!isUuid(id)) throw new NotFoundError(MESSAGES.runNotFound);
    return id;
  }

  /** A query of the run `id`, kept to the actor's organizations. */
  private _visible<Query extends PgSelect>(query: Query, actor: Actor, id: string) {
    return query
      .innerJoin(testCases, eq(testCases.id, testRuns.testCaseId))
      .innerJoin(testSuites, eq(testSuites.id, testCases.testSuiteId))
      .innerJoin(
        organizationMembers,
        and(eq(organizationMembers.orgId, testSuites.orgId), eq(organizationMembers.userId, actor.id)),
      )
      .where(eq(testRuns.id, id));
  }
}

function leaseOf(claim: RunClaim): LeaseClaim {
  return { id: claim.runId, claimId: claim.claimId };
}

/** Checks a run's settings against the test; every problem is named in details.fields. */
function checkSettings(
  body: RunSettings,
  parameters: Record<string, string>,
  secretNames: Set<string>,
): StoredRunSettings {
  const fields: Record<string, string> = {};
  const problems: string[] = [];
  let website: string | null = null;
  const rawWebsite = body.website_url_override;
  if (typeof rawWebsite === 'string' && rawWebsite.trim()) {
    // As a test's website: 'localhost:3112' means http://, 'staging.example.com' https://.
    const normalized = normalizeWebsite(rawWebsite);
    if (isWebsiteUrl(normalized)) website = normalized;
    else {
      fields.website_url_override = 'invalid';
      problems.push(MESSAGES.invalidUrl);
    }
  }
  const overrides: Record<string, string> = {};
  const entries = Object.entries(body.parameter_overrides ?? {});
  if (entries.length > RUN_LIMITS.overrides) {
    fields.parameter_overrides = 'too_many';
    problems.push(`At most ${RUN_LIMITS.overrides} variables can be overridden`);
  }
  for (const [name, value] of entries.slice(0, RUN_LIMITS.overrides)) {
    const key = `parameter_overrides.${name.slice(0, RUN_LIMITS.overrideName)}`;
    if (secretNames.has(name)) {
      fields[key] = 'secret';
      problems.push(`"${name}" is a secret: secrets cannot be overridden for a run`);
    } else if (!Object.hasOwn(parameters, name)) {
      fields[key] = 'unknown';
      problems.push(`"${name}" is not a variable of this test`);
    } else if (value.length > RUN_LIMITS.overrideValue) {
      fields[key] = 'too_long';
      problems.push(`The value of "${name}" must be at most ${RUN_LIMITS.overrideValue} characters`);
    } else overrides[name] = value;
  }
  if (problems.length > 0) throw new ValidationError(problems[0], { fields, problems });
  return { parameter_overrides: overrides, website_url_override: website };
}

function wholeNumber(
  raw: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(value) || value < min || value > max)
    throw new ValidationError(`${name} must be a whole number from ${min} to ${max}`, {
      fields: { [name]: 'invalid' },
    });
  return value;
}

export function toWire(row: RunRow): TestRun {
  return {
    _id: row.id,
    test_case_id: row.testCaseId,
    status: row.status as RunState,
    execution_time_in_secs: row.executionTimeMs === null ? null : Math.round(row.executionTimeMs / 10) / 100,
    steps: row.steps as RunStep[],
    step_descriptions: row.stepDescriptions,
    failing_step_index: row.failingStepIndex,
    error_message: row.errorMessage,
    artifacts: row.artifacts as RunArtifact[],
    settings: row.settings,
    created_at: row.createdAt.toISOString(),
    last_modified_at: row.lastModifiedAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    finished_at: row.finishedAt?.toISOString() ?? null,
    attempts: row.attempts,
    steps_out_of_date: row.stepsOutOfDate,
    trigger: row.trigger as TestRun['trigger'],
    browser: row.browser,
    first_failure: (row.firstFailure as RunFirstFailure | null) ?? null,
    data_rows: (row.dataRows as RunDataRow[] | null) ?? null,
    environment_id: row.environmentId,
    pinned_at: row.pinnedAt?.toISOString() ?? null,
  };
}

/** `website` with its scheme, host and port replaced by `origin` (issue 33); path, query and hash kept. */
function onOrigin(website: string, origin: string): string {
  try {
    const url = new URL(website);
    return `${origin}${url.pathname}${url.search}${url.hash}`;
  } catch {
    return origin;
  }
}

/** The steps a run of the test replays, moved onto the website it opens; or why it cannot run. */
export function prepareReplay(
  test: typeof testCases.$inferSelect,
  override: string | null,
): { replaySteps: StoredReplayStep[]; opens: string; generatedOn: string } | { reason: string } {
  if (GENERATING.includes(test.state as GenerationState)) return { reason: MESSAGES.generating };
  const generated = test.testGenerationSteps as GenerationStep[];
  if (generated.length === 0) return { reason: MESSAGES.noSteps };
  if (generated.some((step) => !step.execution_succeded || !isAction(step.action)))
    return { reason: MESSAGES.notRunnableGeneration };
  const opens = override ?? test.website;
  const generatedOn = (test.stepsSource as StepsSource | null)?.website ?? test.website;
  const replaySteps = generated.map((step) =>
    rebaseStep(
      {
        description: step.step_description,
        action_name: rebaseText(step.action_name, generatedOn, opens),
        action: step.action as Action,
      },
      generatedOn,
      opens,
    ),
  );
  return { replaySteps, opens, generatedOn };
}
