import crypto from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { type GenerationConfig } from '../config';
import { asFingerprint, type ElementFingerprint } from '../agents/healer/fingerprint';
import { type Db } from '../db/client';
import { inMillisecond } from '../db/runGroups';
import {
  environments,
  organizationMembers,
  testCases,
  testRuns,
  testSuites,
  testHealings,
} from '../db/schema';
import { ConflictError, NotFoundError, UnprocessableError, ValidationError } from '../errors';
import { isUuid } from '../lib/validate';
import { type InboxService } from '../inbox/service';
import { type EventBus } from '../realtime/bus';
import { hideSecrets, type Language, type ReplayStep, type RunValues } from '../runner';
import { hostOf } from '../runner/secretHosts';
import { environmentOrigin } from '../../../contract/environments';
import { type GenerationStep } from '../../../contract/generation';
import {
  HEALING_MESSAGES as MESSAGES,
  type HealingSettings,
  type HealingStep,
  type TestHealing,
} from '../../../contract/healing';
import { type RunStep, type RunBrowser } from '../../../contract/runs';
import { GENERATING_STATES, type GenerationState, type HealingState } from '../../../contract/states';
import { effectiveParameters } from '../../../contract/testCases';
import { type Actor } from './actor';
import { type ArtifactService } from './artifacts';
import { type StorageState } from './browserStates';
import { type CollectionService } from './collections';
import { type EnvironmentService, type RunEnvironment } from './environments';
import { stepsHash } from './dashboard';
import { type ExportableTest } from './exportedCode';
import { type ModuleSteps } from './moduleSteps';
import { prepareReplay } from './runs';
import { type SharedParameterService } from './sharedParameters';
import { type TestCaseService } from './testCases';
import { type TestSuiteService } from './testSuites';
import { type QueuePort } from '../tracking/queue';
import { Lease, type LeaseClaim, type LeaseValues } from '../tracking/lease';

export const HEAL_QUEUE = 'heal-test';
export const HEALER_NAME = 'Plainwright healer (rules)';
/** A healing whose worker dies is retried once; dying again ends it failed. */
export const MAX_HEALING_ATTEMPTS = 2;

/** SPEC §4's pending group: a healing under way. */
const UNDER_WAY: HealingState[] = ['created', 'pending', 'waiting_for_executor', 'running'];
const GENERATING = GENERATING_STATES as GenerationState[];
/** Run triggers that heal automatically: a person's, a schedule's and a pipeline's runs (every kind there is). */
const AUTO_HEALED_TRIGGERS = new Set(['manual', 'schedule', 'ci']);
/**
 * Automatic healing backs off (issue 30): one automatic healing per test for each version of its steps
 * on each site. Once the test's steps (the run's steps hash) have been healed automatically on the
 * website the run opened, whatever came of it, a failure again heals automatically only after its
 * steps change (an edit, a regeneration, an accept or a restore) or it fails on another site. A
 * person's Heal, and a collection's, are never held back.
 */
export type HealingTrigger = TestHealing['trigger'];
type HealingRow = typeof testHealings.$inferSelect;
type RunRow = typeof testRuns.$inferSelect;

export interface HealJob {
  healingId: string;
  jobId: string;
}

/** A worker's hold on a healing: every write of the worker needs it (and hides the secrets it was given). */
export interface HealingClaim {
  healingId: string;
  testCaseId: string;
  runId: string;
  claimId: string;
  secrets: Record<string, string>;
}

export interface ClaimedHealing extends HealingClaim {
  testName: string;
  /** The steps to replay, module calls expanded, on the website the failed run opened. */
  steps: ReplayStep[];
  /** For each of the test's own steps, its index in `steps`. */
  ownAt: number[];
  /** The test's stored steps (what an accept replaces). */
  ownSteps: GenerationStep[];
  language: Language;
  secretNames: string[];
  viewport: { width: number; height: number };
  userAgent: string | null;
  browser: RunBrowser;
  values: RunValues;
  storageState: StorageState | null;
  /** The website the failed run opened (its override, else the test's). */
  website: string;
  /** The website the test's steps are stored for: a proposal moves back onto it. */
  storedOn: string;
  /** The step the run failed at, when the run replayed the very steps the test has now. */
  failingStepIndex: number | null;
  /** The failed run's screenshot of each replayed step, by step index. */
  runScreenshots: Map<number, string>;
  /** The test's parameters and scripts' settings, for the proposal's exports. */
  parameters: Record<string, string>;
  /**
   * The test as its export is written from (its website now, its variables): the proposal's script
   * is the test's export with the proposed steps, not the stored steps' own website (issue 28).
   */
  exportable: ExportableTest;
}

/** What a healing ends with. */
export interface HealingResult {
  status: 'passed' | 'failed' | 'flaky' | 'unchanged';
  message: string;
  steps: HealingStep[];
  checksTotal: number;
  checksKept: number;
  proposal: { steps: GenerationStep[]; script: string; scriptPy: string } | null;
}

/**
 * Healings' rules (issue 14): who may ask for one, read it or decide on it, and the transitions its
 * job makes. Like runs, every worker write is conditioned on its claim, and an accept is one
 * conditional update of the test: two accepts (or an edit and an accept) never both win.
 */
export class HealingService {
  private readonly _lease: Lease<HealingRow>;

  constructor(
    private readonly _db: Db,
    private readonly _queue: QueuePort | null,
    private readonly _testCases: TestCaseService,
    private readonly _testSuites: TestSuiteService,
    private readonly _collections: CollectionService,
    private readonly _sharedParameters: SharedParameterService,
    readonly artifacts: ArtifactService,
    readonly config: GenerationConfig,
    readonly modules: ModuleSteps,
    private readonly _events: EventBus,
    /** The test inbox (issue 32): the healer replays e-mail steps on the healing's own address. */
    readonly inbox: InboxService,
    /** A project's environments (issue 33): the replay of a run on one takes its variables and secrets. */
    private readonly _environments: EnvironmentService,
  ) {
    this._lease = new Lease<HealingRow>(_db, _queue, {
      table: testHealings,
      queue: HEAL_QUEUE,
      underWay: UNDER_WAY,
      maxAttempts: MAX_HEALING_ATTEMPTS,
      job: (healingId, jobId): HealJob => ({ healingId, jobId }),
      expireInSeconds: () => Math.ceil(config.runTimeoutMs / 1000) + 120,
      staleMs: () => config.staleMs,
      stoppedResponding: 'The worker healing this test stopped responding',
      endedValues: (why) => ({
        status: 'failed',
        message: `The healing stopped because ${why}, and it had already been retried once.`,
        finishedAt: sql`now()`,
      }),
      changed: (row) => this._publish(row),
      ended: (row) => this._publish(row),
    });
  }

  // ── Asked for by people ───────────────────────────────────────────────────────────────────────

  /** GET /healing/test-case/{id}: the test's healings, newest first. */
  async listForTest(actor: Actor, testCaseId: string | undefined): Promise<TestHealing[]> {
    const id = required(testCaseId, 'testCaseId', 'Test case ID is required');
    const { row: test } = await this._testCases.requireTest(actor, id, 'Test case not found');
    const rows = await this._db
      .select()
      .from(testHealings)
      .where(eq(testHealings.testCaseId, test.id))
      .orderBy(desc(testHealings.createdAt), desc(testHealings.id));
    return rows.map((row) => toWire(row, test.name));
  }

  /** GET /healing/test-run/{id}: the run's latest healing. */
  async latestForRun(actor: Actor, runId: string | undefined): Promise<TestHealing> {
    const run = await this._requireRun(actor, runId, MESSAGES.notFound);
    const [row] = await this._db
      .select({ healing: testHealings, name: testCases.name })
      .from(testHealings)
      .innerJoin(testCases, eq(testCases.id, testHealings.testCaseId))
      .where(eq(testHealings.triggeredByTestRunId, run.id))
      .orderBy(desc(testHealings.createdAt), desc(testHealings.id))
      .limit(1);
    if (!row) throw new NotFoundError(MESSAGES.notFound);
    return toWire(row.healing, row.name);
  }

  /** GET /healing/{id}: one healing (what the live progress reads again after each update). */
  async get(actor: Actor, healingId: string | undefined): Promise<TestHealing> {
    const { healing, name } = await this._requireHealing(actor, healingId);
    return toWire(healing, name);
  }

  /** What a socket watching the healing needs first: whether it is under way, and where it stands. */
  async watchState(
    actor: Actor,
    healingId: string,
  ): Promise<{ running: boolean; testId: string; status: HealingState }> {
    const { healing } = await this._requireHealing(actor, healingId);
    const status = healing.status as HealingState;
    return { running: UNDER_WAY.includes(status), testId: healing.testCaseId, status };
  }

  /** POST /healing/test-run/{id}: a person's Heal on a failed run. */
  async healRun(actor: Actor, runId: string | undefined): Promise<TestHealing> {
    const run = await this._requireRun(actor, runId, 'Test run not found');
    if (run.status !== 'failed') throw new UnprocessableError(MESSAGES.runNotFailed);
    const created = await this._create(run, 'manual', actor.id);
    if (!created) throw new ConflictError(MESSAGES.alreadyHealing);
    return created;
  }

  /** POST /healing/collection/{id}?created_at=: heals every failed run of the group (those not being healed already). */
  async healGroup(
    actor: Actor,
    collectionId: string | undefined,
    createdAt: string | undefined,
  ): Promise<TestHealing[]> {
    const collection = await this._collections.requireCollection(actor, collectionId);
    const raw = createdAt?.trim() ?? '';
    if (!raw)
      throw new ValidationError('The run group (created_at) is required', {
        fields: { created_at: 'required' },
      });
    const at = new Date(raw);
    if (Number.isNaN(at.getTime()))
      throw new ValidationError('created_at must be a date and time', { fields: { created_at: 'invalid' } });
    const group = await this._db
      .select()
      .from(testRuns)
      .where(and(eq(testRuns.collectionId, collection.id), inMillisecond(testRuns.createdAt, at)))
      .orderBy(testRuns.id);
    if (group.length === 0) throw new NotFoundError('Run group not found');
    const healings: TestHealing[] = [];
    for (const run of group.filter((row) => row.status === 'failed')) {
      const created = await this._create(run, 'collection', actor.id);
      if (created) healings.push(created);
    }
    return healings;
  }

  /** POST /healing/{id}/approve?approved=: accept (the test gets the proposal) or reject. */
  async approve(
    actor: Actor,
    healingId: string | undefined,
    approved: string | undefined,
  ): Promise<TestHealing> {
    const current = await this._requireHealing(actor, healingId);
    const answer = approved?.trim().toLowerCase();
    if (answer !== 'true' && answer !== 'false')
      throw new ValidationError('approved must be true or false', { fields: { approved: 'invalid' } });
    if (current.healing.status !== 'passed' || !current.healing.proposedSteps)
      throw new ConflictError(MESSAGES.notProposed);
    if (answer === 'false') {
      const [row] = await this._db
        .update(testHealings)
        .set({ status: 'rejected', decidedAt: sql`now()`, lastModifiedAt: new Date() })
        .where(and(eq(testHealings.id, current.healing.id), eq(testHealings.status, 'passed')))
        .returning();
      if (!row) throw new ConflictError(MESSAGES.notProposed);
      await this._publish(row);
      return toWire(row, current.name);
    }
    return this._accept(current.healing, current.name);
  }

  /**
   * POST /healing/{id}/restore: undoes an accept. The test gets back the steps and scripts the accept
   * replaced, once, and only while it still has the accepted ones (an edit since then wins).
   */
  async restore(actor: Actor, healingId: string | undefined): Promise<TestHealing> {
    const { healing, name } = await this._requireHealing(actor, healingId);
    if (healing.status !== 'accepted' || healing.restoredAt || !healing.previousSteps)
      throw new ConflictError(MESSAGES.notRestorable);
    const restored = await this._db.transaction(async (tx) => {
      const [test] = await tx
        .select({ state: testCases.state })
        .from(testCases)
        .where(eq(testCases.id, healing.testCaseId))
        .for('update');
      if (!test) throw new NotFoundError(MESSAGES.notFound);
      if (GENERATING.includes(test.state as GenerationState))
        throw new ConflictError(MESSAGES.restoreTestChanged);
      const [updated] = await tx
        .update(testCases)
        .set({
          testGenerationSteps: healing.previousSteps ?? [],
          finalScript: healing.previousScript,
          finalScriptPy: healing.previousScriptPy,
          // The steps put back were not proved on any website by the healing undone.
          stepsSource: sql`${testCases.stepsSource} - 'healed_on'`,
          lastModifiedAt: new Date(),
        })
        .where(
          and(
            eq(testCases.id, healing.testCaseId),
            // The steps the accept gave it, still (jsonb compares by content).
            sql`${testCases.testGenerationSteps} = ${JSON.stringify(healing.proposedSteps ?? [])}::jsonb`,
            sql`${testCases.finalScript} IS NOT DISTINCT FROM ${healing.proposedScript}`,
          ),
        )
        .returning({ id: testCases.id });
      if (!updated) throw new ConflictError(MESSAGES.restoreTestChanged);
      const [row] = await tx
        .update(testHealings)
        .set({ restoredAt: sql`now()`, lastModifiedAt: new Date() })
        .where(
          and(
            eq(testHealings.id, healing.id),
            eq(testHealings.status, 'accepted'),
            isNull(testHealings.restoredAt),
          ),
        )
        .returning();
      // Another restore got there first: this one changes nothing.
      if (!row) throw new ConflictError(MESSAGES.notRestorable);
      return row;
    });
    await this._publish(restored);
    return toWire(restored, name);
  }

  /** GET /healing/settings/{suiteId}. */
  async settings(actor: Actor, suiteId: string | undefined): Promise<HealingSettings> {
    const suite = await this._testSuites.requireSuite(actor, suiteId?.trim() ?? '');
    return { auto_heal: suite.autoHeal };
  }

  /** PUT /healing/settings/{suiteId}. */
  async updateSettings(
    actor: Actor,
    suiteId: string | undefined,
    body: Partial<HealingSettings> | null,
  ): Promise<HealingSettings> {
    const suite = await this._testSuites.requireSuite(actor, suiteId?.trim() ?? '');
    if (typeof body?.auto_heal !== 'boolean')
      throw new ValidationError('auto_heal must be true or false', { fields: { auto_heal: 'required' } });
    await this._db
      .update(testSuites)
      .set({ autoHeal: body.auto_heal, updatedAt: new Date() })
      .where(eq(testSuites.id, suite.id));
    return { auto_heal: body.auto_heal };
  }

  /** After a run ended: a failed run of a suite that heals automatically gets a healing. */
  async runEnded(run: RunRow): Promise<void> {
    if (!this.config.autoHeal || run.status !== 'failed' || !AUTO_HEALED_TRIGGERS.has(run.trigger)) return;
    const [suite] = await this._db
      .select({
        autoHeal: testSuites.autoHeal,
        website: testCases.website,
        defaultId: environments.id,
        defaultUrl: environments.baseUrl,
      })
      .from(testCases)
      .innerJoin(testSuites, eq(testSuites.id, testCases.testSuiteId))
      .leftJoin(
        environments,
        and(eq(environments.testSuiteId, testSuites.id), eq(environments.isDefault, true)),
      )
      .where(eq(testCases.id, run.testCaseId));
    if (!suite?.autoHeal || !onHealingHome(run, suite) || (await this._backingOff(run))) return;
    await this._create(run, 'auto', null);
  }

  // ── The job's side ────────────────────────────────────────────────────────────────────────────

  /** Takes the healing for this job; null when the job is stale (already taken, ended, or gone). */
  async claim(job: HealJob): Promise<ClaimedHealing | null> {
    const claimed = await this._lease.claim(job.healingId, job.jobId);
    if (!claimed) return null;
    const { row } = claimed;
    const claimId = claimed.claim.claimId;
    await this._publish(row);
    const claim: HealingClaim = {
      healingId: row.id,
      testCaseId: row.testCaseId,
      runId: row.triggeredByTestRunId,
      claimId,
      secrets: {},
    };
    const fail = async (message: string) => {
      await this.finish(claim, failedResult(message));
      return null;
    };
    if (row.attempts > MAX_HEALING_ATTEMPTS)
      return fail(`The healing was started ${row.attempts - 1} times and its worker stopped each time.`);
    const [test] = await this._db.select().from(testCases).where(eq(testCases.id, row.testCaseId));
    const [run] = await this._db.select().from(testRuns).where(eq(testRuns.id, row.triggeredByTestRunId));
    if (!test || !run) return null;
    const override = run.settings.website_url_override;
    const prepared = prepareReplay(test, override);
    if ('reason' in prepared) return fail(prepared.reason);
    const generated = test.testGenerationSteps as GenerationStep[];
    // Each step's fingerprint (issue 30) rides along to the healer (HealInputStep), one per stored step.
    const own: (ReplayStep & { fingerprint?: ElementFingerprint | null })[] = prepared.replaySteps.map(
      (step, index) => ({
        description: step.description,
        actionName: step.action_name,
        action: step.action,
        fingerprint: asFingerprint(generated[index]?.target_fingerprint),
      }),
    );
    const expanded = await this.modules.prepare(test, own);
    if (!expanded.ok) return fail(expanded.message);
    // The run's environment (issue 33): its variables and secret overrides, as the run had them.
    const environment: RunEnvironment | null = run.environmentId
      ? await this._environments.forRun(test.testSuiteId, run.environmentId).catch(() => null)
      : null;
    const secrets = {
      ...(await this._sharedParameters.valuesForSuite(test.testSuiteId)),
      ...environment?.secrets,
    };
    // The run's failing step is only a hint when it replayed the very steps the test has now.
    const sameSteps = run.stepsHash !== null && run.stepsHash === stepsHash(prepared.replaySteps);
    const runScreenshots = new Map<number, string>();
    for (const step of run.steps as RunStep[])
      if (step.screenshot_id) runScreenshots.set(step.step_index, step.screenshot_id);
    const parameters = effectiveParameters(test.parameters, test.credentials);
    return {
      ...claim,
      secrets,
      testName: test.name,
      // NOTE: prepare says where the test's own steps are (its opening step after a setup module is a
      // marked copy, so not found by identity).
      steps: expanded.steps,
      ownAt: expanded.ownAt,
      ownSteps: test.testGenerationSteps as GenerationStep[],
      language: test.programmingLanguage,
      secretNames: Object.keys(secrets),
      viewport: { width: test.viewportWidth, height: test.viewportHeight },
      userAgent: test.userAgent,
      browser: run.browser,
      values: {
        parameters: {
          // The healing's own test inbox (issue 32), as a run has one; a variable of the test comes first.
          inbox: await this.inbox.addressForHealing(claim.healingId),
          ...expanded.parameters,
          ...parameters,
          // As the run resolved them: the environment's variables before the test's, its overrides before both.
          ...environment?.variables,
          ...run.settings.parameter_overrides,
        },
        secrets,
        secretHosts: {
          ...(await this._sharedParameters.hostsForSuite(test.testSuiteId, [prepared.opens])),
          // An environment's secret goes only to the environment's own host, as in its run.
          ...Object.fromEntries(
            Object.keys(environment?.secrets ?? {}).map((name) => [
              name,
              [hostOf(environment!.origin) ?? ''],
            ]),
          ),
        },
      },
      storageState: expanded.storageState,
      website: prepared.opens,
      storedOn: prepared.generatedOn,
      failingStepIndex: sameSteps ? run.failingStepIndex : null,
      runScreenshots,
      parameters,
      exportable: test,
    };
  }

  async markRunning(claim: HealingClaim): Promise<boolean> {
    return this._transition(claim, { status: 'running', startedAt: sql`now()` });
  }

  /** The worker is alive; false means the healing was taken from it meanwhile. */
  async heartbeat(claim: HealingClaim): Promise<boolean> {
    return this._lease.heartbeat(leaseOf(claim));
  }

  /** The steps healed so far (live progress). */
  async saveSteps(claim: HealingClaim, steps: HealingStep[]): Promise<boolean> {
    return this._transition(claim, { steps: hideSecrets(steps, claim.secrets), heartbeatAt: sql`now()` });
  }

  /** Saves a screenshot of the healing with the failed run's files (generation garbage collection leaves those alone). */
  async saveScreenshot(claim: HealingClaim, stepIndex: number, data: Buffer): Promise<string> {
    return this.artifacts.save(claim.testCaseId, 'screenshot', data, crypto.randomUUID(), {
      runId: claim.runId,
      name: `healing-${claim.healingId}-step-${stepIndex}.jpg`,
    });
  }

  /** Ends the healing with its result; false when the worker no longer held it. */
  async finish(claim: HealingClaim, result: HealingResult): Promise<boolean> {
    const row = await this._lease.update(leaseOf(claim), {
      status: result.status,
      message: hideSecrets(result.message, claim.secrets),
      steps: hideSecrets(result.steps, claim.secrets),
      checksTotal: result.checksTotal,
      checksKept: result.checksKept,
      proposedSteps: result.proposal ? hideSecrets(result.proposal.steps, claim.secrets) : null,
      proposedScript: result.proposal ? hideSecrets(result.proposal.script, claim.secrets) : null,
      proposedScriptPy: result.proposal ? hideSecrets(result.proposal.scriptPy, claim.secrets) : null,
      finishedAt: sql`now()`,
    });
    if (row) await this._publish(row);
    return Boolean(row);
  }

  /** A worker shutting down hands its healing back to the queue, without counting an attempt. */
  async release(claim: HealingClaim): Promise<boolean> {
    return this._lease.release(leaseOf(claim));
  }

  /**
   * Finds healings whose job can no longer finish them: a dead worker's healing goes back to pending
   * for its one retry (or ends failed when it was retried already); a pending one whose job is gone is
   * sent again.
   */
  async sweep(options: { assumeDead: boolean }): Promise<number> {
    return this._lease.sweep(options);
  }

  // ── Internals ─────────────────────────────────────────────────────────────────────────────────

  /** A healing of the run, queued; null when the test has one under way already. */
  private async _create(
    run: RunRow,
    trigger: HealingTrigger,
    createdBy: string | null,
  ): Promise<TestHealing | null> {
    const [test] = await this._db
      .select({ name: testCases.name })
      .from(testCases)
      .where(eq(testCases.id, run.testCaseId));
    if (!test) return null;
    const jobId = crypto.randomUUID();
    // NOTE: the test's own last_modified_at (microseconds, which a JS Date would cut) is what an accept compares.
    const [row] = await this._db
      .insert(testHealings)
      .values({
        testCaseId: run.testCaseId,
        triggeredByTestRunId: run.id,
        status: 'pending',
        healerName: HEALER_NAME,
        trigger,
        websiteOverride: runOverride(run),
        testModifiedAt: sql`(SELECT ${testCases.lastModifiedAt} FROM ${testCases} WHERE ${testCases.id} = ${run.testCaseId})`,
        jobId,
        createdBy,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    // NOTE: sent after the commit; if this fails, the sweep sends it (the row already names the job).
    await this._lease.send(row.id, jobId).catch(() => undefined);
    // The test's page hears of it at once (issue 28), whoever or whatever asked for it.
    await this._publish(row, { created: true });
    return toWire(row, test.name);
  }

  /**
   * Whether an automatic healing of this failed run is held back: the test already had one for the
   * same steps (the runs' steps hash; without one, the same test version) on the same website.
   */
  private async _backingOff(run: RunRow): Promise<boolean> {
    const sameSteps =
      run.stepsHash !== null
        ? eq(testRuns.stepsHash, run.stepsHash)
        : sql`${testHealings.testModifiedAt} = (SELECT ${testCases.lastModifiedAt} FROM ${testCases} WHERE ${testCases.id} = ${run.testCaseId})`;
    const [earlier] = await this._db
      .select({ id: testHealings.id })
      .from(testHealings)
      .innerJoin(testRuns, eq(testRuns.id, testHealings.triggeredByTestRunId))
      .where(
        and(
          eq(testHealings.testCaseId, run.testCaseId),
          eq(testHealings.trigger, 'auto'),
          sameSteps,
          sql`${testRuns.website} IS NOT DISTINCT FROM ${run.website}`,
        ),
      )
      .limit(1);
    return Boolean(earlier);
  }

  /** The test takes the proposal, its steps as they were kept in the healing; both or neither. */
  private async _accept(healing: HealingRow, name: string): Promise<TestHealing> {
    const accepted = await this._db.transaction(async (tx) => {
      const [previous] = await tx
        .select({
          steps: testCases.testGenerationSteps,
          script: testCases.finalScript,
          scriptPy: testCases.finalScriptPy,
          state: testCases.state,
        })
        .from(testCases)
        .where(eq(testCases.id, healing.testCaseId))
        .for('update');
      if (!previous) throw new NotFoundError(MESSAGES.notFound);
      if (GENERATING.includes(previous.state as GenerationState))
        throw new ConflictError(MESSAGES.testChanged);
      // A healing on the test's own website proved its steps there: they are no longer out of date
      // for it, even when it is not the website they were generated on (issue 28). One made on
      // another website proved nothing about the test's own.
      const [run] = healing.websiteOverride
        ? []
        : await tx
            .select({ website: testRuns.website })
            .from(testRuns)
            .where(eq(testRuns.id, healing.triggeredByTestRunId));
      const [test] = await tx
        .update(testCases)
        .set({
          testGenerationSteps: healing.proposedSteps ?? [],
          finalScript: healing.proposedScript,
          finalScriptPy: healing.proposedScriptPy,
          ...(run?.website && {
            stepsSource: sql`CASE WHEN ${testCases.stepsSource} IS NULL THEN NULL
              ELSE jsonb_set(${testCases.stepsSource}, '{healed_on}', to_jsonb(${run.website}::text)) END`,
          }),
          lastModifiedAt: new Date(),
        })
        .where(
          and(
            eq(testCases.id, healing.testCaseId),
            sql`${testCases.lastModifiedAt} = (SELECT ${testHealings.testModifiedAt} FROM ${testHealings} WHERE ${testHealings.id} = ${healing.id})`,
          ),
        )
        .returning({ id: testCases.id });
      if (!test) throw new ConflictError(MESSAGES.testChanged);
      const [row] = await tx
        .update(testHealings)
        .set({
          status: 'accepted',
          previousSteps: previous.steps,
          previousScript: previous.script,
          previousScriptPy: previous.scriptPy,
          decidedAt: sql`now()`,
          lastModifiedAt: new Date(),
        })
        .where(and(eq(testHealings.id, healing.id), eq(testHealings.status, 'passed')))
        .returning();
      // Another accept or a reject got there first: the test keeps what it had.
      if (!row) throw new ConflictError(MESSAGES.notProposed);
      return row;
    });
    await this._publish(accepted);
    return toWire(accepted, name);
  }

  private async _transition(claim: HealingClaim, values: LeaseValues): Promise<boolean> {
    return this._lease.transition(leaseOf(claim), values);
  }

  /**
   * Tells the sockets watching the healing, or its test's healings, that it changed (after the change
   * is committed). A decision or a restore is published as an ending again: the test's page follows it.
   */
  private async _publish(
    row: { id: string; testCaseId: string; status: string },
    options: { created?: boolean } = {},
  ): Promise<void> {
    const ended = !UNDER_WAY.includes(row.status as HealingState);
    await this._events
      .publish({
        healingId: row.id,
        testId: row.testCaseId,
        type: options.created ? 'healing_created' : ended ? 'healing_ended' : 'healing_updated',
        status: row.status,
      })
      .catch(() => undefined);
  }

  /** The run if the caller belongs to its test's organization; otherwise 404 with `message`. */
  private async _requireRun(actor: Actor, runId: string | undefined, message: string): Promise<RunRow> {
    const id = required(runId, 'runId', 'Test run ID is required');
    if (!isUuid(id)) throw new NotFoundError(message);
    const [found] = await this._db
      .select({ run: testRuns })
      .from(testRuns)
      .innerJoin(testCases, eq(testCases.id, testRuns.testCaseId))
      .innerJoin(testSuites, eq(testSuites.id, testCases.testSuiteId))
      .innerJoin(
        organizationMembers,
        and(eq(organizationMembers.orgId, testSuites.orgId), eq(organizationMembers.userId, actor.id)),
      )
      .where(eq(testRuns.id, id));
    if (!found) throw new NotFoundError(message);
    return found.run;
  }

  /** The healing if the caller belongs to its test's organization; otherwise 404. */
  private async _requireHealing(
    actor: Actor,
    healingId: string | undefined,
  ): Promise<{ healing: HealingRow; name: string }> {
    const id = required(healingId, 'healingId', 'Test healing ID is required');
    if (!isUuid(id)) throw new NotFoundError(MESSAGES.notFound);
    const [found] = await this._db
      .select({ healing: testHealings, name: testCases.name })
      .from(testHealings)
      .innerJoin(testCases, eq(testCases.id, testHealings.testCaseId))
      .innerJoin(testSuites, eq(testSuites.id, testCases.testSuiteId))
      .innerJoin(
        organizationMembers,
        and(eq(organizationMembers.orgId, testSuites.orgId), eq(organizationMembers.userId, actor.id)),
      )
      .where(eq(testHealings.id, id));
    if (!found) throw new NotFoundError(MESSAGES.notFound);
    return found;
  }
}

/** A healing that ends without a proposal, saying why. */
export function failedResult(message: string, steps: HealingStep[] = []): HealingResult {
  return { status: 'failed', message, steps, checksTotal: 0, checksKept: 0, proposal: null };
}

/**
 * Whether a failed run may be healed automatically by where it ran (issues 28 and 33): on the project's
 * default environment; or on the test's own website while the project has no default environment or
 * the default one has the test's origin. A run on any other environment or website (a preview, a
 * staging copy) failing says nothing about the default: healing it would re-target the test for it.
 */
function onHealingHome(
  run: Pick<RunRow, 'settings' | 'environmentId'>,
  suite: { website: string; defaultId: string | null; defaultUrl: string | null },
): boolean {
  if (run.environmentId) return run.environmentId === suite.defaultId;
  if (runOverride(run)) return false;
  if (!suite.defaultUrl) return true;
  return environmentOrigin(suite.defaultUrl) === environmentOrigin(suite.website);
}

/** The other website a run opened, when it had a website override. */
export function runOverride(run: Pick<RunRow, 'settings'>): string | null {
  return run.settings?.website_url_override?.trim() || null;
}

function required(value: string | undefined, field: string, message: string): string {
  const id = value?.trim() ?? '';
  if (!id) throw new ValidationError(message, { fields: { [field]: 'required' } });
  return id;
}

export function toWire(row: HealingRow, testName: string): TestHealing {
  const proposed = row.proposedSteps as GenerationStep[] | null;
  return {
    test_healing_id: row.id,
    created_at: row.createdAt.toISOString(),
    triggered_by_test_run_id: row.triggeredByTestRunId,
    test_case_id: row.testCaseId,
    status: row.status as HealingState,
    healer_name: row.healerName,
    healed_test_case_id: proposed ? row.testCaseId : null,
    healed_test_case: proposed
      ? {
          _id: row.testCaseId,
          name: testName,
          test_generation_steps: proposed,
          final_script: row.proposedScript,
          final_script_py: row.proposedScriptPy,
        }
      : null,
    message: row.message,
    checks_total: row.checksTotal,
    checks_kept: row.checksKept,
    steps: row.steps as HealingStep[],
    trigger: row.trigger,
    website_override: row.websiteOverride,
    decided_at: row.decidedAt?.toISOString() ?? null,
    restored_at: row.restoredAt?.toISOString() ?? null,
    last_modified_at: row.lastModifiedAt.toISOString(),
  };
}

function leaseOf(claim: HealingClaim): LeaseClaim {
  return { id: claim.healingId, claimId: claim.claimId };
}
