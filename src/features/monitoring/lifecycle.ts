import type { UnknownAction } from '@reduxjs/toolkit';
import type { EventChannel, SagaIterator } from 'redux-saga';
import { call, delay, put, race, take, type SagaReturnType } from 'redux-saga/effects';
import { isApiError } from '../../api/apiError';
import {
  readToken,
  sendRequest,
  socketChannel,
  type MonitoringDeps,
  type SocketEvent,
  type WebSocketLike,
} from '../../lib/socket';
import {
  pollingStarted,
  socketClosed,
  socketConnecting,
  socketOpened,
  watchEnded,
  watchFailed,
} from './slice';
import type { WatchTopic } from './types';

// The one client monitor of a tracked job (DESIGN §6, SPEC §4 "monitoring"): connect, authenticate,
// watch, follow updates until the job ends, then close. Each topic (a test's generation, a run, a
// healing, a test's healings) has an adapter (adapters/) that says how to ask for the watch, what its
// messages mean, how to read the job again and which of its events to dispatch; the lifecycle, its
// events (slice.ts) and its failure handling live here only.
//
// Socket failures, the same for every topic:
// - a transport `error` changes nothing by itself: a close always follows, and the close decides;
// - an unclean close (or a socket that cannot be opened) reconnects, polling the job meanwhile
//   ('reconnecting'): after 5 s, doubling while sockets keep failing before the watch is accepted,
//   up to 60 s; once watching again the job is read once (updates sent while no socket listened);
// - a clean close by the server (a refused token, a restart) or no WebSocket at all: polling only
//   ('polling') until the job ends;
// - a server ERROR about this job (or about none) is logged and ends the watch as failed; an ERROR
//   about another job is not ours and is ignored;
// - the job found gone (404) while polling ends the watch as failed with the topic's own sentence;
// - anything thrown is logged and ends the watch as failed (SPEC §4: errors are logged and reset the flag).

// SPEC §9: monitoring restart delay 100 ms, socket reconnect 5000 ms.
export const RESTART_DELAY_MS = 100;
export const RECONNECT_DELAY_MS = 5000;
/** The reconnect delay doubles per socket that fails before watching, up to this. */
export const MAX_RECONNECT_DELAY_MS = 60_000;

/** A read of the job: its latest copy, 'gone' when it no longer exists (404), null when the read failed. */
export type TrackedRead<Item> = Item | 'gone' | null;

/** What one of the topic's messages means for the watch, with the topic's event to dispatch. */
export type TopicStep =
  | { kind: 'watching'; event: UnknownAction }
  | { kind: 'updated'; event: UnknownAction }
  | { kind: 'ended'; event: UnknownAction }
  | { kind: 'timed_out'; event: UnknownAction };

/** The messages every topic shares on the socket; the topic's own ones come through `interpret`. */
type CommonMessage = { type: 'AUTHENTICATED' } | { type: 'ERROR'; message: string };

export interface TopicAdapter<Message extends { type: string }, Item> {
  /** The topic it serves; every lifecycle event names it. */
  topic: WatchTopic;
  /** Prefix of the lines logged, e.g. `[run monitoring] Test run not found`. */
  logName: string;
  /** How often the job is read while no socket listens. */
  pollIntervalMs: number;
  /** The watch request sent once the socket is authenticated. */
  watchRequest: (id: string) => { type: string };
  /** The job a message is about; undefined when it names none. */
  idOf: (message: Message) => string | undefined;
  /** What a message about this job means, with the kind's event (slice.ts); null when it means nothing. */
  interpret: (message: Message, id: string) => TopicStep | null;
  /** Reads the job again into RTK Query's cache (see `readFresh`). */
  refetch: (id: string) => SagaIterator<TrackedRead<Item>>;
  /** True once the job no longer runs. */
  isTerminal: (item: Item) => boolean;
  /** Why the watch failed when the job is gone. */
  goneMessage: string;
}

// NOTE: the topic's message and item types do not matter to the lifecycle below.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyTopic = TopicAdapter<any, any>;

type StreamResult =
  | { kind: 'ended' }
  | { kind: 'timed_out' }
  | { kind: 'error'; message: string }
  | { kind: 'closed'; clean: boolean; watched: boolean };

/** An RTK Query request as dispatching `endpoint.initiate(…)` returns it. */
interface QueryRequest<Item> {
  unwrap(): Promise<Item>;
}

/** Dispatches an RTK Query read (`endpoint.initiate(id, { subscribe: false, forceRefetch: true })`) and waits. */
export function* readFresh<Item>(initiate: unknown) {
  // NOTE: put returns what dispatch returned: for RTK Query's thunk, the request.
  const request = (yield put(initiate as UnknownAction)) as QueryRequest<Item>;
  try {
    const item: Item = yield call([request, request.unwrap]);
    return item as TrackedRead<Item>;
  } catch (error) {
    return (isApiError(error) && error.status === 404 ? 'gone' : null) as TrackedRead<Item>;
  }
}

function logError(topic: AnyTopic, message: string, detail?: unknown) {
  console.error(`[${topic.logName}] ${message}`, ...(detail === undefined ? [] : [detail]));
}

function* fail(topic: AnyTopic, id: string, message: string) {
  logError(topic, message);
  yield put(watchFailed({ topic: topic.topic, id, message }));
}

/** Reads the job until it ends ('ended') or is found gone ('gone'). */
export function* pollUntilTerminal(topic: AnyTopic, id: string) {
  while (true) {
    const read: unknown = yield call(topic.refetch, id);
    if (read === 'gone') return 'gone' as const;
    if (read !== null && topic.isTerminal(read)) return 'ended' as const;
    yield delay(topic.pollIntervalMs);
  }
}

function* endAfterPolling(topic: AnyTopic, id: string, result: 'ended' | 'gone') {
  if (result === 'ended') yield put(watchEnded({ topic: topic.topic, id }));
  else yield call(fail, topic, id, topic.goneMessage);
}

function* pollInstead(topic: AnyTopic, id: string) {
  yield put(pollingStarted({ topic: topic.topic, id }));
  const result: SagaReturnType<typeof pollUntilTerminal> = yield call(pollUntilTerminal, topic, id);
  yield call(endAfterPolling, topic, id, result);
}

/** One socket: authenticate, watch the job, follow its messages until the watch or the socket ends. */
function* streamEvents(topic: AnyTopic, id: string, token: string, deps: MonitoringDeps, resumed: boolean) {
  let socket: WebSocketLike;
  try {
    socket = deps.openSocket(deps.socketUrl());
  } catch (error) {
    logError(topic, 'Could not open the socket', error);
    return { kind: 'closed', clean: false, watched: false } as StreamResult;
  }
  const channel: EventChannel<SocketEvent<{ type: string }>> = yield call(socketChannel, socket);
  let watched = false;
  try {
    while (true) {
      const event: SocketEvent<{ type: string }> = yield take(channel);
      if (event.kind === 'open') {
        sendRequest(socket, { type: 'auth', token });
        yield put(socketOpened({ topic: topic.topic, id }));
        continue;
      }
      if (event.kind === 'error') continue; // NOTE: a close always follows; it decides what happens.
      if (event.kind === 'close') {
        yield put(socketClosed({ topic: topic.topic, id, code: event.code, clean: event.clean }));
        return { kind: 'closed', clean: event.clean, watched } as StreamResult;
      }
      const message = event.message as CommonMessage | { type: string };
      if (message.type === 'AUTHENTICATED') {
        sendRequest(socket, topic.watchRequest(id));
        continue;
      }
      const about = topic.idOf(message);
      if (message.type === 'ERROR') {
        if (about !== undefined && about !== id) continue; // another job's error is not ours to stop for
        return {
          kind: 'error',
          message: (message as { message?: string }).message ?? 'Error',
        } as StreamResult;
      }
      if (about !== id) continue;
      const step = topic.interpret(message, id);
      if (!step) continue;
      switch (step.kind) {
        case 'watching':
          watched = true;
          yield put(step.event);
          // Updates published while no socket listened were missed: read the job once.
          if (resumed) yield call(topic.refetch, id);
          break;
        case 'updated':
          yield put(step.event);
          yield call(topic.refetch, id);
          break;
        case 'ended':
          // The final read first, so the event announces what the cache already shows.
          yield call(topic.refetch, id);
          yield put(step.event);
          return { kind: 'ended' } as StreamResult;
        case 'timed_out':
          yield put(step.event);
          return { kind: 'timed_out' } as StreamResult;
      }
    }
  } finally {
    // SPEC §4: stopping clears the handlers and disconnects, also when the watch is cancelled.
    channel.close();
  }
}

/** The wait before reconnecting after `failures` sockets in a row closed uncleanly. */
export const reconnectDelay = (failures: number) =>
  Math.min(RECONNECT_DELAY_MS * 2 ** Math.max(0, failures - 1), MAX_RECONNECT_DELAY_MS);

/** Watches one job until it ends or the watch fails; cancelling it closes the socket. */
export function* monitorTracked(topic: AnyTopic, id: string, deps: MonitoringDeps) {
  try {
    // SPEC §4: the previous connection is closed by now; wait before connecting again.
    yield delay(RESTART_DELAY_MS);
    if (!deps.canUseSocket()) {
      yield call(pollInstead, topic, id);
      return;
    }
    let failures = 0;
    for (let attempt = 0; ; attempt++) {
      const token: string | null = yield call(readToken, deps);
      if (!token) {
        // SPEC §8: a missing token blocks connecting.
        yield call(fail, topic, id, 'Not connecting: there is no access token');
        return;
      }
      yield put(socketConnecting({ topic: topic.topic, id, attempt }));
      const result: StreamResult = yield call(
        streamEvents,
        topic,
        id,
        token,
        deps,
        /* resumed */ attempt > 0,
      );
      if (result.kind === 'ended') return;
      if (result.kind === 'error') {
        yield call(fail, topic, id, result.message);
        return;
      }
      if (result.kind === 'timed_out') {
        // SPEC §4: WATCH_TIMED_OUT stops and restarts the watch.
        yield delay(RESTART_DELAY_MS);
        continue;
      }
      if (result.clean) {
        // The server closed the socket on purpose: no socket to be had, so poll.
        yield call(pollInstead, topic, id);
        return;
      }
      // SPEC §8: an unclean close reconnects (after 5 s, backing off); the job is polled meanwhile.
      failures = result.watched ? 1 : failures + 1;
      const { ended } = (yield race({
        reconnect: delay(reconnectDelay(failures)),
        ended: call(pollUntilTerminal, topic, id),
      })) as { ended?: 'ended' | 'gone' };
      if (ended) {
        yield call(endAfterPolling, topic, id, ended);
        return;
      }
    }
  } catch (error) {
    // SPEC §4: errors are only logged and reset the monitoring flag.
    logError(topic, 'Monitoring failed', error);
    yield put(
      watchFailed({
        topic: topic.topic,
        id,
        message: error instanceof Error ? error.message : String(error),
      }),
    );
  }
}
