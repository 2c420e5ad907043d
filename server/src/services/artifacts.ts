import crypto from 'node:crypto';
import fs from 'node:fs';
import { and, desc, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { type Db } from '../db/client';
import { artifacts, organizationMembers, testCases, testSuites } from '../db/schema';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors';
import { isUuid } from '../lib/validate';
import { type ArtifactStorage, type UrlSigner, CONTENT_TYPES, isArtifactKey } from '../storage';
import { GENERATION_MESSAGES, type SignedImage, type SignedTrace } from '../../../contract/generation';
import { type Actor } from './actor';

type ArtifactKind = 'screenshot' | 'trace' | 'log';

const EXTENSIONS: Record<ArtifactKind, string> = { screenshot: 'jpg', trace: 'zip', log: 'log' };

export const TRACE_LINK_REFUSALS = {
  foreign:
    "The trace viewer opens only this server's own trace links. Open the trace from its step or run in Plainwright.",
  expired: 'This trace link has expired: open the trace again from its step or run.',
  invalid: 'This trace link is not valid: open the trace again from its step or run.',
} as const;

/** The host a blob: URL belongs to (`blob:http://host/uuid`), or null. */
function blobHost(url: URL): string | null {
  try {
    return new URL(url.pathname).host;
  } catch {
    return null;
  }
}

/** Screenshots and traces: stored files, rows that tie them to a test, and short-lived links. */
export class ArtifactService {
  constructor(
    private readonly _db: Db,
    private readonly _storage: ArtifactStorage,
    private readonly _signer: UrlSigner,
  ) {}

  async save(
    testCaseId: string,
    kind: ArtifactKind,
    data: Buffer,
    id: string = crypto.randomUUID(),
    /** A run's file (issue 6): found by run and name, left alone by generation garbage collection. */
    run?: { runId: string; name: string },
  ): Promise<string> {
    const extension = EXTENSIONS[kind];
    const storageKey = `${testCaseId}/${id}.${extension}`;
    await this._storage.put(storageKey, data);
    await this._db.insert(artifacts).values({
      id,
      testCaseId,
      kind,
      storageKey,
      contentType: CONTENT_TYPES[extension],
      size: data.length,
      runId: run?.runId ?? null,
      name: run?.name ?? null,
    });
    return id;
  }

  /**
   * Copies a test's generation files (screenshots, traces) that `ids` name to another test, under new
   * ids: a duplicated test keeps its evidence when the original is deleted. Answers old id → new id.
   */
  async copyToTest(fromTestId: string, toTestId: string, ids: string[]): Promise<Map<string, string>> {
    const copied = new Map<string, string>();
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return copied;
    const rows = await this._db
      .select()
      .from(artifacts)
      .where(
        and(eq(artifacts.testCaseId, fromTestId), inArray(artifacts.id, wanted), isNull(artifacts.runId)),
      );
    for (const row of rows) {
      const file = this._storage.pathOf(row.storageKey);
      if (!file) continue;
      const id = crypto.randomUUID();
      const storageKey = `${toTestId}/${id}.${row.storageKey.split('.').pop()}`;
      await this._storage.put(storageKey, await fs.promises.readFile(file));
      await this._db.insert(artifacts).values({
        id,
        testCaseId: toTestId,
        kind: row.kind,
        storageKey,
        contentType: row.contentType,
        size: row.size,
      });
      copied.set(row.id, id);
    }
    return copied;
  }

  /** Deletes a run's files (an earlier attempt's, before the run starts again). */
  async deleteRunArtifacts(runId: string): Promise<number> {
    const doomed = await this._db
      .delete(artifacts)
      .where(eq(artifacts.runId, runId))
      .returning({ storageKey: artifacts.storageKey });
    for (const { storageKey } of doomed) await this._storage.delete(storageKey).catch(() => undefined);
    return doomed.length;
  }

  /** A signed link to a run's file by name; the caller has checked the run is theirs. Null when there is none. */
  async signRunArtifact(
    runId: string,
    name: string,
  ): Promise<{ id: string; url: string; expiresAt: Date; contentType: string } | null> {
    const [row] = await this._db
      .select({ id: artifacts.id, storageKey: artifacts.storageKey, contentType: artifacts.contentType })
      .from(artifacts)
      .where(and(eq(artifacts.runId, runId), eq(artifacts.name, name)))
      .orderBy(desc(artifacts.createdAt))
      .limit(1);
    if (!row) return null;
    const link = this._signer.sign(row.storageKey);
    return { id: row.id, url: link.url, expiresAt: link.expiresAt, contentType: row.contentType };
  }

  /**
   * Signed links to a test's own screenshots among `ids` (a shared test's steps); others are left out.
   * They are embeddable: a public share's page and images may be shown on other sites.
   */
  async signTestScreenshots(testCaseId: string, ids: string[]): Promise<Map<string, string>> {
    const wanted = ids.filter(isUuid);
    if (wanted.length === 0) return new Map();
    const rows = await this._db
      .select({ id: artifacts.id, storageKey: artifacts.storageKey })
      .from(artifacts)
      .where(
        and(
          inArray(artifacts.id, wanted),
          eq(artifacts.testCaseId, testCaseId),
          eq(artifacts.kind, 'screenshot'),
        ),
      );
    return new Map(rows.map((row) => [row.id, this._signer.sign(row.storageKey, Date.now(), true).url]));
  }

  /** GET /images/{id}: a link the browser loads without a token, if the caller may see the test. */
  async imageUrl(actor: Actor, id: string | undefined): Promise<SignedImage> {
    if (!id?.trim())
      throw new ValidationError(GENERATION_MESSAGES.imageIdRequired, { fields: { id: 'required' } });
    const row = await this._visible(actor, id.trim(), 'screenshot');
    if (!row) throw new NotFoundError('Image not found');
    const link = this._signer.sign(row.storageKey);
    return { id: row.id, url: link.url, expires_at: link.expiresAt.toISOString() };
  }

  /** The trace of a step of a test the caller may see, and the trace viewer opened on it. */
  async traceUrl(actor: Actor, testCaseId: string, stepIndexText: string): Promise<SignedTrace> {
    const stepIndex = Number(stepIndexText);
    if (!/^\d{1,6}$/.test(stepIndexText))
      throw new ValidationError('The step index must be a whole number', {
        fields: { stepIndex: 'invalid' },
      });
    if (!isUuid(testCaseId)) throw new NotFoundError('Test case not found');
    const [test] = await this._db
      .select({ steps: testCases.testGenerationSteps })
      .from(testCases)
      .innerJoin(testSuites, eq(testSuites.id, testCases.testSuiteId))
      .innerJoin(
        organizationMembers,
        and(eq(organizationMembers.orgId, testSuites.orgId), eq(organizationMembers.userId, actor.id)),
      )
      .where(eq(testCases.id, testCaseId));
    if (!test) throw new NotFoundError('Test case not found');
    const step = test.steps[stepIndex] as { trace_zip_path?: string | null } | undefined;
    if (!step) throw new NotFoundError(`Step ${stepIndex} does not exist`);
    if (!step.trace_zip_path) throw new NotFoundError('This step has no trace');
    const row = await this._visible(actor, step.trace_zip_path, 'trace');
    if (!row) throw new NotFoundError('The trace is not saved yet: it is stored when the generation ends');
    const link = this._signer.sign(row.storageKey);
    return {
      test_case_id: testCaseId,
      step_index: stepIndex,
      trace_id: row.id,
      url: link.url,
      viewer_url: `/trace/index.html?trace=${encodeURIComponent(link.url)}`,
      expires_at: link.expiresAt.toISOString(),
    };
  }

  /**
   * Why the trace viewer must not open `trace`, or null when it is this server's own signed link to a
   * trace (issue 27: `/trace/?trace=` loaded a trace from any origin into ours). `ownHost` is the
   * Host the viewer was asked by: a relative link is on it, an absolute one must name it.
   */
  traceLinkRefusal(trace: string, ownHost: string): string | null {
    let url: URL;
    try {
      url = new URL(trace, `http://${ownHost}`);
    } catch {
      return TRACE_LINK_REFUSALS.foreign;
    }
    // A file the person dropped on the viewer is a blob of the viewer's own page (seen again on reload).
    if (url.protocol === 'blob:') return blobHost(url) === ownHost ? null : TRACE_LINK_REFUSALS.foreign;
    if (!['http:', 'https:'].includes(url.protocol) || url.host !== ownHost)
      return TRACE_LINK_REFUSALS.foreign;
    const key = this._signer.keyOfPath(url.pathname);
    if (!key?.endsWith('.zip')) return TRACE_LINK_REFUSALS.foreign;
    const verdict = this._signer.verify(
      key,
      url.searchParams.get('expires') ?? undefined,
      url.searchParams.get('signature') ?? undefined,
    );
    if (verdict === 'expired') return TRACE_LINK_REFUSALS.expired;
    return verdict === 'ok' ? null : TRACE_LINK_REFUSALS.invalid;
  }

  /** The file behind a signed link, or why it cannot be had; `embeddable` when its link says so (`embed=1`). */
  signedFile(
    key: string,
    expires: string | undefined,
    signature: string | undefined,
    embed?: string,
  ): { path: string; contentType: string; embeddable: boolean } {
    if (!isArtifactKey(key)) throw new NotFoundError('File not found');
    const embeddable = embed === '1';
    const verdict = this._signer.verify(key, expires, signature, Date.now(), embeddable);
    if (verdict === 'expired') throw new ForbiddenError('This link has expired: ask for a new one.');
    if (verdict !== 'ok') throw new ForbiddenError('This link is not valid.');
    const file = this._storage.pathOf(key);
    if (!file) throw new NotFoundError('File not found');
    return {
      path: file,
      contentType: CONTENT_TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream',
      embeddable,
    };
  }

  /** Deletes a test's generation artifacts that no step refers to any more (older generations, failed tries); runs keep theirs. */
  async collectGarbage(testCaseId: string, keep: Set<string>): Promise<number> {
    const ids = [...keep].filter(isUuid);
    const doomed = await this._db
      .delete(artifacts)
      .where(
        and(
          eq(artifacts.testCaseId, testCaseId),
          isNull(artifacts.runId),
          ids.length > 0 ? notInArray(artifacts.id, ids) : undefined,
        ),
      )
      .returning({ storageKey: artifacts.storageKey });
    for (const { storageKey } of doomed) await this._storage.delete(storageKey).catch(() => undefined);
    return doomed.length;
  }

  /** Removes the folders of tests that no longer exist (their rows went with the test). */
  async collectOrphans(): Promise<number> {
    const owners = (await this._storage.listOwners()).filter(isUuid);
    if (owners.length === 0) return 0;
    const alive = new Set(
      (await this._db.select({ id: testCases.id }).from(testCases).where(inArray(testCases.id, owners))).map(
        (row) => row.id,
      ),
    );
    const gone = owners.filter((owner) => !alive.has(owner));
    for (const owner of gone) await this._storage.deleteOwner(owner);
    return gone.length;
  }

  private async _visible(actor: Actor, id: string, kind: ArtifactKind) {
    if (!isUuid(id)) return null;
    const [row] = await this._db
      .select({ id: artifacts.id, storageKey: artifacts.storageKey })
      .from(artifacts)
      .innerJoin(testCases, eq(testCases.id, artifacts.testCaseId))
      .innerJoin(testSuites, eq(testSuites.id, testCases.testSuiteId))
      .innerJoin(
        organizationMembers,
        and(eq(organizationMembers.orgId, testSuites.orgId), eq(organizationMembers.userId, actor.id)),
      )
      .where(and(eq(artifacts.id, id), eq(artifacts.kind, kind)));
    return row ?? null;
  }
}
