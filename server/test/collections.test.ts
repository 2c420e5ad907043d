import { eq } from 'drizzle-orm';
import { serveFixtureSites, type FixtureSites } from '../../fixtures/sites/serve';
import {
  COLLECTION_MESSAGES as MESSAGES,
  type CancelGroupResult,
  type Collection,
  type RunAllResult,
} from '../../contract/collections';
import { type TestCase, type TestTreeItem } from '../../contract/testCases';
import { testRuns } from '../src/db/schema';
import { type Action } from '../src/runner';
import { launchableBrowsers } from '../src/runner/browser';
import { SCHEDULE_MESSAGE } from '../src/services/collections';
import { api, tokenFor } from './helpers';
import { setUpGeneration, type GenerationContext } from './generationFixtures';
import { createGeneratedTest, getRun, waitForRun } from './runFixtures';

jest.setTimeout(180_000);

type ErrorBody = { error: { code: string; message: string } };

let sites: FixtureSites;
beforeAll(async () => {
  sites = await serveFixtureSites();
});
afterAll(async () => sites?.close());

const todoActions = (text: string): Action[] => [
  { kind: 'goto', url: sites.url('todo') },
  { kind: 'fill', target: { locator: { by: 'placeholder', text: 'What needs to be done?' } }, value: text },
  { kind: 'press', key: 'Enter', target: { locator: { by: 'placeholder', text: 'What needs to be done?' } } },
  { kind: 'expect', assert: { type: 'visible', target: { locator: { by: 'text', text: '1 item left' } } } },
];

function call<T>(ctx: GenerationContext, method: string, path: string, body?: unknown, token = ctx.token) {
  return api<T>(ctx.server, method, path, { token, body });
}

async function createCollection(ctx: GenerationContext, name: string, testIds: string[] = []) {
  const response = await call<Collection>(ctx, 'POST', '/test-suites/collection', {
    name,
    test_suite_id: ctx.suiteId,
    linked_test_ids: testIds,
  });
  expect(response.status).toBe(201);
  return response.body;
}

/** Runs of a collection written straight to the database: `sizes[i]` runs created at `times[i]`. */
async function seedGroups(ctx: GenerationContext, collectionId: string, testIds: string[], times: Date[]) {
  const statuses = ['passed', 'failed', 'not_runnable', 'pending', 'running', 'cancelled'];
  await ctx.server.database.db.insert(testRuns).values(
    times.flatMap((createdAt, group) =>
      testIds.map((testCaseId, index) => ({
        testCaseId,
        collectionId,
        createdAt,
        status: statuses[(group + index) % statuses.length],
        executionTimeMs: 1000 * (index + 1) + group,
        settings: { parameter_overrides: {}, website_url_override: null },
      })),
    ),
  );
}

describe('collections (API only: runs stay queued)', () => {
  let ctx: GenerationContext;
  let other: { token: string };
  let tests: string[];

  beforeAll(async () => {
    ctx = await setUpGeneration({ sites, roles: ['api'] });
    tests = [
      await createGeneratedTest(ctx, 'Alpha', sites.url('todo'), todoActions('a')),
      await createGeneratedTest(ctx, 'Beta', sites.url('todo'), todoActions('b')),
      await createGeneratedTest(ctx, 'Gamma', sites.url('todo'), todoActions('c')),
    ];
    other = await tokenFor(ctx.server, { email: 'outsider@elsewhere.example' });
    await api(ctx.server, 'POST', '/organizations', { token: other.token, body: { name: 'Elsewhere' } });
  });
  afterAll(async () => ctx?.close());

  it('creates, lists by name, reads, renames, schedules, links and unlinks tests, and deletes', async () => {
    const zulu = await createCollection(ctx, 'Zulu', [tests[0]]);
    const alpha = await createCollection(ctx, 'alpha smoke', [tests[1], tests[2]]);
    expect(zulu).toMatchObject({
      name: 'Zulu',
      test_suite_id: ctx.suiteId,
      linked_test_ids: [tests[0]],
      linked_runs: [],
      schedule: null,
      last_run: null,
    });

    const listed = await call<Collection[]>(ctx, 'GET', `/test-suites/collections/${ctx.suiteId}`);
    expect(listed.status).toBe(200);
    expect(listed.body.map((c) => c.name)).toEqual(['alpha smoke', 'Zulu']);
    expect(listed.body[0].linked_test_ids.sort()).toEqual([tests[1], tests[2]].sort());

    const updated = await call<Collection>(ctx, 'PUT', `/test-suites/collection/${alpha._id}`, {
      collection_id: alpha._id,
      new_name: 'Alpha nightly',
      schedule: '0 3 * * 1-5',
      test_case_ids_to_add: [tests[0]],
      test_case_ids_to_remove: [tests[2]],
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Alpha nightly', schedule: '0 3 * * 1-5' });
    expect(updated.body.linked_test_ids.sort()).toEqual([tests[0], tests[1]].sort());

    const read = await call<Collection>(ctx, 'GET', `/test-suites/collection/${alpha._id}`);
    expect(read.body).toMatchObject({ name: 'Alpha nightly', schedule: '0 3 * * 1-5' });

    const cleared = await call<Collection>(ctx, 'PUT', `/test-suites/collection/${alpha._id}`, {
      schedule: null,
    });
    expect(cleared.body.schedule).toBeNull();

    expect((await call(ctx, 'DELETE', `/test-suites/collection/${zulu._id}`)).status).toBe(204);
    expect((await call(ctx, 'DELETE', `/test-suites/collection/${alpha._id}`)).status).toBe(204);
    const gone = await call<ErrorBody>(ctx, 'GET', `/test-suites/collection/${zulu._id}`);
    expect([gone.status, gone.body.error.message]).toEqual([404, MESSAGES.notFound]);
  });

  it('answers bad input with SPEC §8 sentences', async () => {
    const noName = await call<ErrorBody>(ctx, 'POST', '/test-suites/collection', {
      name: ' ',
      test_suite_id: ctx.suiteId,
    });
    expect([noName.status, noName.body.error.message]).toEqual([400, MESSAGES.nameRequired]);

    const first = await createCollection(ctx, 'Checkout');
    const taken = await call<ErrorBody>(ctx, 'POST', '/test-suites/collection', {
      name: 'CHECKOUT',
      test_suite_id: ctx.suiteId,
    });
    expect([taken.status, taken.body.error.message]).toEqual([409, MESSAGES.nameTaken]);

    const blank = await call<ErrorBody>(ctx, 'GET', '/test-suites/collection/%20');
    expect([blank.status, blank.body.error.message]).toEqual([400, MESSAGES.idRequired]);
    const blankRun = await call<ErrorBody>(ctx, 'POST', '/test-suites/collection/%20/run-all');
    expect([blankRun.status, blankRun.body.error.message]).toEqual([400, MESSAGES.idRequired]);
    const malformed = await call<ErrorBody>(ctx, 'GET', '/test-suites/collection/not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toMatch(/UUID/);

    const cron = await call<ErrorBody>(ctx, 'PUT', `/test-suites/collection/${first._id}`, {
      schedule: '0 3 * *',
    });
    expect([cron.status, cron.body.error.message]).toEqual([400, SCHEDULE_MESSAGE]);

    const empty = await call<ErrorBody>(ctx, 'POST', `/test-suites/collection/${first._id}/run-all`);
    expect([empty.status, empty.body.error.message]).toEqual([422, MESSAGES.noTests]);

    // A test of another suite cannot be linked.
    const suite = await call<{ test_suite_id: string }>(ctx, 'POST', '/test-suites', {
      name: 'Second',
      org_id: ctx.orgId,
    });
    const [foreign] = (
      await call<TestCase[]>(ctx, 'POST', '/test-cases/', {
        test_cases: [
          { test_suite_id: suite.body.test_suite_id, name: 'Elsewhere', website: 'https://x.example/' },
        ],
      })
    ).body;
    const wrongSuite = await call<ErrorBody>(ctx, 'PUT', `/test-suites/collection/${first._id}`, {
      test_case_ids_to_add: [foreign._id],
    });
    expect([wrongSuite.status, wrongSuite.body.error.message]).toEqual([
      400,
      'A test in test_case_ids_to_add is not in this test suite',
    ]);
    await call(ctx, 'DELETE', `/test-suites/collection/${first._id}`);
  });

  it("keeps another organization's collections out of reach on every call", async () => {
    const mine = await createCollection(ctx, 'Private', [tests[0]]);
    const [started] = [await call<RunAllResult>(ctx, 'POST', `/test-suites/collection/${mine._id}/run-all`)];
    expect(started.status).toBe(201);
    const t = other.token;
    const answers = [
      await call<ErrorBody>(ctx, 'GET', `/test-suites/collection/${mine._id}`, undefined, t),
      await call<ErrorBody>(ctx, 'PUT', `/test-suites/collection/${mine._id}`, { new_name: 'Mine now' }, t),
      await call<ErrorBody>(ctx, 'POST', `/test-suites/collection/${mine._id}/run-all`, undefined, t),
      await call<ErrorBody>(
        ctx,
        'POST',
        `/test-suites/collection/${mine._id}/cancel?created_at=${encodeURIComponent(started.body.created_at)}`,
        undefined,
        t,
      ),
      await call<ErrorBody>(ctx, 'DELETE', `/test-suites/collection/${mine._id}`, undefined, t),
    ];
    expect(answers.map((a) => [a.status, a.body.error.message])).toEqual(
      answers.map(() => [404, MESSAGES.notFound]),
    );
    const list = await call<ErrorBody>(ctx, 'GET', `/test-suites/collections/${ctx.suiteId}`, undefined, t);
    expect(list.status).toBe(404);
    const create = await call<ErrorBody>(
      ctx,
      'POST',
      '/test-suites/collection',
      { name: 'Intruder', test_suite_id: ctx.suiteId },
      t,
    );
    expect(create.status).toBe(404);
    const link = await call<ErrorBody>(
      ctx,
      'PATCH',
      `/test-cases/${tests[0]}/collections`,
      { collection_ids: [mine._id] },
      t,
    );
    expect(link.status).toBe(404);
    // Nothing changed.
    const still = await call<Collection>(ctx, 'GET', `/test-suites/collection/${mine._id}`);
    expect(still.body).toMatchObject({ name: 'Private', linked_test_ids: [tests[0]] });
    expect(still.body.linked_runs[0].counts.cancelled).toBe(0);
    await call(ctx, 'DELETE', `/test-suites/collection/${mine._id}`);
  });

  it('groups runs by creation time, newest first, with counts and the longest duration; pages over groups', async () => {
    const collection = await createCollection(ctx, 'Grouped', tests);
    const times = [0, 1, 2].map((i) => new Date(Date.UTC(2026, 0, 1, 10, i, 0, 123)));
    await seedGroups(ctx, collection._id, tests, times);

    const read = await call<Collection>(ctx, 'GET', `/test-suites/collection/${collection._id}`);
    expect(read.status).toBe(200);
    expect(read.body.linked_runs.map((g) => g.created_at)).toEqual(
      [...times].reverse().map((d) => d.toISOString()),
    );
    // Newest group (index 2): statuses not_runnable, pending, running; durations 1.002, 2.002, 3.002 s.
    const newest = read.body.linked_runs[0];
    expect(newest).toMatchObject({
      total: 3,
      counts: { pending: 1, running: 1, passed: 0, failed: 0, cancelled: 0, error: 1 },
      longest_duration_in_secs: 3,
    });
    expect(newest.runs.map((r) => r.test_name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(read.body.last_run).toMatchObject({ created_at: times[2].toISOString(), total: 3 });
    expect(read.body.last_run).not.toHaveProperty('runs');

    const page = await call<Collection>(
      ctx,
      'GET',
      `/test-suites/collection/${collection._id}?linked_runs_offset=1&linked_runs_limit=1`,
    );
    expect(page.status).toBe(200);
    expect(page.body.linked_runs.map((g) => g.created_at)).toEqual([times[1].toISOString()]);
    // Group 1: failed, not_runnable (an error), pending.
    expect(page.body.linked_runs[0].counts).toEqual({
      pending: 1,
      running: 0,
      passed: 0,
      failed: 1,
      cancelled: 0,
      error: 1,
      flaky: 0,
      // Issue 33: none of the tests is quarantined.
      quarantined: 0,
    });
    const tooMany = await call<ErrorBody>(
      ctx,
      'GET',
      `/test-suites/collection/${collection._id}?linked_runs_limit=101`,
    );
    expect([tooMany.status, tooMany.body.error.message]).toEqual([
      400,
      'linked_runs_limit must be a whole number from 1 to 100',
    ]);
    const past = await call<Collection>(
      ctx,
      'GET',
      `/test-suites/collection/${collection._id}?linked_runs_offset=3`,
    );
    expect(past.body.linked_runs).toEqual([]);

    const one = await call<Collection>(
      ctx,
      'GET',
      `/test-suites/collection/${collection._id}?linked_runs_created_at=${encodeURIComponent(times[0].toISOString())}`,
    );
    expect(one.body.linked_runs.map((g) => [g.created_at, g.total])).toEqual([[times[0].toISOString(), 3]]);

    const listed = await call<Collection[]>(ctx, 'GET', `/test-suites/collections/${ctx.suiteId}`);
    const summary = listed.body.find((c) => c._id === collection._id)!;
    expect(summary.linked_runs).toEqual([]);
    expect(summary.last_run?.created_at).toBe(times[2].toISOString());
    await call(ctx, 'DELETE', `/test-suites/collection/${collection._id}`);
  });

  it('run-all makes one group with one run per test (a test without steps is an error); cancel ends the group; delete keeps runs', async () => {
    const [stepless] = (
      await call<TestCase[]>(ctx, 'POST', '/test-cases/', {
        test_cases: [{ test_suite_id: ctx.suiteId, name: 'No steps yet', website: sites.url('todo') }],
      })
    ).body;
    const collection = await createCollection(ctx, 'Run all', [tests[0], tests[1], stepless._id]);
    const started = await call<RunAllResult>(
      ctx,
      'POST',
      `/test-suites/collection/${collection._id}/run-all`,
    );
    expect(started.status).toBe(201);
    expect(started.body.run_ids).toHaveLength(3);

    const read = await call<Collection>(ctx, 'GET', `/test-suites/collection/${collection._id}`);
    expect(read.body.linked_runs).toHaveLength(1);
    const [group] = read.body.linked_runs;
    expect(group).toMatchObject({
      created_at: started.body.created_at,
      // A person's run-all says so (issue 28).
      trigger: 'manual',
      total: 3,
      counts: { pending: 2, error: 1 },
    });
    const notRunnable = group.runs.find((r) => r.test_case_id === stepless._id)!;
    expect(notRunnable).toMatchObject({ status: 'not_runnable', error_message: expect.any(String) });

    const cancel = await call<CancelGroupResult>(
      ctx,
      'POST',
      `/test-suites/collection/${collection._id}/cancel?created_at=${encodeURIComponent(started.body.created_at)}`,
    );
    expect(cancel.status).toBe(200);
    expect(cancel.body.cancelled).toBe(2);
    const after = await call<Collection>(ctx, 'GET', `/test-suites/collection/${collection._id}`);
    expect(after.body.linked_runs[0].counts).toMatchObject({ pending: 0, cancelled: 2, error: 1 });

    const missing = await call<ErrorBody>(ctx, 'POST', `/test-suites/collection/${collection._id}/cancel`);
    expect(missing.status).toBe(400);

    expect((await call(ctx, 'DELETE', `/test-suites/collection/${collection._id}`)).status).toBe(204);
    const run = await getRun(ctx, started.body.run_ids[0]);
    expect(run.status).toBe('cancelled');
    const [row] = await ctx.server.database.db
      .select({ collectionId: testRuns.collectionId })
      .from(testRuns)
      .where(eq(testRuns.id, started.body.run_ids[0]));
    expect(row.collectionId).toBeNull();
  });

  it('links tests with PATCH /test-cases/{id}/collections and names the collections in the test and the tree', async () => {
    const smoke = await createCollection(ctx, 'Smoke');
    const nightly = await createCollection(ctx, 'Nightly');
    const tree = async () =>
      (await call<TestTreeItem[]>(ctx, 'GET', `/test-suites/${ctx.suiteId}/tree`)).body.find(
        (item) => item.test_case_id === tests[2],
      )!;
    expect((await tree()).collection_names).toEqual([]);

    const patched = await call<TestCase>(ctx, 'PATCH', `/test-cases/${tests[2]}/collections`, {
      collection_ids: [smoke._id, nightly._id],
    });
    expect(patched.status).toBe(200);
    expect(patched.body.collection_ids.sort()).toEqual([smoke._id, nightly._id].sort());
    expect((await tree()).collection_names).toEqual(['Nightly', 'Smoke']);
    const smokeNow = await call<Collection>(ctx, 'GET', `/test-suites/collection/${smoke._id}`);
    expect(smokeNow.body.linked_test_ids).toEqual([tests[2]]);

    // Renaming a collection moves the tree's fingerprint (the cached tree is not served).
    await call(ctx, 'PUT', `/test-suites/collection/${smoke._id}`, { new_name: 'Alpha smoke' });
    expect((await tree()).collection_names).toEqual(['Alpha smoke', 'Nightly']);
    const read = await call<TestCase>(ctx, 'GET', `/test-case/${tests[2]}`);
    expect(read.body.collection_ids).toEqual([smoke._id, nightly._id]);

    // An unknown collection is refused with a sentence; nothing changes.
    const unknown = await call<ErrorBody>(ctx, 'PATCH', `/test-cases/${tests[2]}/collections`, {
      collection_ids: [crypto.randomUUID()],
    });
    expect([unknown.status, unknown.body.error.message]).toEqual([
      400,
      'A collection in collection_ids is not in this test suite',
    ]);

    // Deleting a collection unlinks it.
    await call(ctx, 'DELETE', `/test-suites/collection/${nightly._id}`);
    expect((await tree()).collection_names).toEqual(['Alpha smoke']);
    await call(ctx, 'PATCH', `/test-cases/${tests[2]}/collections`, { collection_ids: [] });
    expect((await tree()).collection_ids).toEqual([]);
    await call(ctx, 'DELETE', `/test-suites/collection/${smoke._id}`);
  });
});

describe('collections with a worker', () => {
  it('run-all runs every linked test as a normal run that passes, with its evidence', async () => {
    const ctx = await setUpGeneration({ sites });
    try {
      const tests = [
        await createGeneratedTest(ctx, 'First', sites.url('todo'), todoActions('First')),
        await createGeneratedTest(ctx, 'Second', sites.url('todo'), todoActions('Second')),
      ];
      const collection = await createCollection(ctx, 'Passing', tests);
      const started = await call<RunAllResult>(
        ctx,
        'POST',
        `/test-suites/collection/${collection._id}/run-all`,
      );
      expect(started.status).toBe(201);
      for (const id of started.body.run_ids) {
        const run = await waitForRun(ctx, id);
        expect(run.status).toBe('passed');
        expect(run.artifacts.map((a) => a.name)).toEqual(expect.arrayContaining(['trace.zip', 'run.log']));
      }
      const read = await call<Collection>(ctx, 'GET', `/test-suites/collection/${collection._id}`);
      expect(read.body.linked_runs[0]).toMatchObject({
        created_at: started.body.created_at,
        total: 2,
        counts: { passed: 2, pending: 0, running: 0, error: 0 },
      });
      expect(read.body.linked_runs[0].longest_duration_in_secs).toBeGreaterThan(0);
    } finally {
      await ctx.close();
    }
  });

  it('runs each test in each browser asked for that the workers can launch', async () => {
    const ctx = await setUpGeneration({ sites });
    try {
      const test = await createGeneratedTest(ctx, 'Everywhere', sites.url('todo'), todoActions('Everywhere'));
      const collection = await createCollection(ctx, 'Browsers', [test]);
      const path = `/test-suites/collection/${collection._id}/run-all`;
      const unknown = await call<ErrorBody>(ctx, 'POST', path, { browsers: ['chromium', 'edge'] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.error.message).toBe('Unknown browser "edge": choose chromium, firefox or webkit');
      // Here only Debian's Chromium exists; where Playwright's Firefox and WebKit are installed, they run too.
      const launchable = await launchableBrowsers(null);
      const started = await call<RunAllResult>(ctx, 'POST', path, { browsers: launchable });
      expect(started.status).toBe(201);
      expect(started.body.run_ids).toHaveLength(launchable.length);
      const runs = await Promise.all(started.body.run_ids.map((id) => waitForRun(ctx, id)));
      expect(Object.fromEntries(runs.map((run) => [run.browser, run.status]))).toEqual(
        Object.fromEntries(launchable.map((browser) => [browser, 'passed'])),
      );
    } finally {
      await ctx.close();
    }
  });

  it('refuses a browser the workers cannot launch, naming the field and the browsers they can (issue 28)', async () => {
    // A browser server serves Chromium alone: Firefox and WebKit cannot be launched, on any machine.
    const ctx = await setUpGeneration({ sites, env: { BROWSER_WS_ENDPOINT: 'ws://127.0.0.1:9/' } });
    try {
      const test = await createGeneratedTest(ctx, 'Nowhere', sites.url('todo'), todoActions('Nowhere'));
      const collection = await createCollection(ctx, 'Browsers', [test]);
      const path = `/test-suites/collection/${collection._id}/run-all`;
      const refused = await call<ErrorBody>(ctx, 'POST', path, {
        browsers: ['chromium', 'firefox', 'webkit'],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toEqual({
        code: 'validation_failed',
        message:
          'browsers: this server cannot launch firefox and webkit; it can launch chromium (the others need installing where its workers run).',
        details: { fields: { browsers: 'not_launchable' } },
      });
      expect((await call<ErrorBody>(ctx, 'POST', path, { browsers: ['webkit'] })).body.error.message).toBe(
        'browsers: this server cannot launch webkit; it can launch chromium (the others need installing where its workers run).',
      );
      // Nothing was started.
      const read = await call<Collection>(ctx, 'GET', `/test-suites/collection/${collection._id}`);
      expect(read.body.linked_runs).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
