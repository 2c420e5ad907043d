import { type SocketMessage } from '../../../contract/generation';
import {
  type HealingSocketMessage,
  type HealingStatus,
  type TestHealingsSocketMessage,
} from '../../../contract/healing';
import { type RunSocketMessage, type RunStatus } from '../../../contract/runs';
import { type CollectionSocketMessage } from '../../../contract/collections';
import {
  type BusEvent,
  type EventBus,
  type GenerationEvent,
  type HealingEvent,
  isHealingEvent,
  isRunEvent,
  type RunEvent,
} from './bus';

// Who watches which test, run or healing: events from the bus become TEST_UPDATED / TEST_NOT_RUNNING
// (RUN_UPDATED / RUN_NOT_RUNNING, HEALING_UPDATED / HEALING_NOT_RUNNING) messages, and a watch ends
// with WATCH_TIMED_OUT after the watch timeout (540 s; SPEC §9's milestone). A test's healings are
// watched too (issue 28): TEST_HEALINGS_CHANGED when one is created, ends or is decided; that watch
// ends only with its time limit. A collection's runs are watched too (issue 31): COLLECTION_RUNS_CHANGED
// after every event of one of its runs; that watch ends only with its time limit as well.

export type HubMessage =
  | SocketMessage
  | RunSocketMessage
  | HealingSocketMessage
  | TestHealingsSocketMessage
  | CollectionSocketMessage;

export interface Watch {
  testId: string;
  send(message: HubMessage): void;
}

interface Entry {
  key: string;
  send(message: HubMessage): void;
  /** Told when the hub ends the watch by itself. */
  ended?: () => void;
  timer: NodeJS.Timeout;
}

const runKey = (runId: string) => `run:${runId}`;
const healingKey = (healingId: string) => `healing:${healingId}`;
const testHealingsKey = (testId: string) => `healings:${testId}`;
const collectionKey = (collectionId: string) => `collection:${collectionId}`;
const DECIDED: readonly string[] = ['accepted', 'rejected'];

export class WatchHub {
  private readonly _watches = new Map<string, Set<Entry>>();
  private readonly _unsubscribe: () => void;

  constructor(
    bus: EventBus,
    private readonly _timeoutMs: number,
  ) {
    this._unsubscribe = bus.subscribe((event) => this._dispatch(event));
  }

  /**
   * Starts a watch of a test's generation; the returned function ends it. `ended` is called when the
   * hub ends it itself (the job ended, or the watch timed out), after its last message.
   */
  watch(testId: string, send: (message: HubMessage) => void, ended?: () => void): () => void {
    return this._add(testId, send, { type: 'WATCH_TIMED_OUT', test_id: testId }, ended);
  }

  /** Starts a watch of a run; the returned function ends it; `ended` as for watch(). */
  watchRun(runId: string, send: (message: HubMessage) => void, ended?: () => void): () => void {
    return this._add(runKey(runId), send, { type: 'WATCH_TIMED_OUT', run_id: runId }, ended);
  }

  /** Starts a watch of a healing; the returned function ends it; `ended` as for watch(). */
  watchHealing(healingId: string, send: (message: HubMessage) => void, ended?: () => void): () => void {
    return this._add(healingKey(healingId), send, { type: 'WATCH_TIMED_OUT', healing_id: healingId }, ended);
  }

  /**
   * Starts a watch of a test's healings (created, ended, decided); the returned function ends it. It
   * lasts until the watch timeout, whatever happens to the healings; `ended` as for watch().
   */
  watchTestHealings(testId: string, send: (message: HubMessage) => void, ended?: () => void): () => void {
    return this._add(
      testHealingsKey(testId),
      send,
      { type: 'WATCH_TIMED_OUT', test_id: testId, topic: 'healings' },
      ended,
    );
  }

  /**
   * Starts a watch of a collection's runs (issue 31); the returned function ends it. It lasts until the
   * watch timeout, whatever its runs do; `ended` as for watch().
   */
  watchCollection(collectionId: string, send: (message: HubMessage) => void, ended?: () => void): () => void {
    return this._add(
      collectionKey(collectionId),
      send,
      { type: 'WATCH_TIMED_OUT', collection_id: collectionId },
      ended,
    );
  }

  watcherCount(testId?: string): number {
    if (testId) return this._watches.get(testId)?.size ?? 0;
    return [...this._watches.values()].reduce((sum, set) => sum + set.size, 0);
  }

  runWatcherCount(runId: string): number {
    return this._watches.get(runKey(runId))?.size ?? 0;
  }

  close(): void {
    this._unsubscribe();
    for (const set of this._watches.values()) for (const entry of set) clearTimeout(entry.timer);
    this._watches.clear();
  }

  private _add(
    key: string,
    send: (message: HubMessage) => void,
    timedOut: HubMessage,
    ended?: () => void,
  ): () => void {
    const entry: Entry = {
      key,
      send,
      ended,
      timer: setTimeout(() => this._end(entry, timedOut), this._timeoutMs),
    };
    entry.timer.unref?.();
    let set = this._watches.get(key);
    if (!set) this._watches.set(key, (set = new Set()));
    set.add(entry);
    return () => this._remove(entry);
  }

  private _dispatch(event: BusEvent): void {
    if (isRunEvent(event)) this._dispatchRun(event);
    else if (isHealingEvent(event)) this._dispatchHealing(event);
    else this._dispatchTest(event);
  }

  private _dispatchTest(event: GenerationEvent): void {
    const set = this._watches.get(event.testId);
    if (!set) return;
    for (const entry of [...set]) {
      if (event.type === 'updated') entry.send({ type: 'TEST_UPDATED', test_id: event.testId });
      else {
        // The job ended: the watch has nothing more to report.
        this._end(entry, { type: 'TEST_NOT_RUNNING', test_id: event.testId });
      }
    }
  }

  private _dispatchRun(event: RunEvent): void {
    this._dispatchCollection(event);
    const set = this._watches.get(runKey(event.runId));
    if (!set) return;
    const fields = { run_id: event.runId, test_id: event.testId, status: event.status as RunStatus };
    for (const entry of [...set]) {
      if (event.type === 'run_updated') entry.send({ type: 'RUN_UPDATED', ...fields });
      else {
        this._end(entry, { type: 'RUN_NOT_RUNNING', ...fields });
      }
    }
  }

  private _dispatchHealing(event: HealingEvent): void {
    this._dispatchTestHealings(event);
    const set = this._watches.get(healingKey(event.healingId));
    if (!set || event.type === 'healing_created') return;
    const fields = {
      healing_id: event.healingId,
      test_id: event.testId,
      status: event.status as HealingStatus,
    };
    for (const entry of [...set]) {
      if (event.type === 'healing_updated') entry.send({ type: 'HEALING_UPDATED', ...fields });
      else {
        this._end(entry, { type: 'HEALING_NOT_RUNNING', ...fields });
      }
    }
  }

  /** Every event of a run of a collection's group is news to the collection's watchers. */
  private _dispatchCollection(event: RunEvent): void {
    if (!event.collectionId || !event.groupCreatedAt) return;
    const set = this._watches.get(collectionKey(event.collectionId));
    if (!set) return;
    for (const entry of [...set])
      entry.send({
        type: 'COLLECTION_RUNS_CHANGED',
        collection_id: event.collectionId,
        created_at: event.groupCreatedAt,
        run_id: event.runId,
        test_id: event.testId,
        status: event.status as RunStatus,
      });
  }

  /** A healing of the test was created or ended (a decision is an ending too); its steps are not news here. */
  private _dispatchTestHealings(event: HealingEvent): void {
    if (event.type === 'healing_updated') return;
    const set = this._watches.get(testHealingsKey(event.testId));
    if (!set) return;
    const change =
      event.type === 'healing_created' ? 'created' : DECIDED.includes(event.status) ? 'decided' : 'ended';
    for (const entry of [...set])
      entry.send({
        type: 'TEST_HEALINGS_CHANGED',
        test_id: event.testId,
        healing_id: event.healingId,
        status: event.status as HealingStatus,
        change,
      });
  }

  /** The hub ends a watch: its last message, then whoever started it is told. */
  private _end(entry: Entry, last: HubMessage): void {
    this._remove(entry);
    entry.send(last);
    entry.ended?.();
  }

  private _remove(entry: Entry): void {
    clearTimeout(entry.timer);
    const set = this._watches.get(entry.key);
    if (!set) return;
    set.delete(entry);
    if (set.size === 0) this._watches.delete(entry.key);
  }
}
