import { type CollectionAlerts } from '../../contract/alerts';
import { type Collection } from '../../contract/collections';
import { type Organization } from '../../contract/organizations';
import {
  QUARANTINE_LIMITS,
  QUARANTINE_MESSAGES as MESSAGES,
  type Quarantine,
  type QuarantineList,
  type TestQuarantineResult,
} from '../../contract/quarantine';
import { runCi } from '../src/cli/ci';
import { testRuns } from '../src/db/schema';
import { type Action } from '../src/runner';
import { api, tokenFor } from './helpers';
import { setUpGeneration, type GenerationContext } from './generationFixtures';
import { createGeneratedTest } from './runFixtures';

jest.setTimeout(180_000);

// Issue 33, item 5: a person quarantines a flaky test with a reason. It still runs and its results are
// shown, but it fails no collection run, no CI exit code and sends no alert.

type ErrorBody = { error: { message: string; details?: { fields?: Record<string, string> } } };

describe('quarantine', () => {
  let ctx: GenerationContext;
  let other: { token: string };
  let flaky: string;
  let steady: string;

  beforeAll(async () => {
    ctx = await setUpGeneration();
    const opens: Action[] = [{ kind: 'goto', url: ctx.sites.url('todo') }];
    const fails: Action[] = [
      ...opens,
      {
        kind: 'expect',
        assert: {
          type: 'visible',
          target: { locator: { by: 'text', text: 'A heading the page never has' } },
        },
      },
    ];
    flaky = await createGeneratedTest(ctx, 'Flaky search', ctx.sites.url('todo'), fails);
    steady = await createGeneratedTest(ctx, 'Steady list', ctx.sites.url('todo'), opens);
    other = await tokenFor(ctx.server, { email: 'mallory@elsewhere.example' });
    await api(ctx.server, 'POST', '/organizations', { token: other.token, body: { name: 'Elsewhere' } });
  });
  afterAll(async () => ctx?.close());

  const call = <T = ErrorBody>(method: string, path: string, body?: unknown, token = ctx.token) =>
    api<T & ErrorBody>(ctx.server, method, path, { token, body });

  async function collectionOf(name: string, tests: string[]): Promise<Collection> {
    const created = await call<Collection>('POST', '/test-suites/collection', {
      name,
      test_suite_id: ctx.suiteId,
      linked_test_ids: tests,
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  /** A group of ended runs, written as the workers leave them, and their endings heard. */
  async function endedGroup(collectionId: string, statuses: Record<string, string>) {
    const createdAt = new Date();
    const rows = await ctx.server.database.db
      .insert(testRuns)
      .values(
        Object.entries(statuses).map(([testCaseId, status]) => ({
          testCaseId,
          collectionId,
          createdAt,
          status,
          errorMessage: status === 'failed' ? 'Step 2 failed.' : null,
          finishedAt: createdAt,
          settings: { parameter_overrides: {}, website_url_override: null },
        })),
      )
      .returning();
    for (const row of rows) await ctx.server.services.alerts.runEnded(row);
    return createdAt.toISOString();
  }

  it('quarantines a test with a reason, names who did it with its newest runs, and releases it', async () => {
    const history = await collectionOf('History', [flaky]);
    await endedGroup(history._id, { [flaky]: 'failed' });
    expect((await call<TestQuarantineResult>('GET', `/test-case/${flaky}/quarantine`)).body).toEqual({
      quarantine: null,
    });
    const put = await call<Quarantine>('PUT', `/test-case/${flaky}/quarantine`, {
      reason: '  Fails one run in five on the search index  ',
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      test_case_id: flaky,
      test_name: 'Flaky search',
      reason: 'Fails one run in five on the search index',
      quarantined_by: expect.stringMatching(/@example\.com$/),
      recent_runs: [expect.objectContaining({ status: 'failed' })],
    });
    const listed = await call<QuarantineList>('GET', `/test-suites/${ctx.suiteId}/quarantine`);
    expect(listed.body.tests.map((test) => [test.test_name, test.reason])).toEqual([
      ['Flaky search', 'Fails one run in five on the search index'],
    ]);
    expect(
      (await call<TestQuarantineResult>('GET', `/test-case/${flaky}/quarantine`)).body.quarantine,
    ).toEqual(put.body);

    expect((await call('DELETE', `/test-case/${flaky}/quarantine`)).status).toBe(204);
    expect((await call<QuarantineList>('GET', `/test-suites/${ctx.suiteId}/quarantine`)).body.tests).toEqual(
      [],
    );
  });

  it('refuses a missing or too long reason (400 naming reason) and answers 404 to another organization', async () => {
    for (const [body, reason, message] of [
      [{ reason: '   ' }, 'required', MESSAGES.reasonRequired],
      [{ reason: 'x'.repeat(QUARANTINE_LIMITS.reason + 1) }, 'too_long', MESSAGES.reasonTooLong],
    ] as const) {
      const refused = await call('PUT', `/test-case/${steady}/quarantine`, body);
      expect([refused.status, refused.body.error.details?.fields, refused.body.error.message]).toEqual([
        400,
        { reason },
        message,
      ]);
    }
    expect((await call('PUT', `/test-case/${steady}/quarantine`, {})).status).toBe(400);
    // Another organization: not found, bad input or not; nothing changes.
    for (const [method, path, body] of [
      ['GET', `/test-case/${steady}/quarantine`, undefined],
      ['PUT', `/test-case/${steady}/quarantine`, { reason: 'mine now' }],
      ['PUT', `/test-case/${steady}/quarantine`, { reason: '' }],
      ['DELETE', `/test-case/${steady}/quarantine`, undefined],
      ['GET', `/test-suites/${ctx.suiteId}/quarantine`, undefined],
      ['PUT', '/test-case/not-a-test/quarantine', { reason: 'x' }],
    ] as const) {
      const response = await call(method, path, body, other.token);
      expect([method, path, response.status]).toEqual([method, path, 404]);
    }
    expect(
      (await call<TestQuarantineResult>('GET', `/test-case/${steady}/quarantine`)).body.quarantine,
    ).toBeNull();
  });

  it("fails no collection group and sends no alert for a quarantined test's failure", async () => {
    const nightly = await collectionOf('Nightly', [flaky, steady]);
    await call<CollectionAlerts>('PUT', `/test-suites/collection/${nightly._id}/alerts`, {
      alert_on: 'failure',
      emails: ['team@example.com'],
      webhooks: [],
      retry_on_failure: false,
    });
    await call('PUT', `/test-case/${flaky}/quarantine`, { reason: 'Flaky' });
    const quiet = await endedGroup(nightly._id, { [flaky]: 'failed', [steady]: 'passed' });
    const read = await call<Collection>('GET', `/test-suites/collection/${nightly._id}`);
    const group = read.body.linked_runs.find((candidate) => candidate.created_at === quiet)!;
    expect(group.counts).toMatchObject({ passed: 1, failed: 0, quarantined: 1 });
    expect(group.runs.map((run) => [run.test_name, run.status, run.quarantined])).toEqual([
      ['Flaky search', 'failed', true],
      ['Steady list', 'passed', false],
    ]);
    const alerts = async () =>
      (await call<CollectionAlerts>('GET', `/test-suites/collection/${nightly._id}/alerts`)).body.deliveries;
    expect(await alerts()).toEqual([]);

    // A test that is not quarantined failing still alerts.
    const loud = await endedGroup(nightly._id, { [flaky]: 'failed', [steady]: 'failed' });
    expect((await alerts()).map((delivery) => delivery.group_created_at)).toEqual([loud]);
    await call('DELETE', `/test-case/${flaky}/quarantine`);
  });

  it('plainwright ci exits 0 when only a quarantined test failed, and 1 once it is released', async () => {
    const pipeline = await collectionOf('Pipeline', [flaky, steady]);
    const orgs = await call<Organization[]>('GET', '/auth/get-user-organizations');
    const key = orgs.body.find((org) => org.org_id === ctx.orgId)!.service_account_key!;
    const ci = async () => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCi(['--server', ctx.server.url, '--collection', pipeline._id], {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        env: { PLAINWRIGHT_KEY: key },
        pollMs: 100,
      });
      return { code, out: out.join('\n'), err };
    };
    await call('PUT', `/test-case/${flaky}/quarantine`, { reason: 'Flaky' });
    const quarantined = await ci();
    expect({ code: quarantined.code, err: quarantined.err }).toEqual({ code: 0, err: [] });
    expect(quarantined.out).toMatch(/✗ failed +Flaky search.*\(quarantined: fails nothing\)/);

    await call('DELETE', `/test-case/${flaky}/quarantine`);
    expect((await ci()).code).toBe(1);
  });
});
