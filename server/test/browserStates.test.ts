import { eq } from 'drizzle-orm';
import { browserStates, testCases } from '../src/db/schema';
import { decrypt } from '../src/lib/crypto';
import { readZip } from '../src/lib/zip';
import { type BrowserState } from '../../contract/modules';
import { api, tokenFor } from './helpers';
import { createTest, setUpGeneration, waitForGeneration, type GenerationContext } from './generationFixtures';
import { createGeneratedTest, describeRun, startRun, waitForRun } from './runFixtures';
import {
  createModule,
  dashboardShows,
  download,
  signInActions,
  storedState,
  useSetup,
} from './moduleFixtures';

jest.setTimeout(180_000);

// Issue 13, browser states: a module's green run saves the browser's cookies and local storage,
// sealed; a test that names the state starts from it and skips the sign-in while it is fresh; a
// stale or missing state runs the module again, which refreshes it. The state never leaves the server.

const PASSWORD = { password: 'correct-horse-battery' };
// The login site's session as its local storage holds it, as it would appear in a JSON dump of the state.
const SESSION_IN_STATE = '\\"email\\":\\"ada@example.com\\"';

describe('browser states', () => {
  let ctx: GenerationContext;
  let login: string;
  let dashboard: string;
  let moduleId: string;
  let sourceTest: string;

  beforeAll(async () => {
    ctx = await setUpGeneration();
    login = ctx.sites.url('login');
    dashboard = `${login}dashboard.html`;
    sourceTest = await createGeneratedTest(
      ctx,
      'Sign in as Ada',
      login,
      signInActions(login, 'ada@example.com'),
      PASSWORD,
    );
    moduleId = await createModule(ctx, { name: 'Sign in', testCaseId: sourceTest });
  });

  afterAll(async () => {
    await ctx?.close();
  });

  async function list(token = ctx.token, suiteId = ctx.suiteId) {
    return api<BrowserState[]>(ctx.server, 'GET', `/browser-states/${suiteId}`, { token });
  }

  async function create(body: Record<string, unknown>, token = ctx.token, suiteId = ctx.suiteId) {
    return api<BrowserState>(ctx.server, 'POST', `/test-suites/${suiteId}/browser-states`, { token, body });
  }

  it('creates a state for a module of the suite and lists it, without the state itself', async () => {
    expect((await list()).body).toEqual([]);
    const created = await create({ name: 'Signed in as Ada', module_id: moduleId });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      name: 'Signed in as Ada',
      updated_at: null,
      module_id: moduleId,
    });
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([created.body]);

    // One state per module, names unique, both fields needed, the module in the suite.
    expect((await create({ name: 'Again', module_id: moduleId })).body).toMatchObject({
      error: { message: 'This module already saves a browser state' },
    });
    const other = await createModule(ctx, { name: 'Other', testCaseId: sourceTest });
    expect((await create({ name: 'signed in as ada', module_id: other })).status).toBe(409);
    const missing = await create({ name: ' ' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      error: {
        message: 'Browser state data is required',
        details: { fields: { name: 'required', module_id: 'required' } },
      },
    });
    expect((await create({ name: 'X', module_id: 'not-a-uuid' })).status).toBe(404);
    expect((await create({ name: 'X', module_id: moduleId, state: {} })).status).toBe(400);
  });

  it('keeps states to their organization', async () => {
    const stranger = await tokenFor(ctx.server, { email: `stranger-${Date.now()}@example.com` });
    const listed = await list(stranger.token);
    expect(listed.status).toBe(404);
    expect(JSON.stringify(listed.body)).not.toContain('Signed in as Ada');
    const created = await create({ name: 'Mine', module_id: moduleId }, stranger.token);
    expect(created.status).toBe(404);
    expect((await list(ctx.token, 'not-a-suite')).status).toBe(404);
  });

  it('runs the module and saves the state when missing, then starts from it and skips the sign-in, and refreshes it when stale', async () => {
    const [state] = (await list()).body;
    const test = await createGeneratedTest(
      ctx,
      'Greets Ada',
      login,
      dashboardShows(dashboard, 'Welcome, Ada Lovelace'),
    );
    // The state alone: its module is the setup while the state is missing or stale.
    await useSetup(ctx, test, { browserStateId: state.id });

    const first = await waitForRun(ctx, (await startRun(ctx, test))._id);
    expect({ status: first.status, steps: describeRun(first) }).toMatchObject({ status: 'passed' });
    expect(first.steps).toHaveLength(5 + 2);
    const saved = await storedState(ctx, state.id);
    expect(saved.savedAt).not.toBeNull();
    expect(saved.stateEncrypted).not.toContain('ada@example.com');
    const sealed = JSON.parse(decrypt(saved.stateEncrypted!, await appSecret(ctx)));
    expect(JSON.stringify(sealed.origins)).toContain('ada@example.com');
    const listed = (await list()).body[0];
    expect(listed.updated_at).toBe(saved.savedAt!.toISOString());
    expect(JSON.stringify(listed)).not.toContain('ada@example.com');

    // Fresh: the run starts signed in and replays only the test's own steps.
    const second = await waitForRun(ctx, (await startRun(ctx, test))._id);
    expect({ status: second.status, steps: describeRun(second) }).toMatchObject({ status: 'passed' });
    expect(second.step_descriptions).toEqual([
      `Open ${dashboard}`,
      'Expect the page to show "Welcome, Ada Lovelace"',
    ]);
    const log = (await download(ctx, second._id, 'run.log')).toString('utf8');
    expect(log).toContain('Started from the browser state "Signed in as Ada"; its setup module was skipped.');
    // A run that skipped the module saves nothing: the state keeps its time.
    expect((await storedState(ctx, state.id)).savedAt).toEqual(saved.savedAt);

    // Stale (older than its time to live): the module runs again and the state is saved anew.
    const old = new Date(Date.now() - 13 * 60 * 60 * 1000);
    await ctx.server.database.db
      .update(browserStates)
      .set({ savedAt: old })
      .where(eq(browserStates.id, state.id));
    const third = await waitForRun(ctx, (await startRun(ctx, test))._id);
    expect({ status: third.status, steps: describeRun(third) }).toMatchObject({ status: 'passed' });
    expect(third.steps).toHaveLength(7);
    const refreshed = await storedState(ctx, state.id);
    expect(refreshed.savedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(refreshed.stateEncrypted).not.toBe(saved.stateEncrypted);

    // The state is in no artifact of any of these runs.
    for (const run of [first, second, third]) {
      expect((await download(ctx, run._id, 'run.log')).toString('utf8')).not.toContain(SESSION_IN_STATE);
      for (const entry of readZip(await download(ctx, run._id, 'trace.zip')))
        expect(entry.data.toString('utf8')).not.toContain(SESSION_IN_STATE);
    }
  });

  it("is refreshed by a green run of the module's own test, and not by a failed run", async () => {
    const [state] = (await list()).body;
    const before = await storedState(ctx, state.id);
    const run = await waitForRun(ctx, (await startRun(ctx, sourceTest))._id);
    expect(run.status).toBe('passed');
    const after = await storedState(ctx, state.id);
    expect(after.savedAt!.getTime()).toBeGreaterThan(before.savedAt!.getTime());

    const failing = await createGeneratedTest(
      ctx,
      'Fails after sign in',
      login,
      dashboardShows(dashboard, 'Welcome, Nobody'),
    );
    await useSetup(ctx, failing, { moduleId });
    // Stale, so the module runs; the test fails after it, and the state stays as it was.
    await ctx.server.database.db
      .update(browserStates)
      .set({ savedAt: new Date(Date.now() - 13 * 60 * 60 * 1000) })
      .where(eq(browserStates.id, state.id));
    const failed = await waitForRun(ctx, (await startRun(ctx, failing))._id);
    expect(failed.status).toBe('failed');
    expect((await storedState(ctx, state.id)).stateEncrypted).toBe(after.stateEncrypted);
  });

  it('lets a generation start from a fresh state, without running the module', async () => {
    const [state] = (await list()).body;
    expect((await waitForRun(ctx, (await startRun(ctx, sourceTest))._id)).status).toBe('passed');
    // The module could not sign in now: only a generation that starts from the saved state passes.
    await ctx.server.database.db
      .update(testCases)
      .set({ parameters: { password: 'not-the-password' } })
      .where(eq(testCases.id, sourceTest));
    const created = await createTest(
      ctx,
      {
        name: 'Generated signed in',
        website: dashboard,
        description: 'Verify the page shows "Welcome, Ada Lovelace".',
      },
      false,
    );
    await useSetup(ctx, created._id, { browserStateId: state.id });
    await ctx.server.services.generation.start({ id: ctx.userId } as never, [created._id]);
    const generated = await waitForGeneration(ctx, created._id);
    expect({ state: generated.state, message: generated.final_message }).toEqual({
      state: 'passed',
      message: 'All 2 steps passed.',
    });
    await ctx.server.database.db
      .update(testCases)
      .set({ parameters: PASSWORD })
      .where(eq(testCases.id, sourceTest));
  });

  it('starts from a fresh browser when the state it names is gone', async () => {
    const test = await createGeneratedTest(
      ctx,
      'Names a gone state',
      login,
      dashboardShows(dashboard, 'Welcome, Ada Lovelace'),
    );
    await useSetup(ctx, test, { browserStateId: '00000000-0000-4000-8000-000000000000', moduleId });
    const run = await waitForRun(ctx, (await startRun(ctx, test))._id);
    expect({ status: run.status, steps: describeRun(run) }).toMatchObject({ status: 'passed' });
    expect(run.steps).toHaveLength(7);
    const log = (await download(ctx, run._id, 'run.log')).toString('utf8');
    expect(log).toContain(
      'The browser state this test starts from no longer exists; it starts from a fresh browser.',
    );
  });
});

async function appSecret(ctx: GenerationContext): Promise<string> {
  const { getOrCreateSecret } = await import('../src/services/serverSecrets');
  return ctx.server.config.appSecret ?? getOrCreateSecret(ctx.server.database.db, 'app_secret');
}
