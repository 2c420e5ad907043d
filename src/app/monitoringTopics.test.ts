import { RECONNECT_DELAY_MS, RESTART_DELAY_MS } from '../features/monitoring/lifecycle';
import { monitoringSaga } from '../features/monitoring/sagas';
import { selectWatch } from '../features/monitoring/selectors';
import { watchRequested } from '../features/monitoring/slice';
import type { WatchTopic } from '../features/monitoring/types';
import { allowConsoleErrors } from '../testing/consoleGuard';
import { FakeSocket } from '../testing/fakeSocket';
import { seedTodoTest } from '../testing/generation';
import { db } from '../testing/msw/db';
import { buildHealing, seedHealing, storedHealings } from '../testing/msw/healing';
import { buildFailedRun, buildRun, deleteRun, seedRun } from '../testing/msw/runs';
import { server } from '../testing/msw/server';
import { makeSagaTestStore } from '../testing/sagaStore';

// The tracked topics of the SPA, generation, runs and healings, are one monitor (features/monitoring):
// the same socket failure meets the same behaviour in each, through the real saga, store and MSW.

const realSetTimeout = globalThis.setTimeout;
const tick = () => new Promise((resolve) => realSetTimeout(resolve, 1));
const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await tick();
  }
  throw new Error(`Timed out waiting for ${what}`);
}

interface Topic {
  name: string;
  topic: WatchTopic;
  logName: string;
  /** The wire field naming the job, and the server's messages for it. */
  idKey: 'test_id' | 'run_id' | 'healing_id';
  watching: (id: string) => object;
  /** Seeds a running job; returns its id, the path it is read at, how to start and delete it. */
  seed: () => { id: string; path: string; start: () => unknown; remove: () => void };
  goneMessage: string;
}

const topics: Topic[] = [
  {
    name: 'a test’s generation',
    topic: 'generation',
    logName: 'monitoring',
    idKey: 'test_id',
    watching: (id) => ({ type: 'WATCHING', test_id: id, state: 'running' }),
    seed: () => {
      const { test } = seedTodoTest('running');
      return {
        id: test._id,
        path: `/api/test-case/${test._id}`,
        start: () => watchRequested({ topic: 'generation', id: test._id }),
        remove: () => db.testCases.splice(db.testCases.indexOf(test), 1),
      };
    },
    goneMessage: 'Test case not found',
  },
  {
    name: 'a run',
    topic: 'run',
    logName: 'run monitoring',
    idKey: 'run_id',
    watching: (id) => ({ type: 'RUN_WATCHING', run_id: id, test_id: 'test-x', status: 'running' }),
    seed: () => {
      const { test } = seedTodoTest('passed');
      const run = seedRun(test, buildRun(test, { status: 'running' }));
      return {
        id: run._id,
        path: `/api/test-run/${run._id}`,
        start: () => watchRequested({ topic: 'run', id: run._id }),
        remove: () => deleteRun(run._id),
      };
    },
    goneMessage: 'Test run not found',
  },
  {
    name: 'a healing',
    topic: 'healing',
    logName: 'healing monitoring',
    idKey: 'healing_id',
    watching: (id) => ({ type: 'HEALING_WATCHING', healing_id: id, test_id: 'test-x', status: 'running' }),
    seed: () => {
      const { test } = seedTodoTest('failed');
      const run = seedRun(test, buildFailedRun(test, 1, 'The "Add" button was not found'));
      const healing = seedHealing(test, buildHealing(test, run, { status: 'running', message: null }));
      const id = healing.test_healing_id;
      return {
        id,
        path: `/api/healing/${id}`,
        start: () => watchRequested({ topic: 'healing', id }),
        remove: () => storedHealings(test).splice(storedHealings(test).indexOf(healing), 1),
      };
    },
    goneMessage: 'Test healing not found',
  },
];

function setup(topic: Topic, options: { socket?: boolean } = {}) {
  const job = topic.seed();
  const sockets: FakeSocket[] = [];
  let reads = 0;
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'GET' && new URL(request.url).pathname === job.path) reads++;
  });
  const { store, events } = makeSagaTestStore(monitoringSaga, {
    getToken: async () => 'token-1',
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    socketUrl: () => 'ws://localhost/api/ws',
    canUseSocket: () => options.socket ?? true,
  });
  return {
    job,
    store,
    events,
    sockets,
    reads: () => reads,
    status: () => selectWatch(store.getState(), topic.topic, job.id)?.status ?? null,
    failure: () => {
      const watch = selectWatch(store.getState(), topic.topic, job.id);
      return watch?.status === 'failed' ? watch.error : null;
    },
    async connect() {
      store.dispatch(job.start() as never);
      await advance(RESTART_DELAY_MS);
      await until(() => sockets.length === 1, 'a socket');
      const socket = sockets[0];
      socket.open();
      await until(() => socket.sent.length === 1, 'auth');
      socket.receive({ type: 'AUTHENTICATED' });
      await until(() => socket.sent.length === 2, 'the watch');
      socket.receive(topic.watching(job.id));
      await until(() => this.status() === 'open', 'open');
      return socket;
    },
  };
}

describe.each(topics)('monitoring $name', (topic) => {
  beforeEach(() => jest.useFakeTimers({ doNotFake: ['nextTick', 'queueMicrotask'] }));
  afterEach(() => {
    server.events.removeAllListeners();
    jest.useRealTimers();
  });

  it('ignores an ERROR about another job and keeps watching; one about its own job fails the watch', async () => {
    allowConsoleErrors(new RegExp(`\\[${topic.logName}\\] Not found`));
    const m = setup(topic);
    const socket = await m.connect();

    socket.receive({ type: 'ERROR', message: 'Not found', [topic.idKey]: 'someone-else' });
    await advance(RECONNECT_DELAY_MS);
    expect(socket.closedWith).toBeNull();
    expect(m.status()).toBe('open');
    expect(m.failure()).toBeNull();

    socket.receive({ type: 'ERROR', message: 'Not found', [topic.idKey]: m.job.id });
    await until(() => m.failure() === 'Not found', 'the watch to fail');
    expect(socket.closedWith).toBe(1000);
    expect(console.error).toHaveBeenCalledWith(`[${topic.logName}] Not found`);
  });

  it('after a socket error and an unclean close says so, polls, and reconnects 5 s later', async () => {
    const m = setup(topic);
    const first = await m.connect();
    const before = m.reads();

    first.drop(1006, /* clean */ false);
    await until(() => m.status() === 'reconnecting', 'reconnecting');
    await until(() => m.reads() === before + 1, 'a poll at once');
    await advance(RECONNECT_DELAY_MS - 1);
    expect(m.sockets).toHaveLength(1);
    await advance(1);
    await until(() => m.sockets.length === 2, 'a new socket');
    expect(m.status()).toBe('connecting');
  });

  it('fails the watch, logged, when polling finds the job gone', async () => {
    allowConsoleErrors(new RegExp(`\\[${topic.logName}\\] ${topic.goneMessage}`));
    const m = setup(topic, { socket: false });
    m.store.dispatch(m.job.start() as never);
    await advance(RESTART_DELAY_MS);
    await until(() => m.reads() === 1, 'the first poll');
    expect(m.status()).toBe('polling');

    m.job.remove();
    await advance(5000);
    await until(() => m.failure() === topic.goneMessage, 'the watch to fail');
    const reads = m.reads();
    await advance(RECONNECT_DELAY_MS * 2);
    expect(m.reads()).toBe(reads);
  });
});
