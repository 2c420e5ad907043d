import type { SocketMessage, SocketRequest } from '../../../contract/generation';
import {
  sendRequest as send,
  socketChannel as channelOf,
  type SocketEvent as Event,
  type WebSocketLike,
} from '../../lib/socket';

export { browserMonitoringDeps, socketUrl, type MonitoringDeps, type WebSocketLike } from '../../lib/socket';

/** A test's generation events (docs/generation.md). */
export type SocketEvent = Event<SocketMessage>;

export const sendRequest = (socket: WebSocketLike, request: SocketRequest) => send(socket, request);

export const socketChannel = (socket: WebSocketLike) => channelOf<SocketMessage>(socket);
