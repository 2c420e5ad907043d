import type { MonitoringDeps } from '../../../lib/socket';
import { allowConsoleErrors } from '../../../testing/consoleGuard';
import { FakeSocket } from '../../../testing/fakeSocket';
import { seedTodoTest } from '../../../testing/generation';
import { buildRun, buildRunStep, findRun, seedRun, updateRun } from '../../../testing/msw/runs';
import { server } from '../../../testing/msw/server';
import { makeSagaTestStore } from '../../../testing/sagaStore';
import { runsApi } from '../../runs/api';
import { testsApi } from '../../tests/api';
import { RECONNECT_DELAY_MS, RESTART_DELAY_MS } from '../lifecycle';
import { monitoringSaga } from '../sagas';
import { selectWatch } from '../selectors';
import { watchLeft, watchRequested } from '../slice';
import { RUN_POLL_MS as POLL_INTERVAL_MS } from './run';

// A run watched live (SPEC §4, docs/runs.md "Live updates") through the monitoring saga and the run
// adapter, against a fake socket, with RTK Query and MSW for the reads it makes.

const realSetTimeout = globalThis.setTimeout;
const tick = () => new Promise((resolve) => realSetTimeout(resolve, 1));

/** Lets promises (MSW, RTK Query) settle without moving the fake clock. */
async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await tick();
  }
  throw new Error(`Timed out waiting for ${what}`);
}

const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

function setup(options: { token?: string | null; socket?: boolean } = {}) {
  const { test } = seedTodoTest('passed');
  const run = seedRun(
    test,
    buildRun(test, {
      status: 'running',
      steps: [buildRunStep(0)],
      created_at: new Date(Date.UTC(2026, 0, 2)).toISOString(),
    }),
  );
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
  let testReads = 0;
  server.events.on('request:start', ({ request }) => {
    const path = new URL(request.url).pathname;
    if (request.method === 'GET' && path === `/api/test-run/${run._id}`) reads++;
    if (request.method === 'GET' && path === `/api/test-case/${test._id}`) testReads++;
  });
  const { store, events } = makeSagaTestStore(monitoringSaga, deps);
  // The page's subscriptions: the run's list and its test.
  store.dispatch(runsApi.endpoints.getRuns.initiate(test._id));
  store.dispatch(testsApi.endpoints.getTestCase.initiate(test._id));
  const listed = () =>
    runsApi.endpoints.getRuns
      .select(test._id)(store.getState())
      .data?.pages[0].runs.find(({ _id }) => _id === run._id);
  const cachedRun = () => runsApi.endpoints.getRun.select(run._id)(store.getState()).data;
  return {
    test,
    run,
    store,
    events,
    sockets,
    listed,
    cachedRun,
    reads: () => reads,
    testReads: () => testReads,
    watch: () => selectWatch(store.getState(), 'run', run._id),
    start: () => store.dispatch(watchRequested({ topic: 'run', id: run._id })),
    stop: () => store.dispatch(watchLeft({ topic: 'run', id: run._id })),
    async ready() {
      await until(() => listed() !== undefined, 'the list');
    },
    /** Opens the latest socket and lets the server accept the watch. */
    async accept() {
      const socket = sockets.at(-1)!;
      socket.open();
      await until(() => socket.sent.length === 1, 'auth');
      socket.receive({ type: 'AUTHENTICATED' });
      await until(() => socket.sent.length === 2, 'watch_run');
      socket.receive({ type: 'RUN_WATCHING', run_id: run._id, test_id: test._id, status: 'running' });
      await until(() => selectWatch(store.getState(), 'run', run._id)?.status === 'open', 'open');
      return socket;
    },
  };
}

async function connected(m: ReturnType<typeof setup>) {
  await m.ready();
  m.start();
  await advance(RESTART_DELAY_MS);
  await until(() => m.sockets.length === 1, 'a socket');
  return m.accept();
}

describe('a run watched live', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => {
    server.events.removeAllListeners();
    jest.useRealTimers();
  });

  it('connects 100 ms after starting, authenticates with the token, then watches the run', async () => {
    const m = setup();
    await m.ready();
    m.start();
    expect(m.watch()?.status).toBe('waiting');
    await advance(RESTART_DELAY_MS - 1);
    expect(m.sockets).toHaveLength(0);
    await advance(1);
    await until(() => m.sockets.length === 1, 'a socket');
    expect(m.sockets[0].url).toBe('ws://localhost/api/ws');
    const socket = await m.accept();
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'watch_run', run_id: m.run._id },
    ]);
    expect(m.events).toEqual([
      'monitoring/watchRequested',
      'monitoring/socketConnecting',
      'monitoring/socketOpened',
      'monitoring/watchStarted',
    ]);
  });

  it('reads the run again on RUN_UPDATED, into its own cache and the list', async () => {
    const m = setup();
    const socket = await connected(m);
    const before = m.reads();

    updateRun(m.run._id, { steps: [buildRunStep(0), buildRunStep(1)] });
    socket.receive({ type: 'RUN_UPDATED', run_id: m.run._id, test_id: m.test._id, status: 'running' });
    await until(() => m.cachedRun()?.steps.length === 2, 'the run read again');
    expect(m.reads()).toBe(before + 1);
    expect(m.listed()?.steps).toHaveLength(2);
    expect(m.events).toContain('monitoring/runUpdated');

    // Another run's event is not ours.
    socket.receive({ type: 'RUN_UPDATED', run_id: 'run-other', test_id: m.test._id, status: 'running' });
    await advance(0);
    expect(m.reads()).toBe(before + 1);
    expect(m.watch()?.status).toBe('open');
  });

  it('on RUN_NOT_RUNNING reads the run and its test again, then stops: the socket closes', async () => {
    const m = setup();
    const socket = await connected(m);
    const testReads = m.testReads();

    updateRun(m.run._id, { status: 'passed', execution_time_in_secs: 2.5 });
    socket.receive({ type: 'RUN_NOT_RUNNING', run_id: m.run._id, test_id: m.test._id, status: 'passed' });
    await until(() => m.listed()?.status === 'passed', 'the list to show the end');
    expect(m.cachedRun()?.status).toBe('passed');
    await until(() => m.testReads() === testReads + 1, 'the test (its latest run status) read again');
    expect(socket.closedWith).toBe(1000);
    expect(socket.handlersCleared).toBe(true);
    expect(m.watch()).toBeNull();
    await advance(RECONNECT_DELAY_MS * 2);
    expect(m.sockets).toHaveLength(1);
  });

  it('brings the test, the tree and the list up to date when the screen stops watching as the run ends', async () => {
    const m = setup();
    let treeReads = 0;
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname === `/api/test-suites/${m.test.test_suite_id}/tree`) treeReads++;
    });
    m.store.dispatch(testsApi.endpoints.getTestTree.initiate(m.test.test_suite_id));
    const socket = await connected(m);
    await until(() => treeReads === 1, 'the tree');
    const testReads = m.testReads();

    // The server's end: the final status as an update (RUN_NOT_RUNNING follows).
    updateRun(m.run._id, { status: 'passed', execution_time_in_secs: 2.5 });
    socket.receive({ type: 'RUN_UPDATED', run_id: m.run._id, test_id: m.test._id, status: 'passed' });
    await until(() => m.cachedRun()?.status === 'passed', 'the run read again');
    // The screen shows the run ended and stops watching it (RunPanel's useWatch) before
    // RUN_NOT_RUNNING arrives: the watch is cancelled, and the socket with it.
    m.stop();
    socket.receive({ type: 'RUN_NOT_RUNNING', run_id: m.run._id, test_id: m.test._id, status: 'passed' });
    await until(() => m.listed()?.status === 'passed', 'the list to show the end');
    await until(() => m.testReads() === testReads + 1, 'the test (its latest run status) read again');
    await until(() => treeReads === 2, 'the tree read again');
    expect(testsApi.endpoints.getTestCase.select(m.test._id)(m.store.getState()).data?.latestRunStatus).toBe(
      'passed',
    );
    expect(m.watch()).toBeNull();
  });

  it('stopping (leaving the page) disconnects once no screen watches the run any more', async () => {
    const m = setup();
    await m.ready();
    m.start();
    m.start(); // the test page's panel and the runs page, say
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 1, 'one socket');
    const socket = await m.accept();

    m.stop();
    expect(socket.closedWith).toBeNull();
    m.stop();
    expect(socket.closedWith).toBe(1000);
    expect(socket.handlersCleared).toBe(true);
    expect(m.watch()).toBeNull();
    await advance(RECONNECT_DELAY_MS * 2);
    expect(m.sockets).toHaveLength(1);
  });

  it('after an unclean close reconnects 5 s later, polling the run meanwhile, and reads it again once watching', async () => {
    const m = setup();
    const first = await connected(m);
    const before = m.reads();

    first.drop(1006, /* clean */ false);
    await until(() => m.watch()?.status === 'reconnecting', 'reconnecting');
    expect(m.events).toContain('monitoring/socketClosed');
    await until(() => m.reads() === before + 1, 'a poll at once');
    await advance(POLL_INTERVAL_MS);
    await until(() => m.reads() === before + 2, 'a second poll');
    await advance(RECONNECT_DELAY_MS - POLL_INTERVAL_MS - 1);
    expect(m.sockets).toHaveLength(1);
    await until(() => m.reads() === before + 3, 'a third poll (at 4 s)');
    await advance(1);
    await until(() => m.sockets.length === 2, 'a new socket');
    await m.accept();
    // Changes published while no socket listened were missed: the run is read once more.
    await until(() => m.reads() === before + 4, 'the read after reconnecting');
    await advance(POLL_INTERVAL_MS * 2);
    expect(m.reads()).toBe(before + 4);
  });

  it('stops when the run is found ended while waiting to reconnect', async () => {
    const m = setup();
    const first = await connected(m);
    updateRun(m.run._id, { status: 'failed', failing_step_index: 0, error_message: 'Step 1 failed' });
    first.drop(1006, /* clean */ false);
    await until(() => m.watch() === null, 'monitoring to end');
    expect(m.listed()?.status).toBe('failed');
    expect(m.events.at(-1)).toBe('monitoring/watchEnded');
    await advance(RECONNECT_DELAY_MS * 2);
    expect(m.sockets).toHaveLength(1);
  });

  it('on WATCH_TIMED_OUT watches again on a new socket 100 ms later', async () => {
    const m = setup();
    const first = await connected(m);
    first.receive({ type: 'WATCH_TIMED_OUT', run_id: m.run._id });
    await until(() => first.closedWith !== null, 'the first socket to close');
    expect(m.watch()?.status).toBe('waiting');
    await advance(RESTART_DELAY_MS - 1);
    expect(m.sockets).toHaveLength(1);
    await advance(1);
    await until(() => m.sockets.length === 2, 'a second socket');
    const second = await m.accept();
    expect(second.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'watch_run', run_id: m.run._id },
    ]);
  });

  it('polls where no WebSocket can be had, until the run ends', async () => {
    const m = setup({ socket: false });
    await m.ready();
    const before = m.reads();
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.reads() === before + 1, 'the first poll');
    expect(m.watch()?.status).toBe('polling');
    await advance(POLL_INTERVAL_MS);
    await until(() => m.reads() === before + 2, 'the second poll');
    updateRun(m.run._id, { status: 'passed' });
    await advance(POLL_INTERVAL_MS);
    await until(() => m.watch() === null, 'monitoring to end');
    expect(m.listed()?.status).toBe('passed');
    await advance(POLL_INTERVAL_MS * 3);
    expect(m.reads()).toBe(before + 3);
    expect(m.sockets).toHaveLength(0);
  });

  it('does not connect without an access token, logs it and marks the watch failed', async () => {
    allowConsoleErrors(/\[run monitoring\] Not connecting: there is no access token/);
    const m = setup({ token: null });
    await m.ready();
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.watch()?.status === 'failed', 'the watch to fail');
    expect(m.watch()?.error).toBe('Not connecting: there is no access token');
    expect(m.sockets).toHaveLength(0);
    expect(m.events.at(-1)).toBe('monitoring/watchFailed');
  });

  it('stops on an ERROR about the run (it is gone) and closes the socket', async () => {
    allowConsoleErrors(/\[run monitoring\] Test run not found/);
    const m = setup();
    await m.ready();
    m.start();
    await advance(RESTART_DELAY_MS);
    await until(() => m.sockets.length === 1, 'a socket');
    const socket = m.sockets[0];
    socket.open();
    await until(() => socket.sent.length === 1, 'auth');
    socket.receive({ type: 'AUTHENTICATED' });
    await until(() => socket.sent.length === 2, 'watch_run');
    socket.receive({ type: 'ERROR', run_id: m.run._id, message: 'Test run not found' });
    await until(() => m.watch()?.status === 'failed', 'the watch to fail');
    expect(m.watch()?.error).toBe('Test run not found');
    expect(socket.closedWith).toBe(1000);
    expect(findRun(m.run._id)).not.toBeNull();
  });
});
