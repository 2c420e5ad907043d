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
