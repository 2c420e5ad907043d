import crypto from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { and, desc, eq, sql } from 'drizzle-orm';
import { type Db } from '../db/client';
import { inMillisecond } from '../db/runGroups';
import { alertDeliveries, testCollections, type testRuns, testSuites } from '../db/schema';
import { NotFoundError, ValidationError } from '../errors';
import { type QueuePort } from '../tracking/queue';
import { decrypt, encrypt, randomToken } from '../lib/crypto';
import { type RefusalReason, TargetPolicy, type TestTargets } from '../runner/targetGuard';
import {
  ALERT_LIMITS as LIMITS,
  ALERT_MESSAGES as MESSAGES,
  WEBHOOK_HEADERS,
  type AlertDelivery,
  type AlertEvent,
  type AlertPayload,
  type AlertSettingsBody,
  type CollectionAlerts,
  type SigningSecret,
} from '../../../contract/alerts';
import { type AlertOn, type RunCounts } from '../../../contract/collections';
import { RUNNING_STATES, type RunState } from '../../../contract/states';
import { type Actor } from './actor';
import { type CollectionService } from './collections';
import { type MailService } from './mail';

export const ALERT_QUEUE = 'alert-delivery';

/** A webhook that has not answered after this long has failed (pg-boss tries again). */
const WEBHOOK_TIMEOUT_MS = 10_000;

/** A run that counts as a failure of its group: flaky is not one (nobody is woken for a flake). */
const FAILED: RunState[] = ['failed', 'not_runnable'];

const COUNTED_AS: Record<RunState, keyof RunCounts> = {
  pending: 'pending',
  scheduled: 'pending',
  waiting_for_executor: 'pending',
  running: 'running',
  passed: 'passed',
  failed: 'failed',
  cancelled: 'cancelled',
  not_runnable: 'error',
  flaky: 'flaky',
};

/** Why a webhook address is refused, in words (targetGuard's reasons, said of an alert). */
const REFUSED_BECAUSE: Record<RefusalReason, string> = {
  own: "the Plainwright server's own address",
  linkLocal: 'a link-local address, where cloud metadata services answer',
  metadata: 'a cloud metadata address',
  unspecified: 'an unspecified address, which reaches this machine',
  loopback: 'a loopback address, and this server denies private networks',
  private: 'a private network address, and this server denies private networks',
};

// A bare address (issue 27): the mail library reads `victim<attacker@evil.example>` as a name and an
// address and delivers to the address, so a local part holds only the characters of a dot-atom and the
// domain only labels: no <>, quotes, commas, spaces or brackets. The mail server has the last word.
const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/**
 * What a failed delivery stores (issue 27): a plain reason, never the system's message, which names
 * the address and port it tried (`connect ECONNREFUSED 127.0.0.1:5433` tells a member which ports
 * of the server's machine listen).
 */
const PLAIN_REASONS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  EPIPE: 'connection reset',
  ETIMEDOUT: 'timed out',
  ESOCKETTIMEDOUT: 'timed out',
  ETIMEOUT: 'timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  EDNS: 'host not found',
  ECONNECTION: 'connection failed',
  ETLS: 'TLS failed',
  EAUTH: 'the mail server refused our sign-in',
  EENVELOPE: 'the mail server refused the address',
};

/** A failure whose message is already plain (the webhook's status, a timeout, a refused address). */
class DeliveryFailure extends Error {
  override name = 'DeliveryFailure';
}

function plainReason(error: unknown): string {
  if (error instanceof DeliveryFailure) return error.message;
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  if (typeof responseCode === 'number') return `the mail server answered ${responseCode}`;
  if (typeof code !== 'string') return 'delivery failed';
  if (PLAIN_REASONS[code]) return PLAIN_REASONS[code];
  return /CERT|TLS|SSL/.test(code) ? 'TLS certificate refused' : 'connection failed';
}

type CollectionRow = typeof testCollections.$inferSelect;
type DeliveryRow = typeof alertDeliveries.$inferSelect;
type RunRow = typeof testRuns.$inferSelect;

interface GroupRun {
  id: string;
  test_case_id: string;
  test_name: string;
  status: RunState;
  failing_step_index: number | null;
  error_message: string | null;
  /** Its test is quarantined (issue 33): its failure sends no alert. */
  quarantined: boolean;
}

/** A run that fails its group: failed or could not run, of a test that is not quarantined (issue 33). */
const failsGroup = (run: GroupRun) => FAILED.includes(run.status) && !run.quarantined;

/** What the alert-delivery job is given: the delivery row to work. */
export interface AlertJob {
  deliveryId: string;
}

/**
 * Alerts of a collection (issue 12): when a run group ends in failure, or recovers from one, each
 * recipient gets one delivery row and one pg-boss job that e-mails it or posts to its webhook.
 */
export class AlertService {
  constructor(
    private readonly _db: Db,
    private readonly _queue: QueuePort | null,
    private readonly _mail: MailService,
    private readonly _collections: CollectionService,
    /** The server's secret, which seals the webhooks' signing keys. */
    private readonly _secret: string,
    private readonly _targets: TestTargets,
    private readonly _publicUrl: string,
  ) {}

  // ── Asked for by people ───────────────────────────────────────────────────────────────────────

  /** GET /test-suites/collection/{id}/alerts. */
  async get(actor: Actor, collectionId: string | undefined): Promise<CollectionAlerts> {
    const row = await this._collections.requireCollection(actor, collectionId);
    return this._read(row);
  }

  /** PUT /test-suites/collection/{id}/alerts: the whole settings, checked, lists deduplicated. */
  async update(
    actor: Actor,
    collectionId: string | undefined,
    body: AlertSettingsBody,
  ): Promise<CollectionAlerts> {
    const current = await this._collections.requireCollection(actor, collectionId);
    const alertOn = body.alert_on.trim().toLowerCase();
    if (!isAlertOn(alertOn))
      throw new ValidationError(MESSAGES.alertOnInvalid, { fields: { alert_on: 'invalid' } });
    const emails = [...new Set(body.emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
    const bad = emails.find((email) => !EMAIL.test(email));
    if (bad !== undefined)
      throw new ValidationError(MESSAGES.emailInvalid, {
        fields: { emails: 'invalid' },
        problems: [`${MESSAGES.emailInvalid}: "${bad}" is not one.`],
      });
    const webhooks: string[] = [];
    for (const raw of body.webhooks) {
      const webhook = raw.trim();
      if (!webhook) continue;
      const url = webhookUrl(webhook);
      if (!url)
        throw new ValidationError(MESSAGES.webhookInvalid, {
          fields: { webhooks: 'invalid' },
          problems: [`${MESSAGES.webhookInvalid}: "${webhook.slice(0, 200)}" is not one.`],
        });
      const refused = await this._refuseWebhook(url);
      if (refused)
        throw new ValidationError(refused, { fields: { webhooks: 'refused' }, problems: [refused] });
      if (!webhooks.includes(url.toString())) webhooks.push(url.toString());
    }
    if (emails.length > LIMITS.emails || webhooks.length > LIMITS.webhooks)
      throw new ValidationError(MESSAGES.tooMany, { fields: { emails: 'too_many', webhooks: 'too_many' } });
    const [row] = await this._db
      .update(testCollections)
      .set({
        alertOn,
        alertEmails: emails,
        alertWebhooks: webhooks,
        retryOnFailure: body.retry_on_failure,
        lastModifiedAt: new Date(),
      })
      .where(eq(testCollections.id, current.id))
      .returning();
    if (!row) throw new NotFoundError('Test collection not found');
    return this._read(row);
  }

  /** POST /test-suites/collection/{id}/alerts/signing-secret: a new key; the old one stops signing. */
  async rotateSigningSecret(actor: Actor, collectionId: string | undefined): Promise<SigningSecret> {
    const row = await this._collections.requireCollection(actor, collectionId);
    const key = randomToken(32);
    await this._db
      .update(testCollections)
      .set({ alertSigningSecret: encrypt(key, this._secret), lastModifiedAt: new Date() })
      .where(eq(testCollections.id, row.id));
    return { signing_secret: key };
  }

  // ── When runs end ─────────────────────────────────────────────────────────────────────────────

  /**
   * A run ended: when its group is finished, the group's alert (if the collection wants one) gets a
   * delivery row per recipient. Two runs ending at once may both get here with the group finished:
   * the unique index on (collection, group, channel, target) keeps one row each, and only the
   * caller that inserted a row sends its job.
   */
  async runEnded(run: RunRow): Promise<void> {
    if (!run.collectionId) return;
    const [collection] = await this._db
      .select()
      .from(testCollections)
      .where(eq(testCollections.id, run.collectionId));
    if (!collection || collection.alertOn === 'never') return;
    if (collection.alertEmails.length === 0 && collection.alertWebhooks.length === 0) return;
    const group = await this._groupRuns(collection.id, run.createdAt);
    if (group.length === 0 || group.some((row) => RUNNING_STATES.includes(row.status))) return;
    // A cancelled group said nothing about the website: no alert.
    if (group.some((row) => row.status === 'cancelled')) return;
    const failed = group.some(failsGroup);
    let event: AlertEvent | null = failed ? 'failure' : null;
    if (!failed && (await this._previousGroupFailed(collection.id, run.createdAt))) event = 'recovery';
    if (!event || !covers(collection.alertOn as AlertOn, event)) return;
    const targets = [
      ...collection.alertEmails.map((target) => ({ channel: 'email', target })),
      ...collection.alertWebhooks.map((target) => ({ channel: 'webhook', target })),
    ];
    const inserted = await this._db
      .insert(alertDeliveries)
      .values(
        targets.map(({ channel, target }) => ({
          collectionId: collection.id,
          groupCreatedAt: run.createdAt,
          event,
          channel,
          target,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: alertDeliveries.id });
    for (const { id } of inserted)
      await this._queue
        ?.send(ALERT_QUEUE, { deliveryId: id } satisfies AlertJob, {
          // ALERT_LIMITS.attempts tries in all: the first and its retries, further and further apart.
          retryLimit: LIMITS.attempts - 1,
          retryDelay: 2,
          retryBackoff: true,
        })
        .catch((error: unknown) => console.error('[alerts] the delivery job was not queued', error));
  }

  /**
   * The job handler: delivers one alert. Each attempt is written to the row; a failure throws so
   * that pg-boss tries again, and the last attempt's failure leaves the row failed.
   */
  async deliver(job: AlertJob): Promise<void> {
    const [row] = await this._db.select().from(alertDeliveries).where(eq(alertDeliveries.id, job.deliveryId));
    if (!row || row.status === 'delivered') return;
    const [collection] = await this._db
      .select({ collection: testCollections, suiteName: testSuites.name })
      .from(testCollections)
      .innerJoin(testSuites, eq(testSuites.id, testCollections.testSuiteId))
      .where(eq(testCollections.id, row.collectionId));
    if (!collection) return;
    // The job is sent with ALERT_LIMITS.attempts - 1 retries: this row counts the attempts itself.
    const last = row.attempts + 1 >= LIMITS.attempts;
    let responseStatus: number | null = null;
    try {
      const payload = await this._payload(collection.collection, row);
      if (row.channel === 'email') await this._email(row, payload, collection.suiteName);
      else {
        responseStatus = await this._post(collection.collection, row, payload);
        if (responseStatus < 200 || responseStatus > 299) throw new DeliveryFailure(`HTTP ${responseStatus}`);
      }
      await this._db
        .update(alertDeliveries)
        .set({
          status: 'delivered',
          attempts: sql`${alertDeliveries.attempts} + 1`,
          lastError: null,
          responseStatus,
          deliveredAt: new Date(),
        })
        .where(eq(alertDeliveries.id, row.id));
    } catch (error) {
      const message = plainReason(error);
      await this._db
        .update(alertDeliveries)
        .set({
          status: last ? 'failed' : 'pending',
          attempts: sql`${alertDeliveries.attempts} + 1`,
          lastError: message.slice(0, 1000),
          responseStatus,
        })
        .where(eq(alertDeliveries.id, row.id));
      throw error;
    }
  }

  // ── Internals ─────────────────────────────────────────────────────────────────────────────────

  private async _read(row: CollectionRow): Promise<CollectionAlerts> {
    const deliveries = await this._db
      .select()
      .from(alertDeliveries)
      .where(eq(alertDeliveries.collectionId, row.id))
      .orderBy(desc(alertDeliveries.createdAt), desc(alertDeliveries.id))
      .limit(LIMITS.recentDeliveries);
    return {
      settings: {
        alert_on: row.alertOn as AlertOn,
        emails: row.alertEmails,
        webhooks: row.alertWebhooks,
        retry_on_failure: row.retryOnFailure,
      },
      deliveries: deliveries.map(deliveryToWire),
      // Whether rotating would replace a key receivers already check against (the screen asks first).
      has_signing_secret: row.alertSigningSecret !== null,
    };
  }

  private async _groupRuns(collectionId: string, createdAt: Date): Promise<GroupRun[]> {
    const result = await this._db.execute(sql`
      SELECT r.id, r.test_case_id, t.name AS test_name, r.status, r.failing_step_index, r.error_message,
             t.quarantined_at IS NOT NULL AS quarantined
      FROM test_runs r JOIN test_cases t ON t.id = r.test_case_id
      WHERE r.collection_id = ${collectionId}
        AND ${inMillisecond(sql`r.created_at`, createdAt)}
      ORDER BY t.name, r.id`);
    return (result as unknown as { rows: GroupRun[] }).rows;
  }

  /** Whether the newest earlier group that finished (and was not cancelled) had a failure. */
  private async _previousGroupFailed(collectionId: string, createdAt: Date): Promise<boolean> {
    const running = sql.join(
      [...RUNNING_STATES, 'cancelled'].map((state) => sql`${state}`),
      sql`, `,
    );
    const failed = sql.join(
      FAILED.map((state) => sql`${state}`),
      sql`, `,
    );
    const result = await this._db.execute(sql`
      SELECT bool_or(r.status IN (${failed}) AND t.quarantined_at IS NULL) AS failed
      FROM test_runs r JOIN test_cases t ON t.id = r.test_case_id
      WHERE r.collection_id = ${collectionId}
        AND r.created_at < ${createdAt.toISOString()}::timestamptz
      GROUP BY r.created_at
      HAVING NOT bool_or(r.status IN (${running}))
      ORDER BY r.created_at DESC
      LIMIT 1`);
    const [previous] = (result as unknown as { rows: { failed: boolean }[] }).rows;
    return Boolean(previous?.failed);
  }

  private async _payload(collection: CollectionRow, row: DeliveryRow): Promise<AlertPayload> {
    const runs = await this._groupRuns(collection.id, row.groupCreatedAt);
    const counts: RunCounts = {
      pending: 0,
      running: 0,
      passed: 0,
      failed: 0,
      cancelled: 0,
      error: 0,
      flaky: 0,
      quarantined: 0,
    };
    for (const run of runs)
      counts[
        failsGroup(run) || !FAILED.includes(run.status) ? (COUNTED_AS[run.status] ?? 'error') : 'quarantined'
      ]++;
    const base = this._publicUrl.replace(/\/+$/, '');
    const collectionUrl = `${base}/test-cases/collection/${encodeURIComponent(collection.id)}`;
    const createdAt = row.groupCreatedAt.toISOString();
    const failing = runs.filter(failsGroup);
    const event = row.event as AlertEvent;
    const total = runs.length;
    const summary =
      event === 'failure'
        ? `${failing.length} of ${total} tests failed in "${collection.name}"`
        : `All ${total} tests of "${collection.name}" pass again`;
    const groupUrl = `${collectionUrl}?created_at=${encodeURIComponent(createdAt)}`;
    const lines = [
      `${event === 'failure' ? ':x:' : ':white_check_mark:'} ${summary}${counts.flaky ? ` (${counts.flaky} flaky)` : ''}: <${groupUrl}|open the run>`,
      ...failing.map(
        (run) =>
          `• ${run.test_name}: ${run.error_message ?? run.status}${run.failing_step_index === null ? '' : ` (step ${run.failing_step_index + 1})`}`,
      ),
    ];
    return {
      event,
      text: lines.join('\n'),
      collection: { _id: collection.id, name: collection.name, url: collectionUrl },
      group: { created_at: createdAt, counts, total, url: groupUrl },
      failing_tests: failing.map((run) => ({
        test_case_id: run.test_case_id,
        name: run.test_name,
        run_id: run.id,
        status: run.status,
        failing_step_index: run.failing_step_index,
        error_message: run.error_message,
        url: `${base}/test-cases/details/${encodeURIComponent(run.test_case_id)}/runs`,
      })),
    };
  }

  private async _email(row: DeliveryRow, payload: AlertPayload, suiteName: string): Promise<void> {
    const name = payload.collection.name;
    const { counts, total } = payload.group;
    const subject =
      payload.event === 'failure'
        ? `Plainwright: ${payload.failing_tests.length} of ${total} tests failed in "${name}" (${suiteName})`
        : `Plainwright: all ${total} tests pass again in "${name}" (${suiteName})`;
    const text = [
      payload.event === 'failure'
        ? `The run of "${name}" started at ${payload.group.created_at} ended with ${payload.failing_tests.length} of ${total} tests failing.`
        : `The run of "${name}" started at ${payload.group.created_at} passed: the tests that failed last time pass again.`,
      `Passed: ${counts.passed}, failed: ${counts.failed}, could not run: ${counts.error}, flaky: ${counts.flaky}.`,
      '',
      ...payload.failing_tests.flatMap((test) => [
        `${test.name}${test.failing_step_index === null ? '' : ` failed at step ${test.failing_step_index + 1}`}:`,
        `  ${test.error_message ?? test.status}`,
        `  ${test.url}`,
        '',
      ]),
      `Open the run: ${payload.group.url}`,
      '',
      `You get this e-mail because you are on the alert list of "${name}"; change it on the collection's page.`,
    ].join('\n');
    await this._mail.sendNow({ to: row.target, subject, text, kind: 'notification' });
  }

  /** Posts the payload, signed, to the webhook; answers the HTTP status. No redirect is followed. */
  private async _post(collection: CollectionRow, row: DeliveryRow, payload: AlertPayload): Promise<number> {
    const url = webhookUrl(row.target);
    if (!url) throw new DeliveryFailure(MESSAGES.webhookInvalid);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    const addresses = net.isIP(host)
      ? [host]
      : (await dns.promises.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    const policy = await TargetPolicy.create(this._targets);
    const refusal = policy.refusalOf(host, addresses, port);
    if (refusal)
      throw new DeliveryFailure(
        `The webhook points at ${refusal.address}, ${REFUSED_BECAUSE[refusal.reason]}.`,
      );
    // NOTE: the request connects to the very address that was checked, so DNS cannot change it now.
    const address = addresses[0];
    if (!address) throw new DeliveryFailure('host not found');
    const body = JSON.stringify(payload);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const key = await this._signingKey(collection);
    const signature = `sha256=${crypto.createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex')}`;
    const headers = {
      host: url.host,
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(body)),
      'user-agent': 'Plainwright-Alerts',
      [WEBHOOK_HEADERS.signature]: signature,
      [WEBHOOK_HEADERS.timestamp]: timestamp,
      [WEBHOOK_HEADERS.event]: row.event,
    };
    const options: https.RequestOptions = {
      method: 'POST',
      host: address,
      port,
      path: `${url.pathname}${url.search}`,
      headers,
      timeout: WEBHOOK_TIMEOUT_MS,
      ...(url.protocol === 'https:' && !net.isIP(host) ? { servername: host } : {}),
    };
    return new Promise<number>((resolve, reject) => {
      const request = (url.protocol === 'https:' ? https : http).request(options, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      });
      request.on('timeout', () => request.destroy(new DeliveryFailure('timed out')));
      request.on('error', reject);
      request.end(body);
    });
  }

  /** The collection's webhook key, made on first use. */
  private async _signingKey(collection: CollectionRow): Promise<string> {
    if (collection.alertSigningSecret) return decrypt(collection.alertSigningSecret, this._secret);
    const key = randomToken(32);
    const [made] = await this._db
      .update(testCollections)
      .set({ alertSigningSecret: encrypt(key, this._secret) })
      .where(and(eq(testCollections.id, collection.id), sql`${testCollections.alertSigningSecret} IS NULL`))
      .returning({ id: testCollections.id });
    if (made) return key;
    // Another delivery made it meanwhile.
    const [row] = await this._db
      .select({ sealed: testCollections.alertSigningSecret })
      .from(testCollections)
      .where(eq(testCollections.id, collection.id));
    return decrypt(row.sealed!, this._secret);
  }

  /** The sentence that refuses a webhook's address (resolved now), or null. */
  private async _refuseWebhook(url: URL): Promise<string | null> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    let addresses: string[];
    try {
      addresses = net.isIP(host)
        ? [host]
        : (await dns.promises.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      // A name that does not resolve yet is checked again at each delivery.
      return null;
    }
    const refusal = (await TargetPolicy.create(this._targets)).refusalOf(host, addresses, port);
    if (!refusal) return null;
    return `The webhook ${url.origin} points at ${REFUSED_BECAUSE[refusal.reason]}; alerts may not be sent there.`;
  }
}

function isAlertOn(value: string): value is AlertOn {
  return value === 'never' || value === 'failure' || value === 'recovery' || value === 'both';
}

function covers(alertOn: AlertOn, event: AlertEvent): boolean {
  return alertOn === 'both' || alertOn === event;
}

/** The webhook as a URL when it is an http or https one without credentials; else null. */
function webhookUrl(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  return url;
}

function deliveryToWire(row: DeliveryRow): AlertDelivery {
  return {
    _id: row.id,
    group_created_at: row.groupCreatedAt.toISOString(),
    event: row.event as AlertEvent,
    channel: row.channel as AlertDelivery['channel'],
    target: row.target,
    status: row.status as AlertDelivery['status'],
    attempts: row.attempts,
    last_error: row.lastError,
    response_status: row.responseStatus,
    created_at: row.createdAt.toISOString(),
    delivered_at: row.deliveredAt?.toISOString() ?? null,
  };
}
