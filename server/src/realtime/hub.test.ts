import { type BusEvent, type EventBus } from './bus';
import { type HubMessage, WatchHub } from './hub';

/** The part of a bus the hub uses: it delivers what the test emits, at once. */
function localBus(): EventBus & { emit(event: BusEvent): void } {
  const listeners = new Set<(event: BusEvent) => void>();
  return {
    subscribe(listener: (event: BusEvent) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    emit(event: BusEvent) {
      for (const listener of listeners) listener(event);
    },
  } as unknown as EventBus & { emit(event: BusEvent): void };
}

describe('WatchHub: who started a watch hears when the hub ends it', () => {
  let bus: ReturnType<typeof localBus>;
  let hub: WatchHub;

  beforeEach(() => {
    bus = localBus();
    hub = new WatchHub(bus, 60_000);
  });
  afterEach(() => hub.close());

  it('after the last message when the run ends, not on updates', () => {
    const heard: string[] = [];
    hub.watchRun(
      'run-1',
      (message: HubMessage) => heard.push(message.type),
      () => heard.push('ended'),
    );
    bus.emit({ runId: 'run-1', testId: 't', type: 'run_updated', status: 'running' });
    bus.emit({ runId: 'run-2', testId: 't', type: 'run_ended', status: 'passed' });
    expect(heard).toEqual(['RUN_UPDATED']);
    bus.emit({ runId: 'run-1', testId: 't', type: 'run_ended', status: 'passed' });
    expect(heard).toEqual(['RUN_UPDATED', 'RUN_NOT_RUNNING', 'ended']);
    expect(hub.runWatcherCount('run-1')).toBe(0);
  });

  it('when a generation or a healing ends', () => {
    const ended: string[] = [];
    hub.watch(
      'test-1',
      () => undefined,
      () => ended.push('test'),
    );
    hub.watchHealing(
      'heal-1',
      () => undefined,
      () => ended.push('healing'),
    );
    bus.emit({ testId: 'test-1', type: 'updated' });
    bus.emit({ healingId: 'heal-1', testId: 'test-1', type: 'healing_updated', status: 'running' });
    expect(ended).toEqual([]);
    bus.emit({ testId: 'test-1', type: 'not_running' });
    bus.emit({ healingId: 'heal-1', testId: 'test-1', type: 'healing_ended', status: 'done' });
    expect(ended).toEqual(['test', 'healing']);
  });

  it('when the watch times out', async () => {
    const quick = new WatchHub(bus, 20);
    try {
      const heard: string[] = [];
      quick.watch(
        'test-1',
        (message) => heard.push(message.type),
        () => heard.push('ended'),
      );
      await new Promise((resolve) => setTimeout(resolve, 60));
      expect(heard).toEqual(['WATCH_TIMED_OUT', 'ended']);
    } finally {
      quick.close();
    }
  });

  it('not when the watcher ends it', () => {
    const ended = jest.fn();
    const stop = hub.watchRun('run-1', () => undefined, ended);
    stop();
    bus.emit({ runId: 'run-1', testId: 't', type: 'run_ended', status: 'passed' });
    expect(ended).not.toHaveBeenCalled();
    expect(hub.runWatcherCount('run-1')).toBe(0);
  });
});

describe("WatchHub: a test's healings (issue 28)", () => {
  let bus: ReturnType<typeof localBus>;
  let hub: WatchHub;

  beforeEach(() => {
    bus = localBus();
    hub = new WatchHub(bus, 60_000);
  });
  afterEach(() => hub.close());

  it('are told when one is created, ends or is decided; not its steps, nor another test; the watch lasts', () => {
    const heard: HubMessage[] = [];
    const ended = jest.fn();
    hub.watchTestHealings('test-1', (message) => heard.push(message), ended);
    const healing = (type: 'healing_created' | 'healing_updated' | 'healing_ended', status: string) =>
      bus.emit({ healingId: 'heal-1', testId: 'test-1', type, status });
    healing('healing_created', 'pending');
    healing('healing_updated', 'running');
    bus.emit({ healingId: 'heal-2', testId: 'test-2', type: 'healing_created', status: 'pending' });
    healing('healing_ended', 'passed');
    healing('healing_ended', 'accepted');
    const fields = { type: 'TEST_HEALINGS_CHANGED', test_id: 'test-1', healing_id: 'heal-1' };
    expect(heard).toEqual([
      { ...fields, status: 'pending', change: 'created' },
      { ...fields, status: 'passed', change: 'ended' },
      { ...fields, status: 'accepted', change: 'decided' },
    ]);
    expect(ended).not.toHaveBeenCalled();
  });

  it("a healing's own watchers are not told of its creation as a step", () => {
    const heard: string[] = [];
    hub.watchHealing('heal-1', (message) => heard.push(message.type));
    bus.emit({ healingId: 'heal-1', testId: 'test-1', type: 'healing_created', status: 'pending' });
    expect(heard).toEqual([]);
  });

  it('end with WATCH_TIMED_OUT naming the topic, then whoever started it is told', () => {
    jest.useFakeTimers();
    const quick = new WatchHub(bus, 540_000);
    try {
      const heard: HubMessage[] = [];
      quick.watchTestHealings(
        'test-1',
        (message) => heard.push(message),
        () => heard.push({ type: 'ERROR', message: 'ended' }),
      );
      jest.advanceTimersByTime(539_999);
      expect(heard).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(heard).toEqual([
        { type: 'WATCH_TIMED_OUT', test_id: 'test-1', topic: 'healings' },
        { type: 'ERROR', message: 'ended' },
      ]);
    } finally {
      quick.close();
      jest.useRealTimers();
    }
  });
});

describe("WatchHub: a collection's runs (issue 31)", () => {
  let bus: ReturnType<typeof localBus>;
  let hub: WatchHub;

  beforeEach(() => {
    bus = localBus();
    hub = new WatchHub(bus, 60_000);
  });
  afterEach(() => hub.close());

  it("are told of every event of a run of its groups, not another collection's nor a lone run's; the watch lasts", () => {
    const heard: HubMessage[] = [];
    const ended = jest.fn();
    hub.watchCollection('col-1', (message) => heard.push(message), ended);
    const group = { collectionId: 'col-1', groupCreatedAt: '2026-01-05T09:00:00.000Z' };
    bus.emit({ runId: 'run-1', testId: 't-1', type: 'run_updated', status: 'running', ...group });
    bus.emit({
      runId: 'run-2',
      testId: 't-2',
      type: 'run_ended',
      status: 'passed',
      collectionId: 'col-2',
      groupCreatedAt: group.groupCreatedAt,
    });
    bus.emit({ runId: 'run-3', testId: 't-1', type: 'run_ended', status: 'passed' });
    bus.emit({ runId: 'run-1', testId: 't-1', type: 'run_ended', status: 'failed', ...group });
    const fields = {
      type: 'COLLECTION_RUNS_CHANGED',
      collection_id: 'col-1',
      created_at: '2026-01-05T09:00:00.000Z',
      run_id: 'run-1',
      test_id: 't-1',
    };
    expect(heard).toEqual([
      { ...fields, status: 'running' },
      { ...fields, status: 'failed' },
    ]);
    expect(ended).not.toHaveBeenCalled();
  });

  it('end with WATCH_TIMED_OUT naming the collection, then whoever started it is told', () => {
    jest.useFakeTimers();
    const quick = new WatchHub(bus, 540_000);
    try {
      const heard: HubMessage[] = [];
      quick.watchCollection(
        'col-1',
        (message) => heard.push(message),
        () => heard.push({ type: 'ERROR', message: 'ended' }),
      );
      jest.advanceTimersByTime(540_000);
      expect(heard).toEqual([
        { type: 'WATCH_TIMED_OUT', collection_id: 'col-1' },
        { type: 'ERROR', message: 'ended' },
      ]);
    } finally {
      quick.close();
      jest.useRealTimers();
    }
  });
});
