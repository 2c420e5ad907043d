import type { UnknownAction } from '@reduxjs/toolkit';
import { runSaga, stdChannel, type Saga, type Task } from 'redux-saga';
import type { MonitoringDeps } from '../../lib/socket';
import { allowConsoleErrors } from '../../testing/consoleGuard';
import { FakeSocket } from '../../testing/fakeSocket';
import {
  MAX_RECONNECT_DELAY_MS,
  monitorTracked,
  RECONNECT_DELAY_MS,
  RESTART_DELAY_MS,
  type TopicAdapter,
  type TrackedRead,
} from './lifecycle';

// The one tracked-job lifecycle with a made-up adapter (a "job" with its own messages, under the run
// topic's name), run by runSaga with a dispatch recorder: the events it dispatches, in order, are the
// point here. The adapters of the app: app/monitoringTopics.test.ts and adapters/*.test.ts.

type JobMessage =
  | { type: 'AUTHENTICATED' }
  | { type: 'JOB_WATCHING'; job_id: string }
  | { type: 'JOB_UPDATED'; job_id: string }
  | { type: 'JOB_DONE'; job_id: string }
  | { type: 'JOB_TIMED_OUT'; job_id: string }
  | { type: 'ERROR'; message: string; job_id?: string };

interface Job {
  status: 'running' | 'done';
}

const POLL_MS = 1000;
const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);
/** The adapter's own events. */
const event =
  (name: string) =>
  (id: string, extra: object = {}) => ({ type: `job/${name}`, payload: { id, ...extra } });
/** The lifecycle's events (slice.ts), the same for every topic. */
const lifecycleEvent =
  (name: string) =>
  (id: string, extra: object = {}) => ({
    type: `monitoring/${name}`,
    payload: { topic: 'run', id, ...extra },
  });

function harness(options: { token?: string | null; socket?: boolean } = {}) {
  const sockets: FakeSocket[] = [];
  /** What the server holds: a job per id ('gone' once deleted). */
  const jobs = new Map<string, Job | 'gone'>();
  const reads: string[] = [];
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
  const topic: TopicAdapter<JobMessage, Job> = {
    topic: 'run',
    logName: 'job monitoring',
    pollIntervalMs: POLL_MS,
    watchRequest: (id) => ({ type: 'watch_job', job_id: id }),
    idOf: (message) => ('job_id' in message ? message.job_id : undefined),
    interpret: (message, id) => {
      if (message.type === 'JOB_WATCHING') return { kind: 'watching', event: event('watchStarted')(id) };
      if (message.type === 'JOB_UPDATED') return { kind: 'updated', event: event('jobUpdated')(id) };
      if (message.type === 'JOB_DONE') return { kind: 'ended', event: event('jobDone')(id) };
      if (message.type === 'JOB_TIMED_OUT') return { kind: 'timed_out', event: event('watchTimedOut')(id) };
      return null;
    },
    // eslint-disable-next-line require-yield
    refetch: function* (id) {
      reads.push(id);
      return (jobs.get(id) ?? null) as TrackedRead<Job>;
    },
    isTerminal: (job) => job.status === 'done',
    goneMessage: 'Job not found',
  };

  const dispatched: UnknownAction[] = [];
  const channel = stdChannel();
  function run<Args extends unknown[]>(saga: Saga<Args>, ...args: Args): Task {
    return runSaga(
      {
        channel,
        dispatch: (action: UnknownAction) => {
          dispatched.push(action);
          channel.put(action);
        },
        getState: () => ({}),
      },
      saga,
      ...args,
    );
  }

  return {
    topic,
    deps,
    sockets,
    jobs,
    reads,
    dispatched,
    run,
    /** What a screen dispatches (start, stop). */
    dispatch: (action: UnknownAction) => {
      dispatched.push(action);
      channel.put(action);
    },
    monitor: (id: string) => run(monitorTracked, topic, id, deps),
    /** The events dispatched, by name (`job/` and `monitoring/` dropped). */
    names: () => dispatched.map(({ type }) => type.replace(/^(job|monitoring)\//, '')),
    last: () => dispatched.at(-1),
    /** Lets the latest socket open, authenticate and accept the watch of `id`. */
    async accept(id: string) {
      const socket = sockets.at(-1)!;
      socket.open();
      await advance(0);
      socket.receive({ type: 'AUTHENTICATED' });
      socket.receive({ type: 'JOB_WATCHING', job_id: id });
      await advance(0);
      return socket;
    },
    /** Moves the clock to the next socket and accepts its watch. */
    async connect(id: string, wait = RESTART_DELAY_MS) {
      const count = sockets.length;
      await advance(wait);
      expect(sockets).toHaveLength(count + 1);
      return this.accept(id);
    },
  };
}

describe('the tracked-job lifecycle', () => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => jest.useRealTimers());

  it('connects, watches, reads on updates and ends on the final message, closing the socket', async () => {
    const h = harness();
    h.jobs.set('job-1', { status: 'running' });
    const task = h.monitor('job-1');
    await advance(RESTART_DELAY_MS - 1);
    expect(h.sockets).toHaveLength(0);
    const socket = await h.connect('job-1', 1);
    expect(socket.sent).toEqual([
      { type: 'auth', token: 'token-1' },
      { type: 'watch_job', job_id: 'job-1' },
    ]);
    expect(h.reads).toEqual([]); // a first watch reads nothing: the screen has just read the job

    socket.receive({ type: 'JOB_UPDATED', job_id: 'job-1' });
    socket.receive({ type: 'JOB_UPDATED', job_id: 'job-other' });
    expect(h.reads).toEqual(['job-1']);

    h.jobs.set('job-1', { status: 'done' });
    socket.receive({ type: 'JOB_DONE', job_id: 'job-1' });
    expect(h.reads).toEqual(['job-1', 'job-1']);
    expect(h.names()).toEqual(['socketConnecting', 'socketOpened', 'watchStarted', 'jobUpdated', 'jobDone']);
    expect(socket.closedWith).toBe(1000);
    expect(socket.handlersCleared).toBe(true);
    expect(task.isRunning()).toBe(false);
  });

  it('changes nothing on a transport error alone: the close that follows decides', async () => {
    const h = harness();
    h.jobs.set('job-1', { status: 'running' });
    const task = h.monitor('job-1');
    const socket = await h.connect('job-1');
    const before = h.dispatched.length;

    socket.fail();
    await advance(RECONNECT_DELAY_MS);
    expect(h.dispatched).toHaveLength(before);
    expect(socket.closedWith).toBeNull();
    expect(task.isRunning()).toBe(true);
    task.cancel();
  });

  it('after an unclean close polls and reconnects, backing off while sockets fail before watching', async () => {
    const h = harness();
    h.jobs.set('job-1', { status: 'running' });
    const task = h.monitor('job-1');
    const first = await h.connect('job-1');

    first.drop(1006, /* clean */ false);
    expect(h.last()).toEqual(lifecycleEvent('socketClosed')('job-1', { code: 1006, clean: false }));
    expect(h.reads).toHaveLength(1); // polled at once
    await advance(RECONNECT_DELAY_MS - 1);
    expect(h.sockets).toHaveLength(1);
    expect(h.reads).toHaveLength(5); // and every second meanwhile
    await advance(1);
    expect(h.sockets).toHaveLength(2);

    // Refused before watching, again and again: 5 s, 10 s, 20 s… up to a minute.
    const waits: number[] = [];
    for (let failure = 2; failure <= 6; failure++) {
      h.sockets.at(-1)!.drop(1006, /* clean */ false);
      const count = h.sockets.length;
      let waited = 0;
      while (h.sockets.length === count) {
        await advance(1000);
        waited += 1000;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([10_000, 20_000, 40_000, MAX_RECONNECT_DELAY_MS, MAX_RECONNECT_DELAY_MS]);

    // Watching again resets the wait, and the job is read once (updates sent while no socket listened).
    const readsBefore = h.reads.length;
    await h.accept('job-1');
    expect(h.reads).toHaveLength(readsBefore + 1);
    h.sockets.at(-1)!.drop(1006, /* clean */ false);
    await advance(RECONNECT_DELAY_MS);
    expect(h.sockets).toHaveLength(8);
    expect(h.names().filter((name) => name === 'pollingStarted')).toEqual([]);
    task.cancel();
  });

  it('ends the watch when polling between sockets finds the job done', async () => {
    const h = harness();
    h.jobs.set('job-1', { status: 'running' });
    const task = h.monitor('job-1');
    const socket = await h.connect('job-1');
    socket.drop(1006, /* clean */ false);
    h.jobs.set('job-1', { status: 'done' });
    await advance(POLL_MS);
    expect(h.last()).toEqual(lifecycleEvent('watchEnded')('job-1'));
    expect(task.isRunning()).toBe(false);
    await advance(RECONNECT_DELAY_MS * 2);
    expect(h.sockets).toHaveLength(1);
  });

  it('polls only after a clean close by the server, and where no WebSocket exists', async () => {
    const h = harness();
    h.jobs.set('job-1', { status: 'running' });
    h.monitor('job-1');
    await advance(RESTART_DELAY_MS);
    h.sockets[0].open();
    h.sockets[0].drop(4401, /* clean */ true);
    expect(h.names().slice(-2)).toEqual(['socketClosed', 'pollingStarted']);
    await advance(POLL_MS * 2);
    expect(h.reads).toHaveLength(3);
    h.jobs.set('job-1', { status: 'done' });
    await advance(POLL_MS);
    expect(h.last()).toEqual(lifecycleEvent('watchEnded')('job-1'));
    await advance(RECONNECT_DELAY_MS * 2);
    expect(h.sockets).toHaveLength(1);

    const offline = harness({ socket: false });
    offline.jobs.set('job-2', { status: 'done' });
    offline.monitor('job-2');
    await advance(RESTART_DELAY_MS);
    expect(offline.names()).toEqual(['pollingStarted', 'watchEnded']);
    expect(offline.sockets).toHaveLength(0);
  });

  it('fails the watch, logged, when polling finds the job gone', async () => {
    allowConsoleErrors(/\[job monitoring\] Job not found/);
    const h = harness({ socket: false });
    h.jobs.set('job-1', { status: 'running' });
    const task = h.monitor('job-1');
    await advance(RESTART_DELAY_MS);
    h.jobs.set('job-1', 'gone');
    await advance(POLL_MS);
    expect(h.last()).toEqual(lifecycleEvent('watchFailed')('job-1', { message: 'Job not found' }));
    expect(task.isRunning()).toBe(false);
    expect(console.error).toHaveBeenCalledWith('[job monitoring] Job not found');
  });

  it('ignores an ERROR about another job, and fails on one about this job or about none', async () => {
    allowConsoleErrors(/\[job monitoring\] (Job not found|Job ID is required)/);
    for (const [error, expected] of [
      [{ type: 'ERROR', message: 'Job not found', job_id: 'job-1' }, 'Job not found'],
      [{ type: 'ERROR', message: 'Job ID is required' }, 'Job ID is required'],
    ] as const) {
      const h = harness();
      h.jobs.set('job-1', { status: 'running' });
      const task = h.monitor('job-1');
      const socket = await h.connect('job-1');
      socket.receive({ type: 'ERROR', message: 'Job not found', job_id: 'job-other' });
      expect(task.isRunning()).toBe(true);
      expect(socket.closedWith).toBeNull();

      socket.receive(error);
      expect(h.last()).toEqual(lifecycleEvent('watchFailed')('job-1', { message: expected }));
      expect(socket.closedWith).toBe(1000);
      expect(task.isRunning()).toBe(false);
    }
  });

  it('restarts on a new socket 100 ms after the watch timed out', async () => {
    const h = harness();
    h.jobs.set('job-1', { status: 'running' });
    const task = h.monitor('job-1');
    const first = await h.connect('job-1');
    first.receive({ type: 'JOB_TIMED_OUT', job_id: 'job-1' });
    expect(first.closedWith).toBe(1000);
    await advance(RESTART_DELAY_MS - 1);
    expect(h.sockets).toHaveLength(1);
    await h.connect('job-1', 1);
    expect(h.last()).toEqual(event('watchStarted')('job-1'));
    expect(h.reads).toEqual(['job-1']);
    task.cancel();
  });

  it('does not connect without a token, and logs what throws; both fail the watch', async () => {
    allowConsoleErrors(/\[job monitoring\] (Not connecting|Monitoring failed)/);
    const h = harness({ token: null });
    h.monitor('job-1');
    await advance(RESTART_DELAY_MS);
    expect(h.names()).toEqual(['watchFailed']);
    expect(h.sockets).toHaveLength(0);

    const broken = harness();
    broken.deps.canUseSocket = () => {
      throw new Error('no sockets today');
    };
    broken.monitor('job-1');
    await advance(RESTART_DELAY_MS);
    expect(broken.last()).toEqual(lifecycleEvent('watchFailed')('job-1', { message: 'no sockets today' }));
  });

  it('closes the socket when cancelled, and opens none afterwards', async () => {
    const h = harness();
    h.jobs.set('job-1', { status: 'running' });
    const task = h.monitor('job-1');
    const socket = await h.connect('job-1');
    task.cancel();
    expect(socket.closedWith).toBe(1000);
    expect(socket.handlersCleared).toBe(true);
    await advance(RECONNECT_DELAY_MS * 2);
    expect(h.sockets).toHaveLength(1);
  });
});
