import type { MonitoringDeps } from '../../../lib/socket';
import { allowConsoleErrors } from '../../../testing/consoleGuard';
import { FakeSocket } from '../../../testing/fakeSocket';
import { seedCollection, seedRunGroup } from '../../../testing/msw/collections';
import { seedSuite, seedTestCase } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { makeSagaTestStore } from '../../../testing/sagaStore';
import { signInAsMemberOf } from '../../../testing/session';
import { collectionsApi } from '../../collections/api';
import { RESTART_DELAY_MS } from '../lifecycle';
import { monitoringSaga } from '../sagas';
import { selectWatch } from '../selectors';
import { watchRequested } from '../slice';

// A collection's runs watched live (issue 31, docs/monitoring.md) through the monitoring saga and the
// collection adapter, against a fake socket, with RTK Query and MSW for the reads it makes.

const realSetTimeout = globalThis.setTimeout;
const tick = () => new Promise((resolve) => realSetTimeout(resolve, 1));

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await tick();
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);
const GROUP = '2026-01-05T09:00:00.000Z';

function setup() {
  const { organization } = signInAsMemberOf('Acme', 'member');
  const suite = seedSuite(organization.org_id, 'Shop');
  const pay = seedTestCase(suite, { name: 'Pay by card' });
  const refund = seedTestCase(suite, { name: 'Refund' });
  const collection = seedCollection(suite, 'Checkout', { linked_test_ids: [pay._id, refund._id] });
  const [run] = seedRunGroup(collection, GROUP, ['running', 'pending']);
  const sockets: FakeSocket[] = [];
  const deps: MonitoringDeps = {
    getToken: async () => 'token-1',
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    socketUrl: () => 'ws://localhost/api/ws',
    canUseSocket: () => true,
  };
  let reads = 0;
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'GET' && path === `/api/test-suites/collection/${collection._id}`) reads++;
  });
  const { store, events } = makeSagaTestStore(monitoringSaga, deps);
  // The page's subscription: the first page of its groups.
  const page = { id: collection._id, offset: 0, limit: 15 };
  store.dispatch(collectionsApi.endpoints.getCollection.initiate(page));
  const counts = () =>
    collectionsApi.endpoints.getCollection.select(page)(store.getState()).data?.linked_runs[0]?.counts;
  const ref = { topic: 'collection' as const, id: collection._id };
  return {
    collection,
    run,
    store,
    events,
    sockets,
    counts,
    reads: () => reads,
    watch: () => selectWatch(store.getState(), 'collection', collection._id),
    start: () => store.dispatch(watchRequested(ref)),
    /** Opens the latest socket and lets the server accept the watch. */
    async accept() {
      const socket = sockets.at(-1)!;
      socket.open();
      await until(() => socket.sent.length === 1, 'auth');
      socket.receive({ type: 'AUTHENTICATED' });
      await until(() => socket.sent.length === 2, 'watch_collection');
      socket.receive({ type: 'COLLECTION_WATCHING', collection_id: collection._id });
      await until(
        () => selectWatch(store.getState(), 'collection', collection._id)?.status === 'open',
        'open',
      );
      return socket;
    },
  };
}

async function connected(m: ReturnType<typeof setup>) {
  await until(() => m.counts() !== undefined, 'the page');
  m.start();
  await advance(RESTART_DELAY_MS);
  await until(() => m.sockets.length === 1, 'a socket');
  return m.accept();
}

describe("a collection's runs watched live", () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => {
    server.events.removeAllListeners();
    jest.useRealTimers();
  });

  it('asks for the collection, then reads it again on each run change it is told', async () => {
    const m = setup();
    const socket = await connected(m);
    expect(socket.sent[1]).toEqual({ type: 'watch_collection', collection_id: m.collection._id });
    expect(m.counts()).toMatchObject({ running: 1, pending: 1, passed: 0 });
    const before = m.reads();

    for (const run of m.collection.runs) run.status = 'passed';
    socket.receive({
      type: 'COLLECTION_RUNS_CHANGED',
      collection_id: m.collection._id,
      created_at: GROUP,
      run_id: m.run._id,
      test_id: m.run.test_case_id,
      status: 'passed',
    });
    await until(() => m.counts()?.passed === 2, 'the group read again');
    expect(m.reads()).toBe(before + 1);
    expect(m.events).toContain('monitoring/collectionRunsChanged');
    // Never "not running": the watch goes on for the next group.
    expect(m.watch()?.status).toBe('open');
  });

  it("ignores another collection's news, and watches again on a new socket after the time limit", async () => {
    const m = setup();
    const socket = await connected(m);
    const before = m.reads();
    socket.receive({
      type: 'COLLECTION_RUNS_CHANGED',
      collection_id: 'another-collection',
      created_at: GROUP,
      run_id: 'run-x',
      test_id: 'test-x',
      status: 'passed',
    });
    socket.receive({ type: 'WATCH_TIMED_OUT', collection_id: m.collection._id });
    await until(() => m.watch()?.status === 'waiting', 'timed out');
    expect(m.reads()).toBe(before);
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 2, 'a second socket');
    await m.accept();
    expect(m.events.filter((e) => e === 'monitoring/watchStarted')).toHaveLength(2);
  });

  it('fails with the server’s sentence when the collection may not be watched', async () => {
    allowConsoleErrors(/collection monitoring/);
    const m = setup();
    await until(() => m.counts() !== undefined, 'the page');
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 1, 'a socket');
    const socket = m.sockets[0];
    socket.open();
    await until(() => socket.sent.length === 1, 'auth');
    socket.receive({ type: 'AUTHENTICATED' });
    await until(() => socket.sent.length === 2, 'watch_collection');
    socket.receive({ type: 'ERROR', message: 'Test collection not found', collection_id: m.collection._id });
    await until(() => m.watch()?.status === 'failed', 'failed');
    expect(m.watch()?.error).toBe('Test collection not found');
  });
});
