import type { UnknownAction } from '@reduxjs/toolkit';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import createSagaMiddleware from 'redux-saga';
import { configureStore } from 'redux-mock-store';
import type { MonitoringDeps } from '../../lib/socket';
import { FakeSocket } from '../../testing/fakeSocket';
import type { TestRun } from '../runs/api';
import { runAdapter } from './adapters/run';
import { RECONNECT_DELAY_MS, RESTART_DELAY_MS, type TrackedRead } from './lifecycle';
import { monitoringSaga, type AdapterLoader } from './sagas';
import {
  monitoringSlice,
  runEnded,
  runUpdated,
  socketClosed,
  socketConnecting,
  socketOpened,
  watchLeft,
  watchRequested,
  watchStarted,
  type MonitoringSliceState,
} from './slice';
import { useWatch } from './useWatch';

// The events QA reads in Redux DevTools, recorded in order by redux-mock-store (DESIGN §8: where the
// dispatched actions are the point). The saga runs against a fake socket and the run adapter, whose
// reads come from a job the test holds instead of the API.

const RUN = 'run-1';
const ref = { topic: 'run' as const, id: RUN };
const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

interface State {
  monitoring: MonitoringSliceState;
}

function harness() {
  const sockets: FakeSocket[] = [];
  /** What the server holds for the run. */
  let status: TestRun['status'] = 'running';
  const reads: string[] = [];
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
  const load: AdapterLoader = async (topic) => ({
    ...runAdapter,
    topic,
    // eslint-disable-next-line require-yield
    refetch: function* (id: string) {
      reads.push(id);
      return { _id: id, status } as TrackedRead<TestRun>;
    },
  });
  const sagaMiddleware = createSagaMiddleware();
  // NOTE: the mock store's state is the real reducer over the actions it recorded (the saga reads
  // whether a watch is still wanted); the same actions give the same object, as react-redux expects.
  let memo = { count: -1, state: { monitoring: monitoringSlice.getInitialState() } };
  const stateOf = (actions: UnknownAction[]): State => {
    if (memo.count !== actions.length)
      memo = {
        count: actions.length,
        state: { monitoring: actions.reduce(monitoringSlice.reducer, monitoringSlice.getInitialState()) },
      };
    return memo.state;
  };
  const store = configureStore<State>([sagaMiddleware])(stateOf);
  sagaMiddleware.run(monitoringSaga, deps, load);
  const wrapper = ({ children }: { children: ReactNode }) => createElement(Provider, { store, children });

  return {
    store,
    sockets,
    reads,
    wrapper,
    setStatus: (next: TestRun['status']) => (status = next),
    /** The events recorded, by name. */
    names: () => store.getActions().map(({ type }) => type),
    /** Lets the latest socket open, authenticate and accept the watch. */
    async accept() {
      const socket = sockets.at(-1)!;
      socket.open();
      await advance(0);
      socket.receive({ type: 'AUTHENTICATED' });
      socket.receive({ type: 'RUN_WATCHING', run_id: RUN, test_id: 'test-1', status: 'running' });
      await advance(0);
      return socket;
    },
  };
}

describe('the monitoring events, as dispatched', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('start, the job’s events, then its end: one socket, closed when the run ends', async () => {
    const h = harness();
    h.store.dispatch(watchRequested(ref));
    await advance(RESTART_DELAY_MS);
    expect(h.sockets).toHaveLength(1);
    const socket = await h.accept();
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'watch_run', run_id: RUN },
    ]);

    socket.receive({ type: 'RUN_UPDATED', run_id: RUN, test_id: 'test-1', status: 'running' });
    h.setStatus('passed');
    socket.receive({ type: 'RUN_NOT_RUNNING', run_id: RUN, test_id: 'test-1', status: 'passed' });
    await advance(0);

    expect(h.store.getActions()).toEqual([
      watchRequested(ref),
      socketConnecting({ ...ref, attempt: 0 }),
      socketOpened(ref),
      watchStarted({ ...ref, status: 'running' }),
      runUpdated({ ...ref, status: 'running' }),
      runEnded({ ...ref, status: 'passed' }),
    ]);
    expect(h.reads).toEqual([RUN, RUN]); // after the update, and the final read before the end
    expect(socket.closedWith).toBe(1000);
    expect(h.store.getState().monitoring.ids).toEqual([]);
  });

  it('reconnects after the socket drops: closed, polled meanwhile, connecting again 5 s later', async () => {
    const h = harness();
    h.store.dispatch(watchRequested(ref));
    await advance(RESTART_DELAY_MS);
    const first = await h.accept();

    first.drop(1006, /* clean */ false);
    await advance(RECONNECT_DELAY_MS - 1);
    expect(h.sockets).toHaveLength(1);
    await advance(1);
    expect(h.sockets).toHaveLength(2);
    await h.accept();

    expect(h.names()).toEqual([
      'monitoring/watchRequested',
      'monitoring/socketConnecting',
      'monitoring/socketOpened',
      'monitoring/watchStarted',
      'monitoring/socketClosed',
      'monitoring/socketConnecting',
      'monitoring/socketOpened',
      'monitoring/watchStarted',
    ]);
    expect(h.store.getActions()[4]).toEqual(socketClosed({ ...ref, code: 1006, clean: false }));
    expect(h.store.getActions()[5]).toEqual(socketConnecting({ ...ref, attempt: 1 }));
    // Polled at once and every 2 s while no socket listened, then read once more when watching again.
    expect(h.reads).toHaveLength(4);
    expect(first.handlersCleared).toBe(true);
  });

  it('stops when the screen unmounts: watchLeft, and the socket closes', async () => {
    const h = harness();
    const screen = renderHook(() => useWatch('run', RUN), { wrapper: h.wrapper });
    // NOTE: in act(): the socket's events re-render the screens.
    await act(() => advance(RESTART_DELAY_MS));
    const socket = await act(() => h.accept());
    expect(screen.result.current?.status).toBe('open');

    screen.unmount();
    expect(h.names()).toEqual([
      'monitoring/watchRequested',
      'monitoring/socketConnecting',
      'monitoring/socketOpened',
      'monitoring/watchStarted',
      'monitoring/watchLeft',
    ]);
    expect(h.store.getActions().at(-1)).toEqual(watchLeft(ref));
    expect(socket.closedWith).toBe(1000);
    expect(socket.handlersCleared).toBe(true);
    await advance(RECONNECT_DELAY_MS * 2);
    expect(h.sockets).toHaveLength(1);
  });

  it('a second screen watching the same run shares the one subscription until both have left', async () => {
    const h = harness();
    const first = renderHook(() => useWatch('run', RUN), { wrapper: h.wrapper });
    const second = renderHook(() => useWatch('run', RUN), { wrapper: h.wrapper });
    await act(() => advance(RESTART_DELAY_MS));
    expect(h.sockets).toHaveLength(1);
    const socket = await act(() => h.accept());
    expect(socket.sent.filter((request) => (request as { type: string }).type === 'watch_run')).toHaveLength(
      1,
    );
    expect(second.result.current).toMatchObject({ status: 'open', watchers: 2 });

    first.unmount();
    expect(socket.closedWith).toBeNull();
    expect(second.result.current).toMatchObject({ status: 'open', watchers: 1 });
    second.unmount();
    expect(socket.closedWith).toBe(1000);
    expect(h.names()).toEqual([
      'monitoring/watchRequested',
      'monitoring/watchRequested',
      'monitoring/socketConnecting',
      'monitoring/socketOpened',
      'monitoring/watchStarted',
      'monitoring/watchLeft',
      'monitoring/watchLeft',
    ]);
    await advance(RECONNECT_DELAY_MS * 2);
    expect(h.sockets).toHaveLength(1);
  });
});
