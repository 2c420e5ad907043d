import { and, eq, inArray, ne } from 'drizzle-orm';
import { type Db } from '../db/client';
import {
  organizationMembers,
  sharedParameters,
  testCases,
  testCaseSharedParameters,
  testSuites,
} from '../db/schema';
import { isAction } from '../runner/actions';
import { effectiveParameters } from '../../../contract/testCases';
import { RUNNING_STATES, type RunState } from '../../../contract/states';
import { pythonScript, type ScriptSpec, typescriptScript } from '../runner/codegen';
import { ConflictError, NotFoundError, ValidationError } from '../errors';
import {
  SHARE_MESSAGES as MESSAGES,
  SLUG_PATTERN,
  type PublishBody,
  type PublishResult,
  type ShareState,
  type SharedStep,
  type SharedTest,
  type ShareVisibility,
} from '../../../contract/sharing';
import { type Actor } from './actor';
import { type ArtifactService } from './artifacts';
import { exportedSteps } from './exportedCode';
import { type TestCaseService } from './testCases';
import { isUniqueViolation } from './testSuites';

type TestRow = typeof testCases.$inferSelect;

const SLUG = new RegExp(SLUG_PATTERN);

/** Where a link name must be unique: among public shares, or among one organization's private ones. */
function shareScope(visibility: ShareVisibility, orgId: string): string {
  return visibility === 'public' ? 'public' : orgId;
}

/**
 * The badge's words and colour for a test's latest run. A cancelled run (a person's Cancel, or
 * `plainwright ci`'s timeout) reads cancelled, as the test list and the share page say it; a pass on
 * the retry reads flaky (amber) and a run that could not run reads not runnable (grey), never passing
 * or failing (issue 28).
 */
export type BadgeStatus =
  'passing' | 'failing' | 'flaky' | 'not runnable' | 'cancelled' | 'running' | 'no runs';

/**
 * Sharing a test under a link name (issue 15): public (anyone with the link) or private (signed-in
 * members of its organization). What a share shows is chosen field by field: the test's words, steps,
 * code and latest status — never its secrets' values, its variables' values, nor anything else of the
 * organization.
 */
export class SharingService {
  constructor(
    private readonly _db: Db,
    private readonly _testCases: TestCaseService,
    private readonly _artifacts: ArtifactService,
  ) {}

  /** GET /test-case/{id}/share: how the test is shared now, or null. */
  async state(actor: Actor, testCaseId: string): Promise<ShareState | null> {
    const { row } = await this._testCases.requireTest(actor, testCaseId, 'Test case not found');
    return shareStateOf(row);
  }

  /** PUT /test-case/{id}/publish?slug=: shares the test, or changes its link name or who may open it. */
  async publish(
    actor: Actor,
    testCaseId: string,
    querySlug: string | undefined,
    body: PublishBody | null,
  ): Promise<PublishResult> {
    const { row, orgId } = await this._testCases.requireTest(actor, testCaseId, 'Test case not found');
    const slug = (body?.slug ?? querySlug ?? '').trim().toLowerCase();
    if (!SLUG.test(slug))
      throw new ValidationError(MESSAGES.slugInvalid, { fields: { slug: slug ? 'invalid' : 'required' } });
    const given = body?.visibility?.trim();
    if (given !== undefined && given !== 'public' && given !== 'private')
      throw new ValidationError(MESSAGES.visibilityInvalid, { fields: { visibility: 'invalid' } });
    // NOTE: unsaid, a share is private: nobody outside the organization sees it by accident.
    const visibility: ShareVisibility = given ?? row.shareVisibility ?? 'private';
    const sharedAt = row.shareSlug === slug && row.sharedAt ? row.sharedAt : new Date();
    // One link name opens one test of an organization, whoever may open it (the index keeps the scopes).
    if (await this._takenInOrganization(orgId, slug, row.id))
      throw new ConflictError(MESSAGES.slugTaken, { fields: { slug: 'taken' } });
    try {
      const [updated] = await this._db
        .update(testCases)
        .set({
          shareSlug: slug,
          shareVisibility: visibility,
          sharedAt,
          shareScope: shareScope(visibility, orgId),
        })
        .where(eq(testCases.id, row.id))
        .returning();
      return { message: MESSAGES.published, share: shareStateOf(updated)! };
    } catch (error) {
      if (isUniqueViolation(error))
        throw new ConflictError(MESSAGES.slugTaken, { fields: { slug: 'taken' } });
      throw error;
    }
  }

  private async _takenInOrganization(orgId: string, slug: string, testCaseId: string): Promise<boolean> {
    const [other] = await this._db
      .select({ id: testCases.id })
      .from(testCases)
      .innerJoin(testSuites, eq(testSuites.id, testCases.testSuiteId))
      .where(and(eq(testSuites.orgId, orgId), eq(testCases.shareSlug, slug), ne(testCases.id, testCaseId)))
      .limit(1);
    return other !== undefined;
  }

  /** DELETE /test-case/{id}/publish: the link stops working at once. */
  async unpublish(actor: Actor, testCaseId: string): Promise<{ message: string }> {
    const { row } = await this._testCases.requireTest(actor, testCaseId, 'Test case not found');
    await this._db
      .update(testCases)
      .set({ shareSlug: null, shareVisibility: null, sharedAt: null, shareScope: null })
      .where(eq(testCases.id, row.id));
    return { message: MESSAGES.unpublished };
  }

  /**
   * GET /shared/{slug}: a public share for anyone; a private one for members of its organization.
   * Anything else — unknown, withdrawn, or private to someone else — is the same 404.
   */
  async sharedTest(actor: Actor | null, rawSlug: string): Promise<SharedTest> {
    const row = await this._readable(actor, rawSlug);
    const steps = await this._steps(row);
    return {
      slug: row.shareSlug!,
      visibility: row.shareVisibility!,
      name: row.name,
      website: row.website,
      instructions: row.description,
      steps,
      latest_run:
        row.latestRunStatus && row.latestRunTime
          ? { status: row.latestRunStatus, at: row.latestRunTime.toISOString() }
          : null,
      code: await this._code(row),
      published_at: row.sharedAt!.toISOString(),
    };
  }

  /** The badge of a public share; a private or unknown one has none (404). */
  async badge(rawSlug: string): Promise<BadgeStatus> {
    const row = await this._readable(null, rawSlug);
    return badgeStatus(row.latestRunStatus);
  }

  /**
   * The share a link name opens for the caller: a private one of their own organizations first (link
   * names are unique per organization among private shares), else the public one.
   */
  private async _readable(actor: Actor | null, rawSlug: string): Promise<TestRow> {
    const slug = rawSlug.trim().toLowerCase();
    if (!SLUG.test(slug)) throw new NotFoundError(MESSAGES.notFound);
    const found = await this._db
      .select({ row: testCases, orgId: testSuites.orgId })
      .from(testCases)
      .innerJoin(testSuites, eq(testSuites.id, testCases.testSuiteId))
      .where(eq(testCases.shareSlug, slug));
    const shared = found.filter(({ row }) => row.sharedAt && row.shareVisibility);
    // A private share: the caller must be a person of its organization (a CI key never is).
    const privates = shared.filter(({ row }) => row.shareVisibility === 'private');
    if (actor && !actor.serviceAccountOrgId && privates.length > 0) {
      const memberships = await this._db
        .select({ orgId: organizationMembers.orgId })
        .from(organizationMembers)
        .where(
          and(
            eq(organizationMembers.userId, actor.id),
            inArray(
              organizationMembers.orgId,
              privates.map(({ orgId }) => orgId),
            ),
          ),
        );
      const mine = privates.find(({ orgId }) => memberships.some((member) => member.orgId === orgId));
      if (mine) return mine.row;
    }
    const open = shared.find(({ row }) => row.shareVisibility === 'public');
    if (!open) throw new NotFoundError(MESSAGES.notFound);
    return open.row;
  }

  /**
   * The exported test, written again with the variables' values left out (a reader sets PARAM_<NAME>):
   * the stored scripts carry them as defaults. Secrets are never in either: they are read by name.
   */
  private async _code(row: TestRow): Promise<SharedTest['code']> {
    const generated = (row.testGenerationSteps as StoredStep[]).filter(
      (step) => step?.execution_succeded && isAction(step.action),
    );
    if (generated.length === 0) return { typescript: '', python: '' };
    // The steps on the test's website now, as it runs and exports (issue 28).
    const steps = exportedSteps({ ...row, testGenerationSteps: generated });
    const secrets = await this._db
      .select({ key: sharedParameters.key })
      .from(testCaseSharedParameters)
      .innerJoin(sharedParameters, eq(sharedParameters.id, testCaseSharedParameters.sharedParameterId))
      .where(eq(testCaseSharedParameters.testCaseId, row.id));
    const variables = effectiveParameters(row.parameters, row.credentials);
    const spec: ScriptSpec = {
      name: row.name,
      steps,
      parameters: Object.fromEntries(Object.keys(variables).map((name) => [name, ''])),
      secretNames: secrets.map((secret) => secret.key),
      viewport: { width: row.viewportWidth, height: row.viewportHeight },
      userAgent: row.userAgent,
    };
    return { typescript: typescriptScript(spec), python: pythonScript(spec) };
  }

  /** The steps' words, code and signed screenshots (only the test's own screenshots are signed). */
  private async _steps(row: TestRow): Promise<SharedStep[]> {
    const stored = (row.testGenerationSteps as StoredStep[]).filter(
      (step) => step && typeof step === 'object',
    );
    const signed = await this._artifacts.signTestScreenshots(
      row.id,
      stored.map((step) => step.screenshot_id).filter((id): id is string => typeof id === 'string'),
    );
    const typescript = row.programmingLanguage !== 'python';
    return stored.map((step) => ({
      description: typeof step.step_description === 'string' ? step.step_description : '',
      code: String(
        (typescript ? step.generated_code_ts : step.generated_code_py) ?? step.generated_code ?? '',
      ),
      screenshot_url: (step.screenshot_id && signed.get(step.screenshot_id)) ?? null,
    }));
  }
}

interface StoredStep {
  step_description?: unknown;
  generated_code?: unknown;
  generated_code_ts?: unknown;
  generated_code_py?: unknown;
  screenshot_id?: string | null;
  execution_succeded?: boolean;
  action?: unknown;
}

function shareStateOf(row: TestRow): ShareState | null {
  if (!row.shareSlug || !row.shareVisibility || !row.sharedAt) return null;
  return {
    slug: row.shareSlug,
    visibility: row.shareVisibility,
    published_at: row.sharedAt.toISOString(),
    path: `/shared/${row.shareSlug}`,
    badge_path: row.shareVisibility === 'public' ? `/api/shared/${row.shareSlug}/badge.svg` : null,
  };
}

export function badgeStatus(latest: string | null): BadgeStatus {
  if (latest === 'passed') return 'passing';
  if (latest === 'flaky') return 'flaky';
  if (latest === 'not_runnable') return 'not runnable';
  if (latest === 'queued' || RUNNING_STATES.includes(latest as RunState)) return 'running';
  if (latest === 'cancelled') return 'cancelled';
  if (!latest) return 'no runs';
  return 'failing';
}

const BADGE_COLOURS: Record<BadgeStatus, string> = {
  passing: '#2e7d32',
  failing: '#c62828',
  flaky: '#dfb317',
  'not runnable': '#9e9e9e',
  // The SPA's colour for a cancelled run (SPEC §4's error: MUI's warning).
  cancelled: '#e65100',
  running: '#1565c0',
  'no runs': '#757575',
};

/** A flat two-part badge, "plainwright | passing", sized for the words (Verdana 11px widths, roughly). */
export function badgeSvg(status: BadgeStatus): string {
  const label = 'plainwright';
  const width = (text: string) => Math.round(text.length * 6.5 + 10);
  const left = width(label);
  const right = width(status);
  const total = left + right;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${total}" height="20" role="img" aria-label="${label}: ${status}">
<title>${label}: ${status}</title>
<clipPath id="r"><rect width="${total}" height="20" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)"><rect width="${left}" height="20" fill="#555"/><rect x="${left}" width="${right}" height="20" fill="${BADGE_COLOURS[status]}"/></g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,Geneva,DejaVu Sans,sans-serif" font-size="11">
<text x="${left / 2}" y="14">${label}</text><text x="${left + right / 2}" y="14">${status}</text></g>
</svg>`;
}
