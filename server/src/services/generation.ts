import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { type GenerationConfig } from '../config';
import { type InboxService } from '../inbox/service';
import { type Db } from '../db/client';
import { testCases } from '../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import { type EventBus, type GenerationEventType } from '../realtime/bus';
import { parsePythonStatement, PythonCodeError } from '../agents';
import {
  type Action,
  hideSecrets,
  isAction,
  pythonScript,
  typescriptScript,
  type ReplayStep,
  type ScriptSpec,
  type StorageState,
} from '../runner';
import {
  GENERATION_MESSAGES as MESSAGES,
  type GenerationStep,
  type StoredUserFeedback,
  type UserFeedbackBody,
} from '../../../contract/generation';
import { GENERATING_STATES, GENERATION_FAILED_STATES, type GenerationState } from '../../../contract/states';
import { effectiveParameters, type TestCase } from '../../../contract/testCases';
import { sanitizeInstructionsHtml } from '../../../contract/instructionsHtml';
import { type Actor } from './actor';
import { type ArtifactService } from './artifacts';
import { SuiteActionCache } from './generationCache';
import { type SharedParameterService } from './sharedParameters';
import { instructionsWithoutSteps, type StepsSource, type TestCaseService } from './testCases';
import { Lease, type LeaseClaim, type LeaseValues } from '../tracking/lease';
import { type QueuePort } from '../tracking/queue';
import { type ModuleSteps } from './moduleSteps';

export const GENERATE_QUEUE = 'generate';

/** A job that keeps dying (its worker stops each time) ends in error after this many starts. */
export const MAX_GENERATION_ATTEMPTS = 3;

const GENERATING = GENERATING_STATES as GenerationState[];
const ORPHAN_INTERVAL_MS = 10 * 60_000;

export interface GenerateJob {
  testCaseId: string;
  jobId: string;
}

/**
 * A worker's hold on a generation. NOTE: everything the worker stores goes through the writes that
 * take it, and they hide its secrets (hideSecrets): steps, plan, messages, trace summaries.
 */
export interface GenerationClaim extends GenerateJob {
  /** The lease's claim: every write of the worker needs it. */
  claimId: string;
  /** The secret values the generation's browser was given. */
  secrets: Record<string, string>;
}

/** What a worker needs to run a claimed generation. */
export interface ClaimedGeneration extends GenerationClaim {
  suiteId: string;
  name: string;
  website: string;
  instructions: string;
  language: 'typescript' | 'python';
  viewport: { width: number; height: number };
  userAgent: string | null;
  parameters: Record<string, string>;
  /** Per secret, the hosts it may be typed into (issue 27). */
  secretHosts: Record<string, string[]>;
  attempts: number;
  plan: string[] | null;
  fromStep: number;
  keptSteps: GenerationStep[];
  feedback: StoredFeedback | null;
  /** The setup module's steps, replayed first without a model (issue 13). */
  setupSteps: ReplayStep[];
  /** The fresh browser state the context starts from (never logged). */
  storageState: StorageState | null;
  /** The suite's modules, for 'Use the "…" module' steps. */
  modules: { id: string; name: string }[];
}

/** The feedback a resumed generation applies to its first step. */
export interface StoredFeedback {
  point: { x: number; y: number } | null;
  hint: string | null;
  action: Action | null;
  stored: StoredUserFeedback;
}

interface Backup {
  steps: GenerationStep[];
  final_script: string | null;
  final_script_py: string | null;
  state: string;
  final_message: string | null;
  plan: string[] | null;
  /** What those steps were generated from (absent in backups from before issue 11). */
  steps_source?: StepsSource | null;
}

export type FinalState =
  | 'passed'
  | 'completed'
  | 'failed'
  | 'not_runnable'
  | 'error'
  | 'resources_exceeded'
  | 'executor_not_available';

type Row = typeof testCases.$inferSelect;

/**
 * Generation's rules: who may start, stop or correct one, and the transitions the job makes.
 * Every transition is one conditional UPDATE (so a stale job or a second request changes nothing),
 * committed before its event is published.
 */
export class GenerationService {
  private _orphansCollectedAt = 0;
  private readonly _lease: Lease<Row>;

  constructor(
    private readonly _db: Db,
    queue: QueuePort | null,
    private readonly _events: EventBus,
    private readonly _testCases: TestCaseService,
    private readonly _sharedParameters: SharedParameterService,
    readonly artifacts: ArtifactService,
    readonly config: GenerationConfig,
    readonly modules: ModuleSteps,
    private readonly _inbox: InboxService,
  ) {
    this._lease = new Lease<Row>(_db, queue, {
      table: testCases,
      // A test case is more than its generation: the lease's columns are its generation* ones.
      columns: {
        id: testCases.id,
        status: testCases.state,
        jobId: testCases.generationJobId,
        claimId: testCases.generationClaimId,
        attempts: testCases.generationAttempts,
        worker: testCases.generationWorker,
        heartbeatAt: testCases.generationHeartbeatAt,
        lastModifiedAt: testCases.lastModifiedAt,
      },
      queue: GENERATE_QUEUE,
      underWay: GENERATING,
      // A generation taken back resumes from its plan and kept steps: it shows as retrying meanwhile.
      retryState: 'retrying',
      maxAttempts: MAX_GENERATION_ATTEMPTS,
      job: (testCaseId, jobId): GenerateJob => ({ testCaseId, jobId }),
      expireInSeconds: () => Math.ceil(config.generationTimeoutMs / 1000) + 120,
      staleMs: () => config.staleMs,
      stoppedResponding: 'The worker running this generation stopped responding',
      endedValues: (why, row) => {
        const restored = restoreFrom(row.generationBackup as Backup | null);
        return {
          state: 'error',
          finalMessage: `The generation stopped: ${why} and no retries are left. Start it again.${restored ? ' The steps of the previous generation were restored.' : ''}`,
          ...(restored ?? {}),
          generationBackup: null,
          generationFeedback: null,
          generationFinishedAt: new Date(),
        };
      },
      changed: (row) => this._publish(row.id, 'updated'),
      ended: async (row) => {
        await this._publish(row.id, 'updated', 'not_running');
        await this._collectGarbage(row.id);
      },
    });
  }

  // ── Asked for by people ───────────────────────────────────────────────────────────────────────

  /** Starts generation afresh (create with schedule_generation, edit with ?schedule=true); one already running is replaced. */
  async start(actor: Actor, ids: string[]): Promise<void> {
    for (const id of ids) {
      await this._testCases.requireTest(actor, id, 'Test case not found');
      await this._begin(id, { allowRunning: true });
    }
  }

  /** PUT /test-case/{id}/regenerate: clears the steps (kept aside, restored if it fails) and starts again. */
  async regenerate(actor: Actor, id: string): Promise<TestCase> {
    await this._testCases.requireTest(actor, id, 'Test case not found');
    await this._begin(id, { allowRunning: false });
    return this._testCases.get(actor, id);
  }

  /** DELETE /test-case/cancel/{id}. */
  async cancel(actor: Actor, id: string): Promise<TestCase> {
    await this._testCases.requireTest(actor, id, 'Test case not found');
    const stopped = await this._db.transaction(async (tx) => {
      const [row] = await tx.select().from(testCases).where(eq(testCases.id, id)).for('update');
      if (!row || !GENERATING.includes(row.state as GenerationState)) return null;
      const restored = restoreFrom(row.generationBackup as Backup | null);
      await tx
        .update(testCases)
        .set({
          state: 'cancelled',
          finalMessage: `Generation cancelled.${restored ? ' The steps of the previous generation were restored.' : ''}`,
          ...(restored ?? {}),
          generationBackup: null,
          generationFinishedAt: new Date(),
          lastModifiedAt: new Date(),
        })
        .where(eq(testCases.id, id));
      return row.generationJobId;
    });
    if (stopped === null) throw new ConflictError(MESSAGES.notGenerating);
    // A job still waiting in the queue is dropped; a running one notices at its next heartbeat.
    await this._lease.cancel(stopped);
    await this._publish(id, 'updated', 'not_running');
    return this._testCases.get(actor, id);
  }

  /**
   * PUT /test-case/{id}/force-stop/{stepOrId} (mark complete): keeps the successful steps up to that
   * index (all of them when it is not a number), with their scripts. It finishes as completed only
   * when every instruction of the plan kept its step; else as failed, naming those without one.
   */
  async forceStop(actor: Actor, id: string, stepOrId: string): Promise<TestCase> {
    const { row: current } = await this._testCases.requireTest(actor, id, 'Test case not found');
    const last = /^\d{1,6}$/.test(stepOrId.trim()) ? Number(stepOrId.trim()) : null;
    // NOTE: read before the transaction: on PGlite (one connection) a query outside it would wait on it forever.
    const secretNames = await this._secretNames(current.testSuiteId);
    const changed = await this._db.transaction(async (tx) => {
      const [row] = await tx.select().from(testCases).where(eq(testCases.id, id)).for('update');
      if (!row) throw new NotFoundError('Test case not found');
      const steps = row.testGenerationSteps as GenerationStep[];
      if (last !== null && last >= steps.length)
        throw new ValidationError(`Step ${last} does not exist: the test has ${steps.length} steps`, {
          fields: { stepOrId: 'out_of_range' },
        });
      const kept = (last === null ? steps : steps.slice(0, last + 1)).filter(
        (step) => step.execution_succeded && isAction(step.action),
      );
      if (kept.length === 0)
        throw new ConflictError('There are no successful steps to keep: generate the test first.');
      const spec = scriptSpec(row, kept, secretNames);
      // Instructions left without a step are not passed (issue 28): the test stays failed and says which.
      const left = instructionsWithoutSteps(row.generationPlan, kept);
      await tx
        .update(testCases)
        .set({
          state: left.length > 0 ? 'failed' : 'completed',
          testGenerationSteps: kept.map((step, index) => ({ ...step, step_index: index })),
          finalScript: typescriptScript(spec),
          finalScriptPy: pythonScript(spec),
          finalMessage: markedCompleteMessage(kept.length, left),
          generationBackup: null,
          generationFinishedAt: new Date(),
          lastModifiedAt: new Date(),
        })
        .where(eq(testCases.id, id));
      return { wasGenerating: GENERATING.includes(row.state as GenerationState), jobId: row.generationJobId };
    });
    if (changed.wasGenerating) {
      await this._lease.cancel(changed.jobId);
      await this._publish(id, 'updated', 'not_running');
    } else await this._publish(id, 'updated');
    return this._testCases.get(actor, id);
  }

  /** PUT /test-case/{id}/user-feedback: corrects one step and resumes generation from it. */
  async feedback(actor: Actor, id: string, body: UserFeedbackBody): Promise<TestCase> {
    const testId = (id ?? '').trim() || body.test_case_id?.trim() || '';
    if (!testId)
      throw new ValidationError(MESSAGES.testCaseIdRequired, { fields: { test_case_id: 'required' } });
    if (body.test_case_id?.trim() && body.test_case_id.trim().toLowerCase() !== testId.toLowerCase())
      throw new ValidationError('The test case id in the body does not match the address', {
        fields: { test_case_id: 'mismatch' },
      });
    const { row } = await this._testCases.requireTest(actor, testId, 'Test case not found');
    // SPEC §5: feedback without a step index is ignored.
    if (body.step === undefined || body.step === null) return this._testCases.get(actor, testId);
    if (GENERATING.includes(row.state as GenerationState))
      throw new ConflictError(MESSAGES.alreadyGenerating);
    const steps = row.testGenerationSteps as GenerationStep[];
    const k = body.step;
    if (k < 0 || k >= steps.length)
      throw new ValidationError(`Step ${k} does not exist: the test has ${steps.length} steps`, {
        fields: { step: 'out_of_range' },
      });
    const step = steps[k];

    const instruction = body.action_description?.trim() || null;
    const point = body.locator_based_feedback ?? null;
    const hint = body.coder_hint?.trim() || null;
    const pythonCode = body.python_code?.trim() || null;
    const attemptIndex = body.code_attempt_index ?? null;
    const type: StoredUserFeedback['feedback_type'] =
      point || body.feedback_type === 'visual'
        ? 'visual'
        : instruction || hint || pythonCode || attemptIndex !== null
          ? 'text'
          : 'verified';
    if (body.feedback_type === 'text' && !instruction && !hint && !pythonCode && attemptIndex === null)
      throw new ValidationError('Say how the step should change: a new instruction, a hint, or code', {
        fields: { action_description: 'required' },
      });
    if (type === 'visual' && !point)
      throw new ValidationError('Visual feedback needs the point clicked on the screenshot', {
        fields: { locator_based_feedback: 'required' },
      });
    if (instruction !== null && instruction === step.step_description.trim())
      throw new ValidationError(MESSAGES.sameInstruction, { fields: { action_description: 'unchanged' } });
    if (
      point &&
      (!(point.x >= 0) || !(point.y >= 0) || point.x > row.viewportWidth || point.y > row.viewportHeight)
    )
      throw new ValidationError(
        `The point must be on the ${row.viewportWidth}×${row.viewportHeight} screenshot`,
        {
          fields: { locator_based_feedback: 'out_of_range' },
        },
      );
    if (point && k === 0)
      throw new ValidationError('The first step opens the page: there is nothing to click on before it', {
        fields: { step: 'no_page' },
      });
    let action: Action | null = null;
    if (attemptIndex !== null) {
      const attempt = step.unsuccessful_code_attempts[attemptIndex];
      if (!attempt)
        throw new ValidationError(`Step ${k} has no attempt ${attemptIndex}`, {
          fields: { code_attempt_index: 'out_of_range' },
        });
      if (!isAction(attempt.action))
        throw new ValidationError('That attempt found no element to act on', {
          fields: { code_attempt_index: 'no_action' },
        });
      action = attempt.action;
    }
    if (pythonCode) {
      try {
        action = parsePythonStatement(pythonCode);
      } catch (error) {
        if (error instanceof PythonCodeError)
          throw new ValidationError(`The Python statement could not be read: ${error.message}.`, {
            fields: { python_code: 'invalid' },
          });
        throw error;
      }
    }
    const stored: StoredUserFeedback = {
      feedback_type: type,
      action_description: instruction,
      action_name: body.action_name ?? null,
      code_attempt_index: attemptIndex,
      verified: body.verified ?? null,
      coder_hint: hint,
      python_code: pythonCode,
      locator_based_feedback: point,
      given_at: new Date().toISOString(),
    };

    if (type === 'verified') {
      // Only a verdict on the step: recorded, nothing to regenerate.
      const updated = steps.map((existing, index) =>
        index === k ? { ...existing, user_feedback: stored } : existing,
      );
      await this._db
        .update(testCases)
        .set({ testGenerationSteps: updated, lastModifiedAt: new Date() })
        .where(eq(testCases.id, testId));
      await this._publish(testId, 'updated');
      return this._testCases.get(actor, testId);
    }

    const plan = [
      ...((row.generationPlan as string[] | null) ?? steps.map((existing) => existing.step_description)),
    ];
    if (instruction) plan[k] = instruction;
    // The corrected sentence joins stored instructions: it keeps only the editor's markup too (issue 27).
    const description = instruction
      ? sanitizeInstructionsHtml(replaceSentence(row.description, step.step_description, instruction))
      : row.description;
    const feedback: StoredFeedback = { point, hint, action, stored };
    await this._begin(testId, {
      allowRunning: false,
      resume: { fromStep: k, plan, keptSteps: steps.slice(0, k), feedback, description },
    });
    return this._testCases.get(actor, testId);
  }

  /** The test's state for a watch (404 for a test the caller may not see). */
  async watchState(actor: Actor, id: string): Promise<{ state: string; generating: boolean }> {
    if (!id?.trim()) throw new ValidationError(MESSAGES.monitoringTestIdRequired);
    // A socket asks at every watch and every few seconds after: the state, not the test's steps.
    const state = await this._testCases.requireTestState(actor, id.trim(), 'Test case not found');
    return { state, generating: GENERATING.includes(state as GenerationState) };
  }

  // ── The job's side ────────────────────────────────────────────────────────────────────────────

  /** The suite's action cache, shared by every worker through the database. */
  cacheFor(claim: ClaimedGeneration): SuiteActionCache {
    return new SuiteActionCache(this._db, claim.suiteId, claim.secrets);
  }

  /** Takes the generation for this job; null when the job is stale (the test moved on). */
  async claim(job: GenerateJob): Promise<ClaimedGeneration | null> {
    const claimed = await this._lease.claim(job.testCaseId, job.jobId, {
      generationStartedAt: sql`coalesce(${testCases.generationStartedAt}, now())`,
      // The steps this job makes follow the words and website it reads now (an edit meanwhile makes them out of date).
      stepsSource: sql`jsonb_build_object('website', ${testCases.website}, 'description', ${testCases.description})`,
    });
    if (!claimed) return null;
    const { row } = claimed;
    const claimId = claimed.claim.claimId;
    await this._publish(row.id, 'updated');
    const feedback = row.generationFeedback as StoredFeedback | null;
    const secrets = await this._sharedParameters.valuesForSuite(row.testSuiteId);
    // The setup module as it is now (issue 13); a module that cannot run stops the generation, saying why.
    const prepared = await this.modules.prepare(row, []);
    if (!prepared.ok) {
      await this.finish(
        { testCaseId: row.id, jobId: job.jobId, claimId, secrets },
        'not_runnable',
        prepared.message,
        null,
      );
      return null;
    }
    return {
      testCaseId: row.id,
      jobId: job.jobId,
      claimId,
      suiteId: row.testSuiteId,
      name: row.name,
      website: row.website,
      instructions: row.description,
      language: row.programmingLanguage,
      viewport: { width: row.viewportWidth, height: row.viewportHeight },
      userAgent: row.userAgent,
      parameters: {
        // The generation's own test inbox (issue 32); a variable of the test with the same name comes first.
        inbox: await this._inbox.addressForGeneration(row.id, job.jobId),
        ...prepared.parameters,
        ...effectiveParameters(row.parameters, row.credentials),
      },
      secrets,
      secretHosts: await this._sharedParameters.hostsForSuite(row.testSuiteId),
      attempts: row.generationAttempts,
      plan: (row.generationPlan as string[] | null) ?? null,
      fromStep: row.generationFromStep ?? 0,
      keptSteps: (row.testGenerationSteps as GenerationStep[]).slice(0, row.generationFromStep ?? 0),
      feedback:
        feedback && isAction(feedback.action) ? feedback : feedback ? { ...feedback, action: null } : null,
      setupSteps: prepared.steps,
      storageState: prepared.storageState,
      modules: await this.modules.suiteModules(row.testSuiteId),
    };
  }

  async markRunning(claim: GenerationClaim): Promise<boolean> {
    return this._transition(claim, { state: 'running' });
  }

  /** The worker is alive; false means the generation was cancelled, completed or restarted meanwhile. */
  async heartbeat(claim: GenerationClaim): Promise<boolean> {
    return this._lease.heartbeat(leaseOf(claim));
  }

  async savePlan(claim: GenerationClaim, plan: string[]): Promise<boolean> {
    return this._transition(claim, { generationPlan: hideSecrets(plan, claim.secrets) });
  }

  async saveSteps(claim: GenerationClaim, steps: GenerationStep[]): Promise<boolean> {
    return this._transition(claim, {
      testGenerationSteps: hideSecrets(steps, claim.secrets),
      generationHeartbeatAt: new Date(),
    });
  }

  /**
   * Ends the generation. A passing one gets its scripts; a failing one restores the previous
   * generation's steps when there were any (regenerate and feedback keep them aside).
   */
  async finish(
    job: GenerationClaim,
    state: FinalState,
    message: string,
    steps: GenerationStep[] | null,
  ): Promise<boolean> {
    const hidden = { message: hideSecrets(message, job.secrets), steps: hideSecrets(steps, job.secrets) };
    const [owner] = await this._db
      .select({ suiteId: testCases.testSuiteId })
      .from(testCases)
      .where(this._lease.owned(leaseOf(job)));
    if (!owner) return false;
    const secretNames = await this._secretNames(owner.suiteId);
    const done = await this._db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(testCases)
        .where(this._lease.owned(leaseOf(job)))
        .for('update');
      if (!row) return false;
      const finalSteps = hidden.steps ?? (row.testGenerationSteps as GenerationStep[]);
      const failed = GENERATION_FAILED_STATES.includes(state as GenerationState);
      const restored = failed ? restoreFrom(row.generationBackup as Backup | null) : null;
      let scripts: { finalScript: string | null; finalScriptPy: string | null } = {
        finalScript: null,
        finalScriptPy: null,
      };
      if (state === 'passed') {
        const spec = scriptSpec(row, finalSteps, secretNames);
        scripts = { finalScript: typescriptScript(spec), finalScriptPy: pythonScript(spec) };
      }
      await tx
        .update(testCases)
        .set({
          state,
          finalMessage: restored
            ? `${hidden.message} The steps of the previous generation were restored.`
            : hidden.message,
          testGenerationSteps: finalSteps,
          ...scripts,
          ...(restored ?? {}),
          generationBackup: null,
          generationFeedback: null,
          generationFinishedAt: new Date(),
          lastModifiedAt: new Date(),
        })
        .where(eq(testCases.id, row.id));
      return true;
    });
    if (done) {
      await this._publish(job.testCaseId, 'updated', 'not_running');
      await this._collectGarbage(job.testCaseId);
    }
    return done;
  }

  /** Merges a trace's per-step summaries into the stored steps that refer to it (even after a person stopped the job). */
  async attachTrace(
    claim: GenerationClaim,
    traceId: string,
    entries: Map<number, GenerationStep['trace']>,
  ): Promise<void> {
    if (entries.size === 0) return;
    const testCaseId = claim.testCaseId;
    const changed = await this._db.transaction(async (tx) => {
      const [row] = await tx.select().from(testCases).where(eq(testCases.id, testCaseId)).for('update');
      if (!row) return false;
      let touched = false;
      const steps = (row.testGenerationSteps as GenerationStep[]).map((step) => {
        const trace = entries.get(step.step_index);
        if (!trace || step.trace_zip_path !== traceId) return step;
        touched = true;
        return { ...step, trace: hideSecrets(trace, claim.secrets) };
      });
      if (touched)
        await tx.update(testCases).set({ testGenerationSteps: steps }).where(eq(testCases.id, testCaseId));
      return touched;
    });
    if (changed) await this._publish(testCaseId, 'updated');
  }

  /** A worker shutting down hands its generation back to the queue (retrying), without counting an attempt. */
  async release(claim: GenerationClaim): Promise<boolean> {
    return this._lease.release(leaseOf(claim));
  }

  /**
   * Finds generations whose job can no longer finish them (the Lease's sweep): a dead worker's goes
   * back to retrying, or ends in error once its retries are spent; one whose job is gone is sent again.
   */
  async sweep(options: { assumeDead: boolean }): Promise<number> {
    const repaired = await this._lease.sweep(options);
    const now = Date.now();
    // Folders of deleted tests: a directory listing, so not on every sweep.
    if (now - this._orphansCollectedAt > ORPHAN_INTERVAL_MS) {
      this._orphansCollectedAt = now;
      await this.artifacts.collectOrphans().catch(() => 0);
    }
    return repaired;
  }

  // ── Internals ─────────────────────────────────────────────────────────────────────────────────

  private async _begin(
    id: string,
    options: {
      allowRunning: boolean;
      resume?: {
        fromStep: number;
        plan: string[];
        keptSteps: GenerationStep[];
        feedback: StoredFeedback;
        description: string;
      };
    },
  ): Promise<void> {
    const jobId = crypto.randomUUID();
    const previousJob = await this._db.transaction(async (tx) => {
      const [row] = await tx.select().from(testCases).where(eq(testCases.id, id)).for('update');
      if (!row) throw new NotFoundError('Test case not found');
      const running = GENERATING.includes(row.state as GenerationState);
      if (running && !options.allowRunning) throw new ConflictError(MESSAGES.alreadyGenerating);
      const steps = row.testGenerationSteps as GenerationStep[];
      // The backup is the last finished generation: a restart of a running one keeps the older backup.
      const backup: Backup | null = running
        ? (row.generationBackup as Backup | null)
        : steps.length > 0
          ? {
              steps,
              final_script: row.finalScript,
              final_script_py: row.finalScriptPy,
              state: row.state,
              final_message: row.finalMessage,
              plan: row.generationPlan as string[] | null,
              steps_source: row.stepsSource,
            }
          : null;
      const resume = options.resume;
      await tx
        .update(testCases)
        .set({
          state: 'pending',
          finalMessage: null,
          finalScript: null,
          finalScriptPy: null,
          testGenerationSteps: resume ? resume.keptSteps : [],
          generationBackup: backup as unknown as Record<string, unknown> | null,
          generationJobId: jobId,
          generationAttempts: 0,
          generationPlan: resume ? resume.plan : null,
          generationFromStep: resume ? resume.fromStep : null,
          generationFeedback: resume ? (resume.feedback as unknown as Record<string, unknown>) : null,
          ...(resume ? { description: resume.description } : {}),
          generationRequestedAt: new Date(),
          generationStartedAt: null,
          generationFinishedAt: null,
          generationHeartbeatAt: null,
          generationClaimId: null,
          generationWorker: null,
          lastModifiedAt: new Date(),
        })
        .where(eq(testCases.id, id));
      return running ? row.generationJobId : null;
    });
    await this._lease.cancel(previousJob);
    await this._publish(id, 'updated');
    // NOTE: sent after the commit; if this fails, the sweep sends it (the row already names the job).
    await this._lease.send(id, jobId).catch(() => undefined);
  }

  private async _transition(claim: GenerationClaim, values: LeaseValues): Promise<boolean> {
    return this._lease.transition(leaseOf(claim), values);
  }

  private async _secretNames(suiteId: string): Promise<string[]> {
    return Object.keys(await this._sharedParameters.valuesForSuite(suiteId));
  }

  private async _collectGarbage(testCaseId: string): Promise<void> {
    const [row] = await this._db
      .select({
        steps: testCases.testGenerationSteps,
        backup: testCases.generationBackup,
        state: testCases.state,
      })
      .from(testCases)
      .where(eq(testCases.id, testCaseId));
    if (!row || GENERATING.includes(row.state as GenerationState)) return;
    const keep = new Set<string>();
    const backupSteps = ((row.backup as Backup | null)?.steps ?? []) as GenerationStep[];
    for (const step of [...(row.steps as GenerationStep[]), ...backupSteps]) {
      for (const id of [step.screenshot_id, step.before_screenshot_id, step.trace_zip_path])
        if (id) keep.add(id);
    }
    await this.artifacts.collectGarbage(testCaseId, keep).catch(() => 0);
  }

  private async _publish(testId: string, ...types: GenerationEventType[]): Promise<void> {
    for (const type of types) await this._events.publish({ testId, type }).catch(() => undefined);
  }
}

function leaseOf(claim: GenerationClaim): LeaseClaim {
  return { id: claim.testCaseId, claimId: claim.claimId };
}

function scriptSpec(row: Row, steps: GenerationStep[], secretNames: string[]): ScriptSpec {
  return {
    name: row.name,
    steps: steps
      .filter((step) => isAction(step.action))
      .map((step) => ({ description: step.step_description, action: step.action as Action })),
    parameters: effectiveParameters(row.parameters, row.credentials),
    secretNames,
    viewport: { width: row.viewportWidth, height: row.viewportHeight },
    userAgent: row.userAgent,
  };
}

function restoreFrom(backup: Backup | null): Partial<typeof testCases.$inferInsert> | null {
  if (!backup || !Array.isArray(backup.steps) || backup.steps.length === 0) return null;
  return {
    testGenerationSteps: backup.steps,
    finalScript: backup.final_script,
    finalScriptPy: backup.final_script_py,
    generationPlan: backup.plan,
    stepsSource: backup.steps_source ?? null,
  };
}

/** Mark complete's final message: the steps kept and how many instructions (instructions_without_steps) lost theirs. */
export function markedCompleteMessage(kept: number, left: string[]): string {
  const marked = `Marked as completed with ${kept} ${kept === 1 ? 'step' : 'steps'}.`;
  if (left.length === 0) return marked;
  return left.length === 1
    ? `${marked} 1 instruction has no step, so the test does not cover it.`
    : `${marked} ${left.length} instructions have no steps, so the test does not cover them.`;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Rewrites one sentence of the instructions (plain or HTML), so a later regeneration keeps a person's correction. */
export function replaceSentence(description: string, from: string, to: string): string {
  if (description.includes(from)) return description.replace(from, to);
  const escape = (text: string) => text.replace(/[&<>"]/g, (char) => HTML_ESCAPES[char]);
  if (description.includes(escape(from))) return description.replace(escape(from), escape(to));
  return description;
}
