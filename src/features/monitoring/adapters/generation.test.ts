import type { MonitoringDeps } from '../../../lib/socket';
import { allowConsoleErrors } from '../../../testing/consoleGuard';
import { FakeSocket } from '../../../testing/fakeSocket';
import { seedTodoTest } from '../../../testing/generation';
import { db } from '../../../testing/msw/db';
import { server } from '../../../testing/msw/server';
import { makeSagaTestStore } from '../../../testing/sagaStore';
import { testsApi } from '../../tests/api';
import { RECONNECT_DELAY_MS, RESTART_DELAY_MS } from '../lifecycle';
import { monitoringSaga } from '../sagas';
import { selectWatch } from '../selectors';
import { watchLeft, watchRequested } from '../slice';
import { GENERATION_POLL_MS as POLL_INTERVAL_MS } from './generation';

// A test's generation watched live (SPEC §4) through the monitoring saga and the generation adapter,
// against a fake socket, with RTK Query and MSW for the refetches.

const generation = (id: string) => ({ topic: 'generation' as const, id });

const realSetTimeout = globalThis.setTimeout;
const tick = () => new Promise((resolve) => realSetTimeout(resolve, 1));

/** Lets promises (MSW, RTK Query) settle without moving the fake clock. */
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 300; i++) {
    if (check()) return;
    await tick();
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

function setup(options: { token?: string | null; socket?: boolean } = {}) {
  const { test } = seedTodoTest('running');
  const sockets: FakeSocket[] = [];
  const deps: MonitoringDeps = {
    getToken: async () => (options.token === undefined ? 'token-1' : options.token),
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    socketUrl: () => 'ws://localhost/api/ws',
    canUseSocket: () => options.socket ?? true,
  };
  let reads = 0;
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname === `/api/test-case/${test._id}`) reads++;
  });
  const { store, events } = makeSagaTestStore(monitoringSaga, deps);
  // The details page's subscription, as when the page shows the test.
  const subscription = store.dispatch(testsApi.endpoints.getTestCase.initiate(test._id));
  const cached = () => testsApi.endpoints.getTestCase.select(test._id)(store.getState()).data;
  const stored = () => db.testCases.find(({ _id }) => _id === test._id)!;
  return {
    test,
    store,
    events,
    sockets,
    cached,
    stored,
    reads: () => reads,
    monitoring: () => selectWatch(store.getState(), 'generation', test._id),
    start: () => store.dispatch(watchRequested(generation(test._id))),
    /** Opens the latest socket and lets the server accept the watch. */
    async accept() {
      const socket = sockets.at(-1)!;
      socket.open();
      await until(() => socket.sent.length === 1, 'auth');
      socket.receive({ type: 'AUTHENTICATED' });
      await until(() => socket.sent.length === 2, 'watch');
      socket.receive({ type: 'WATCHING', test_id: test._id, state: 'running' });
      await until(() => selectWatch(store.getState(), 'generation', test._id)?.status === 'open', 'open');
      return socket;
    },
    async ready() {
      await until(() => cached() !== undefined, 'the test');
      return subscription;
    },
  };
}

describe('generation monitoring', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => {
    server.events.removeAllListeners();
    jest.useRealTimers();
  });

  it('connects 100 ms after starting, authenticates with the token, then watches the test', async () => {
    const m = setup();
    await m.ready();
    m.start();
    expect(m.monitoring()).toMatchObject({ status: 'waiting', error: null, watchers: 1 });
    await advance(RESTART_DELAY_MS - 1);
    expect(m.sockets).toHaveLength(0);
    await advance(1);
    await until(() => m.sockets.length === 1, 'a socket');
    expect(m.sockets[0].url).toBe('ws://localhost/api/ws');
    expect(m.monitoring()?.status).toBe('connecting');

    const socket = await m.accept();
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'watch', test_id: m.test._id },
    ]);
    expect(m.events).toEqual([
      'monitoring/watchRequested',
      'monitoring/socketConnecting',
      'monitoring/socketOpened',
      'monitoring/watchStarted',
    ]);
  });

  it('refetches the test on TEST_UPDATED', async () => {
    const m = setup();
    await m.ready();
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 1, 'a socket');
    const socket = await m.accept();
    const readsBefore = m.reads();

    m.stored().test_generation_steps = m.stored().test_generation_steps.slice(0, 2);
    socket.receive({ type: 'TEST_UPDATED', test_id: m.test._id });
    await until(() => m.cached()?.testGenerationSteps.length === 2, 'the refetched test');
    expect(m.reads()).toBe(readsBefore + 1);
    expect(m.events).toContain('monitoring/generationUpdated');
    // Another test's event is not ours.
    socket.receive({ type: 'TEST_UPDATED', test_id: 'someone-else' });
    await advance(0);
    expect(m.reads()).toBe(readsBefore + 1);
    expect(m.monitoring()?.status).toBe('open');
  });

  it('refetches and stops on TEST_NOT_RUNNING: the socket closes and the watch ends', async () => {
    const m = setup();
    await m.ready();
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 1, 'a socket');
    const socket = await m.accept();

    m.stored().state = 'passed';
    socket.receive({ type: 'TEST_NOT_RUNNING', test_id: m.test._id });
    await until(() => m.cached()?.state === 'passed', 'the refetched test');
    expect(socket.closedWith).toBe(1000);
    expect(socket.handlersCleared).toBe(true);
    expect(m.monitoring()).toBeNull();
    await advance(RECONNECT_DELAY_MS * 2);
    expect(m.sockets).toHaveLength(1);
  });

  it('on WATCH_TIMED_OUT stops, then starts again 100 ms later on a new socket', async () => {
    const m = setup();
    await m.ready();
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 1, 'a socket');
    const first = await m.accept();

    first.receive({ type: 'WATCH_TIMED_OUT', test_id: m.test._id });
    await until(() => first.closedWith !== null, 'the first socket to close');
    expect(first.handlersCleared).toBe(true);
    expect(m.monitoring()?.status).toBe('waiting');
    await advance(RESTART_DELAY_MS - 1);
    expect(m.sockets).toHaveLength(1);
    await advance(1);
    await until(() => m.sockets.length === 2, 'a second socket');
    const second = await m.accept();
    expect(second.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'watch', test_id: m.test._id },
    ]);
  });

  it('a watch of another test runs beside it on its own socket; leaving that test closes only its socket', async () => {
    const m = setup();
    await m.ready();
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 1, 'a socket');
    const first = await m.accept();

    m.store.dispatch(watchRequested(generation('test-other')));
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 2, 'a second socket');
    const second = m.sockets[1];
    second.open();
    await until(() => second.sent.length === 1, 'auth');
    second.receive({ type: 'AUTHENTICATED' });
    await until(() => second.sent.length === 2, 'watch');
    expect(second.sent[1]).toEqual({ type: 'watch', test_id: 'test-other' });
    expect(first.closedWith).toBeNull();

    m.store.dispatch(watchLeft(generation('test-other')));
    expect(second.closedWith).toBe(1000);
    expect(first.closedWith).toBeNull();
    expect(m.monitoring()?.status).toBe('open');
  });

  it('stopping (leaving the page) clears the handlers and disconnects; a stop for another test changes nothing', async () => {
    const m = setup();
    await m.ready();
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 1, 'a socket');
    const socket = await m.accept();

    m.store.dispatch(watchLeft(generation('test-other')));
    expect(socket.closedWith).toBeNull();
    m.store.dispatch(watchLeft(generation(m.test._id)));
    expect(socket.closedWith).toBe(1000);
    expect(socket.handlersCleared).toBe(true);
    expect(m.monitoring()).toBeNull();
    await advance(RECONNECT_DELAY_MS * 2);
    expect(m.sockets).toHaveLength(1);
  });

  it('after an unclean close reconnects 5 s later, polling the test meanwhile, and reads it again once watching', async () => {
    const m = setup();
    await m.ready();
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 1, 'a socket');
    const first = await m.accept();
    const readsBefore = m.reads();

    first.drop(1006, /* clean */ false);
    await until(() => m.monitoring()?.status === 'reconnecting', 'reconnecting');
    expect(m.events).toContain('monitoring/socketClosed');
    await until(() => m.reads() === readsBefore + 1, 'a poll at once');
    await advance(POLL_INTERVAL_MS);
    await until(() => m.reads() === readsBefore + 2, 'a second poll');
    await advance(RECONNECT_DELAY_MS - POLL_INTERVAL_MS - 1);
    expect(m.sockets).toHaveLength(1);
    await advance(1);
    await until(() => m.sockets.length === 2, 'a new socket');

    await m.accept();
    await until(() => m.reads() === readsBefore + 3, 'the read after reconnecting');
  });

  it('stops when the test is found stopped while waiting to reconnect', async () => {
    const m = setup();
    await m.ready();
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 1, 'a socket');
    const first = await m.accept();

    m.stored().state = 'failed';
    first.drop(1006, /* clean */ false);
    await until(() => m.monitoring() === null, 'monitoring to end');
    expect(m.cached()?.state).toBe('failed');
    expect(m.events.at(-1)).toBe('monitoring/watchEnded');
    await advance(RECONNECT_DELAY_MS * 2);
    expect(m.sockets).toHaveLength(1);
  });

  it('when the server closes the socket on purpose, polls every few seconds until the test stops generating', async () => {
    const m = setup();
    await m.ready();
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 1, 'a socket');
    const socket = m.sockets[0];
    socket.open();
    const readsBefore = m.reads();

    socket.drop(4401, /* clean */ true);
    await until(() => m.monitoring()?.status === 'polling', 'polling');
    await until(() => m.reads() === readsBefore + 1, 'the first poll');
    await advance(POLL_INTERVAL_MS);
    await until(() => m.reads() === readsBefore + 2, 'the second poll');
    m.stored().state = 'passed';
    await advance(POLL_INTERVAL_MS);
    await until(() => m.monitoring() === null, 'monitoring to end');
    expect(m.cached()?.state).toBe('passed');
    await advance(POLL_INTERVAL_MS * 3);
    expect(m.reads()).toBe(readsBefore + 3);
    expect(m.sockets).toHaveLength(1);
  });

  it('polls where no WebSocket exists', async () => {
    const m = setup({ socket: false });
    await m.ready();
    const readsBefore = m.reads();
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.reads() === readsBefore + 1, 'the first poll');
    expect(m.monitoring()?.status).toBe('polling');
    expect(m.sockets).toHaveLength(0);
    m.stored().state = 'completed';
    await advance(POLL_INTERVAL_MS);
    await until(() => m.monitoring() === null, 'monitoring to end');
  });

  it('does not connect without an access token, logs it and resets the monitoring flag', async () => {
    allowConsoleErrors(/\[monitoring\] Not connecting: there is no access token/);
    const m = setup({ token: null });
    await m.ready();
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.monitoring()?.status === 'failed', 'the flag to reset');
    expect(m.sockets).toHaveLength(0);
    expect(m.monitoring()?.error).toBe('Not connecting: there is no access token');
    expect(m.events.at(-1)).toBe('monitoring/watchFailed');
    expect(console.error).toHaveBeenCalledWith('[monitoring] Not connecting: there is no access token');
  });

  it('logs an ERROR from the server, disconnects and resets the monitoring flag', async () => {
    allowConsoleErrors(/\[monitoring\] Test case not found/);
    const m = setup();
    await m.ready();
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 1, 'a socket');
    const socket = m.sockets[0];
    socket.open();
    await until(() => socket.sent.length === 1, 'auth');
    socket.receive({ type: 'AUTHENTICATED' });
    await until(() => socket.sent.length === 2, 'watch');
    socket.receive({ type: 'ERROR', test_id: m.test._id, message: 'Test case not found' });
    await until(() => m.monitoring()?.status === 'failed', 'the flag to reset');
    expect(m.monitoring()?.error).toBe('Test case not found');
    expect(socket.closedWith).toBe(1000);
    await advance(RECONNECT_DELAY_MS * 2);
    expect(m.sockets).toHaveLength(1);
  });

  it('logs anything that throws and resets the monitoring flag, and monitors again when asked', async () => {
    allowConsoleErrors(/\[monitoring\] Monitoring failed/);
    const m = setup();
    await m.ready();
    let broken = true;
    const canUseSocket = jest.fn(() => {
      if (broken) throw new Error('no sockets today');
      return true;
    });
    const { store, events } = makeSagaTestStore(monitoringSaga, {
      getToken: async () => 'token-1',
      openSocket: (url) => {
        const socket = new FakeSocket(url);
        m.sockets.push(socket);
        return socket;
      },
      socketUrl: () => 'ws://localhost/api/ws',
      canUseSocket,
    });
    store.dispatch(watchRequested(generation(m.test._id)));
    await advance(RESTART_DELAY_MS);
    const watch = () => selectWatch(store.getState(), 'generation', m.test._id);
    await until(() => watch()?.status === 'failed', 'the flag to reset');
    expect(watch()?.error).toBe('no sockets today');
    expect(events.at(-1)).toBe('monitoring/watchFailed');

    broken = false;
    store.dispatch(watchRequested(generation(m.test._id)));
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 1, 'a socket');
  });
});
