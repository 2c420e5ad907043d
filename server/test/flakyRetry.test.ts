import { eq } from 'drizzle-orm';
import { type CollectionAlerts } from '../../contract/alerts';
import { type Collection, type RunAllResult } from '../../contract/collections';
import { type TestRun } from '../../contract/runs';
import { type QuarantineList } from '../../contract/quarantine';
import { testCases, testRuns } from '../src/db/schema';
import { type Action } from '../src/runner';
import { api } from './helpers';
import { setUpGeneration, type GenerationContext } from './generationFixtures';
import { startFlakySite, type FlakySite } from './flakySite';
import { createGeneratedTest, waitForRun } from './runFixtures';

// "Retry once on failure" (issue 12) with real Chromium: a run that fails a step is replayed once in
// a fresh browser context; a pass then makes it flaky (never passed), a second failure failed.

jest.setTimeout(180_000);

let ctx: GenerationContext;
let site: FlakySite;

beforeAll(async () => {
  site = await startFlakySite();
  ctx = await setUpGeneration();
});
afterAll(async () => {
  await ctx?.close();
  await site?.close();
});

const statusActions = (url: string): Action[] => [
  { kind: 'goto', url },
  { kind: 'expect', assert: { type: 'visible', target: { locator: { by: 'text', text: 'All good' } } } },
];

function call<T>(method: string, path: string, body?: unknown) {
  return api<T>(ctx.server, method, path, { token: ctx.token, body });
}

/** A collection of one test of the page failing its first `failures` openings; its one run, ended. */
async function runOnce(name: string, failures: number, retry: boolean): Promise<TestRun> {
  const testId = await createGeneratedTest(
    ctx,
    name,
    site.url(name, failures),
    statusActions(site.url(name, failures)),
  );
  const created = await call<Collection>('POST', '/test-suites/collection', {
    name,
    test_suite_id: ctx.suiteId,
    linked_test_ids: [testId],
  });
  expect(created.status).toBe(201);
  const settings = await call<CollectionAlerts>('PUT', `/test-suites/collection/${created.body._id}/alerts`, {
    alert_on: 'never',
    emails: [],
    webhooks: [],
    retry_on_failure: retry,
  });
  expect(settings.status).toBe(200);
  expect(settings.body.settings.retry_on_failure).toBe(retry);
  const started = await call<RunAllResult>('POST', `/test-suites/collection/${created.body._id}/run-all`);
  expect(started.status).toBe(201);
  return waitForRun(ctx, started.body.run_ids[0], 90_000);
}

it('a run failing once then passing on its retry is flaky, keeping the first failure', async () => {
  const run = await runOnce('Fails once', 1, true);
  expect(run.status).toBe('flaky');
  expect(site.opened('Fails once')).toBe(2);
  expect(run.first_failure).toEqual({ failing_step_index: 1, error_message: expect.any(String) });
  expect(run.error_message).toMatch(/^Failed at step 2 first \(".+"\), then passed when run again\.$/);
  // The evidence is the second attempt's: every step passed, screenshots of that attempt only.
  expect(run.steps.map((step) => step.success)).toEqual([true, true]);
  expect(run.failing_step_index).toBeNull();
  expect(run.artifacts.map((artifact) => artifact.name).sort()).toEqual(
    ['run.log', 'step-0.jpg', 'step-1.jpg', 'trace.zip'].sort(),
  );
  const [row] = await ctx.server.database.db.select().from(testRuns).where(eq(testRuns.id, run._id));
  expect(row.retryOnFailure).toBe(true);
  // The log tells of both attempts.
  const log = await call<{ url: string }>('GET', `/artifacts/${run._id}?artifact_name=run.log`);
  const text = await (await fetch(new URL(log.body.url, ctx.server.url))).text();
  expect(text).toContain('running it again once in a fresh browser context');
  expect(text).toContain('Flaky: Failed at step 2 first');
  // The collection counts it apart from passed.
  const collection = await call<Collection>('GET', `/test-suites/collection/${row.collectionId}`);
  expect(collection.body.linked_runs[0].counts).toMatchObject({ passed: 0, flaky: 1, failed: 0 });

  // Issue 33: the flaky run marks its test a candidate for quarantine; a person decides.
  const list = await call<QuarantineList>('GET', `/test-suites/${ctx.suiteId}/quarantine`);
  expect(list.status).toBe(200);
  expect(list.body.candidates).toEqual([
    expect.objectContaining({
      test_case_id: run.test_case_id,
      test_name: 'Fails once',
      flaky_run_id: run._id,
      recent_runs: [expect.objectContaining({ _id: run._id, status: 'flaky' })],
    }),
  ]);
  // Dismissed, the mark goes; quarantined (after another flaky run), the test leaves the candidates.
  expect((await call('DELETE', `/test-case/${run.test_case_id}/quarantine/candidate`)).status).toBe(204);
  expect(
    (await call<QuarantineList>('GET', `/test-suites/${ctx.suiteId}/quarantine`)).body.candidates,
  ).toEqual([]);
  await ctx.server.database.db
    .update(testCases)
    .set({ quarantineCandidateAt: new Date(), quarantineCandidateRunId: run._id })
    .where(eq(testCases.id, run.test_case_id));
  expect(
    (await call('PUT', `/test-case/${run.test_case_id}/quarantine`, { reason: 'Flaky network' })).status,
  ).toBe(200);
  const after = await call<QuarantineList>('GET', `/test-suites/${ctx.suiteId}/quarantine`);
  expect(after.body.candidates).toEqual([]);
  expect(after.body.tests.map((test) => test.test_case_id)).toEqual([run.test_case_id]);
  await call('DELETE', `/test-case/${run.test_case_id}/quarantine`);
});

it('a run failing on its retry too is failed, with the second attempt as evidence', async () => {
  const run = await runOnce('Fails twice', 2, true);
  expect(run.status).toBe('failed');
  expect(site.opened('Fails twice')).toBe(2);
  expect(run.first_failure).toEqual({ failing_step_index: 1, error_message: expect.any(String) });
  expect(run.failing_step_index).toBe(1);
  expect(run.steps.map((step) => step.success)).toEqual([true, false]);
  expect(run.artifacts.filter((artifact) => artifact.name === 'failure.jpg')).toHaveLength(1);
});

it('without "Retry once on failure" a failing run fails at once', async () => {
  const run = await runOnce('No retry', 1, false);
  expect(run.status).toBe('failed');
  expect(site.opened('No retry')).toBe(1);
  expect(run.first_failure).toBeNull();
  expect(run.trigger).toBe('manual');
});
