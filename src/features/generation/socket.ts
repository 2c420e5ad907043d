import type { SocketMessage } from '../../../contract/generation';

export { browserMonitoringDeps, socketUrl, type MonitoringDeps, type WebSocketLike } from '../../lib/socket';

// The live socket of docs/generation.md: {type:"auth", token} first, then {type:"watch", test_id}.

/** What the server sends about a test's generation. */
export type GenerationSocketMessage = SocketMessage;
