import type { RunSocketMessage, RunSocketRequest } from '../../../contract/runs';
import {
  browserMonitoringDeps,
  sendRequest as send,
  socketChannel as channelOf,
  type MonitoringDeps,
  type SocketEvent as Event,
  type WebSocketLike,
} from '../../lib/socket';

export { socketUrl, type WebSocketLike } from '../../lib/socket';

// The live socket of docs/runs.md: {type:"auth", token} first, then {type:"watch_run", run_id}.

export type RunSocketOutgoing = { type: 'auth'; token: string } | RunSocketRequest;
export type RunSocketIncoming = { type: 'AUTHENTICATED' } | RunSocketMessage;
export type SocketEvent = Event<RunSocketIncoming>;

export const sendRequest = (socket: WebSocketLike, request: RunSocketOutgoing) => send(socket, request);

export const socketChannel = (socket: WebSocketLike) => channelOf<RunSocketIncoming>(socket);

export type RunMonitoringDeps = MonitoringDeps;
export const browserRunMonitoringDeps: RunMonitoringDeps = browserMonitoringDeps;
