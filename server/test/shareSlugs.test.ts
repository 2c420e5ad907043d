import { type PublishResult, SHARE_MESSAGES } from '../../contract/sharing';
import { api, startTestServer, type TestServer } from './helpers';
import { createTest, type ErrorBody, workspace, type Workspace } from './testCasesFixtures';

/** Issue 27: a taken link name told other organizations' private shares; anonymous reads were not limited. */
describe('share link names across organizations', () => {
  let server: TestServer;
  let a: Workspace;
  let b: Workspace;

  beforeAll(async () => {
    server = await startTestServer({ env: { SHARE_RATE_LIMIT: '5' } });
    a = await workspace(server, 'ada@a.example');
    b = await workspace(server, 'bob@b.example');
  });
  afterAll(async () => server?.close());

  const publish = (who: Workspace, testId: string, slug: string, visibility: string) =>
    api<PublishResult & ErrorBody>(server, 'PUT', `/test-case/${testId}/publish`, {
      token: who.token,
      body: { slug, visibility },
    });

  it("answers another organization's private link name as a free one, and each opens its own", async () => {
    const mine = await createTest(server, a, { name: 'A secret checkout' });
    expect((await publish(a, mine._id, 'checkout-flow', 'private')).status).toBe(200);
    const theirs = await createTest(server, b, { name: 'B checkout' });
    const answer = await publish(b, theirs._id, 'checkout-flow', 'private');
    expect(answer.status).toBe(200);
    expect(answer.body.message).toContain('Test case published');

    const readA = await api<{ name: string }>(server, 'GET', '/shared/checkout-flow', { token: a.token });
    expect(readA.body.name).toBe('A secret checkout');
    const readB = await api<{ name: string }>(server, 'GET', '/shared/checkout-flow', { token: b.token });
    expect(readB.body.name).toBe('B checkout');
  });

  it('still refuses a link name taken in the same organization, public or private', async () => {
    const first = await createTest(server, a, { name: 'First' });
    const second = await createTest(server, a, { name: 'Second' });
    expect((await publish(a, first._id, 'login-check', 'private')).status).toBe(200);
    const taken = await publish(a, second._id, 'login-check', 'public');
    expect(taken.status).toBe(409);
    expect(taken.body.error.message).toBe(SHARE_MESSAGES.slugTaken);
  });

  it('limits the shares an address reads without signing in, with a sentence and a time', async () => {
    const statuses: number[] = [];
    let last: { status: number; body: ErrorBody } | null = null;
    for (let i = 0; i < 6; i++) {
      last = await api<ErrorBody>(server, 'GET', `/shared/guess-${i}`);
      statuses.push(last.status);
    }
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429]);
    expect(last!.body.error.message).toMatch(
      /^Too many shared tests opened from this address: try again in .+\.$/,
    );
    const badges: number[] = [];
    for (let i = 0; i < 6; i++)
      badges.push((await fetch(`${server.url}/api/shared/guess-${i}/badge.svg`)).status);
    expect(badges).toEqual([404, 404, 404, 404, 404, 429]);
    // A member signed in is not counted against the address.
    expect((await api(server, 'GET', '/shared/guess-10', { token: a.token })).status).toBe(404);
  });
});
