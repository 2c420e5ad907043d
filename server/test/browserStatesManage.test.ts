import { eq } from 'drizzle-orm';
import { browserStates, organizationMembers, testCases, testModules } from '../src/db/schema';
import { type BrowserState } from '../../contract/modules';
import { api, startTestServer, tokenFor, type TestServer } from './helpers';

jest.setTimeout(120_000);

// Issue 28: the Modules page refreshes and deletes saved browser states, which before could only be
// made through the API. Refresh forgets what was saved (the next green run saves it again); delete
// removes the state and clears it from the tests that started from it. Viewers may do neither.

describe('managing browser states', () => {
  let server: TestServer;
  let token: string;
  let suiteId: string;
  let testId: string;
  let viewer: string;

  beforeAll(async () => {
    // No worker: nothing runs, the rows hold still.
    server = await startTestServer({ roles: ['api'] });
    ({ token } = await tokenFor(server, { email: `states-${Date.now()}@example.com` }));
    const org = await api<{ org_id: string }>(server, 'POST', '/organizations', {
      token,
      body: { name: 'States' },
    });
    const suite = await api<{ test_suite_id: string }>(server, 'POST', '/test-suites', {
      token,
      body: { name: 'States suite', org_id: org.body.org_id },
    });
    suiteId = suite.body.test_suite_id;
    const tests = await api<{ _id: string }[]>(server, 'POST', '/test-cases/', {
      token,
      body: {
        test_cases: [
          { test_suite_id: suiteId, name: 'Uses it', website: 'https://a.example', description: 'Open' },
        ],
      },
    });
    testId = tests.body[0]._id;
    const person = await tokenFor(server, { email: `viewer-${Date.now()}@example.com` });
    await api(server, 'GET', '/auth/get-user-organizations', { token: person.token });
    await server.database.db
      .insert(organizationMembers)
      .values({ orgId: org.body.org_id, userId: person.userId, role: 'viewer' });
    viewer = person.token;
  });
  afterAll(async () => server?.close());

  /** A state of a new module, saved as a green run would have saved it, used by the test. */
  async function savedState(name: string): Promise<BrowserState> {
    const [module] = await server.database.db
      .insert(testModules)
      .values({ testSuiteId: suiteId, name: `${name} module`, moduleType: 'test_case' })
      .returning({ id: testModules.id });
    const created = await api<BrowserState>(server, 'POST', `/test-suites/${suiteId}/browser-states`, {
      token,
      body: { name, module_id: module.id },
    });
    expect(created.status).toBe(201);
    await server.database.db
      .update(browserStates)
      .set({ stateEncrypted: 'sealed', savedAt: new Date() })
      .where(eq(browserStates.id, created.body.id));
    await server.database.db
      .update(testCases)
      .set({ browserStateId: created.body.id })
      .where(eq(testCases.id, testId));
    return created.body;
  }

  const path = (stateId: string) => `/test-suites/${suiteId}/browser-states/${stateId}`;

  it('refreshes a state: what was saved is forgotten, so the next green run saves it again', async () => {
    const state = await savedState('Signed in');
    const refreshed = await api<BrowserState>(server, 'POST', `${path(state.id)}/refresh`, { token });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({ ...state, updated_at: null });
    const [row] = await server.database.db.select().from(browserStates).where(eq(browserStates.id, state.id));
    expect(row).toMatchObject({ stateEncrypted: null, savedAt: null });
    expect((await api(server, 'POST', `${path(crypto.randomUUID())}/refresh`, { token })).status).toBe(404);
  });

  it('deletes a state and clears it from the tests that started from it', async () => {
    const state = await savedState('To delete');
    const deleted = await api(server, 'DELETE', path(state.id), { token });
    expect(deleted.status).toBe(204);
    const listed = await api<BrowserState[]>(server, 'GET', `/browser-states/${suiteId}`, { token });
    expect(listed.body.map(({ name }) => name)).not.toContain('To delete');
    const [test] = await server.database.db.select().from(testCases).where(eq(testCases.id, testId));
    expect(test.browserStateId).toBeNull();
    const again = await api<{ error: { message: string } }>(server, 'DELETE', path(state.id), { token });
    expect(again.status).toBe(404);
    expect(again.body.error.message).toBe('Browser state not found');
  });

  it('lets a viewer see states but neither refresh nor delete them', async () => {
    const state = await savedState('Kept');
    expect((await api(server, 'GET', `/browser-states/${suiteId}`, { token: viewer })).status).toBe(200);
    expect((await api(server, 'POST', `${path(state.id)}/refresh`, { token: viewer })).status).toBe(403);
    expect((await api(server, 'DELETE', path(state.id), { token: viewer })).status).toBe(403);
    const [row] = await server.database.db.select().from(browserStates).where(eq(browserStates.id, state.id));
    expect(row.stateEncrypted).toBe('sealed');
  });
});
