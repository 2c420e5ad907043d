import crypto from 'node:crypto';
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import {
  ALERT_MESSAGES,
  WEBHOOK_HEADERS,
  type AlertPayload,
  type CollectionAlerts,
  type SigningSecret,
} from '../../contract/alerts';
import { type Collection, type RunAllResult } from '../../contract/collections';
import { testCollections, testRuns } from '../src/db/schema';
import { type Action } from '../src/runner';
import { api, freePort, tokenFor } from './helpers';
import { createTest, setUpGeneration, waitUntil, type GenerationContext } from './generationFixtures';
import { startFlakySite, type FlakySite } from './flakySite';
import { createGeneratedTest, waitForRun } from './runFixtures';
import { startSmtpServer } from './smtpServer';

// Alerts (issue 12): a run group that fails, or recovers, is told by e-mail (through SMTP) and by a
// signed webhook, each a pg-boss job with retries; a flaky group alerts nobody.

jest.setTimeout(240_000);

type ErrorBody = { error: { code: string; message: string; details?: { problems?: string[] } } };

interface Hook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A local webhook: answers the statuses of `answers` in turn (then 200) and keeps what it got. */
async function startWebhook() {
  const received: Hook[] = [];
  const answers: number[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(answers.shift() ?? 200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let ctx: GenerationContext;
let site: FlakySite;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let hook: Awaited<ReturnType<typeof startWebhook>>;

beforeAll(async () => {
  site = await startFlakySite();
  smtp = await startSmtpServer();
  hook = await startWebhook();
  ctx = await setUpGeneration({ env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
});
afterAll(async () => {
  await ctx?.close();
  await site?.close();
  await smtp?.close();
  await hook?.close();
});

function call<T>(method: string, path: string, body?: unknown, token = ctx.token) {
  return api<T>(ctx.server, method, path, { token, body });
}

const statusActions = (url: string): Action[] => [
  { kind: 'goto', url },
  { kind: 'expect', assert: { type: 'visible', target: { locator: { by: 'text', text: 'All good' } } } },
];

async function createCollection(name: string, testIds: string[]): Promise<Collection> {
  const created = await call<Collection>('POST', '/test-suites/collection', {
    name,
    test_suite_id: ctx.suiteId,
    linked_test_ids: testIds,
  });
  expect(created.status).toBe(201);
  return created.body;
}

/** Runs the collection and waits for every run of the group to end. */
async function runAll(collectionId: string): Promise<string> {
  const started = await call<RunAllResult>('POST', `/test-suites/collection/${collectionId}/run-all`);
  expect(started.status).toBe(201);
  for (const id of started.body.run_ids) await waitForRun(ctx, id, 90_000);
  return started.body.created_at;
}

function signatureOf(secret: string, received: Hook): string {
  const timestamp = String(received.headers[WEBHOOK_HEADERS.timestamp]);
  return `sha256=${crypto.createHmac('sha256', secret).update(`${timestamp}.${received.body}`).digest('hex')}`;
}

describe('alert settings', () => {
  let collection: Collection;
  beforeAll(async () => {
    collection = await createCollection('Settings', []);
  });

  it('saves them deduplicated and reads them back with no deliveries yet', async () => {
    const path = `/test-suites/collection/${collection._id}/alerts`;
    const saved = await call<CollectionAlerts>('PUT', path, {
      alert_on: 'both',
      emails: ['Ada@Example.com', ' ada@example.com ', 'grace@example.com'],
      webhooks: [hook.url('/a'), hook.url('/a'), hook.url('/b')],
      retry_on_failure: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.settings).toEqual({
      alert_on: 'both',
      emails: ['ada@example.com', 'grace@example.com'],
      webhooks: [hook.url('/a'), hook.url('/b')],
      retry_on_failure: true,
    });
    const read = await call<CollectionAlerts>('GET', path);
    expect(read.body).toEqual({ settings: saved.body.settings, deliveries: [], has_signing_secret: false });
    const wire = await call<Collection>('GET', `/test-suites/collection/${collection._id}`);
    expect(wire.body).toMatchObject({ alert_on: 'both', retry_on_failure: true });
  });

  it('refuses a bad e-mail, a non-http webhook and forbidden webhook addresses, with sentences', async () => {
    const path = `/test-suites/collection/${collection._id}/alerts`;
    const base = { alert_on: 'failure', emails: [], webhooks: [], retry_on_failure: false };
    const when = await call<ErrorBody>('PUT', path, { ...base, alert_on: 'sometimes' });
    expect(when.status).toBe(400);
    expect(when.body.error.message).toBe(ALERT_MESSAGES.alertOnInvalid);
    const email = await call<ErrorBody>('PUT', path, { ...base, emails: ['not an address'] });
    expect(email.status).toBe(400);
    expect(email.body.error.message).toBe(ALERT_MESSAGES.emailInvalid);
    const scheme = await call<ErrorBody>('PUT', path, { ...base, webhooks: ['ftp://example.com/hook'] });
    expect(scheme.status).toBe(400);
    expect(scheme.body.error.message).toBe(ALERT_MESSAGES.webhookInvalid);
    const metadata = await call<ErrorBody>('PUT', path, {
      ...base,
      webhooks: ['http://169.254.169.254/latest/meta-data/'],
    });
    expect(metadata.status).toBe(400);
    expect(metadata.body.error.message).toMatch(/link-local address.*alerts may not be sent there\.$/);
    const own = await call<ErrorBody>('PUT', path, { ...base, webhooks: [`${ctx.server.url}/api/health`] });
    expect(own.status).toBe(400);
    expect(own.body.error.message).toContain("the Plainwright server's own address");
    // Display-name and list forms the mail library would deliver to another address (issue 27).
    for (const form of [
      'victim<attacker@evil.example>',
      '"victim@example.com" <attacker@evil.example>',
      'victim@example.com,attacker@evil.example',
      'victim@example.com;attacker@evil.example',
      'victim@[10.0.0.1]',
    ]) {
      const named = await call<ErrorBody>('PUT', path, { ...base, emails: [form] });
      expect([form, named.status, named.body.error.message]).toEqual([
        form,
        400,
        ALERT_MESSAGES.emailInvalid,
      ]);
    }
    const tooMany = await call<ErrorBody>('PUT', path, {
      ...base,
      emails: Array.from({ length: 21 }, (_, i) => `p${i}@example.com`),
    });
    expect(tooMany.status).toBe(400);
    // Nothing was saved by the refused calls.
    const read = await call<CollectionAlerts>('GET', path);
    expect(read.body.settings.alert_on).toBe('both');
  });

  it('makes and rotates a signing secret, stored sealed', async () => {
    const path = `/test-suites/collection/${collection._id}/alerts/signing-secret`;
    const first = await call<SigningSecret>('POST', path);
    const second = await call<SigningSecret>('POST', path);
    expect(first.status).toBe(200);
    expect(first.body.signing_secret.length).toBeGreaterThanOrEqual(32);
    expect(second.body.signing_secret).not.toBe(first.body.signing_secret);
    const [row] = await ctx.server.database.db
      .select()
      .from(testCollections)
      .where(eq(testCollections.id, collection._id));
    expect(row.alertSigningSecret).not.toContain(second.body.signing_secret);
    // The settings say a key exists (the screen asks before replacing it), never the key itself.
    const read = await call<CollectionAlerts>('GET', `/test-suites/collection/${collection._id}/alerts`);
    expect(read.body.has_signing_secret).toBe(true);
    expect(JSON.stringify(read.body)).not.toContain(second.body.signing_secret);
  });

  it("answers 404 for another organization's collection", async () => {
    const other = await tokenFor(ctx.server, { email: 'outsider@elsewhere.example' });
    await api(ctx.server, 'POST', '/organizations', { token: other.token, body: { name: 'Elsewhere' } });
    const path = `/test-suites/collection/${collection._id}/alerts`;
    const body = { alert_on: 'never', emails: [], webhooks: [], retry_on_failure: false };
    expect((await call('GET', path, undefined, other.token)).status).toBe(404);
    expect((await call('PUT', path, body, other.token)).status).toBe(404);
    expect((await call('POST', `${path}/signing-secret`, undefined, other.token)).status).toBe(404);
    const read = await call<CollectionAlerts>('GET', path);
    expect(read.body.settings.alert_on).toBe('both');
  });
});

describe('alerts when a group ends', () => {
  it('tells of a failure by e-mail and signed webhook (retried after a 500), then of the recovery', async () => {
    const key = 'Checkout';
    const failingUrl = site.url(key, Number.POSITIVE_INFINITY);
    const testId = await createGeneratedTest(ctx, 'Checkout works', failingUrl, statusActions(failingUrl));
    const collection = await createCollection('Nightly', [testId]);
    const path = `/test-suites/collection/${collection._id}/alerts`;
    const saved = await call<CollectionAlerts>('PUT', path, {
      alert_on: 'both',
      emails: ['oncall@example.com'],
      webhooks: [hook.url('/nightly')],
      retry_on_failure: false,
    });
    expect(saved.status).toBe(200);
    const { body: secret } = await call<SigningSecret>('POST', `${path}/signing-secret`);
    hook.answers.push(500);
    const mailsBefore = smtp.received.length;

    const failedAt = await runAll(collection._id);
    const delivered = await waitUntil(
      async () => {
        const read = await call<CollectionAlerts>('GET', path);
        const done = read.body.deliveries.filter((delivery) => delivery.status !== 'pending');
        return done.length === 2 ? read.body.deliveries : null;
      },
      'both deliveries to end',
      60_000,
    );
    const webhook = delivered.find((delivery) => delivery.channel === 'webhook')!;
    expect(webhook).toMatchObject({
      event: 'failure',
      status: 'delivered',
      attempts: 2,
      response_status: 200,
      group_created_at: failedAt,
      target: hook.url('/nightly'),
    });
    const email = delivered.find((delivery) => delivery.channel === 'email')!;
    expect(email).toMatchObject({
      event: 'failure',
      status: 'delivered',
      attempts: 1,
      target: 'oncall@example.com',
    });

    // The webhook got the payload twice (500, then 200), each signed with the collection's key.
    const posts = hook.received.filter((received) => received.headers[WEBHOOK_HEADERS.event] === 'failure');
    expect(posts).toHaveLength(2);
    for (const received of posts) {
      expect(received.headers[WEBHOOK_HEADERS.signature]).toBe(signatureOf(secret.signing_secret, received));
      expect(received.headers[WEBHOOK_HEADERS.signature]).not.toBe(signatureOf('another key', received));
    }
    const payload = JSON.parse(posts[1].body) as AlertPayload;
    expect(payload).toMatchObject({
      event: 'failure',
      collection: { _id: collection._id, name: 'Nightly' },
      group: { created_at: failedAt, total: 1, counts: { failed: 1, passed: 0 } },
      failing_tests: [
        { test_case_id: testId, name: 'Checkout works', status: 'failed', failing_step_index: 1 },
      ],
    });
    expect(payload.text).toContain('1 of 1 tests failed in "Nightly"');
    expect(payload.group.url).toContain(`/test-cases/collection/${collection._id}?created_at=`);
    expect(payload.failing_tests[0].url).toContain(`/test-cases/details/${testId}/runs`);
    expect(payload.failing_tests[0].error_message).toBeTruthy();
    expect(posts[1].body).not.toContain(secret.signing_secret);

    // The e-mail went through SMTP.
    await waitUntil(async () => smtp.received.length > mailsBefore, 'the alert e-mail', 10_000);
    const mail = smtp.received.slice(mailsBefore).find((m) => m.to.includes('<oncall@example.com>'))!;
    // The body as sent (quoted-printable: soft line breaks and =XX escapes undone).
    const text = mail.data
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    expect(text).toContain('Checkout works failed at step 2');
    expect(text).toContain(`/test-cases/details/${testId}/runs`);
    const [stored] = await ctx.server.services.mail.list('oncall@example.com');
    expect(stored.subject).toBe('Plainwright: 1 of 1 tests failed in "Nightly" (Generated)');
    expect(stored.sentAt).not.toBeNull();

    // The website is fixed: the next group passes, and recovery is told.
    await ctx.server.database.db
      .update(testCollections)
      .set({ alertOn: 'recovery' })
      .where(eq(testCollections.id, collection._id));
    const fixedUrl = site.url(key, 0);
    expect(fixedUrl).toBe(failingUrl);
    const recoveredAt = await runAll(collection._id);
    const recovery = await waitUntil(
      async () => {
        const read = await call<CollectionAlerts>('GET', path);
        const found = read.body.deliveries.filter(
          (delivery) => delivery.event === 'recovery' && delivery.status === 'delivered',
        );
        return found.length === 2 ? found : null;
      },
      'the recovery deliveries',
      60_000,
    );
    expect(recovery.every((delivery) => delivery.group_created_at === recoveredAt)).toBe(true);
    const told = hook.received.filter((received) => received.headers[WEBHOOK_HEADERS.event] === 'recovery');
    expect(told).toHaveLength(1);
    expect((JSON.parse(told[0].body) as AlertPayload).failing_tests).toEqual([]);

    // Passing again is no news: a third group that passes alerts nobody.
    const quietAt = await runAll(collection._id);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const read = await call<CollectionAlerts>('GET', path);
    expect(read.body.deliveries.filter((delivery) => delivery.group_created_at === quietAt)).toEqual([]);
    expect(read.body.deliveries).toHaveLength(4);
  });

  it('makes one delivery per recipient when the last two runs of a group end at once', async () => {
    const url = site.url('Race', 0);
    const tests = [
      await createGeneratedTest(ctx, 'Race one', url, statusActions(url)),
      await createGeneratedTest(ctx, 'Race two', url, statusActions(url)),
    ];
    const collection = await createCollection('Race', tests);
    await call<CollectionAlerts>('PUT', `/test-suites/collection/${collection._id}/alerts`, {
      alert_on: 'failure',
      emails: ['race@example.com'],
      webhooks: [hook.url('/race')],
      retry_on_failure: false,
    });
    // Both runs written as ended (as two workers would leave them), then both endings heard at once.
    const createdAt = new Date();
    const rows = await ctx.server.database.db
      .insert(testRuns)
      .values(
        tests.map((testCaseId) => ({
          testCaseId,
          collectionId: collection._id,
          createdAt,
          status: 'failed',
          errorMessage: 'Step 1 failed.',
          finishedAt: createdAt,
          settings: { parameter_overrides: {}, website_url_override: null },
        })),
      )
      .returning();
    await Promise.all(rows.map((row) => ctx.server.services.alerts.runEnded(row)));
    const read = await call<CollectionAlerts>('GET', `/test-suites/collection/${collection._id}/alerts`);
    expect(read.body.deliveries.map((delivery) => `${delivery.channel} ${delivery.target}`).sort()).toEqual([
      'email race@example.com',
      `webhook ${hook.url('/race')}`,
    ]);
    await waitUntil(
      async () => hook.received.some((received) => received.body.includes('"name":"Race"')),
      'the race webhook',
      20_000,
    );
  });

  it('alerts when every run of a group could not run (issue 27)', async () => {
    const test = await createTest(
      ctx,
      { name: 'Never generated', website: site.url('Never', 0), description: 'Open it' },
      false,
    );
    const collection = await createCollection('Cannot run', [test._id]);
    await call<CollectionAlerts>('PUT', `/test-suites/collection/${collection._id}/alerts`, {
      alert_on: 'failure',
      emails: [],
      webhooks: [hook.url('/cannot-run')],
      retry_on_failure: false,
    });
    await runAll(collection._id);
    const told = await waitUntil(
      async () => hook.received.find((received) => received.body.includes('"name":"Cannot run"')) ?? null,
      'the alert of a group that could not run',
      20_000,
    );
    expect(told.headers[WEBHOOK_HEADERS.event]).toBe('failure');
    expect((JSON.parse(told.body) as AlertPayload).group.counts).toMatchObject({ error: 1, passed: 0 });
  });

  it("stores a webhook's failure as a plain reason, not the address and port it tried (issue 27)", async () => {
    const url = site.url('Refused', 0);
    const testId = await createGeneratedTest(ctx, 'Refused hook', url, statusActions(url));
    const collection = await createCollection('Refused hook', [testId]);
    const closedPort = await freePort();
    const path = `/test-suites/collection/${collection._id}/alerts`;
    await call<CollectionAlerts>('PUT', path, {
      alert_on: 'failure',
      emails: [],
      webhooks: [`http://127.0.0.1:${closedPort}/hook`],
      retry_on_failure: false,
    });
    const createdAt = new Date();
    const [row] = await ctx.server.database.db
      .insert(testRuns)
      .values({
        testCaseId: testId,
        collectionId: collection._id,
        createdAt,
        status: 'failed',
        errorMessage: 'Step 1 failed.',
        finishedAt: createdAt,
        settings: { parameter_overrides: {}, website_url_override: null },
      })
      .returning();
    await ctx.server.services.alerts.runEnded(row);
    const delivery = await waitUntil(
      async () =>
        (await call<CollectionAlerts>('GET', path)).body.deliveries.find((d) => d.attempts > 0) ?? null,
      'the first attempt',
      20_000,
    );
    expect(delivery.last_error).toBe('connection refused');
  });

  it('alerts nobody for a flaky group', async () => {
    const url = site.url('Flaky search', 1);
    const testId = await createGeneratedTest(ctx, 'Search works', url, statusActions(url));
    const collection = await createCollection('Flaky', [testId]);
    const path = `/test-suites/collection/${collection._id}/alerts`;
    await call<CollectionAlerts>('PUT', path, {
      alert_on: 'both',
      emails: ['oncall@example.com'],
      webhooks: [hook.url('/flaky')],
      retry_on_failure: true,
    });
    const hooksBefore = hook.received.length;
    const startedAt = await runAll(collection._id);
    const group = await call<Collection>(
      'GET',
      `/test-suites/collection/${collection._id}?linked_runs_created_at=${encodeURIComponent(startedAt)}`,
    );
    expect(group.body.linked_runs[0].counts).toMatchObject({ flaky: 1, failed: 0, passed: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const read = await call<CollectionAlerts>('GET', path);
    expect(read.body.deliveries).toEqual([]);
    expect(hook.received.length).toBe(hooksBefore);
  });
});
