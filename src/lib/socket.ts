import { buffers, eventChannel, type EventChannel } from 'redux-saga';
import { call } from 'redux-saga/effects';
import { env } from '../config/env';
import { getAccessToken } from './supabase';

// The live socket at /api/ws (docs/generation.md, docs/runs.md): {type:"auth", token} first, then the
// feature's watch request. Each feature types its own messages.

/** The part of the browser's WebSocket the monitoring uses (tests pass a fake). */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
}

const CONNECTING = 0;
const OPEN = 1;

export type SocketEvent<Message> =
  | { kind: 'open' }
  | { kind: 'message'; message: Message }
  | { kind: 'error' }
  | { kind: 'close'; code: number; clean: boolean };

/** /api/ws on the page's host: ws:// beside http://, wss:// beside https://. */
export function socketUrl(apiUrl: string, pageUrl: string = window.location.href): string {
  const url = new URL(`${apiUrl.replace(/\/$/, '')}/ws`, pageUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.toString();
}

export function sendRequest<Request extends { type: string }>(socket: WebSocketLike, request: Request) {
  if (socket.readyState === OPEN) socket.send(JSON.stringify(request));
}

function parseMessage<Message>(data: unknown): Message | null {
  if (typeof data !== 'string') return null;
  try {
    const message = JSON.parse(data) as unknown;
    return typeof message === 'object' && message !== null && 'type' in message ? (message as Message) : null;
  } catch {
    return null;
  }
}

/**
 * The socket's events as a saga channel. Closing the channel clears the handlers and disconnects
 * (SPEC §4 "stopping"). NOTE: buffered, so messages that arrive while the saga refetches are kept.
 */
export function socketChannel<Message>(socket: WebSocketLike): EventChannel<SocketEvent<Message>> {
  return eventChannel<SocketEvent<Message>>((emit) => {
    socket.onopen = () => emit({ kind: 'open' });
    socket.onmessage = (event) => {
      const message = parseMessage<Message>(event.data);
      if (message) emit({ kind: 'message', message });
    };
    socket.onerror = () => emit({ kind: 'error' });
    socket.onclose = (event) => emit({ kind: 'close', code: event.code, clean: event.wasClean });
    return () => {
      socket.onopen = socket.onmessage = socket.onerror = socket.onclose = null;
      if (socket.readyState === CONNECTING || socket.readyState === OPEN)
        socket.close(1000, 'Monitoring stopped');
    };
  }, buffers.expanding<SocketEvent<Message>>(16));
}

/** What a monitoring saga needs from the outside world; the browser's by default, fakes in tests. */
export interface MonitoringDeps {
  /** The session's access token, as every API call sends it (lib/supabase). */
  getToken: () => Promise<string | null>;
  openSocket: (url: string) => WebSocketLike;
  socketUrl: () => string;
  /** False where no WebSocket exists: the monitored thing is polled instead. */
  canUseSocket: () => boolean;
}

export const browserMonitoringDeps: MonitoringDeps = {
  getToken: getAccessToken,
  openSocket: (url) => new WebSocket(url),
  socketUrl: () => socketUrl(env.apiUrl),
  canUseSocket: () => typeof WebSocket !== 'undefined',
};

/** The session's access token, or null when there is none or it cannot be read (connecting is then blocked). */
export function* readToken(deps: MonitoringDeps) {
  try {
    const token: string | null = yield call(deps.getToken);
    return token;
  } catch {
    return null;
  }
}
