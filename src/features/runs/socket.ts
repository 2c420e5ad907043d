import type { RunSocketMessage } from '../../../contract/runs';
import { browserMonitoringDeps, type MonitoringDeps } from '../../lib/socket';

export { socketUrl, type WebSocketLike } from '../../lib/socket';

// The live socket of docs/runs.md: {type:"auth", token} first, then {type:"watch_run", run_id}.

export type RunSocketIncoming = { type: 'AUTHENTICATED' } | RunSocketMessage;

export type RunMonitoringDeps = MonitoringDeps;
export const browserRunMonitoringDeps: RunMonitoringDeps = browserMonitoringDeps;
