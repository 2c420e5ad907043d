import { type Collection, type RunAllResult } from '../../contract/collections';
import { type Action } from '../src/runner';
import { api, tokenFor } from './helpers';
import { setUpGeneration, type GenerationContext } from './generationFixtures';
import { createGeneratedTest } from './runFixtures';
import { SocketClient } from './socketClient';

// Issue 31: a collection's page watches its runs over /api/ws instead of polling. No worker: a run-all's
// runs stay queued until the test cancels them.

jest.setTimeout(120_000);

type Message = { type: string } & Record<string, unknown>;
/** The socket client knows the generation's messages only: these are the collection's. */
const is = (message: { type: string }, type: string) => message.type === type;

describe("a collection's runs watched live", () => {
  let ctx: GenerationContext;
  let collectionId: string;
  const sockets: SocketClient[] = [];

  const open = async (token: string) => {
    const socket = await SocketClient.open(`${ctx.server.url.replace(/^http/, 'ws')}/api/ws`);
    sockets.push(socket);
    socket.send({ type: 'auth', token });
    socket.send({ type: 'watch_collection', collection_id: collectionId });
    return socket;
  };
  const all = (socket: SocketClient) => socket.messages as unknown as Message[];

  beforeAll(async () => {
    ctx = await setUpGeneration({ roles: ['api'] });
    const actions: Action[] = [{ kind: 'goto', url: ctx.sites.url('todo') }];
    const testId = await createGeneratedTest(ctx, 'Open the list', ctx.sites.url('todo'), actions);
    const created = await api<Collection>(ctx.server, 'POST', '/test-suites/collection', {
      token: ctx.token,
      body: { name: 'Smoke', test_suite_id: ctx.suiteId, linked_test_ids: [testId] },
    });
    expect(created.status).toBe(201);
    collectionId = created.body._id;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await ctx?.close();
  });

  it('tells a member of every change of a run of its groups: the run-all, then the cancel', async () => {
    const socket = await open(ctx.token);
    await socket.next((m) => is(m, 'COLLECTION_WATCHING'));

    const run = await api<RunAllResult>(
      ctx.server,
      'POST',
      `/test-suites/collection/${collectionId}/run-all`,
      {
        token: ctx.token,
        body: {},
      },
    );
    expect(run.status).toBe(201);
    const [runId] = run.body.run_ids;
    const started = await socket.next((m) => is(m, 'COLLECTION_RUNS_CHANGED'));
    expect(started).toMatchObject({
      collection_id: collectionId,
      created_at: run.body.created_at,
      run_id: runId,
      status: 'pending',
    });

    const seen = socket.messages.length;
    const cancelled = await api(
      ctx.server,
      'POST',
      `/test-suites/collection/${collectionId}/cancel?created_at=${encodeURIComponent(run.body.created_at)}`,
      { token: ctx.token },
    );
    expect(cancelled.status).toBe(200);
    expect(
      await socket.next(
        (m) => is(m, 'COLLECTION_RUNS_CHANGED') && (m as unknown as Message).status === 'cancelled',
        seen,
      ),
    ).toMatchObject({ collection_id: collectionId, created_at: run.body.created_at, run_id: runId });
    // The watch never says the collection stopped running: it goes on for the next group.
    expect(all(socket).map((m) => m.type)).not.toContain('RUN_NOT_RUNNING');
    expect(all(socket).filter((m) => m.type === 'ERROR')).toEqual([]);
  });

  it("refuses another organization's person, as the collection's GET does", async () => {
    const outsider = await tokenFor(ctx.server, { email: 'outsider@elsewhere.example' });
    await api(ctx.server, 'POST', '/organizations', { token: outsider.token, body: { name: 'Elsewhere' } });
    const socket = await open(outsider.token);
    expect(await socket.next((m) => m.type === 'ERROR')).toEqual({
      type: 'ERROR',
      collection_id: collectionId,
      message: 'Test collection not found',
    });
    expect(all(socket).map((m) => m.type)).not.toContain('COLLECTION_WATCHING');

    // And hears nothing of the collection's runs afterwards.
    const run = await api<RunAllResult>(
      ctx.server,
      'POST',
      `/test-suites/collection/${collectionId}/run-all`,
      {
        token: ctx.token,
        body: {},
      },
    );
    expect(run.status).toBe(201);
    const member = await open(ctx.token);
    await member.next((m) => is(m, 'COLLECTION_WATCHING'));
    await api(
      ctx.server,
      'POST',
      `/test-suites/collection/${collectionId}/cancel?created_at=${encodeURIComponent(run.body.created_at)}`,
      { token: ctx.token },
    );
    await member.next((m) => is(m, 'COLLECTION_RUNS_CHANGED'));
    expect(all(socket).map((m) => m.type)).not.toContain('COLLECTION_RUNS_CHANGED');
  });
});
